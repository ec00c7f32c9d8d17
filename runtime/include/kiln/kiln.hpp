// Everything kiln's runtime offers, in one include: the doors at the top of
// kiln/ but json.hpp, and every header of the concept folders but io/'s,
// needing nothing beyond what kiln::runtime already requires (the standard
// library, and xxHash's header for save checksums).
//
// Included:
// - the world and the headers it is made of (entities, archetypes, columns,
//   queries, systems, the schedule, observers, command buffers, executors);
// - kiln/dump.hpp, a world as text;
// - kiln/save.hpp, save files: it needs only xxHash, compiled inline, so
//   it costs a game nothing at link time. (save_file and load_file are
//   POSIX.)
//
// Not included:
// - kiln/json.hpp, worlds as JSON: it needs nlohmann/json, which kiln treats
//   as optional (link kiln::json and include it yourself);
// - kiln/io/, the save and JSON code's parts (but io/save_error.hpp, the
//   errors they return): save.hpp and json.hpp are their entry points.
//
// Every header included here is exported (the IWYU pragmas below): for
// include-what-you-use, a file that includes kiln.hpp has included each of
// them, and is not told to include them one by one.
#pragma once

// IWYU pragma: begin_exports
#include <kiln/changes/change_filters.hpp>
#include <kiln/changes/change_tracking.hpp>
#include <kiln/config.hpp>
#include <kiln/core/executor.hpp>
#include <kiln/core/type_list.hpp>
#include <kiln/core/work_estimate.hpp>
#include <kiln/dump.hpp>
#include <kiln/entity/entity.hpp>
#include <kiln/entity/entity_table.hpp>
#include <kiln/entity/handle.hpp>
#include <kiln/entity/huge_pages.hpp>
#include <kiln/events/event.hpp>
#include <kiln/events/event_channel.hpp>
#include <kiln/events/observer_dispatch.hpp>
#include <kiln/fwd.hpp>
#include <kiln/hierarchy/hierarchy.hpp>
#include <kiln/hierarchy/hierarchy_order.hpp>
#include <kiln/hierarchy/hierarchy_sort.hpp>
#include <kiln/hierarchy/hierarchy_table.hpp>
#include <kiln/hierarchy/propagation.hpp>
#include <kiln/io/save_error.hpp>
#include <kiln/query/each_function.hpp>
#include <kiln/query/query.hpp>
#include <kiln/query/query_loop.hpp>
#include <kiln/query/row_loop.hpp>
#include <kiln/save.hpp>
#include <kiln/schedule/schedule.hpp>
#include <kiln/schema/component.hpp>
#include <kiln/schema/field_info.hpp>
#include <kiln/schema/reflect.hpp>
#include <kiln/storage/archetype.hpp>
#include <kiln/storage/archetype_dispatch.hpp>
#include <kiln/storage/archetype_storage.hpp>
#include <kiln/storage/archetype_table.hpp>
#include <kiln/storage/archetype_view.hpp>
#include <kiln/storage/change_ticks.hpp>
#include <kiln/storage/column.hpp>
#include <kiln/storage/column_memory.hpp>
#include <kiln/storage/transition.hpp>
#include <kiln/system/command_buffer.hpp>
#include <kiln/system/command_recorder.hpp>
#include <kiln/system/declared_systems.hpp>
#include <kiln/system/deferred_world.hpp>
#include <kiln/system/lookup.hpp>
#include <kiln/system/lookup_maker.hpp>
#include <kiln/system/recorded_change.hpp>
#include <kiln/system/system.hpp>
#include <kiln/system/system_commands.hpp>
#include <kiln/world.hpp>
#include <kiln/world/component_lookup.hpp>
#include <kiln/world/gather.hpp>
#include <kiln/world/moves_by_id.hpp>
#include <kiln/world/structural_moves.hpp>
#include <kiln/world/world_state.hpp>
// IWYU pragma: end_exports
