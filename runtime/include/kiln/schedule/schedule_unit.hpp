// What the schedule's unit that kilnc writes ([kiln] schedule_unit,
// docs/schema.md) compiles: progress_apart (kiln/schedule/schedule_apart.hpp),
// the frames on the serial executor, instantiated there for the schema's
// world. No other unit includes this header.
#pragma once

#include <kiln/core/executor.hpp>
#include <kiln/schedule/schedule_apart.hpp>

namespace kiln::internal {

template <class World>
void progress_apart(World& world, double seconds) {
    world.progress_here(seconds, serial_executor{});
}

} // namespace kiln::internal
