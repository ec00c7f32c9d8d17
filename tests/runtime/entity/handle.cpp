#include <kiln/entity/handle.hpp>

#include <fixture/world.hpp>

#include <catch2/catch.hpp>

TEST_CASE("create gives a handle of the archetype, which converts to the plain entity") {
    fixture::World world;
    const kiln::handle<fixture::Ship> ship = world.create<fixture::Ship>(fixture::Health{3});
    const kiln::entity plain = ship;
    CHECK(plain == ship.get());
    CHECK(world.alive(plain));
    CHECK(world.get<fixture::Health>(ship).hp == 3);
    CHECK(&world.get<fixture::Health>(ship) == &world.get<fixture::Health>(plain));
}

TEST_CASE("handle_of checks the entity's archetype") {
    fixture::World world;
    const kiln::entity particle = world.create<fixture::Particle>();
    const auto as_particle = world.handle_of<fixture::Particle>(particle);
    REQUIRE(as_particle.has_value());
    CHECK(as_particle->get() == particle);
    CHECK_FALSE(world.handle_of<fixture::Ship>(particle).has_value());
    world.destroy(particle);
    CHECK_FALSE(world.handle_of<fixture::Particle>(particle).has_value());
}

TEST_CASE("a typed handle reads split components through their refs") {
    fixture::World world;
    const auto ship = world.create<fixture::Ship>(fixture::Color{1, 2, 3});
    world.get<fixture::Color>(ship).g = 20;
    const fixture::World& view = world;
    const fixture::Color color = view.get<fixture::Color>(ship);
    CHECK(color.g == 20);
}
