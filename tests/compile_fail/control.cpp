// The correct twin of every compile_fail case: this must compile.
#include <fixture/world.hpp>

void control(fixture::World& world) {
    world.each<fixture::Position, const fixture::Velocity>([](fixture::Position&, const fixture::Velocity&) {});
    world.create<fixture::Particle>(fixture::Velocity{});
    static_cast<void>(world.get<fixture::Position>(kiln::null_entity));
    world.each<fixture::Position>([](fixture::World::deferred_type& deferred, kiln::entity e, fixture::Position&) {
        deferred.destroy(e);
    });
    const kiln::handle<fixture::Ship> ship = world.create<fixture::Ship>();
    const kiln::handle<fixture::FrozenShip> frozen = world.add<fixture::Frozen>(ship);
    static_cast<void>(world.remove<fixture::Frozen>(frozen));
    static_cast<void>(world.get<fixture::Health>(ship).hp);
}
