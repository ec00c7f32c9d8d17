// Version 2 of the evolution fixture's game loads the save that version 1
// wrote (by ../v1/write_save.cpp), at each save format: every edit of
// v2/evolution.toml keeps the values the rules of docs/schema.md promise.
#include <kiln/save.hpp>

#include <evolution/reflection.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <fstream>
#include <memory>
#include <string>

// The migration that v2/evolution.toml's migrate_from declares: version 1
// counted quarter points in an i32.
double evolution::migrations::Score_points(std::int32_t old) { return old / 4.0; }

namespace {

using namespace evolution;

// The save of version 1, once per save format: each case runs on both.
std::string v1_save() {
    return GENERATE(as<std::string>{}, KILN_EVOLUTION_V1_SAVE, KILN_EVOLUTION_V1_FORMAT2_SAVE);
}

std::unique_ptr<World> loaded(const std::string& path) {
    auto world = std::make_unique<World>();
    const kiln::save_error error = kiln::load_file(*world, path);
    INFO(path << ": " << error.message);
    REQUIRE_FALSE(error);
    return world;
}

std::uint32_t format_version_of(const std::string& path) {
    std::ifstream file{path, std::ios::binary};
    file.seekg(8);
    std::uint32_t version = 0;
    file.read(reinterpret_cast<char*>(&version), sizeof version);
    REQUIRE(file);
    return version;
}

struct expected_unit {
    kiln::entity handle;
    float x, y;
    std::int32_t hit_points;
    double points;
    kiln::entity aim;
};

} // namespace

TEST_CASE("the saves of version 1 are of save formats 1 (unchecked) and 2 (checksummed), both loaded here") {
    CHECK(format_version_of(KILN_EVOLUTION_V1_SAVE) == 1);
    CHECK(format_version_of(KILN_EVOLUTION_V1_FORMAT2_SAVE) == 2);
}

TEST_CASE("a version 1 save keeps its units' values, converted where the schema says") {
    const std::string path = v1_save();
    INFO(path);
    const auto loaded_world = loaded(path);
    const World& world = *loaded_world;
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
    const std::string path = v1_save();
    INFO(path);
    const auto loaded_world = loaded(path);
    const World& world = *loaded_world;
    REQUIRE(world.alive(kiln::entity{3, 0}));
    REQUIRE(world.alive(kiln::entity{6, 1}));
    CHECK(world.archetype_name(kiln::entity{3, 0}) == "Beacon");
    CHECK(world.get<Position>(kiln::entity{3, 0}).x == 7);
    CHECK(world.get<Position>(kiln::entity{6, 1}).y == 14);
    CHECK_FALSE(world.alive(kiln::entity{2, 0})); // the decoy
    CHECK(world.size() == 6);
}

TEST_CASE("a version 1 save keeps its resources, and new fields and resources get their defaults") {
    const std::string path = v1_save();
    INFO(path);
    const auto loaded_world = loaded(path);
    const World& world = *loaded_world;
    CHECK(world.resource<Level>().number == 3);
    CHECK(world.resource<Level>().gravity == 9.81f);
    CHECK(world.resource<Level>().seed == 99);
    CHECK(world.resource<Weather>().rain == 0.25f);
}

TEST_CASE("a version 1 world's freed slots are reused as version 1 would have, then the decoy's") {
    const std::string path = v1_save();
    INFO(path);
    const auto loaded_world = loaded(path);
    World& world = *loaded_world;
    const kiln::entity next = world.create<Beacon>();
    CHECK(next == kiln::entity{2, 1});
}
