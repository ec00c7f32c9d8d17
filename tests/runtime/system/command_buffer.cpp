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

namespace {

// What a recorded call below does when applied: it finds e alive (its create
// was recorded before the call), writes x into e's Position, and makes a
// Particle at x, x (a structural change, which only commands make otherwise).
struct call_log {
    int calls = 0;
    bool found_alive = false;
};
call_log log_of_calls;

void place_and_make(World& world, kiln::entity e, float x) {
    ++log_of_calls.calls;
    log_of_calls.found_alive = world.alive(e);
    world.get<fixture::Position>(e).x = x;
    world.create<fixture::Particle>(fixture::Position{x, x});
}

void count_call(World&) { ++log_of_calls.calls; }

} // namespace

TEST_CASE("a recorded call runs on the world when applied, in order with the other commands, on its values as recorded") {
    World world;
    log_of_calls = {};
    const kiln::entity first = world.create<fixture::Particle>();
    world.create<fixture::Particle>();
    kiln::entity made;
    float x = 7.0f;
    world.each<fixture::Position>([&](World::deferred_type& deferred, kiln::entity e, fixture::Position&) {
        if (e != first) {
            return;
        }
        made = deferred.create<fixture::Particle>(fixture::Position{1, 1});
        deferred.call<&place_and_make>(made, x);
        deferred.call<&count_call>();
        deferred.set<fixture::Position>(made, {2, 2}); // after the call: wins over its x
        x = 9.0f;                                      // the call has its own copy, made when recorded
        CHECK(log_of_calls.calls == 0);                // recorded, not run
    });
    CHECK(log_of_calls.calls == 2);
    CHECK(log_of_calls.found_alive);
    REQUIRE(world.alive(made));
    CHECK(world.get<fixture::Position>(made).x == 2);
    CHECK(world.size() == 4);
    int at_seven = 0;
    world.each<const fixture::Position>([&](const fixture::Position& p) { at_seven += p.x == 7 && p.y == 7 ? 1 : 0; });
    CHECK(at_seven == 1);

    kiln::command_buffer<World> buffer{world}; // a buffer of one's own: a call, then a destroy of what it made
    buffer.call<&place_and_make>(made, 3.0f);
    buffer.destroy(made);
    CHECK(world.size() == 4);
    buffer.apply();
    CHECK(log_of_calls.calls == 3);
    CHECK_FALSE(world.alive(made));
    CHECK(world.size() == 4); // one made by the call, one destroyed after it
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
