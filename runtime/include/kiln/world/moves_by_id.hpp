// Moves by component id: a create, add, remove, replace or set that a file
// without the world's definition recorded as data, applied where the buffer is.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>

#include <kiln/core/type_list.hpp>
#include <kiln/entity/entity.hpp>
#include <kiln/entity/entity_table.hpp>
#include <kiln/events/observer_dispatch.hpp>
#include <kiln/schema/component.hpp>
#include <kiln/storage/archetype.hpp>
#include <kiln/storage/archetype_storage.hpp>
#include <kiln/storage/archetype_view.hpp>
#include <kiln/storage/change_ticks.hpp>
#include <kiln/storage/column.hpp>
#include <kiln/storage/move_plan.hpp>
#include <kiln/system/recorded_change.hpp>
#include <kiln/world/component_lookup.hpp>
#include <kiln/world/structural_moves.hpp>

namespace kiln::internal {

// Whether each of Components is tracked, by position (its id).
template <class... Components>
constexpr std::array<bool, sizeof...(Components)> tracked_of_each(type_list<Components...>) noexcept {
    return {tracked_v<Components>...};
}

// Each of Components' default_writer, by position (its id): made where a
// create recorded as data may be applied, and only there.
template <class... Components>
constexpr std::array<default_writer, sizeof...(Components)> default_writers_of_each(type_list<Components...>) noexcept {
    return {&write_default<Components>...};
}

// The default writers of Schema's components: the schema's own table where
// it declares one (component_defaults, defined in the unit that sees the
// components, where the schedule compiles apart: [kiln] schedule_unit,
// docs/schema.md), else made here.
template <class Schema>
const auto& default_writers_of() noexcept {
    if constexpr (requires { Schema::component_defaults; }) {
        return Schema::component_defaults;
    } else {
        static constexpr std::array writers = default_writers_of_each(typename Schema::components{});
        return writers;
    }
}

// A recorded_change applied to a world's state: what the move copies (the
// archetype the entity lands in, searched by its components' ids, and each
// column's source and size) is planned the first time the world makes it
// and kept in the state's move_plans (kiln/storage/move_plan.hpp); then the
// row moves column by column, as bytes. What the typed moves
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
        const auto& defaults = default_writers_of<typename state_type::schema_type>();
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
        const move_plan& plan =
            state.move_plans.find(archetypes, tracked.data(), from.archetype, change.lost, change.gained,
                                  [&state](std::uint32_t id) { return state.storages[id].layouts(); });
        switch (change.kind) {
        case change_kind::set:
            if (plan.holds_gained) {
                assign(state, from, plan, value);
                return;
            }
            break;
        case change_kind::add:
            if (plan.holds_gained) {
                structural_moves<World>::report_held(state, e, names[change.gained]);
            }
            break;
        case change_kind::remove:
        case change_kind::replace:
            if (!plan.holds_lost) {
                return;
            }
            break;
        }
        if (plan.to == archetypes.size()) [[unlikely]] {
            report_impossible(e, from.archetype, change, plan.holds_gained);
        }
        state.assert_not_iterating("apply");
        move(world, state, e, from, plan, value);
        dispatch::apply_commands(state);
    }

private:
    // Moves e's row at from to a new row of plan.to, the plan's copies from
    // from's row and from value; then as structural_moves::move_entity
    // does. The plan holds until the observers' commands are applied: the
    // observers told here only record them.
    static void move(World& world, state_type& state, entity e, entity_location from, const move_plan& plan,
                     const std::byte* value) {
        const std::uint32_t to = plan.to;
        dispatch::template notify<observer_event::leave>(world, state, e, from.archetype, from.row, to);
        archetype_storage& source = state.storages[from.archetype];
        archetype_storage& target = state.storages[to];
        const std::uint32_t row = target.grow_by(1);
        target.entity_at(row) = e;
        // The plan's fields in locals: the copies write bytes, which may
        // alias anything, and would have them read again after each.
        std::byte* const* const from_columns = source.columns();
        std::byte* const* const to_columns = target.columns();
        const column_copy* const copies = plan.copies.data();
        const std::size_t carried = plan.carried;
        const std::size_t count = plan.copies.size();
        for (std::size_t i = 0; i < carried; ++i) {
            const column_copy copy = copies[i];
            copy_element(to_columns[copy.column] + row * copy.size, from_columns[copy.source] + from.row * copy.size,
                         copy.size);
        }
        for (std::size_t i = carried; i < count; ++i) {
            const column_copy copy = copies[i];
            copy_element(to_columns[copy.column] + row * copy.size, value + copy.source, copy.size);
        }
        if constexpr (state_type::tracks_changes) {
            carry_ticks(state, plan, from_columns, from.row, to_columns, row);
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

    // carry_ticks (kiln/storage/change_ticks.hpp) by the plan: a tracked
    // component's ticks go along with it; the one gained is stamped now.
    static void carry_ticks(const state_type& state, const move_plan& plan, std::byte* const* from_columns,
                            std::size_t from_row, std::byte* const* to_columns, std::size_t to_row) noexcept {
        for (const tick_copy ticks : plan.ticks) {
            const tick_columns target = tick_columns_at(to_columns, ticks.column);
            if (ticks.source != stamped_now) {
                const tick_columns source = tick_columns_at(from_columns, ticks.source);
                target.added[to_row] = source.added[from_row];
                set_moved_tick(target, to_row, to_row + 1, changed_tick(source, from_row));
            } else {
                target.added[to_row] = state.clock.now;
                set_moved_tick(target, to_row, to_row + 1, state.clock.now);
            }
        }
    }

    // set of a component e holds: its columns overwritten in place (the
    // plan's copies, all from value), and the row marked as changed when it
    // is tracked (the plan's one tick), as a writable get marks it.
    static void assign(state_type& state, entity_location where, const move_plan& plan, const std::byte* value) {
        std::byte* const* const columns = state.storages[where.archetype].columns();
        for (const column_copy copy : plan.copies) {
            std::memcpy(columns[copy.column] + where.row * copy.size, value + copy.source, copy.size);
        }
        if constexpr (state_type::tracks_changes) {
            for (const tick_copy ticks : plan.ticks) {
                lookup::mark_changed(state, columns, ticks.column, where.row);
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

    // No declared archetype holds what e would hold: the typed moves' messages.
    [[noreturn, gnu::cold, gnu::noinline]] static void report_impossible(entity e, std::uint32_t from,
                                                                        const recorded_change& change,
                                                                        bool holds_gained) {
        using moves = structural_moves<World>;
        if (change.kind == change_kind::replace) {
            moves::report_impossible_replace(e, from, names[change.lost], names[change.gained], holds_gained);
        }
        const bool gain = change.kind != change_kind::remove;
        moves::report_impossible_move(e, from, names[gain ? change.gained : change.lost], gain);
    }
};

} // namespace kiln::internal
