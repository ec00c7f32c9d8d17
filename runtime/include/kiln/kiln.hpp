// Everything kiln's runtime offers, in one include: every header directly
// under kiln/ but json.hpp, needing nothing beyond what kiln::runtime already
// requires (the standard library, and xxHash's header for save checksums).
//
// Included:
// - the world and the headers it is made of (entities, archetypes, columns,
//   queries, systems, the schedule, observers, command buffers, executors);
// - kiln/dump.hpp, a world as text;
// - kiln/snapshot.hpp, save files: it needs only xxHash, compiled inline, so
//   it costs a game nothing at link time. (save_file and load_file are
//   POSIX.)
//
// Not included:
// - kiln/json.hpp, worlds as JSON: it needs nlohmann/json, which kiln treats
//   as optional (link kiln::json and include it yourself);
// - kiln/io/, the save and JSON code's parts: snapshot.hpp and json.hpp are
//   their entry points.
#pragma once

#include <kiln/archetype.hpp>
#include <kiln/archetype_dispatch.hpp>
#include <kiln/archetype_storage.hpp>
#include <kiln/archetype_view.hpp>
#include <kiln/column.hpp>
#include <kiln/command_buffer.hpp>
#include <kiln/command_recorder.hpp>
#include <kiln/component.hpp>
#include <kiln/component_lookup.hpp>
#include <kiln/config.hpp>
#include <kiln/deferred_world.hpp>
#include <kiln/dump.hpp>
#include <kiln/each_function.hpp>
#include <kiln/entity.hpp>
#include <kiln/entity_table.hpp>
#include <kiln/event.hpp>
#include <kiln/event_channel.hpp>
#include <kiln/executor.hpp>
#include <kiln/field_info.hpp>
#include <kiln/fwd.hpp>
#include <kiln/gather.hpp>
#include <kiln/handle.hpp>
#include <kiln/hierarchy.hpp>
#include <kiln/hierarchy_order.hpp>
#include <kiln/hierarchy_sort.hpp>
#include <kiln/hierarchy_table.hpp>
#include <kiln/observer_dispatch.hpp>
#include <kiln/propagation.hpp>
#include <kiln/query.hpp>
#include <kiln/query_loop.hpp>
#include <kiln/reflect.hpp>
#include <kiln/row_loop.hpp>
#include <kiln/schedule.hpp>
#include <kiln/snapshot.hpp>
#include <kiln/snapshot_error.hpp>
#include <kiln/structural_moves.hpp>
#include <kiln/system.hpp>
#include <kiln/system_commands.hpp>
#include <kiln/transition.hpp>
#include <kiln/type_list.hpp>
#include <kiln/world.hpp>
