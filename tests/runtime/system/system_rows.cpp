// Row loops compiled in the files that define the systems' run()
// (kiln/system/system_rows.hpp), on the world of tests/schema/apart.toml,
// whose bodies are in system_rows_update.cpp and system_rows_render.cpp: each
// kind of system whose loop runs there sees the rows, resources, lookups,
// events and commands it would see in the world's unit, serially and in
// parallel chunks, beside systems whose loops stay in the world's unit.
#include <kiln/system/system_rows.hpp>

#include <apart/world.hpp>

#include "../every_executor.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <type_traits>
#include <vector>

namespace {

using namespace apart;

static_assert(kiln::internal::rows_apart_v<Drift> && kiln::internal::rows_apart_v<Weigh> &&
                  kiln::internal::rows_apart_v<Mark> && kiln::internal::rows_apart_v<Chase> &&
                  kiln::internal::rows_apart_v<Flee> && kiln::internal::rows_apart_v<Bury> &&
                  kiln::internal::rows_apart_v<Sum>,
              "kilnc runs these systems' rows in the files of their run()");
static_assert(!kiln::internal::rows_apart_v<Inspect> && !kiln::internal::rows_apart_v<Heal> &&
                  !kiln::internal::rows_apart_v<Count>,
              "optional components, a changed filter and a system without rows keep their loop in the world's unit");

// More rocks than a parallel chunk holds (1,024 rows), so that Drift's rows
// are split among threads by the parallel executor.
constexpr std::size_t rock_count = 3000;

struct meadow {
    World world;
    std::vector<kiln::entity> rocks;
    std::vector<kiln::entity> wolves;
    std::vector<kiln::entity> sheep;

    meadow() {
        for (std::size_t i = 0; i < rock_count; ++i) {
            const float at = static_cast<float>(i);
            rocks.push_back(world.create<Rock>(Position{at, 0}, Velocity{2, at}, Mass{1, 0}));
        }
        for (std::size_t i = 0; i < 3; ++i) {
            const float at = 10 * static_cast<float>(i);
            sheep.push_back(world.create<Sheep>(Position{at, 0}, Velocity{0, 1}, Health{2}));
            wolves.push_back(world.create<Wolf>(Position{at, 5}, Target{sheep.back()}));
        }
    }

    template <class Executor>
    void frame(const Executor& executor) {
        world.run(stage::update, executor);
        world.run(stage::render, executor);
    }
};

TEMPLATE_LIST_TEST_CASE("systems whose row loops compile in their bodies' files see what the world's unit hands them",
                        "", kiln_test::every_executor) {
    meadow scene;
    const TestType executor = [] {
        if constexpr (std::is_same_v<TestType, kiln::serial_executor>) {
            return TestType{};
        } else {
            return TestType{std::chrono::microseconds{0}}; // every run split, however small
        }
    }();
    scene.frame(executor);

    // Drift, in chunks, read the resource; Weigh wrote a split component and the resource.
    for (std::size_t i = 0; i < rock_count; ++i) {
        const float at = static_cast<float>(i);
        const Position& position = scene.world.get<Position>(scene.rocks[i]);
        REQUIRE(position.x == at + 2 * 0.5f);
        REQUIRE(position.y == at * 0.5f);
        const Mass::ref mass = scene.world.get<Mass>(scene.rocks[i]);
        REQUIRE(mass.kg == 1 + 2);
        REQUIRE(mass.spins == 1u);
    }
    REQUIRE(scene.world.resource<Clock>().rows == rock_count);

    for (std::size_t i = 0; i < 3; ++i) {
        // Mark was handed each row's entity; Chase read its prey's position through a lookup (the sheep moved
        // half a step up before it ran), wrote its health through another and emitted a Bumped, which Flee read.
        const Seen& wolf = scene.world.get<Seen>(scene.wolves[i]);
        REQUIRE(wolf.by == scene.wolves[i]);
        REQUIRE(wolf.runs == 1 + 1000); // Inspect, in the world's unit: a wolf has no Health
        REQUIRE(wolf.bumps == 0u);
        const Velocity& chase = scene.world.get<Velocity>(scene.wolves[i]);
        REQUIRE(chase.x == 0);
        REQUIRE(chase.y == 0.5f - 5);
        const Seen& sheep = scene.world.get<Seen>(scene.sheep[i]);
        REQUIRE(sheep.by == scene.sheep[i]);
        REQUIRE(sheep.runs == 1u);
        REQUIRE(sheep.bumps == 1u);
        REQUIRE(scene.world.get<Health>(scene.sheep[i]).hp == 1);
    }

    // Sum was handed each archetype's positions as one span; Heal saw the three healths Chase wrote.
    float total = 0;
    scene.world.each<const Position>([&](const Position& position) { total += position.x; });
    REQUIRE(scene.world.resource<Totals>().x == total);
    REQUIRE(scene.world.resource<Totals>().healed == 3u);
    REQUIRE(scene.world.resource<Totals>().frames == 1u);

    // The second bite kills: Bury's commands, recorded in its loop, destroy the sheep and leave corpses
    // where they stood.
    std::vector<Position> last;
    for (const kiln::entity sheep : scene.sheep) {
        last.push_back(scene.world.get<Position>(sheep));
        last.back().y += 0.5f; // where Drift moves it in the frame that kills it
    }
    scene.frame(executor);
    REQUIRE(scene.world.size_of<Sheep>() == 0u);
    REQUIRE(scene.world.size_of<Corpse>() == 3u);
    std::vector<Position> corpses;
    scene.world.each<const Position>(kiln::without<Velocity>, [&](const Position& at) { corpses.push_back(at); });
    for (const Position& at : last) {
        REQUIRE(std::count_if(corpses.begin(), corpses.end(),
                              [&](const Position& corpse) { return corpse.x == at.x && corpse.y == at.y; }) >= 1);
    }
    for (const kiln::entity wolf : scene.wolves) {
        REQUIRE(scene.world.get<Seen>(wolf).runs == 2 + 2000);
    }
    REQUIRE(scene.world.resource<Totals>().frames == 2u);
}

} // namespace
