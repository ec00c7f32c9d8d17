// Color is split (layout = "split"): it cannot be a propagated part.
#include <fixture/world.hpp>
#include <kiln/hierarchy/propagation.hpp>

struct tinted {
    using local = fixture::Color;
    using global = fixture::Position;
    static fixture::Position combine(const fixture::Position& parent, const fixture::Color&) { return parent; }
};

void propagate_tint(fixture::World& world) {
    kiln::propagate<tinted>(world);
}
