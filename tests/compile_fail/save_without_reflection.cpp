// A save reads each component's reflection, which only the schema's
// reflection.hpp holds: world.hpp alone does not.
#include <fixture/world.hpp>
#include <kiln/save.hpp>

#include <cstddef>
#include <vector>

kiln::save_error misuse(const fixture::World& world, std::vector<std::byte>& out) {
    return kiln::save(world, out);
}
