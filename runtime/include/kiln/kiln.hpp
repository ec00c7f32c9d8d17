// Everything kiln's runtime offers, in one include.
#pragma once

#include <kiln/archetype.hpp>
#include <kiln/archetype_storage.hpp>
#include <kiln/archetype_view.hpp>
#include <kiln/column.hpp>
#include <kiln/component.hpp>
#include <kiln/command_buffer.hpp>
#include <kiln/command_recorder.hpp>
#include <kiln/config.hpp>
#include <kiln/deferred_world.hpp>
#include <kiln/dump.hpp>
#include <kiln/entity.hpp>
#include <kiln/entity_table.hpp>
#include <kiln/executor.hpp>
#include <kiln/field_info.hpp>
#include <kiln/fwd.hpp>
#include <kiln/handle.hpp>
#include <kiln/query.hpp>
#include <kiln/reflect.hpp>
#include <kiln/system.hpp>
#include <kiln/system_commands.hpp>
#include <kiln/transition.hpp>
#include <kiln/type_list.hpp>
#include <kiln/world.hpp>
