// Tags is not tracked, so no tick says which entities' Tags changed: a
// dirty pass with it as the local part has nothing to start from.
#include <kiln/hierarchy/propagation.hpp>
#include <scene/world.hpp>

struct tagged_transforms {
    using local = scene::Tags;
    using global = scene::Global;
    static scene::Global combine(const scene::Global& parent, const scene::Tags&) { return parent; }
};

void propagate_tagged(scene::World& world, kiln::propagation_state& state) {
    kiln::propagate_dirty<tagged_transforms>(world, state);
}
