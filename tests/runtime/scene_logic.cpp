// The bodies of the scene world's systems (tests/schema/scene.toml), one on
// each side of its transforms propagation: Drive writes Local before it,
// Measure reads Global after it.
#include <scene/world.hpp>

#include <algorithm>

void scene::Drive::run(Local& local, const Steer& steer) {
    local.tx += steer.dx;
}

void scene::Measure::run(const Global& global, Extent& extent) {
    extent.max_x = std::max(extent.max_x, global.tx);
}
