#include <kiln/dump.hpp>

#include <fixture/reflection.hpp>

#include "sample_world.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <string>
#include <vector>

namespace {

// What kiln::dump writes for world, line by line, through a temporary file.
std::vector<std::string> dumped_lines(const fixture::World& world) {
    std::FILE* file = std::tmpfile();
    REQUIRE(file != nullptr);
    kiln::dump(world, file);
    std::rewind(file);
    std::vector<std::string> lines;
    std::string line;
    for (int c = std::fgetc(file); c != EOF; c = std::fgetc(file)) {
        if (c == '\n') {
            lines.push_back(line);
            line.clear();
        } else {
            line.push_back(static_cast<char>(c));
        }
    }
    std::fclose(file);
    CHECK(line.empty()); // every line ends with a newline
    return lines;
}

} // namespace

TEST_CASE("dump writes the resources, then each archetype with its entities and their values") {
    fixture::World world;
    world.resource<fixture::Clock>().ticks = 12;
    const kiln::entity particle = world.create<fixture::Particle>(fixture::Position{1, 2.5f});
    world.create<fixture::Particle>(fixture::Velocity{0.5f, 0});
    world.create<fixture::Ship>(fixture::Target{particle}, fixture::Health{-3, false}, fixture::Color{0, 128, 255});
    const kiln::entity frozen = world.create<fixture::Ship>();
    world.add<fixture::Frozen>(frozen); // MarkFrozen makes it target itself
    world.create<fixture::Probe>(fixture::Scanner{2.5f, {-1, 7}}, fixture::Samples{{0.125, 1e10, -0.0}, 3});

    CHECK(dumped_lines(world) ==
          std::vector<std::string>{
              "world fixture (schema version 3): 5 entities",
              "resource Clock { dt = 0.25, ticks = 12 }",
              "resource Score { points = 0 }",
              "archetype Particle (tests/schema/fixture.toml:47): 2 entities",
              "  entity 0:0  Position { x = 1, y = 2.5 }  Velocity { x = 1.5, y = -2 }",
              "  entity 1:0  Position { x = 0, y = 0 }  Velocity { x = 0.5, y = 0 }",
              "archetype Ship (tests/schema/fixture.toml:50): 1 entity",
              "  entity 2:0  Position { x = 0, y = 0 }  Velocity { x = 1.5, y = -2 }  Health { hp = -3, regen = false }"
              "  Target { who = 0:0 }  Color { r = 0, g = 128, b = 255 }",
              "archetype FrozenShip (tests/schema/fixture.toml:53): 1 entity",
              "  entity 3:0  Position { x = 0, y = 0 }  Velocity { x = 1.5, y = -2 }  Health { hp = 100, regen = true }"
              "  Target { who = 3:0 }  Color { r = 1, g = 2, b = 3 }  Frozen",
              "archetype Marker (tests/schema/fixture_more.toml:21): 0 entities",
              "archetype Probe (tests/schema/fixture_more.toml:24): 1 entity",
              "  entity 4:0  Position { x = 0, y = 0 }  Scanner { range = 2.5, history = [-1, 7] }"
              "  Orientation { axis = <Vec3> }  Samples { values = [0.125, 1e+10, -0], count = 3 }",
              "archetype Beacon (tests/schema/fixture_more.toml:27): 0 entities",
          });
}

TEST_CASE("dump writes rows left by destroy(e) as the settled world holds them, and settles nothing") {
    for (const int every : {97, 3}) { // a few holes, which settling sorts; many, which it marks
        INFO("one in every " << every << " destroyed");
        fixture::World world;
        sample::leave_holes(world, 1000, every);
        const std::vector<std::string> unsettled = dumped_lines(world);
        CHECK(world.unsettled_storage<fixture::Particle>().storage().hole_count() > 0);
        world.settle();
        CHECK(unsettled == dumped_lines(world));
    }
}

TEST_CASE("dump of an empty world lists the resources and the empty archetypes") {
    fixture::World world;
    const std::vector<std::string> lines = dumped_lines(world);
    REQUIRE(lines.size() == 9);
    CHECK(lines[0] == "world fixture (schema version 3): 0 entities");
    CHECK(lines[3] == "archetype Particle (tests/schema/fixture.toml:47): 0 entities");
    CHECK(lines[8] == "archetype Beacon (tests/schema/fixture_more.toml:27): 0 entities");
}

TEST_CASE("dump writes a dead target as its stale handle and a null one as null") {
    fixture::World world;
    const kiln::entity gone = world.create<fixture::Particle>();
    world.destroy(gone);
    world.create<fixture::Ship>(fixture::Target{gone});
    world.create<fixture::Ship>();
    const std::vector<std::string> lines = dumped_lines(world);
    REQUIRE(lines.size() == 11);
    CHECK(lines[5].find("Target { who = 0:0 }") != std::string::npos);
    CHECK(lines[6].find("Target { who = null }") != std::string::npos);
}

TEST_CASE("dump ends with each parent and its children in order, when some entity has a parent") {
    fixture::World world;
    const kiln::entity ship = world.create<fixture::Ship>();
    const kiln::entity left = world.create<fixture::Particle>();
    const kiln::entity right = world.create<fixture::Particle>();
    const kiln::entity gunner = world.create<fixture::Marker>();
    const auto without = dumped_lines(world);
    world.hierarchy().set_parent(right, ship);
    world.hierarchy().set_parent(left, ship);
    world.hierarchy().set_parent(gunner, left);
    auto lines = dumped_lines(world);
    REQUIRE(lines.size() == without.size() + 3);
    CHECK(lines[without.size()] == "hierarchy: 3 links");
    CHECK(lines[without.size() + 1] == "  0:0 -> 2:0 1:0");
    CHECK(lines[without.size() + 2] == "  1:0 -> 3:0");
    lines.resize(without.size());
    CHECK(lines == without); // the rest is as without a hierarchy
}
