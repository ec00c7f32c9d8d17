// Change tracking in a world: stamping new rows, marking the rows a writable
// loop visits, and the loops of each() with a changed<C> or added<C> filter.
// The ticks themselves are in kiln/change_ticks.hpp; docs/changes.md says
// what counts as a change.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <kiln/archetype.hpp>
#include <kiln/archetype_storage.hpp>
#include <kiln/change_ticks.hpp>
#include <kiln/column.hpp>
#include <kiln/component.hpp>
#include <kiln/entity.hpp>
#include <kiln/query.hpp>
#include <kiln/row_loop.hpp>
#include <kiln/schedule.hpp>
#include <kiln/type_list.hpp>

namespace kiln::internal {

template <class Filter>
struct filter_traits {
    static constexpr bool is_change_filter = false;
};

template <class C>
struct filter_traits<changed_t<C>> {
    static constexpr bool is_change_filter = true;
    static constexpr bool on_added = false;
    using component = C;
};

template <class C>
struct filter_traits<added_t<C>> {
    static constexpr bool is_change_filter = true;
    static constexpr bool on_added = true;
    using component = C;
};

// kiln::changed<C>(since) or kiln::added<C>(since).
template <class Filter>
concept change_filter = filter_traits<Filter>::is_change_filter;

template <class... Lists>
struct concat {
    using type = type_list<>;
};

template <class... Types>
struct concat<type_list<Types...>> {
    using type = type_list<Types...>;
};

template <class... First, class... Second, class... Rest>
struct concat<type_list<First...>, type_list<Second...>, Rest...> : concat<type_list<First..., Second...>, Rest...> {};

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

// Marks rows [begin, end) of the columns whose ticks start at firsts as
// changed at tick.
template <std::size_t Count>
void mark_rows(std::byte* const* columns, const std::array<std::uint32_t, Count>& firsts, std::size_t begin,
               std::size_t end, change_tick tick) noexcept {
    for (const std::uint32_t first : firsts) {
        const tick_columns ticks = tick_columns_at(columns, first);
        std::fill(ticks.changed + begin, ticks.changed + end, tick);
        stamp_chunks(ticks.chunk_max, begin, end, tick);
    }
}

// Calls function(cursors[row]...) for each row in [0, count) whose tick in
// row_ticks is newer than since, skipping each chunk whose maximum
// (chunk_max) is not; after each call, visited(row).
template <class Function, class Visited, class... Cursors>
void for_each_newer_row(Function& function, Visited& visited, std::size_t count, const change_tick* row_ticks,
                        const change_tick* chunk_max, change_tick since, Cursors... cursors) {
    for (std::size_t chunk = 0; chunk * tick_chunk_rows < count; ++chunk) {
        if (!is_newer(chunk_max[chunk], since)) {
            continue;
        }
        const std::size_t end = std::min(count, (chunk + 1) * tick_chunk_rows);
        for (std::size_t row = chunk * tick_chunk_rows; row < end; ++row) {
            if (is_newer(row_ticks[row], since)) {
                function(cursors[row]...);
                visited(row);
            }
        }
    }
}

// World (basic_world) is a friend: this reaches its storages and its clock.
template <class World>
struct change_tracking {
    // Stamps rows [begin, end) of archetype A, just created, as added now.
    template <class A>
    static void stamp_new(World& world, std::size_t begin, std::size_t end) noexcept {
        if constexpr (World::tracks_changes) {
            stamp_new_rows(typename A::components{}, world.template storage<A>().storage().columns(), begin, end,
                           world.clock_.now);
        }
    }

    // Stamps every row of every archetype as added now: what a load does.
    static void stamp_all(World& world) noexcept {
        if constexpr (World::tracks_changes) {
            for_each_type(typename World::schema_type::archetypes{},
                          [&]<class A>() { stamp_new<A>(world, 0, world.template storage<A>().size()); });
        }
    }

    // Marks every row of the index-th target of Query, which a loop with
    // Access just visited, as changed at tick, in the tracked components it
    // writes. Per row: every row visited counts as written, whether or not
    // the loop stored a new value.
    template <class Query, class... Access>
    static void mark_target(std::size_t index, archetype_storage& rows, change_tick tick) noexcept {
        using written = tracked_writes_t<Access...>;
        if constexpr (World::tracks_changes && written::size > 0) {
            using archetypes = typename archetypes_of_query<Query>::type;
            mark_rows(rows.columns(), written_tick_columns<written, archetypes>::firsts[index], 0, rows.size(), tick);
        }
    }

    // The same for a system: rows it ran on are written at its run's tick.
    template <class S, class... Access>
    static void mark_system_target(World& world, type_list<Access...>, std::size_t index,
                                   archetype_storage& rows) noexcept {
        if constexpr (World::tracks_changes) {
            mark_target<query_of<S>, Access...>(index, rows, world.clock_.runs[index_of_v<S, typename World::systems>]);
        }
    }

    // Gives each of Systems, about to run together, its tick: the next one
    // of the clock, in schedule order, so that both executors stamp alike.
    template <class... Systems>
    static void start_runs(World& world, type_list<Systems...>) noexcept {
        if constexpr (World::tracks_changes) {
            ((world.clock_.since[index_of_v<Systems, typename World::systems>] =
                  world.clock_.runs[index_of_v<Systems, typename World::systems>],
              world.clock_.runs[index_of_v<Systems, typename World::systems>] = ++world.clock_.now),
             ...);
        }
    }

    // After a stage's systems ran: what happens next is newer than all of them.
    static void end_runs(World& world) noexcept {
        if constexpr (World::tracks_changes) {
            ++world.clock_.now;
        }
    }

    // world.each<Access...>(filter, function) with a changed or added filter.
    template <class... Access, class Filter, class Function>
    static void each(World& world, Filter filter, Function& function) {
        using traits = filter_traits<Filter>;
        using filtered = typename traits::component;
        static_assert(tracked_v<filtered>,
                      "kiln::changed<C> / kiln::added<C>: the schema does not track C; add "
                      "kiln = { track = true } to [component.C] (docs/changes.md)");
        using matching = query<type_list<Access...>, type_list<filtered>>;
        ++world.iteration_depth_;
        for_each_type(typename matching::candidates{}, [&]<class A>() {
            if constexpr (matches_v<A, typename matching::required, type_list<>>) {
                each_in<A, filtered, traits::on_added, Access...>(world, filter.since, function);
            }
        });
        if (--world.iteration_depth_ == 0 && !world.commands_.empty()) {
            world.commands_.apply();
        }
    }

private:
    template <class A, class Filtered, bool OnAdded, class... Access, class Function>
    static void each_in(World& world, change_tick since, Function& function) {
        archetype_storage& rows = world.template storage<A>().storage();
        if (rows.empty()) {
            return;
        }
        using components = typename A::components;
        std::byte* const* columns = rows.columns();
        const tick_columns filtered = tick_columns_at(columns, first_tick_column<Filtered>(components{}));
        constexpr auto written = written_tick_columns<tracked_writes_t<Access...>, type_list<A>>::firsts[0];
        const change_tick now = world.clock_.now;
        auto visited = [&](std::size_t row) {
            for (const std::uint32_t first : written) {
                const tick_columns ticks = tick_columns_at(columns, first);
                ticks.changed[row] = now;
                ticks.chunk_max[row / tick_chunk_rows] = now; // the newest tick there is
            }
        };
        const change_tick* row_ticks = OnAdded ? filtered.added : filtered.changed;
        if constexpr (std::is_invocable_v<Function&, entity, reference_t<Access>...>) {
            for_each_newer_row(function, visited, rows.size(), row_ticks, filtered.chunk_max, since,
                               rows.entities().data(),
                               access_cursor<Access>(columns, first_column<std::remove_const_t<Access>>(components{}))...);
        } else {
            static_assert(std::is_invocable_v<Function&, reference_t<Access>...>,
                          "kiln::world::each<Access...>(kiln::changed<C>(since), function): the function must take "
                          "(reference_t<Access>...), optionally preceded by kiln::entity");
            for_each_newer_row(function, visited, rows.size(), row_ticks, filtered.chunk_max, since,
                               access_cursor<Access>(columns, first_column<std::remove_const_t<Access>>(components{}))...);
        }
    }
};

} // namespace kiln::internal
