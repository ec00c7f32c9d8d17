// system_commands: what a system with commands = true may do to the world.
#pragma once

#include <kiln/system/command_recorder.hpp>

namespace kiln {

// Records structural changes (create, destroy, add, remove, replace, set) into a
// system's command buffer, applied when its stage ends, and answers alive and
// has from the entity table, which no one changes while a stage runs. It
// reads no component and no resource: a system shares its batch with others,
// and may touch nothing beyond what it declared, or the schedule's promise
// that a batch has no conflicts would not hold.
template <class World>
class system_commands : public command_recorder<World> {
public:
    // command_recorder's: reads world and records into commands, which must
    // be world's. Precondition: both outlive it; the runtime makes the one a
    // system that declares commands is handed.
    using command_recorder<World>::command_recorder;
};

} // namespace kiln
