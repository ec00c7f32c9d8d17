// A system that creates an entity by command, defined in a file that
// includes only systems.hpp, as a plain system's run() may be: a create
// names its archetype's components, which world.hpp defines (destroy, add,
// remove, replace and set need no more than systems.hpp).
#include <fixture/systems.hpp>

void fixture::Reap::run(kiln::system_commands<World>& commands, kiln::entity entity, const Health&) {
    commands.destroy(entity);
    commands.create<Ship>();
}
