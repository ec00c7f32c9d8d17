// No declared archetype holds a Ship's components minus Health.
#include <fixture/world.hpp>

void misuse(fixture::World& world) {
    const kiln::handle<fixture::Ship> ship = world.create<fixture::Ship>();
    world.remove<fixture::Health>(ship);
}
