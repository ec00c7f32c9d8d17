// A schedule compiled in a unit of its own ([kiln] schedule_unit,
// tests/schema/schedule_unit.toml): world.progress on the serial executor
// runs the frames that kilnc's schedule.cpp compiled, where the components
// are declared only, and they do what the stages run here do.
#include <apart/world.hpp>

#include <catch2/catch.hpp>

#include <cstddef>
#include <vector>

namespace {

using namespace apart;

static_assert(kiln::internal::schedule_apart_v<schema>, "kilnc writes schedule_unit into the schema");

struct herd {
    World world;
    std::vector<kiln::entity> all;

    herd() {
        for (std::size_t i = 0; i < 40; ++i) {
            const float at = static_cast<float>(i);
            all.push_back(world.create<Rock>(Position{at, 0}, Velocity{2, at}, Mass{1, 0}));
        }
        for (std::size_t i = 0; i < 3; ++i) {
            const float at = 10 * static_cast<float>(i);
            const kiln::entity sheep = world.create<Sheep>(Position{at, 0}, Velocity{0, 1}, Health{2});
            all.push_back(sheep);
            all.push_back(world.create<Wolf>(Position{at, 5}, Target{sheep}));
        }
    }
};

TEST_CASE("progress runs the frames the schedule's unit compiled, as the stages run here would") {
    herd apart_unit;
    herd here;
    for (int frame = 0; frame < 3; ++frame) {
        apart_unit.world.progress(1.0 / 60); // schedule.cpp: the fixed stage has no systems here
        here.world.run(stage::update);
        here.world.run(stage::render);
    }
    // The second bite killed the sheep (Bury's commands, applied after render), in both.
    REQUIRE(apart_unit.world.size_of<Sheep>() == 0u);
    REQUIRE(apart_unit.world.size_of<Corpse>() == here.world.size_of<Corpse>());
    REQUIRE(apart_unit.world.size_of<Corpse>() == 3u);
    for (const kiln::entity e : apart_unit.all) {
        REQUIRE(apart_unit.world.alive(e) == here.world.alive(e));
        if (apart_unit.world.alive(e)) {
            const Position& a = apart_unit.world.get<Position>(e);
            const Position& b = here.world.get<Position>(e);
            REQUIRE(a.x == b.x);
            REQUIRE(a.y == b.y);
        }
    }
    REQUIRE(apart_unit.world.resource<Totals>().frames == 3u);
    REQUIRE(apart_unit.world.resource<Totals>().x == here.world.resource<Totals>().x);
    REQUIRE(apart_unit.world.resource<Clock>().rows == here.world.resource<Clock>().rows);
}

TEST_CASE("a prefab spawns where the schedule compiles apart, its header including its components whole") {
    World world;
    const kiln::spawned<Boulder> boulder = world.spawn<Boulder>();
    world.progress(1.0 / 60); // Weigh adds its Velocity's x (0: not given) and counts a spin
    const Mass::ref mass = world.get<Mass>(boulder.root());
    REQUIRE(mass.kg == 5);
    REQUIRE(mass.spins == 3u);
}

} // namespace
