// combine takes the child's local part to write: propagation only reads it.
#include <fixture/world.hpp>
#include <kiln/hierarchy/propagation.hpp>

struct drifting {
    using local = fixture::Velocity;
    using global = fixture::Position;
    static fixture::Position combine(const fixture::Position& parent, fixture::Velocity& local) {
        local.x = 0;
        return parent;
    }
};

void propagate_drift(fixture::World& world) {
    kiln::propagate<drifting>(world);
}
