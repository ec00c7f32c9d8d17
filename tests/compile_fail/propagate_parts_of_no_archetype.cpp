// Samples is held by Probe alone, which has no Velocity: no archetype holds
// both parts.
#include <fixture/world.hpp>
#include <kiln/hierarchy/propagation.hpp>

struct sampled {
    using local = fixture::Samples;
    using global = fixture::Velocity;
    static fixture::Velocity combine(const fixture::Velocity& parent, const fixture::Samples&) { return parent; }
};

void propagate_samples(fixture::World& world) {
    kiln::propagate<sampled>(world);
}
