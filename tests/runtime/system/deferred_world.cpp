#include <kiln/system/deferred_world.hpp>

#include <fixture/world.hpp>

#include <catch2/catch.hpp>

using fixture::World;

TEST_CASE("a deferred_world reads and writes components at once") {
    World world;
    const kiln::entity ship = world.create<fixture::Ship>(fixture::Health{3});
    world.resource<fixture::Score>().points = 10;
    world.each<const fixture::Velocity>([&](World::deferred_type& deferred, kiln::entity e, const fixture::Velocity&) {
        CHECK(deferred.alive(e));
        CHECK(deferred.has<fixture::Health>(e));
        deferred.get<fixture::Health>(e).hp += 1;
        CHECK(deferred.try_get<fixture::Frozen>(e) == nullptr);
        deferred.resource<fixture::Score>().points += 1;
    });
    CHECK(world.get<fixture::Health>(ship).hp == 4);
    CHECK(world.resource<fixture::Score>().points == 11);
}

TEST_CASE("a deferred_world records structural changes for when the loop ends") {
    World world;
    const kiln::entity ship = world.create<fixture::Ship>();
    const kiln::entity doomed = world.create<fixture::Particle>();
    kiln::entity spawned;
    world.each<fixture::Health>([&](World::deferred_type& deferred, kiln::entity e, fixture::Health&) {
        deferred.add<fixture::Frozen>(e);
        deferred.set<fixture::Health>(e, {50});
        deferred.destroy(doomed);
        spawned = deferred.create<fixture::Marker>(fixture::Position{1, 1});
        deferred.remove<fixture::Position>(spawned);
        CHECK(deferred.alive(doomed));
        CHECK_FALSE(deferred.has<fixture::Frozen>(e));
    });
    CHECK(world.archetype_name(ship) == "FrozenShip");
    CHECK(world.get<fixture::Health>(ship).hp == 50);
    CHECK_FALSE(world.alive(doomed));
    REQUIRE(world.alive(spawned));
    CHECK(world.archetype_name(spawned) == "Beacon");
}
