// Component lookup: one entity's component found through its slot in the
// entity table (get, try_get) or through a handle, and the messages when the
// entity is dead, moved, or lacks the component.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string_view>
#include <type_traits>

#include <kiln/config.hpp>
#include <kiln/core/type_list.hpp>
#include <kiln/entity/entity.hpp>
#include <kiln/entity/entity_table.hpp>
#include <kiln/entity/handle.hpp>
#include <kiln/schema/component.hpp>
#include <kiln/storage/archetype.hpp>
#include <kiln/storage/archetype_dispatch.hpp>
#include <kiln/storage/archetype_view.hpp>
#include <kiln/storage/change_ticks.hpp>
#include <kiln/storage/column.hpp>

namespace kiln::internal {

// State is the world's state (kiln/world/world_state.hpp): a lookup reads its
// entity table and columns, and stamps a tracked row with its clock.
template <class State>
struct component_lookup {
    // Component C of e (C may be const) in world (World, or const World), as
    // reference_t<C>; deduced, so that a C that is no component meets the
    // static_asserts below instead of a failed substitution.
    // When a static_assert fails, the lookup is not compiled (and returns
    // nothing), so that the assertion is the only error.
    template <class C, class W>
    static decltype(auto) get(W& state, entity e) {
        using value_type = std::remove_const_t<C>;
        if constexpr (!component<value_type>) {
            static_assert(component<value_type>, "kiln::world::get<C>: C must be a component declared in a schema");
        } else if constexpr (archetypes_with_t<value_type>::size == 0) {
            static_assert(archetypes_with_t<value_type>::size > 0,
                          "kiln::world::get<C>: no archetype of this world holds C; add it to one in the schema");
        } else {
            return found<C>(state, e);
        }
    }

    // Up to this many archetypes holding a component, a lookup by entity
    // branches on each of them (found_by_branch); past it, it reads a table
    // by archetype id (found_by_table), which compiles in the same time
    // whatever the count: a branch per archetype compiled a view and a
    // cursor for each, half a minute for a component that a thousand
    // archetypes hold (docs/compile_time.md).
    static constexpr std::size_t branch_limit = 16;

    // Whether e is alive and its archetype holds C.
    template <class C>
    static bool has(const State& state, entity e) noexcept {
        if constexpr (archetypes_with_t<C>::size <= branch_limit) {
            return visit_place(archetypes_with_t<C>{}, state.entities, state.entities.find_place(e),
                               []<class>(std::uint32_t) {});
        } else {
            constexpr auto& firsts = first_columns_by_id<C, State::archetypes::size>;
            const std::uint32_t id = state.entities.find(e).archetype;
            return id < firsts.size() && firsts[id] != no_column;
        }
    }

    // Component C of e (C may be const) in world, as get has checked it may.
    template <class C, class W>
    static decltype(auto) found(W& state, entity e) {
        if constexpr (archetypes_with_t<std::remove_const_t<C>>::size <= branch_limit) {
            return found_by_branch<C>(state, e);
        } else {
            return found_by_table<C>(state, e);
        }
    }

    // Marks row of A as changed now when C is tracked: a writable reference
    // to it was handed out, and is taken to be written through, as a
    // writable each takes every row it visits (docs/changes.md). Nothing for
    // a component that is not tracked.
    template <class C, class A, class W>
    static void mark_handed_out([[maybe_unused]] W& state, [[maybe_unused]] std::uint32_t row) noexcept {
        if constexpr (tracked_v<C>) {
            mark_changed(state, state.template view_of<A>().storage().columns(),
                         first_tick_column<C>(typename A::components{}), row);
        }
    }

    // Component C of e, or nothing: a pointer for packed and tag components
    // (null when absent), a std::optional of C::ref for split ones.
    template <class C, class W>
    static auto try_get(W& state, entity e) {
        using value_type = std::remove_const_t<C>;
        if constexpr (layout_of<value_type> == layout::split) {
            using result = std::optional<reference_t<C>>;
            return has<value_type>(state, e) ? result{get<C>(state, e)} : result{};
        } else {
            return has<value_type>(state, e) ? &get<C>(state, e) : nullptr;
        }
    }

    // The row of h's entity. Stops the program with a message unless h names
    // a live entity of A.
    template <class A>
    static std::uint32_t checked_row(const State& state, handle<A> h, const char* operation) noexcept {
        const entity_location where = state.entities.find(h);
        if (where.archetype != A::id) [[unlikely]] {
            report_failed_handle(state, h, operation);
        }
        return where.row;
    }

    // Stamps row of the tick columns that start at first_tick with the
    // world's tick, and its chunk's newest tick: what a writable get does to
    // a tracked component's row, and a set recorded as data.
    static void mark_changed(State& state, std::byte* const* columns, std::uint32_t first_tick,
                             std::uint32_t row) noexcept {
        const tick_columns ticks = tick_columns_at(columns, first_tick);
        ticks.changed[row] = state.clock.now;
        change_tick& chunk_max = ticks.chunk_max[row / tick_chunk_rows];
        chunk_max = newest(chunk_max, state.clock.now);
    }

private:
    // found, with a branch per archetype holding C.
    template <class C, class W>
    static decltype(auto) found_by_branch(W& state, entity e) {
        using value_type = std::remove_const_t<C>;
        constexpr bool read_only = std::is_const_v<C> || std::is_const_v<W>;
        using access = std::conditional_t<read_only, const value_type, value_type>;
        // One read of e's slot, then a branch per archetype holding C: each
        // branch finds its columns at a fixed place in the world, so the row's
        // address waits for the slot alone, not for loads indexed by it. The
        // cursor starts as the first such archetype's, read whatever e's
        // archetype: a loop of lookups then keeps those column addresses in
        // registers instead of reading them again in the branch, every time
        // (bench/ get: a tenth of each lookup, in 10,000 entities).
        const std::uint32_t place = state.entities.find_place(e);
        cursor_t<value_type, read_only> cursor =
            cursor_of<access>(state.template view_of<front_t<archetypes_with_t<value_type>>>());
        std::uint32_t row = 0;
        if (!visit_place(archetypes_with_t<value_type>{}, state.entities, place,
                         [&]<class A>(std::uint32_t row_in_a) {
                             cursor = cursor_of<access>(state.template view_of<A>());
                             row = row_in_a;
                             if constexpr (!read_only) {
                                 mark_handed_out<value_type, A>(state, row_in_a);
                             }
                         })) [[unlikely]] {
            report_failed_get<value_type>(state, e.to_bits());
        }
        return cursor[row];
    }

    // found, through the tables of where C's columns start by archetype id.
    template <class C, class W>
    static decltype(auto) found_by_table(W& state, entity e) {
        using value_type = std::remove_const_t<C>;
        constexpr bool read_only = std::is_const_v<C> || std::is_const_v<W>;
        constexpr auto& firsts = first_columns_by_id<value_type, State::archetypes::size>;
        const entity_location where = state.entities.find(e);
        if (where.archetype >= firsts.size() || firsts[where.archetype] == no_column) [[unlikely]] {
            report_failed_get<value_type>(state, e.to_bits());
        }
        auto& rows = state.storages[where.archetype];
        if constexpr (!read_only && tracked_v<value_type>) {
            mark_changed(state, rows.columns(),
                         first_tick_columns_by_id<value_type, State::archetypes::size>[where.archetype], where.row);
        }
        return make_cursor<value_type, read_only>(rows.columns() + firsts[where.archetype])[where.row];
    }

    // Why h no longer names a live entity of A: it died, or it moved.
    template <class A>
    [[noreturn, gnu::cold, gnu::noinline]] static void report_failed_handle(const State& state, handle<A> h,
                                                                            const char* operation) noexcept {
        KILN_CHECK(state.entities.alive(h), "world::%s: handle<%.*s> names entity %u:%u, which is not alive", operation,
                   static_cast<int>(A::name.size()), A::name.data(), h.get().index(), h.get().generation());
        const std::string_view archetype = State::archetype_name_of(state.entities.location(h).archetype);
        KILN_CHECK(false, "world::%s: handle<%.*s> names entity %u:%u, which moved to archetype %.*s", operation,
                   static_cast<int>(A::name.size()), A::name.data(), h.get().index(), h.get().generation(),
                   static_cast<int>(archetype.size()), archetype.data());
        std::abort();
    }

    // Why get<C>(e) found nothing: e is not alive, or its archetype has no C.
    // Takes e as the one word get read it as: given its halves, get kept
    // copies of both in registers for this call, two instructions a lookup.
    template <class C>
    [[noreturn, gnu::cold, gnu::noinline]] static void report_failed_get(const State& state,
                                                                         std::uint64_t entity_bits) noexcept {
        const entity e = entity::from_bits(entity_bits);
        constexpr std::string_view name = component_traits<C>::name;
        KILN_CHECK(state.entities.alive(e), "world::get<%.*s>: entity %u:%u is not alive",
                   static_cast<int>(name.size()), name.data(), e.index(), e.generation());
        const std::string_view archetype = State::archetype_name_of(state.entities.location(e).archetype);
        KILN_CHECK(false, "world::get<%.*s>: entity %u:%u lives in archetype %.*s, which has no %.*s",
                   static_cast<int>(name.size()), name.data(), e.index(), e.generation(),
                   static_cast<int>(archetype.size()), archetype.data(), static_cast<int>(name.size()), name.data());
        std::abort();
    }
};

} // namespace kiln::internal
