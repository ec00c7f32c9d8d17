// A system that reads the hierarchy through its commands, defined in a file
// that includes only systems.hpp, as a plain system's run() may be: the
// hierarchy is read from the world, which world.hpp defines (destroy, add,
// remove, replace and set need no more than systems.hpp, create its
// archetype's header and spawn its prefab's).
#include <fixture/systems.hpp>

void fixture::Reap::run(kiln::system_commands<World>& commands, kiln::entity entity, const Health&) {
    commands.destroy(entity);
    static_cast<void>(commands.hierarchy());
}
