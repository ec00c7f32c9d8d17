// A Particle has no Health: through its typed handle, that is known at compile time.
#include <fixture/world.hpp>

int misuse(fixture::World& world) {
    const kiln::handle<fixture::Particle> particle = world.create<fixture::Particle>();
    return world.get<fixture::Health>(particle).hp;
}
