// JSON holds the world's states (kiln/io/json_states.hpp, docs/json.md):
// "states" gives each state's value and request by name, and whether the
// world has started.
#include <states/reflection.hpp> // the world, and what JSON reads of each component

#include <kiln/json.hpp>

#include <catch2/catch.hpp>

#include <string>

#include "../schedule/frame_step.hpp"

namespace {

using kiln_test::step;

// Playing, Mode calm, a request to go between waves not applied yet.
void play(states::World& world) {
    world.state<states::Phase>().request(states::Phase::playing);
    world.progress(step);
    world.state<states::Mode>().request(states::Mode::calm);
    world.progress(step);
    world.state<states::Phase>().request(states::Phase::between_waves);
}

} // namespace

TEST_CASE("to_json writes each state's value and request by name, and from_json reads them back") {
    states::World world;
    play(world);
    const nlohmann::ordered_json document = kiln::to_json(world);
    const nlohmann::ordered_json expected = nlohmann::ordered_json::parse(
        R"({"started": true, "values": {"Phase": "playing", "Mode": "calm"}, "requested": {"Phase": "between_waves"}})");
    CHECK(document["states"] == expected);

    states::World read;
    REQUIRE_FALSE(kiln::from_json(read, document));
    CHECK(read.state<states::Phase>() == states::Phase::playing);
    CHECK(read.state<states::Mode>() == states::Mode::calm);
    REQUIRE(read.state<states::Phase>().requested());
    CHECK(read.state<states::Phase>().next() == states::Phase::between_waves);
    CHECK_FALSE(read.state<states::Mode>().requested());
    CHECK(kiln::to_json(read) == document);
}

TEST_CASE("a state the document leaves out is in its initial value, and without started the world has not started") {
    states::World world;
    play(world);
    nlohmann::ordered_json document = kiln::to_json(world);
    document["states"] = nlohmann::ordered_json::parse(R"({"values": {"Phase": "game_over"}})");
    REQUIRE_FALSE(kiln::from_json(world, document));
    CHECK(world.state<states::Phase>() == states::Phase::game_over);
    CHECK_FALSE(world.state<states::Phase>().requested());
    CHECK(world.state<states::Mode>() == states::Mode::angry);
    CHECK(kiln::to_json(world)["states"]["started"] == false);
}

TEST_CASE("a state or value the schema lacks, or a key states do not have, is an error naming its place") {
    states::World world;
    play(world);
    const nlohmann::ordered_json good = kiln::to_json(world);
    const auto error_of = [&](const char* states) {
        nlohmann::ordered_json document = good;
        document["states"] = nlohmann::ordered_json::parse(states);
        const kiln::save_error error = kiln::from_json(world, document);
        CHECK(error.code == kiln::save_errc::corrupt);
        return error.message;
    };
    CHECK_THAT(error_of(R"({"values": {"Mood": "calm"}})"),
               Catch::StartsWith("/states/values/Mood: the schema has no state Mood"));
    CHECK_THAT(error_of(R"({"values": {"Phase": "paused"}})"),
               Catch::StartsWith("/states/values/Phase: expected one of Phase's values (title, playing, "
                                 "between_waves, game_over), found \"paused\""));
    CHECK_THAT(error_of(R"({"requested": {"Mode": 1}})"),
               Catch::StartsWith("/states/requested/Mode: expected one of Mode's values (calm, angry), found 1"));
    CHECK_THAT(error_of(R"({"started": "yes"})"), Catch::StartsWith("/states/started: expected true or false"));
    CHECK_THAT(error_of(R"({"paused": true})"),
               Catch::StartsWith("/states/paused: the states have the keys started, values and requested only"));
    CHECK_THAT(error_of(R"(["playing"])"), Catch::StartsWith("/states: expected an object"));
    // Each failure left the world as it was.
    CHECK(kiln::to_json(world) == good);
}
