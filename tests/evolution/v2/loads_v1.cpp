// Version 2 of the evolution fixture's game loads the save that version 1
// wrote (tests/evolution/v1.save, by ../v1/write_save.cpp): every edit of
// v2/evolution.toml keeps the values the rules of docs/schema.md promise.
#include <kiln/snapshot.hpp>

#include <evolution/world.hpp>

#include <catch2/catch.hpp>

#include <cstdint>

// The migration that v2/evolution.toml's migrate_from declares: version 1
// counted quarter points in an i32.
double evolution::migrations::Score_points(std::int32_t old) { return old / 4.0; }

namespace {

using namespace evolution;

World& loaded_v1() {
    static World world;
    static const kiln::snapshot_error error = kiln::load_file(world, KILN_EVOLUTION_V1_SAVE);
    INFO(error.message);
    REQUIRE_FALSE(error);
    return world;
}

struct expected_unit {
    kiln::entity handle;
    float x, y;
    std::int32_t hit_points;
    double points;
    kiln::entity aim;
};

} // namespace

TEST_CASE("a version 1 save keeps its units' values, converted where the schema says") {
    const World& world = loaded_v1();
    const expected_unit units[] = {
        {{0, 0}, 1, 2, 10, 1.75, {4, 1}},
        {{1, 0}, 3, 4, 20, -2.0, {0, 0}},
        {{4, 1}, 9, 10, 40, 2.25, kiln::null_entity}, // aimed at a Decoy, which version 2 dropped
        {{5, 0}, 11, 12, 100, 0.0, kiln::null_entity}, // aimed at an entity already destroyed
    };
    for (const expected_unit& unit : units) {
        INFO("unit " << unit.handle.index() << ":" << unit.handle.generation());
        REQUIRE(world.alive(unit.handle));
        CHECK(world.archetype_name(unit.handle) == "Unit");
        const auto position = world.get<Position>(unit.handle);
        CHECK(position.x == unit.x);        // reordered
        CHECK(position.y == unit.y);
        CHECK(position.z == 7.5f);          // added: its default
        CHECK(world.get<Health>(unit.handle).hit_points == unit.hit_points); // renamed
        CHECK(world.get<Score>(unit.handle).points == unit.points);          // migrated from i32
        CHECK(world.get<Aim>(unit.handle).who == unit.aim);                  // component renamed
        CHECK(world.get<Shield>(unit.handle).strength == 3.0f);              // component added
    }
    CHECK(world.count<Health>() == 4);
}

TEST_CASE("a version 1 save's markers load as beacons, and its decoys are gone") {
    const World& world = loaded_v1();
    REQUIRE(world.alive(kiln::entity{3, 0}));
    REQUIRE(world.alive(kiln::entity{6, 1}));
    CHECK(world.archetype_name(kiln::entity{3, 0}) == "Beacon");
    CHECK(world.get<Position>(kiln::entity{3, 0}).x == 7);
    CHECK(world.get<Position>(kiln::entity{6, 1}).y == 14);
    CHECK_FALSE(world.alive(kiln::entity{2, 0})); // the decoy
    CHECK(world.size() == 6);
}

TEST_CASE("a version 1 save keeps its resources, and new fields and resources get their defaults") {
    const World& world = loaded_v1();
    CHECK(world.resource<Level>().number == 3);
    CHECK(world.resource<Level>().gravity == 9.81f);
    CHECK(world.resource<Level>().seed == 99);
    CHECK(world.resource<Weather>().rain == 0.25f);
}

TEST_CASE("a version 1 world's freed slots are reused as version 1 would have, then the decoy's") {
    World world;
    REQUIRE_FALSE(kiln::load_file(world, KILN_EVOLUTION_V1_SAVE));
    const kiln::entity next = world.create<Beacon>();
    CHECK(next == kiln::entity{2, 1});
}
