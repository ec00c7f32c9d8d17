// A save holds the world's states (kiln/io/save_states.hpp, docs/saves.md):
// each state's value and request by name, and whether the world started,
// so that a loaded world goes on where the saved one was.
#include <states/reflection.hpp> // the world, and what saves read of each component

#include <kiln/save.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "../schedule/frame_step.hpp"

namespace {

using kiln_test::step;

using bytes = std::vector<std::byte>;

std::string log_of(states::World& world) {
    auto& log = world.resource<states::Log>();
    std::string text(log.text.begin(), log.text.begin() + log.length);
    log.length = 0;
    return text;
}

std::uint32_t format_of(const bytes& save) {
    std::uint32_t format = 0;
    std::memcpy(&format, save.data() + 8, sizeof format);
    return format;
}

// Seals the save again with the checksum of its bytes, as changed.
void reseal(bytes& save) {
    const std::uint64_t sum = kiln::internal::save_checksum(std::span{save}.first(save.size() - 8));
    std::memcpy(save.data() + save.size() - 8, &sum, sizeof sum);
}

// Replaces the last `from` in the save's bytes (the states come last) by
// `to`, of the same length, and seals the save again.
bytes with_replaced(bytes save, std::string_view from, std::string_view to) {
    REQUIRE(from.size() == to.size());
    const auto* first = reinterpret_cast<const std::byte*>(from.data());
    const auto at = std::find_end(save.begin(), save.end() - 8, first, first + from.size());
    REQUIRE(at != save.end() - 8);
    std::memcpy(&*at, to.data(), to.size());
    reseal(save);
    return save;
}

// A world that played a frame, is playing (with a wave of aliens), in Mode
// calm, with a request to go between waves not applied yet.
bytes saved_in_play() {
    states::World world;
    world.state<states::Phase>().request(states::Phase::playing);
    world.progress(step);
    world.state<states::Mode>().request(states::Mode::calm);
    world.progress(step);
    world.state<states::Phase>().request(states::Phase::between_waves);
    bytes save;
    REQUIRE_FALSE(kiln::save(world, save));
    return save;
}

} // namespace

TEST_CASE("a save holds each state's value and request, and a loaded world goes on from them") {
    const bytes save = saved_in_play();
    CHECK(format_of(save) == kiln::internal::states_format_version);

    states::World loaded;
    REQUIRE_FALSE(kiln::load(loaded, save));
    CHECK(loaded.state<states::Phase>() == states::Phase::playing);
    CHECK(loaded.state<states::Mode>() == states::Mode::calm);
    REQUIRE(loaded.state<states::Phase>().requested());
    CHECK(loaded.state<states::Phase>().next() == states::Phase::between_waves);
    CHECK(loaded.size_of<states::Invader>() == 2);

    log_of(loaded);
    loaded.progress(step);
    // The world had started: no initial value is entered again (no 'T'); the request is applied as the
    // frame starts, leaving play ('X'), whose aliens go.
    const std::string ran = log_of(loaded);
    CHECK(ran.find('T') == std::string::npos);
    CHECK(ran.front() == 'X');
    CHECK(loaded.state<states::Phase>() == states::Phase::between_waves);
    CHECK(loaded.size_of<states::Invader>() == 0);
}

TEST_CASE("a world saved before its first frame enters its initial values when loaded and run") {
    states::World fresh;
    bytes save;
    REQUIRE_FALSE(kiln::save(fresh, save));

    states::World loaded;
    loaded.progress(step); // started, in title
    loaded.state<states::Phase>().request(states::Phase::playing);
    loaded.progress(step);
    REQUIRE(loaded.state<states::Phase>() == states::Phase::playing);
    REQUIRE_FALSE(kiln::load(loaded, save));
    CHECK(loaded.state<states::Phase>() == states::Phase::title);
    CHECK(loaded.state<states::Mode>() == states::Mode::angry);
    log_of(loaded);
    loaded.progress(step);
    CHECK(log_of(loaded).front() == 'T'); // not started: the first frame enters the initial values
}

TEST_CASE("a saved state this schema no longer declares is skipped, and one the save lacks is in its initial value") {
    // "Mode" becomes "Mood", a state this schema does not declare.
    const bytes save = with_replaced(saved_in_play(), "Mode", "Mood");
    states::World loaded;
    loaded.state<states::Mode>().request(states::Mode::calm);
    REQUIRE_FALSE(kiln::load(loaded, save));
    CHECK(loaded.state<states::Phase>() == states::Phase::playing);
    CHECK(loaded.state<states::Mode>() == states::Mode::angry); // Mode's initial value
    CHECK_FALSE(loaded.state<states::Mode>().requested());
}

TEST_CASE("a saved value this schema's state does not have fails the load, naming both, and changes nothing") {
    // "playing" becomes "plaiing", which Phase does not have; the request's value is the other saved name.
    const bytes save = with_replaced(saved_in_play(), "playing", "plaiing");
    states::World loaded;
    loaded.progress(step);
    const kiln::save_error error = kiln::load(loaded, save);
    CHECK(error.code == kiln::save_errc::incompatible);
    CHECK_THAT(error.message, Catch::Contains("\"Phase\"") && Catch::Contains("\"plaiing\"") &&
                                  Catch::Contains("[state.Phase]"));
    CHECK(loaded.state<states::Phase>() == states::Phase::title);
    CHECK(loaded.size_of<states::Invader>() == 0);

    const bytes requesting = with_replaced(saved_in_play(), "between_waves", "between_wavez");
    const kiln::save_error request_error = kiln::load(loaded, requesting);
    CHECK(request_error.code == kiln::save_errc::incompatible);
    CHECK_THAT(request_error.message, Catch::Contains("requesting \"between_wavez\""));
}

TEST_CASE("a save's started byte other than 0 or 1 is corrupt") {
    bytes save = saved_in_play();
    // The started byte follows the hierarchy's link count, 0 here: find "\0\0\0\0\x01\x02\0\0\0" (no links,
    // started, two states) before the first state's name.
    const std::byte pattern[] = {std::byte{0}, std::byte{0}, std::byte{0}, std::byte{0}, std::byte{1},
                                 std::byte{2}, std::byte{0}, std::byte{0}, std::byte{0}};
    const auto at = std::find_end(save.begin(), save.end() - 8, std::begin(pattern), std::end(pattern));
    REQUIRE(at != save.end() - 8);
    at[4] = std::byte{2};
    reseal(save);
    states::World loaded;
    const kiln::save_error error = kiln::load(loaded, save);
    CHECK(error.code == kiln::save_errc::corrupt);
    CHECK_THAT(error.message, Catch::Contains("has started"));
}
