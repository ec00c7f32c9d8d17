// A system that creates an entity, defined in a file that includes only
// systems.hpp: its header declares the archetypes it names, and the create
// needs one defined, which <fixture/archetypes/Ship.hpp> does (the world
// itself it needs not: a create without world.hpp records as data).
#include <fixture/systems.hpp>

void fixture::Reap::run(kiln::system_commands<World>& commands, kiln::entity entity, const Health&) {
    commands.destroy(entity);
    static_cast<void>(commands.create<Ship>());
}
