#include <kiln/system/command_buffer.hpp>

#include <fixture/world.hpp>

#include <catch2/catch.hpp>

#include <vector>

using fixture::World;

TEST_CASE("commands recorded in each are applied when it returns, not before") {
    World world;
    const auto created = world.create_n<fixture::Particle>(4);
    const std::vector<kiln::entity> particles(created.begin(), created.end());

    int visited = 0;
    world.each<fixture::Position>([&](World::deferred_type& deferred, kiln::entity e, fixture::Position&) {
        deferred.destroy(e);
        ++visited;
        CHECK(world.alive(e)); // still here until the loop ends
    });
    CHECK(visited == 4);
    CHECK(world.size() == 0);
    for (const kiln::entity e : particles) {
        CHECK_FALSE(world.alive(e));
    }
}

TEST_CASE("references taken in each stay valid while commands are recorded") {
    World world;
    world.create_n<fixture::Particle>(100, [](std::size_t i) { return std::tuple{fixture::Position{float(i), 0}}; });
    std::vector<fixture::Position*> seen;
    world.each<fixture::Position>([&](World::deferred_type& deferred, kiln::entity e, fixture::Position& p) {
        seen.push_back(&p);
        deferred.destroy(e);
        deferred.create<fixture::Particle>(fixture::Position{-1, -1});
        CHECK(seen.front()->x == 0); // the first row was not moved by the recorded destroy
    });
    CHECK(seen.size() == 100);
    CHECK(world.count<fixture::Position>() == 100);
    world.each<const fixture::Position>([](const fixture::Position& p) { CHECK(p.x == -1); });
}

TEST_CASE("a deferred create reserves its handle at once, and the entity lives once applied") {
    World world;
    world.create<fixture::Particle>(); // so that the ship's index is not 0, which a bad copy of a tag could fake
    auto& commands = world.commands();
    const kiln::entity ship = commands.create<fixture::Ship>(fixture::Health{9});
    commands.add<fixture::Frozen>(ship);
    commands.set<fixture::Health>(ship, {11});
    CHECK_FALSE(world.alive(ship));
    CHECK_FALSE(world.has<fixture::Health>(ship));
    CHECK(commands.size() == 3);
    world.flush();
    CHECK(commands.empty());
    REQUIRE(world.alive(ship));
    CHECK(world.archetype_name(ship) == "FrozenShip");
    CHECK(world.get<fixture::Health>(ship).hp == 11);
}

TEST_CASE("commands are applied in the order recorded, and those for dead entities are skipped") {
    World world;
    const kiln::entity ship = world.create<fixture::Ship>();
    auto& commands = world.commands();
    commands.remove<fixture::Frozen>(ship); // lacks Frozen: nothing to do
    commands.destroy(ship);
    commands.add<fixture::Frozen>(ship);      // dead by then: skipped
    commands.set<fixture::Health>(ship, {1}); // likewise
    commands.destroy(ship);                   // likewise
    world.flush();
    CHECK_FALSE(world.alive(ship));
    CHECK(world.size() == 0);
}

TEST_CASE("a command buffer of one's own is applied when one says") {
    World world;
    kiln::command_buffer<World> buffer{world};
    const kiln::entity beacon = buffer.create<fixture::Beacon>();
    buffer.add<fixture::Position>(beacon, {5, 6});
    world.each<fixture::Tag>([](fixture::Tag&) {}); // the world's own buffer: not this one
    CHECK_FALSE(world.alive(beacon));
    buffer.apply();
    REQUIRE(world.alive(beacon));
    CHECK(world.get<fixture::Position>(beacon).y == 6);
    CHECK(world.archetype_name(beacon) == "Marker");
}

TEST_CASE("discarding a buffer gives back the slots its creates reserved") {
    World world;
    kiln::command_buffer<World> buffer{world};
    const kiln::entity never = buffer.create<fixture::Particle>();
    buffer.add<fixture::Frozen>(never);
    buffer.discard();
    CHECK(buffer.empty());
    CHECK_FALSE(world.alive(never));
    const kiln::entity next = world.create<fixture::Particle>();
    CHECK(next.index() == never.index()); // the slot was freed, and is reused first
    CHECK(next != never);                 // under a new generation: the discarded handle stays dead
    CHECK_FALSE(world.alive(never));
}

TEST_CASE("clear keeps a pending create's reservation, and the create happens when applied") {
    World world;
    world.create<fixture::Ship>();
    kiln::command_buffer<World> buffer{world};
    const kiln::entity own = buffer.create<fixture::Particle>(fixture::Position{1, 2});
    const kiln::entity worlds = world.commands().create<fixture::Particle>(fixture::Position{3, 4});
    world.clear();
    CHECK(world.size() == 0);
    buffer.apply();
    world.flush();
    REQUIRE(world.alive(own));
    REQUIRE(world.alive(worlds));
    CHECK(own != worlds);
    CHECK(world.size() == 2);
    CHECK(world.get<fixture::Position>(own).x == 1);
    CHECK(world.get<fixture::Position>(worlds).x == 3);
}
