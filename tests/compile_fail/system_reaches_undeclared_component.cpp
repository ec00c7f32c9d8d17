// Decay declared only Health: its body has no way to reach Velocity, and
// system_commands reads no component.
#include <fixture/world.hpp>

void fixture::Reap::run(kiln::system_commands<World>& commands, kiln::entity entity, const Health&) {
    static_cast<void>(commands.get<Velocity>(entity));
}
