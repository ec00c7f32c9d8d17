// Change tracking in a world: stamping new rows, marking the rows a writable
// loop visits, and the loops of each() with a changed<C> or added<C> filter.
// The ticks themselves are in kiln/storage/change_ticks.hpp; docs/changes.md says
// what counts as a change.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <kiln/changes/change_filters.hpp>
#include <kiln/core/type_list.hpp>
#include <kiln/entity/entity.hpp>
#include <kiln/query/query.hpp>
#include <kiln/query/row_loop.hpp>
#include <kiln/schema/component.hpp>
#include <kiln/storage/archetype.hpp>
#include <kiln/storage/archetype_storage.hpp>
#include <kiln/storage/change_ticks.hpp>
#include <kiln/storage/column.hpp>
#include <kiln/system/declared_systems.hpp>

namespace kiln::internal {

// The components among Access that a loop writes and the schema tracks.
template <class... Access>
using tracked_writes_t = typename concat<std::conditional_t<
    !std::is_const_v<Access> && tracked_v<std::remove_const_t<Access>>, type_list<Access>, type_list<>>...>::type;

// The archetypes a query's targets come from, in the targets' order.
template <class Query>
struct archetypes_of_query;

template <class... Access, class... With, class... Without>
struct archetypes_of_query<query<type_list<Access...>, type_list<With...>, type_list<Without...>>> {
    using matching = query<type_list<Access...>, type_list<With...>, type_list<Without...>>;
    template <class... Candidates>
    static auto keep(type_list<Candidates...>) ->
        typename concat<std::conditional_t<matches_v<Candidates, typename matching::required, type_list<Without...>>,
                                           type_list<Candidates>, type_list<>>...>::type;
    using type = decltype(keep(typename matching::candidates{}));
};

template <class... Archetypes, class Access>
struct archetypes_of_query<matched_query<type_list<Archetypes...>, Access>> {
    using type = type_list<Archetypes...>;
};

template <class A, class... Written>
constexpr std::array<std::uint32_t, sizeof...(Written)> tick_columns_in(type_list<Written...>) {
    return {first_tick_column<std::remove_const_t<Written>>(typename A::components{})...};
}

// Where the ticks of each of Written start, in each of Archetypes (in order):
// what marks the rows of a query's targets as written.
template <class Written, class Archetypes>
struct written_tick_columns;

template <class Written, class... Archetypes>
struct written_tick_columns<Written, type_list<Archetypes...>> {
    static constexpr std::array<std::array<std::uint32_t, Written::size>, sizeof...(Archetypes)> firsts{
        tick_columns_in<Archetypes>(Written{})...};
};

// Marks rows [begin, end) of an archetype of size rows, in the columns
// whose ticks start at firsts, as changed at tick.
template <std::size_t Count>
void mark_rows(std::byte* const* columns, const std::array<std::uint32_t, Count>& firsts, std::size_t begin,
               std::size_t end, std::size_t size, change_tick tick) noexcept {
    for (const std::uint32_t first : firsts) {
        mark_written_rows(tick_columns_at(columns, first), begin, end, size, tick);
    }
}

// Marks row as written at tick in each of the tick columns at firsts.
template <std::size_t Count>
void mark_row(std::byte* const* columns, const std::array<std::uint32_t, Count>& firsts, std::size_t row,
              change_tick tick) noexcept {
    for (const std::uint32_t first : firsts) {
        const tick_columns ticks = tick_columns_at(columns, first);
        ticks.changed[row] = tick;
        change_tick& chunk_max = ticks.chunk_max[row / tick_chunk_rows];
        chunk_max = newest(chunk_max, tick);
    }
}

// Change tracking takes the world's state (kiln/world/world_state.hpp): its
// storages' tick columns, its clock, and for a filtered loop, its loop depth
// and command buffer. World is the basic_world that owns it.
template <class World>
struct change_tracking {
    using state_type = typename World::state_type;

    // Whether system S declares changed = [...] or added = [...].
    template <class S>
    static constexpr bool filtered_system_v = system_filter<S>::present;

    // Stamps rows [begin, end) of archetype A, just created, as added now.
    template <class A>
    static void stamp_new(state_type& state, std::size_t begin, std::size_t end) noexcept {
        if constexpr (state_type::tracks_changes) {
            stamp_new_rows(typename A::components{}, state.template view_of<A>().storage().columns(), begin, end,
                           state.clock.now);
        }
    }

    // Stamps every row of every archetype as added now: what a load does.
    static void stamp_all(state_type& state) noexcept {
        if constexpr (state_type::tracks_changes) {
            stamp_all_of(state, typename state_type::archetypes{});
        }
    }
    // The same for a whole world: what a load does (kiln/save.hpp).
    static void stamp_all(World& world) noexcept { stamp_all(world_state_of(world)); }

    // Marks every row of the index-th target of Query, which a loop with
    // Access just visited, as changed at tick, in the tracked components it
    // writes: every row visited counts as written, whether or not the loop
    // stored a new value, and as the loop visited them all, each chunk is
    // stamped as a whole.
    template <class Query, class... Access>
    static void mark_target(std::size_t index, archetype_storage& rows, change_tick tick) noexcept {
        using written = tracked_writes_t<Access...>;
        if constexpr (state_type::tracks_changes && written::size > 0) {
            using archetypes = typename archetypes_of_query<Query>::type;
            mark_rows(rows.columns(), written_tick_columns<written, archetypes>::firsts[index], 0, rows.size(),
                      rows.size(), tick);
        }
    }

    // The same for a system: rows it ran on are written at its run's tick.
    // A system with a changed or added filter ran only on the rows that
    // pass it, and marks only those.
    template <class S, class... Access>
    static void mark_system_target(state_type& state, type_list<Access...>, std::size_t index,
                                   archetype_storage& rows) noexcept {
        using written = tracked_writes_t<Access...>;
        if constexpr (state_type::tracks_changes && written::size > 0) {
            const change_tick tick = state.clock.runs[index_of_v<S, typename state_type::systems>];
            if constexpr (system_filter<S>::present) {
                using archetypes = typename archetypes_of_query<query_of<S>>::type;
                constexpr auto& firsts = written_tick_columns<written, archetypes>::firsts;
                const auto mark = [&](std::size_t begin, std::size_t end) {
                    mark_rows(rows.columns(), firsts[index], begin, end, rows.size(), tick);
                };
                const auto nothing = [] {};
                system_rows<S>(state, rows, index).each(nothing, mark, 0, rows.size());
            } else {
                mark_target<query_of<S>, Access...>(index, rows, tick);
            }
        }
    }

    // The same for an observer, which ran on one row, now.
    template <class O>
    static void mark_observed(state_type& state, archetype_storage& rows, std::size_t index, std::size_t row) noexcept {
        using written = decltype(tracked_writes_in(typename O::access{}));
        if constexpr (state_type::tracks_changes && written::size > 0) {
            using archetypes = typename archetypes_of_query<query_of<O>>::type;
            mark_row(rows.columns(), written_tick_columns<written, archetypes>::firsts[index], row, state.clock.now);
        }
    }

    // The rows of the index-th target of S (a system, or an observer on
    // change) that its filter lets through: those changed (or added) after
    // since.
    template <class S>
    static auto filtered_rows(archetype_storage& rows, std::size_t index, change_tick since) noexcept {
        using filter = system_filter<S>;
        static_assert(all_tracked(typename filter::components{}),
                      "kiln: system S filters on changed or added C, and the schema does not track C; add "
                      "kiln = { track = true } to [component.C] (docs/changes.md)");
        using archetypes = typename archetypes_of_query<query_of<S>>::type;
        return filter_rows(rows.columns(), written_tick_columns<typename filter::components, archetypes>::firsts[index],
                           filter::added, since);
    }

    // Those of system S: changed (or added) since S last ran.
    template <class S>
    static auto system_rows(state_type& state, archetype_storage& rows, std::size_t index) noexcept {
        return filtered_rows<S>(rows, index, state.clock.since[index_of_v<S, typename state_type::systems>]);
    }

    // Gives each of Systems, about to run together, its tick: the next one
    // of the clock, in schedule order, so that both executors stamp alike.
    template <class... Systems>
    static void start_runs(state_type& state, type_list<Systems...>) noexcept {
        if constexpr (state_type::tracks_changes) {
            internal::in_order(
                {(state.clock.since[index_of_v<Systems, typename state_type::systems>] =
                      state.clock.runs[index_of_v<Systems, typename state_type::systems>],
                  state.clock.runs[index_of_v<Systems, typename state_type::systems>] = ++state.clock.now, 0)...});
        }
    }

    // Moves the clock count ticks on, as count calls of world.advance_tick()
    // would: for tests of a world that has run for days.
    static void advance_clock(World& world, change_tick count) noexcept {
        state_type& state = world_state_of(world);
        if constexpr (state_type::tracks_changes) {
            while (count > 0) {
                const change_tick step = std::min(count, tick_check_interval);
                state.clock.now += step;
                count -= step;
                check_ticks(state);
            }
        }
    }

    // After a stage's systems ran: what happens next is newer than all of them.
    static void end_runs(state_type& state) noexcept {
        if constexpr (state_type::tracks_changes) {
            ++state.clock.now;
            check_ticks(state);
        }
    }

    // Raises the world's ticks older than max_change_age when
    // tick_check_interval ticks passed since it last did: one comparison,
    // where the clock advances outside systems (after a stage's systems and
    // its observers, and in advance_tick), never while a system runs.
    static void check_ticks(state_type& state) noexcept {
        if (state.clock.now - state.clock.checked >= tick_check_interval) [[unlikely]] {
            raise_old_ticks_of(state);
        }
    }

    // Starts the run of observer on change O: it gets the clock's next tick,
    // which stamps its writes, and the tick of its run before, which its
    // filter looks past. Returns the latter.
    template <class O>
    static change_tick start_observing(state_type& state) noexcept {
        change_tick& run = state.clock.observed[index_of_v<O, typename state_type::observers>];
        const change_tick before = run;
        run = ++state.clock.now;
        return before;
    }

    // world.each<Access...>(filter, [with,] [without,] function) with a
    // changed or added filter.
    template <class... Access, class Filter, class Function>
    static void each(state_type& state, Filter filter, Function&& function) {
        filtered_each<Access...>(state, filter, type_list<>{}, type_list<>{}, function);
    }
    template <class... Access, class Filter, class... With, class Function>
    static void each(state_type& state, Filter filter, with_t<With...>, Function&& function) {
        filtered_each<Access...>(state, filter, type_list<With...>{}, type_list<>{}, function);
    }
    template <class... Access, class Filter, class... Without, class Function>
    static void each(state_type& state, Filter filter, without_t<Without...>, Function&& function) {
        filtered_each<Access...>(state, filter, type_list<>{}, type_list<Without...>{}, function);
    }
    template <class... Access, class Filter, class... With, class... Without, class Function>
    static void each(state_type& state, Filter filter, with_t<With...>, without_t<Without...>, Function&& function) {
        filtered_each<Access...>(state, filter, type_list<With...>{}, type_list<Without...>{}, function);
    }

private:
    // Every tracked row's ticks, its chunks' and the systems' and observers':
    // a pass over four bytes a row per tick column, once every
    // tick_check_interval ticks (hours of a game).
    [[gnu::cold, gnu::noinline]] static void raise_old_ticks_of(state_type& state) noexcept {
        const change_tick now = state.clock.now;
        for (std::size_t id = 0; id < state_type::archetypes::size; ++id) {
            archetype_storage& rows = state.storages[id];
            for (std::uint32_t first = state.storages.first_tick_column(id); first < rows.layouts().size();
                 first += tick_columns_per_component) {
                raise_old_ticks(tick_columns_at(rows.columns(), first), rows.size(), now);
            }
        }
        state.clock.raise_old_runs();
        state.clock.checked = now;
    }

    // A loop over the archetypes by id, not a template per archetype: an
    // archetype's tick columns are its last, four for each tracked
    // component, all alike (kiln/storage/column.hpp), so where they start (after the
    // components' own columns, which columns_of_each says) is all it needs.
    template <class... Archetypes>
    static void stamp_all_of(state_type& state, type_list<Archetypes...>) noexcept {
        constexpr auto& archetypes = columns_of_each<Archetypes...>;
        for (std::size_t id = 0; id < archetypes.size(); ++id) {
            archetype_storage& rows = state.storages[id];
            const archetype_columns& own = archetypes[id];
            for (std::uint32_t first = own.firsts[own.count]; first < rows.layouts().size();
                 first += tick_columns_per_component) {
                stamp_new_ticks(tick_columns_at(rows.columns(), first), 0, rows.size(), state.clock.now);
            }
        }
    }

    // The filtered components are required, as With are.
    template <class... Access, class Filter, class... With, class... Without, class Function>
    static void filtered_each(state_type& state, Filter filter, type_list<With...>, type_list<Without...> without,
                              Function& function) {
        using traits = filter_traits<Filter>;
        using filtered = typename traits::components;
        static_assert(all_tracked(filtered{}),
                      "kiln::changed<C> / kiln::added<C>: the schema does not track C; add "
                      "kiln = { track = true } to [component.C] (docs/changes.md)");
        using matching = query<type_list<Access...>, typename concat<filtered, type_list<With...>>::type>;
        state.settle();
        ++state.iteration_depth;
        for_each_type(typename matching::candidates{}, [&]<class A>() {
            if constexpr (matches_v<A, typename matching::required, decltype(without)>) {
                each_in<A, traits, Access...>(state, filter.since, function);
            }
        });
        if (--state.iteration_depth == 0 && !state.commands.empty()) {
            state.commands.apply();
        }
    }

    template <class... Components>
    static constexpr bool all_tracked(type_list<Components...>) {
        return internal::all_of({tracked_v<Components>...});
    }

    template <class... Access>
    static tracked_writes_t<Access...> tracked_writes_in(type_list<Access...>);

    template <class A, class Traits, class... Access, class Function>
    static void each_in(state_type& state, change_tick since, Function& function) {
        archetype_storage& rows = state.template view_of<A>().storage();
        if (rows.empty()) {
            return;
        }
        using components = typename A::components;
        std::byte* const* columns = rows.columns();
        constexpr auto filtered = written_tick_columns<typename Traits::components, type_list<A>>::firsts[0];
        constexpr auto written = written_tick_columns<tracked_writes_t<Access...>, type_list<A>>::firsts[0];
        const change_tick now = state.clock.now;
        const auto visited = [&](std::size_t begin, std::size_t end) {
            mark_rows(columns, written, begin, end, rows.size(), now);
        };
        const auto filter = filter_rows(columns, filtered, Traits::added, since);
        if constexpr (std::is_invocable_v<Function&, entity, reference_t<Access>...>) {
            filter.each(function, visited, 0, rows.size(), rows.entities().data(),
                        access_cursor<Access>(columns, first_column<std::remove_const_t<Access>>(components{}))...);
        } else {
            static_assert(std::is_invocable_v<Function&, reference_t<Access>...>,
                          "kiln::world::each<Access...>(kiln::changed<C>(since), function): the function must take "
                          "(reference_t<Access>...), optionally preceded by kiln::entity");
            filter.each(function, visited, 0, rows.size(),
                        access_cursor<Access>(columns, first_column<std::remove_const_t<Access>>(components{}))...);
        }
    }
};

} // namespace kiln::internal
