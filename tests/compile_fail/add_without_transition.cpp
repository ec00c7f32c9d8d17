// No declared archetype holds a Particle's components plus Frozen.
#include <fixture/world.hpp>

void misuse(fixture::World& world) {
    const kiln::handle<fixture::Particle> particle = world.create<fixture::Particle>();
    world.add<fixture::Frozen>(particle);
}
