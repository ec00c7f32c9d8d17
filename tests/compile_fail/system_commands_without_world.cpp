// A system that records commands, defined in a file that includes only
// systems.hpp, as a plain system's run() may be: recording a command needs
// the whole world, which systems.hpp declares but does not define.
#include <fixture/systems.hpp>

void fixture::Reap::run(kiln::system_commands<World>& commands, kiln::entity entity, const Health&) {
    commands.destroy(entity);
}
