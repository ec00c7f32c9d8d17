// A Particle holds Position and Velocity, not Health.
#include <fixture/world.hpp>

void misuse(fixture::World& world) {
    world.create<fixture::Particle>(fixture::Health{});
}
