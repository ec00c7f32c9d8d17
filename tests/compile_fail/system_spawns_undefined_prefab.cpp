// A system that spawns a prefab, defined in a file that includes only its
// system's header: world_fwd.hpp, which it includes, declares the prefabs,
// and the spawn needs the one it makes defined, which
// <content/prefabs/Fighter.hpp> does (the world itself it needs not: a spawn
// without world.hpp records as data).
#include <content/systems/Launch.hpp>

void content::Launch::run(kiln::system_commands<World>& commands, kiln::entity, Hangar&, const Position&) {
    static_cast<void>(commands.spawn<Fighter>());
}
