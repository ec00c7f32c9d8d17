// The loop behind world::each and world::count: the archetypes a query
// matches (decided at compile time), each a plain loop over its columns.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include <kiln/entity/entity.hpp>
#include <kiln/query/each_function.hpp>
#include <kiln/query/row_loop.hpp>
#include <kiln/storage/archetype_storage.hpp>
#include <kiln/storage/column.hpp>

namespace kiln::internal {

// The loop takes the world's state (kiln/world/world_state.hpp): it counts
// how deep iteration is, and applies the state's command buffer when the
// outermost loop ends. World is the basic_world that owns the state, handed
// to a function that asks for a deferred_world; Tracking its change tracking
// (kiln/changes/change_tracking.hpp), which marks the rows a writing loop
// visited.
template <class World, class Tracking>
struct query_loop {
    using deferred_type = typename World::deferred_type;
    using state_type = typename World::state_type;

    // A query that does not compile, or a function each cannot call, stops
    // here after its static_assert, instantiating no loop: the assertion's
    // sentence is then the only error.
    template <class Query, class... Access, class Function>
    static void each(World& world, state_type& state, Function& function) {
        if constexpr (!Query::well_formed) {
            Query::name_unheld();
        } else if constexpr (!each_can_call_v<deferred_type, Function, Access...>) {
            reject_each_function<deferred_type, Function, Access...>();
        } else {
            loop<Query, Access...>(world, state, function);
        }
    }

    // each on a const world: the components read-only, the function given
    // the entity or not but no deferred_world, and the world left as it is:
    // rows that destroy left as holes (no settle has filled them) are
    // skipped, in the archetypes that have some.
    template <class Query, class... Access, class Function>
    static void each(const state_type& state, Function& function) {
        if constexpr (!Query::well_formed) {
            Query::name_unheld();
        } else if constexpr (!(std::is_const_v<Access> && ...)) {
            static_assert((std::is_const_v<Access> && ...),
                          "kiln::world::each on a const world: its components are read-only, so every one must "
                          "be const (each<const C>); to write them, call each on a world that is not const");
        } else if constexpr (!std::is_invocable_v<Function&, reference_t<Access>...> &&
                             !std::is_invocable_v<Function&, entity, reference_t<Access>...>) {
            static_assert(std::is_invocable_v<Function&, reference_t<Access>...>,
                          "kiln::world::each on a const world: the function must take (reference_t<Access>...), "
                          "optionally preceded by kiln::entity: const C& for packed components, C::cref for split "
                          "ones; a const world has no deferred_world to hand it");
        } else {
            for (const auto& target : Query::targets) {
                const archetype_storage& rows = state.storages[target.archetype];
                each_const_row<Access...>(state, function, rows, target.first_columns,
                                          std::index_sequence_for<Access...>{});
            }
        }
    }

    template <class Query>
    static std::size_t count(const state_type& state) noexcept {
        std::size_t total = 0;
        if constexpr (Query::well_formed) {
            for (const auto& target : Query::targets) {
                const archetype_storage& rows = state.storages[target.archetype];
                total += rows.size() - rows.hole_count();
            }
        } else {
            Query::name_unheld();
        }
        return total;
    }

private:
    template <class Query, class... Access, class Function>
    static void loop(World& world, state_type& state, Function& function) {
        state.settle(); // one test: no row of the loop checks for holes
        ++state.iteration_depth;
        for (const auto& target : Query::targets) {
            archetype_storage& rows = state.storages[target.archetype];
            if (rows.empty()) {
                continue;
            }
            each_row<Access...>(world, state, function, rows, target.first_columns,
                                std::index_sequence_for<Access...>{});
            if constexpr (state_type::tracks_changes) {
                Tracking::template mark_target<Query, Access...>(&target - Query::targets.data(), rows,
                                                                 state.clock.now);
            }
        }
        if (--state.iteration_depth == 0 && !state.commands.empty()) {
            state.commands.apply();
        }
    }

    template <class... Access, class Function, std::size_t... I>
    static void each_row(World& world, state_type& state, Function& function, archetype_storage& rows,
                         const std::array<std::uint32_t, sizeof...(Access)>& first_columns, std::index_sequence<I...>) {
        std::byte* const* columns = rows.columns();
        const entity* entities = rows.entities().data();
        if constexpr (std::is_invocable_v<Function&, deferred_type&, entity, reference_t<Access>...>) {
            deferred_type deferred{world, state.commands};
            auto with_world = [&](entity e, reference_t<Access>... values) { function(deferred, e, values...); };
            for_each_row_with_entity(with_world, 0, rows.size(), entities,
                                     access_cursor<Access>(columns, first_columns[I])...);
        } else if constexpr (std::is_invocable_v<Function&, deferred_type&, reference_t<Access>...>) {
            deferred_type deferred{world, state.commands};
            auto with_world = [&](reference_t<Access>... values) { function(deferred, values...); };
            for_each_row(with_world, 0, rows.size(), access_cursor<Access>(columns, first_columns[I])...);
        } else if constexpr (std::is_invocable_v<Function&, entity, reference_t<Access>...>) {
            for_each_row_with_entity(function, 0, rows.size(), entities,
                                     access_cursor<Access>(columns, first_columns[I])...);
        } else {
            for_each_row(function, 0, rows.size(), access_cursor<Access>(columns, first_columns[I])...);
        }
    }

    template <class... Access, class Function, std::size_t... I>
    static void each_const_row(const state_type& state, Function& function, const archetype_storage& rows,
                               const std::array<std::uint32_t, sizeof...(Access)>& first_columns,
                               std::index_sequence<I...>) {
        const std::byte* const* columns = rows.columns();
        const entity* entities = rows.entities().data();
        constexpr bool takes_entity = std::is_invocable_v<Function&, entity, reference_t<Access>...>;
        if (rows.hole_count() > 0) [[unlikely]] {
            auto live = [&](entity e, reference_t<Access>... values) {
                if (state.entities.alive(e)) {
                    if constexpr (takes_entity) {
                        function(e, values...);
                    } else {
                        function(values...);
                    }
                }
            };
            for_each_row_with_entity(live, 0, rows.size(), entities, access_cursor<Access>(columns, first_columns[I])...);
        } else if constexpr (takes_entity) {
            for_each_row_with_entity(function, 0, rows.size(), entities,
                                     access_cursor<Access>(columns, first_columns[I])...);
        } else {
            for_each_row(function, 0, rows.size(), access_cursor<Access>(columns, first_columns[I])...);
        }
    }
};

} // namespace kiln::internal
