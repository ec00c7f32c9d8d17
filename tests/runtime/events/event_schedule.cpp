// Events through a world's schedule (tests/schema/events.toml): every
// reader is handed every event once, in one order, whichever executor ran
// the emitters, as docs/events.md promises.
#include <kiln/events/event_channel.hpp>

#include <events/world.hpp>

#include <catch2/catch.hpp>

#include "../every_executor.hpp"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <span>
#include <tuple>
#include <type_traits>
#include <vector>

namespace {

using events::Hit;

// What each reader was handed, one entry per run.
struct seen {
    std::vector<std::vector<Hit>> early, tally, echo, draw, physics;
    std::vector<std::vector<events::Fire>> echo_fire, opening;
    std::vector<std::vector<events::Tick>> note;
    std::vector<std::vector<events::Saved>> goodbye;
};

seen record;

template <class E>
std::vector<E> all_of(kiln::event_reader<E> reader) {
    return {reader.begin(), reader.end()};
}

std::vector<Hit> joined(const std::vector<std::vector<Hit>>& runs) {
    std::vector<Hit> all;
    for (const auto& run : runs) {
        all.insert(all.end(), run.begin(), run.end());
    }
    return all;
}

bool same(const std::vector<Hit>& one, const std::vector<Hit>& other) {
    const auto key = [](const Hit& hit) { return std::tuple{hit.from_x, hit.frame}; };
    if (one.size() != other.size()) {
        return false;
    }
    for (std::size_t i = 0; i < one.size(); ++i) {
        if (key(one[i]) != key(other[i])) {
            return false;
        }
    }
    return true;
}

bool fires(float x) { return static_cast<int>(x) % 3 == 0; }

using kiln_test::every_executor;

// The executor of a test case, the parallel one splitting every system (its
// default runs work this small on the calling thread).
template <class Executor>
Executor make_executor() {
#if KILN_HAS_TBB
    if constexpr (std::is_same_v<Executor, kiln::parallel_executor>) {
        return kiln::parallel_executor{std::chrono::nanoseconds{0}};
    }
#endif
    return Executor{};
}

} // namespace

void events::Count::run(Frame& frame) { ++frame.number; }

void events::Early::run(kiln::event_reader<Hit> hit_events) { record.early.push_back(all_of(hit_events)); }

// Ships whose x is a multiple of 3 fire each frame; for each Fire sent, those
// whose x is a multiple of 5 fire once more.
void events::Shoot::run(const Position& position, const Frame& frame, kiln::event_writer<Hit>& emit_hit,
                        kiln::event_reader<Fire> fire_events) {
    if (fires(position.x)) {
        emit_hit(Hit{position.x, frame.number});
    }
    for (const Fire& fire : fire_events) {
        if (static_cast<int>(position.x) % 5 == 0) {
            emit_hit(Hit{position.x, frame.number + 1000 * fire.shots});
        }
    }
}

void events::Blast::run(const Bomb& bomb, const Position& position, const Frame& frame,
                        kiln::event_writer<Hit>& emit_hit) {
    if (bomb.fuse == frame.number) {
        emit_hit(Hit{position.x, frame.number});
    }
}

void events::Tally::run(kiln::event_reader<Hit> hit_events) { record.tally.push_back(all_of(hit_events)); }

void events::Echo::run(kiln::event_reader<Hit> hit_events, kiln::event_reader<Fire> fire_events) {
    record.echo.push_back(all_of(hit_events));
    record.echo_fire.push_back(all_of(fire_events));
}

void events::Draw::run(kiln::event_reader<Hit> hit_events) { record.draw.push_back(all_of(hit_events)); }

void events::Physics::run(kiln::event_reader<Hit> hit_events) { record.physics.push_back(all_of(hit_events)); }

void events::Opening::run(kiln::event_reader<Fire> fire_events) { record.opening.push_back(all_of(fire_events)); }

void events::Goodbye::run(kiln::event_reader<Saved> saved_events) { record.goodbye.push_back(all_of(saved_events)); }

void events::Measure::run(std::span<const Position> position, kiln::event_writer<Tick>& emit_tick) {
    emit_tick(Tick{static_cast<std::uint32_t>(position.size())});
}

void events::Note::run(kiln::system_commands<World>&, kiln::event_reader<Tick> tick_events) {
    record.note.push_back(all_of(tick_events));
}

namespace {

constexpr std::uint32_t ships = 5000; // several chunks of 1,024 rows for the parallel executor
constexpr std::uint32_t mines = 300;

void populate(events::World& world) {
    for (std::uint32_t i = 0; i < ships; ++i) {
        world.create<events::Ship>(events::Position{static_cast<float>(i)});
    }
    for (std::uint32_t i = 0; i < mines; ++i) {
        world.create<events::Mine>(events::Position{static_cast<float>(ships + i)}, events::Bomb{1 + i % 7});
    }
}

// The hits of one frame, in the order kiln promises: Shoot's, by row, then
// Blast's, by row (schedule order within the batch).
std::vector<Hit> expected_hits(std::uint32_t frame, std::uint32_t fire_shots) {
    std::vector<Hit> hits;
    for (std::uint32_t i = 0; i < ships; ++i) {
        const auto x = static_cast<float>(i);
        if (fires(x)) {
            hits.push_back({x, frame});
        }
        if (fire_shots > 0 && i % 5 == 0) {
            hits.push_back({x, frame + 1000 * fire_shots});
        }
    }
    for (std::uint32_t i = 0; i < mines; ++i) {
        if (1 + i % 7 == frame) {
            hits.push_back({static_cast<float>(ships + i), frame});
        }
    }
    return hits;
}

template <class Executor>
seen run_frames(int frames, const Executor& executor) {
    record = {};
    events::World world;
    populate(world);
    world.emit(events::Fire{2}); // before the first frame: Opening and frame 1 see it
    for (int frame = 1; frame <= frames; ++frame) {
        world.progress(0.1, executor); // a fixed step every third frame or so
    }
    return record;
}

} // namespace

TEST_CASE("readers after the emitters are handed each frame's hits in that frame, once, in schedule order") {
    const seen got = run_frames(8, kiln::serial_executor{});
    REQUIRE(got.tally.size() == 8);
    for (std::uint32_t frame = 1; frame <= 8; ++frame) {
        INFO("frame " << frame);
        CHECK(same(got.tally[frame - 1], expected_hits(frame, frame == 1 ? 2 : 0)));
        CHECK(same(got.echo[frame - 1], got.tally[frame - 1]));
        CHECK(same(got.draw[frame - 1], got.tally[frame - 1])); // render runs after update
    }
}

TEST_CASE("a reader that before puts ahead of the emitters is handed each hit a frame late, once") {
    const seen got = run_frames(8, kiln::serial_executor{});
    REQUIRE(got.early.size() == 8);
    CHECK(got.early[0].empty());
    for (std::size_t frame = 1; frame < 8; ++frame) {
        CHECK(same(got.early[frame], got.tally[frame - 1]));
    }
}

TEST_CASE("a reader of the fixed step is handed every hit once, however many frames pass between its runs") {
    const seen got = run_frames(8, kiln::serial_executor{});
    // 0.1 s frames and a 0.25 s step: steps in frames 3, 5 and 8, before update.
    REQUIRE(got.physics.size() == 3);
    std::vector<std::vector<Hit>> before_step_3(got.tally.begin(), got.tally.begin() + 2);
    std::vector<std::vector<Hit>> before_step_8(got.tally.begin() + 4, got.tally.begin() + 7);
    CHECK(same(got.physics[0], joined(before_step_3)));
    CHECK(same(got.physics[2], joined(before_step_8)));
    CHECK(same(joined(got.physics), joined({got.tally.begin(), got.tally.begin() + 7})));
}

TEST_CASE("an event sent from outside reaches the init stage and each reader once") {
    const seen got = run_frames(3, kiln::serial_executor{});
    REQUIRE(got.opening.size() == 1);
    REQUIRE(got.opening[0].size() == 1);
    CHECK(got.opening[0][0].shots == 2);
    REQUIRE(got.echo_fire.size() == 3);
    CHECK(got.echo_fire[0].size() == 1);
    CHECK(got.echo_fire[1].empty()); // dropped once Shoot and Echo had read it
    CHECK(got.echo_fire[2].empty());
}

TEST_CASE("events sent between frames reach each reader once, in the order sent") {
    record = {};
    events::World world;
    world.progress(0.1);
    const std::uint64_t sent = world.events_sent<events::Fire>();
    world.emit(events::Fire{1});
    world.emit(events::Fire{2});
    CHECK(world.events_sent<events::Fire>() == sent + 2);
    world.progress(0.1);
    world.progress(0.1);
    REQUIRE(record.echo_fire.size() == 3);
    REQUIRE(record.echo_fire[1].size() == 2);
    CHECK(record.echo_fire[1][0].shots == 1);
    CHECK(record.echo_fire[1][1].shots == 2);
    CHECK(record.echo_fire[2].empty());
    REQUIRE(record.opening.size() == 1);
    CHECK(record.opening[0].empty());
}

TEST_CASE("the column form and a system with commands emit and read as the others do") {
    const seen got = run_frames(2, kiln::serial_executor{});
    REQUIRE(got.note.size() == 2);
    REQUIRE(got.note[1].size() == 2); // one chunk per archetype, Ship's first
    CHECK(got.note[1][0].rows == ships);
    CHECK(got.note[1][1].rows == mines);
}

#if KILN_HAS_TBB
TEST_CASE("the parallel executor hands every reader the same events in the same order as the serial one") {
    const seen serial = run_frames(8, kiln::serial_executor{});
    // Every system split (serial_below zero): the default runs work this small on the calling thread.
    const seen parallel = run_frames(8, kiln::parallel_executor{std::chrono::nanoseconds{0}});
    REQUIRE(serial.tally.size() == parallel.tally.size());
    for (std::size_t frame = 0; frame < serial.tally.size(); ++frame) {
        INFO("frame " << frame + 1);
        CHECK(same(parallel.tally[frame], serial.tally[frame]));
        CHECK(same(parallel.echo[frame], serial.echo[frame]));
        CHECK(same(parallel.early[frame], serial.early[frame]));
        CHECK(same(parallel.draw[frame], serial.draw[frame]));
    }
    CHECK(same(joined(parallel.physics), joined(serial.physics)));
    // The column form's chunks: more of them in parallel, each emitting in row order, the same rows in all.
    REQUIRE(parallel.note.size() == serial.note.size());
    for (const auto& frame : parallel.note) {
        CHECK(frame.size() > 2);
        std::uint32_t rows = 0;
        for (const events::Tick& tick : frame) {
            rows += tick.rows;
        }
        CHECK(rows == ships + mines);
        CHECK(frame.back().rows <= 1024);
    }
}
#endif

TEMPLATE_LIST_TEST_CASE("a reader per entity run while no entity matches it reads its events, and they are gone",
                        "[events]", every_executor) {
    record = {};
    events::World world;
    const TestType executor = make_executor<TestType>();
    for (std::uint32_t frame = 1; frame <= 5; ++frame) { // no Ship: Shoot runs on no row
        world.emit(events::Fire{frame});
        if (frame == 3) {
            world.emit(events::Fire{30});
        }
        world.progress(0.1, executor);
    }
    REQUIRE(record.echo_fire.size() == 5);
    CHECK(record.echo_fire[2].size() == 2); // a reader that runs once per run read all six
    world.emit(events::Fire{7});
    world.create<events::Ship>(events::Position{0.0f}); // fires every frame, and once more per Fire it reads
    world.progress(0.1, executor);
    // Shoot's first run with a row is handed the one Fire sent since its run before, as Echo is.
    REQUIRE(record.tally.size() == 6);
    CHECK(same(record.tally[5], {Hit{0.0f, 6}, Hit{0.0f, 6 + 1000 * 7}}));
    REQUIRE(record.echo_fire.size() == 6);
    CHECK(record.echo_fire[5].size() == 1);
}

TEST_CASE("an event sent with world.emit is published in the next stage that runs, and dropped after it unread") {
    record = {};
    events::World world;
    world.emit(events::Saved{1}); // only Goodbye, in shutdown, reads Saved: dropped after the first stage runs
    world.progress(0.1);
    world.emit(events::Saved{2});
    world.run(events::stage::render); // the next stage that runs: dropped at its end
    world.emit(events::Saved{3});
    world.shutdown(); // the next stage that runs: Goodbye reads it
    REQUIRE(record.goodbye.size() == 1);
    REQUIRE(record.goodbye[0].size() == 1);
    CHECK(record.goodbye[0][0].slot == 3);
}
