// A schedule compiled in a unit of its own ([kiln] schedule_unit,
// docs/schema.md): world.progress on the serial executor calls
// progress_apart, which only the unit kilnc writes for the schedule
// (<namespace>/schedule.cpp) defines, through kiln/schedule/schedule_unit.hpp.
// The other units that include the world, the game's, compile a call and not
// the frames, and so a field added to a component compiles them again
// without the schedule, which sees the components declared and not defined.
#pragma once

namespace kiln::internal {

// Whether Schema's schedule compiles apart: kilnc writes
// `static constexpr bool schedule_unit = true;` into its schema.
template <class Schema>
inline constexpr bool schedule_apart_v = requires { requires Schema::schedule_unit; };

// world.progress(seconds) on the serial executor, compiled in the schedule's unit.
template <class World>
void progress_apart(World& world, double seconds);

} // namespace kiln::internal
