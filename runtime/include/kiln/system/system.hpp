// Systems, observers and the schedule, as the generator describes them.
#pragma once

#include <concepts>
#include <cstdint>
#include <string_view>

#include <kiln/core/type_list.hpp>

namespace kiln {

// Systems that may run at the same time: the generator put no two that
// conflict (one writing what the other reads or writes) in one batch.
template <class... Systems>
struct batch {
    using systems = type_list<Systems...>;
};

// Systems that run as one pass over the rows: each row of each archetype
// that any of them matches is handed to each of them that matches it, in
// schedule order, so that the row is loaded once for all of them, not once
// per system. kilnc fuses consecutive systems that each touch only their own
// entity's components (no commands, events, filters, columns or parallel
// chunks) and share no resource that one of them writes: then no system can
// tell the pass from running them one after another.
template <class... Systems>
struct fused {
    using systems = type_list<Systems...>;
};

// A flush point in a stage's plan: the commands that the systems of the
// batches before it recorded are applied here, so that the batches after it
// see what they changed (kilnc places one where a system's `changes` would
// otherwise be missed by a later system of the stage; docs/states.md).
struct flush {
    using systems = type_list<>;
};

// When a stage runs in a frame (see basic_world::progress).
enum class stage_role : std::uint8_t {
    init,     // once, before the first frame
    fixed,    // at a fixed step: as many times per frame as the step fits in the time that passed
    frame,    // once per frame
    shutdown, // once, when the world shuts down
};

// One stage of the schedule: its id in the schema's stage enum, its batches
// in order, its role, and the condition under which it runs (void: always;
// else a run condition, kiln/schedule/run_condition.hpp).
template <auto Stage, class Batches, stage_role Role = stage_role::frame, class RunIf = void>
struct stage_plan {
    static constexpr auto stage = Stage;
    static constexpr stage_role role = Role;
    using batches = Batches;
    using run_if = RunIf;
};

// An observer runs when an entity enters the set of entities its query
// matches (created in it, or moved into it) or leaves it (destroyed, or moved
// out); an observer on change (its `changed` lists one tracked component)
// runs after each stage for the entities whose component changed since it
// last ran (docs/changes.md).
enum class observer_event : std::uint8_t { enter, leave, change };

// Rows of one archetype, as the schedule hands them to a system whose row
// loop compiles in the file of its run() (kiln/system/system_rows.hpp).
struct rows_job;

// A generated system S has
//   static constexpr std::string_view name;
//   using access = kiln::type_list<...>;    // components, const when read
//   using with, without = kiln::type_list<...>;
//   using resources = kiln::type_list<...>; // const when read, all const when parallel
//   using archetypes = kiln::type_list<...>; // those kilnc matched, in schema order; optional
//   static constexpr bool commands, parallel, columns;
//   static void run(...);                   // defined by the game
// and, where its row loop compiles in the file of its run() ([kiln] row_loops = "bodies"),
//   static constexpr bool rows_apart = true;
//   static void rows(const kiln::rows_job&); // defined by its header, which that file includes
// The system of a [propagate.NAME] has, instead of run(), local, global and
// combine (kiln::propagation), and the schedule runs kiln::propagate<S>.
namespace internal {

// Whether run() is handed the row's entity without commands (S::entity).
template <class S>
inline constexpr bool entity_of_v = false;

template <class S>
    requires(S::entity)
inline constexpr bool entity_of_v<S> = true;

} // namespace internal

template <class S>
concept system = requires {
    { S::name } -> std::convertible_to<std::string_view>;
    typename S::access;
    typename S::with;
    typename S::without;
    typename S::resources;
    { S::commands } -> std::convertible_to<bool>;
    { S::parallel } -> std::convertible_to<bool>;
};

} // namespace kiln
