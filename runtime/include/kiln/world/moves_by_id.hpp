// Moves by component id: a create, add, remove, replace or set that a file
// without the world's definition recorded as data, applied where the buffer is.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <span>
#include <string_view>

#include <kiln/config.hpp>
#include <kiln/core/type_list.hpp>
#include <kiln/entity/entity.hpp>
#include <kiln/entity/entity_table.hpp>
#include <kiln/events/observer_dispatch.hpp>
#include <kiln/schema/component.hpp>
#include <kiln/storage/archetype.hpp>
#include <kiln/storage/archetype_storage.hpp>
#include <kiln/storage/change_ticks.hpp>
#include <kiln/storage/column.hpp>
#include <kiln/storage/transition.hpp>
#include <kiln/system/recorded_change.hpp>
#include <kiln/world/component_lookup.hpp>
#include <kiln/world/structural_moves.hpp>

namespace kiln::internal {

template <class... Archetypes>
constexpr const auto& columns_of_list(type_list<Archetypes...>) noexcept {
    return columns_of_each<Archetypes...>;
}

// Whether each of Components is tracked, and its name, by position (its id).
template <class... Components>
constexpr std::array<bool, sizeof...(Components)> tracked_of_each(type_list<Components...>) noexcept {
    return {tracked_v<Components>...};
}

template <class... Components>
constexpr std::array<std::string_view, sizeof...(Components)> names_of_each(type_list<Components...>) noexcept {
    return {component_traits<Components>::name...};
}

// Writes C's default value into row of its columns.
using default_writer = void (*)(std::byte* const* columns, std::size_t row) noexcept;

template <class C>
void write_default(std::byte* const* columns, std::size_t row) noexcept {
    write_component(columns, row, C{});
}

// Each of Components' default_writer, by position (its id): made where a
// create recorded as data may be applied, and only there.
template <class... Components>
constexpr std::array<default_writer, sizeof...(Components)> default_writers_of_each(type_list<Components...>) noexcept {
    return {&write_default<Components>...};
}

// A recorded_change applied to a world's state: the archetype the entity
// lands in is searched by its components' ids (transition_by_id, through the
// state's cache), and its row moves column by column, as bytes, each
// column's size read from the archetypes' layouts. What the typed moves
// (structural_moves) compile per pair of archetypes and per component, this
// compiles once per world: a file of system bodies records its commands
// without compiling the world's code (kiln/system/command_buffer.hpp). The
// change does what world.add, remove, replace and set do, with their checks
// and messages; observers are told, and change ticks kept, alike.
template <class World>
struct moves_by_id {
    using state_type = typename World::state_type;
    using tracking = change_tracking<World>;
    using dispatch = observer_dispatch<World, tracking>;
    using lookup = component_lookup<state_type>;
    using components = typename state_type::schema_type::components;

private:
    // Each archetype's components as numbers, by id; each component's
    // name and whether it is tracked, by id.
    static constexpr auto& archetypes = columns_of_list(typename state_type::archetypes{});
    static constexpr std::array tracked = tracked_of_each(components{});
    static constexpr std::array names = names_of_each(components{});

public:
    // A create recorded as data: the reserved entity placed in a new row of
    // its archetype, whose components are written with their defaults, then
    // with the values given (each a recorded_value and its bytes, from
    // given); as structural_moves::create_reserved, stamped as new and
    // observers told.
    static void create(World& world, state_type& state, const recorded_create& create, const std::byte* given) {
        state.assert_not_iterating("create");
        static constexpr std::array defaults = default_writers_of_each(components{});
        archetype_storage& rows = state.storages[create.archetype];
        const archetype_columns& held = archetypes[create.archetype];
        const auto row = static_cast<std::uint32_t>(rows.size());
        state.entities.place(create.target, {create.archetype, row});
        static_cast<void>(rows.grow_by(1));
        rows.entity_at(row) = create.target;
        std::byte* const* const columns = rows.columns();
        for (std::uint32_t i = 0; i < held.count; ++i) {
            defaults[held.ids[i]](columns + held.firsts[i], row);
        }
        for (std::uint32_t i = 0; i < create.given; ++i) {
            recorded_value value;
            std::memcpy(&value, given, sizeof value);
            write_bytes(rows, held, value.component, row, given + recorded_value_bytes);
            given += recorded_value_extent(value.size);
        }
        if constexpr (state_type::tracks_changes) {
            std::uint32_t first = held.firsts[held.count];
            for (std::uint32_t i = 0; i < held.count; ++i) {
                if (tracked[held.ids[i]]) {
                    stamp_new_ticks(tick_columns_at(columns, first), row, row + 1, state.clock.now);
                    first += static_cast<std::uint32_t>(tick_columns_per_component);
                }
            }
        }
        dispatch::template notify<observer_event::enter>(world, state, create.target, create.archetype, row);
        dispatch::apply_commands(state);
    }

    static void apply(World& world, state_type& state, const recorded_change& change, const std::byte* value) {
        state.settle(); // e's row leaves by swap and pop, which needs its archetype dense
        const entity e = change.target;
        const entity_location from = state.entities.find(e);
        if (from.archetype >= archetypes.size()) {
            return; // dead: each kind of change is skipped then
        }
        const archetype_columns& held = archetypes[from.archetype];
        switch (change.kind) {
        case change_kind::set:
            if (held.holds(change.gained)) {
                assign(state, from, change.gained, value);
                return;
            }
            break;
        case change_kind::add:
            if (held.holds(change.gained)) {
                report_held(state, e, change.gained);
            }
            break;
        case change_kind::remove:
        case change_kind::replace:
            if (!held.holds(change.lost)) {
                return;
            }
            break;
        }
        const std::uint32_t to = state.transitions_by_id.find(archetypes, from.archetype, change.lost, change.gained);
        if (to == archetypes.size()) [[unlikely]] {
            report_impossible(e, from.archetype, change);
        }
        state.assert_not_iterating("apply");
        move(world, state, e, from, to, value);
        dispatch::apply_commands(state);
    }

private:
    // Where the ticks of the component at position of archetype start:
    // after the components' columns, in the order of the tracked ones.
    static std::uint32_t first_tick_of(const archetype_columns& archetype, std::uint32_t position) noexcept {
        std::uint32_t first = archetype.firsts[archetype.count];
        for (std::uint32_t i = 0; i < position; ++i) {
            first += tracked[archetype.ids[i]] ? static_cast<std::uint32_t>(tick_columns_per_component) : 0;
        }
        return first;
    }

    // Moves e's row at from to a new row of archetype to: each column of to
    // copied from from's column of the same component, or, for the one
    // component to holds and from does not, from value (write_value_bytes's
    // layout); then as structural_moves::move_entity does.
    static void move(World& world, state_type& state, entity e, entity_location from, std::uint32_t to,
                     const std::byte* value) {
        dispatch::template notify<observer_event::leave>(world, state, e, from.archetype, from.row, to);
        archetype_storage& source = state.storages[from.archetype];
        archetype_storage& target = state.storages[to];
        const std::uint32_t row = target.grow_by(1);
        target.entity_at(row) = e;
        const archetype_columns& in = archetypes[from.archetype];
        const archetype_columns& out = archetypes[to];
        std::byte* const* const from_columns = source.columns();
        std::byte* const* const to_columns = target.columns();
        const column_layout* const layouts = target.layouts().data();
        std::size_t value_end = 0;
        for (std::uint32_t i = 0; i < out.count; ++i) {
            const std::uint32_t position = in.position_of(out.ids[i]);
            const std::uint32_t first = out.firsts[i];
            for (std::uint32_t column = first; column < out.firsts[i + 1]; ++column) {
                const std::size_t size = layouts[column].size;
                const std::byte* element = nullptr;
                if (position < in.count) {
                    element = from_columns[in.firsts[position] + (column - first)] + from.row * size;
                } else {
                    value_end = column_start(value_end, layouts[column]);
                    element = value + value_end;
                    value_end += size;
                }
                std::memcpy(to_columns[column] + row * size, element, size);
            }
        }
        if constexpr (state_type::tracks_changes) {
            carry_ticks(state, in, from_columns, from.row, out, to_columns, row);
        }
        // The last row fills e's as bytes (copy_row_as_bytes), not through
        // the archetype's typed view: no function is compiled per archetype.
        const std::uint32_t first_tick = state.storages.first_tick_column(from.archetype);
        const entity moved = source.swap_remove(from.row, [&](std::byte* const* columns, std::size_t hole,
                                                              std::size_t last) {
            copy_row_as_bytes(source.layouts(), first_tick, columns, hole, last);
        });
        if (!moved.is_null()) {
            state.entities.refill(moved, {from.archetype, from.row});
        }
        // Even with no entity linked (structural_moves::move_entity says why).
        state.hierarchy.rows_moved();
        state.entities.refill(e, {to, row});
        dispatch::template notify<observer_event::enter>(world, state, e, to, row, from.archetype);
    }

    // carry_ticks (kiln/storage/change_ticks.hpp) by ids: a tracked
    // component's ticks go along with it; one gained is stamped now.
    static void carry_ticks(const state_type& state, const archetype_columns& in, std::byte* const* from_columns,
                            std::size_t from_row, const archetype_columns& out, std::byte* const* to_columns,
                            std::size_t to_row) noexcept {
        std::uint32_t first = out.firsts[out.count];
        for (std::uint32_t i = 0; i < out.count; ++i) {
            if (!tracked[out.ids[i]]) {
                continue;
            }
            const tick_columns target = tick_columns_at(to_columns, first);
            first += static_cast<std::uint32_t>(tick_columns_per_component);
            const std::uint32_t position = in.position_of(out.ids[i]);
            if (position < in.count) {
                const tick_columns source = tick_columns_at(from_columns, first_tick_of(in, position));
                target.added[to_row] = source.added[from_row];
                set_moved_tick(target, to_row, to_row + 1, changed_tick(source, from_row));
            } else {
                target.added[to_row] = state.clock.now;
                set_moved_tick(target, to_row, to_row + 1, state.clock.now);
            }
        }
    }

    // set of a component e holds: its columns overwritten in place, and the
    // row marked as changed when it is tracked, as a writable get marks it.
    static void assign(state_type& state, entity_location where, std::uint32_t component, const std::byte* value) {
        archetype_storage& rows = state.storages[where.archetype];
        const archetype_columns& held = archetypes[where.archetype];
        write_bytes(rows, held, component, where.row, value);
        if constexpr (state_type::tracks_changes) {
            if (tracked[component]) {
                lookup::mark_changed(state, rows.columns(), first_tick_of(held, held.position_of(component)),
                                     where.row);
            }
        }
    }

    // Writes value, component's bytes as write_value_bytes lays them out,
    // into row of its columns in rows, an archetype that holds component.
    static void write_bytes(archetype_storage& rows, const archetype_columns& held, std::uint32_t component,
                            std::uint32_t row, const std::byte* value) noexcept {
        const std::uint32_t position = held.position_of(component);
        const column_layout* const layouts = rows.layouts().data();
        std::size_t value_end = 0;
        for (std::uint32_t column = held.firsts[position]; column < held.firsts[position + 1]; ++column) {
            const std::size_t size = layouts[column].size;
            value_end = column_start(value_end, layouts[column]);
            std::memcpy(rows.columns()[column] + row * size, value + value_end, size);
            value_end += size;
        }
    }

    // add of a component e holds (structural_moves::report_held's message).
    [[noreturn, gnu::cold, gnu::noinline]] static void report_held(const state_type& state, entity e,
                                                                  std::uint32_t component) {
        const std::string_view name = names[component];
        const std::string_view from = state_type::archetype_name_of(state.entities.location(e).archetype);
        const int size = static_cast<int>(name.size());
        KILN_CHECK(false,
                   "world::add<%.*s>: entity %u:%u of archetype %.*s already has %.*s; world.set<%.*s>(e, value) "
                   "replaces its value (world.has<%.*s>(e) tells whether it is there)",
                   size, name.data(), e.index(), e.generation(), static_cast<int>(from.size()), from.data(), size,
                   name.data(), size, name.data(), size, name.data());
        std::abort();
    }

    // No declared archetype holds what e would hold: the typed moves' messages.
    [[noreturn, gnu::cold, gnu::noinline]] static void report_impossible(entity e, std::uint32_t from,
                                                                        const recorded_change& change) {
        using moves = structural_moves<World>;
        if (change.kind == change_kind::replace) {
            moves::report_impossible_replace(e, from, names[change.lost], names[change.gained],
                                             archetypes[from].holds(change.gained));
        }
        const bool gain = change.kind != change_kind::remove;
        moves::report_impossible_move(e, from, names[gain ? change.gained : change.lost], gain);
    }
};

} // namespace kiln::internal
