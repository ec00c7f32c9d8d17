// Observer dispatch: the observers an entity's move between archetypes
// concerns, found by archetype id in tables built at compile time, and
// called with the entity's row.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include <kiln/core/type_list.hpp>
#include <kiln/entity/entity.hpp>
#include <kiln/query/row_loop.hpp>
#include <kiln/storage/archetype_storage.hpp>
#include <kiln/storage/change_ticks.hpp>
#include <kiln/system/declared_systems.hpp>
#include <kiln/system/system.hpp>

namespace kiln::internal {

// Observers are called with rows of the world's state (kiln/world/world_state.hpp)
// and record their changes in its observer command buffer, applied by
// apply_commands. World is the basic_world that owns the state, which the
// observers are handed through a deferred_world; Tracking its change
// tracking (kiln/changes/change_tracking.hpp), which stamps what they write.
template <class World, class Tracking>
struct observer_dispatch {
    using state_type = typename World::state_type;
    using observers = typename state_type::observers;
    static constexpr std::size_t archetype_count = state_type::archetypes::size;

    // The archetype on the other side of a move, for create and destroy.
    static constexpr std::uint32_t no_archetype = ~std::uint32_t{0};

    // For each observer, by archetype id: the index of its query target for
    // that archetype, or -1 when the archetype is not in its set.
    template <class O>
    static constexpr auto targets_by_archetype = [] {
        std::array<int, archetype_count> by_archetype{};
        for (std::size_t id = 0; id < archetype_count; ++id) {
            by_archetype[id] = -1;
            for (std::size_t t = 0; t < query_of<O>::targets.size(); ++t) {
                if (query_of<O>::targets[t].archetype == id) {
                    by_archetype[id] = static_cast<int>(t);
                }
            }
        }
        return by_archetype;
    }();

    // Whether creating an entity in archetype id calls an observer (of
    // enter): when none does, a create runs no code but the world's, and
    // nothing can change the new entities between creates (a spawn links
    // its parts without asking whether they are alive).
    static constexpr bool observes_enter([[maybe_unused]] std::uint32_t id) noexcept {
        bool observed = false;
        for_each_type(observers{}, [&]<class O>() {
            if constexpr (O::event == observer_event::enter) {
                observed = observed || targets_by_archetype<O>[id] >= 0;
            }
        });
        return observed;
    }

    // Calls the observers of Event for e, at row of archetype id, that see
    // it cross their set's border: in the set at id and not at other (the
    // archetype on the other side of a move; none for create and destroy).
    template <observer_event Event>
    static void notify(World& world, state_type& state, entity e, std::uint32_t id, std::uint32_t row,
                       std::uint32_t other = no_archetype) {
        for_each_type(observers{}, [&]<class O>() {
            if constexpr (O::event == Event) {
                constexpr auto& targets = targets_by_archetype<O>;
                if (targets[id] >= 0 && (other == no_archetype || targets[other] < 0)) {
                    call<O>(world, state, e, state.storages[id], static_cast<std::size_t>(targets[id]), row,
                            typename O::access{}, typename O::resources{}, std::make_index_sequence<O::access::size>{});
                }
            }
        });
    }

    // After a stage: each observer on change runs for the rows whose
    // component changed since it last ran, at a tick of its own (which its
    // writes are stamped with, and which its next run looks past), in
    // schema order. What they record is applied by the caller.
    static void notify_changes(World& world, state_type& state) {
        if constexpr (state_type::tracks_changes) {
            state.settle(); // the commands applied before may have destroyed entities
            ++state.iteration_depth;
            for_each_type(observers{}, [&]<class O>() {
                if constexpr (O::event == observer_event::change) {
                    const change_tick since = Tracking::template start_observing<O>(state);
                    for (std::size_t t = 0; t < query_of<O>::targets.size(); ++t) {
                        archetype_storage& rows = state.storages[query_of<O>::targets[t].archetype];
                        const auto run = [&](std::size_t first, std::size_t last) {
                            for (std::size_t row = first; row < last; ++row) {
                                call<O>(world, state, rows.entities()[row], rows, t, static_cast<std::uint32_t>(row),
                                        typename O::access{}, typename O::resources{},
                                        std::make_index_sequence<O::access::size>{});
                            }
                        };
                        const auto nothing = [] {};
                        Tracking::template filtered_rows<O>(rows, t, since).each(nothing, run, 0, rows.size());
                    }
                }
            });
            Tracking::end_runs(state);
            --state.iteration_depth;
        }
    }

    // Applies what observers recorded, unless a loop is running (then its
    // end applies it) or this is already happening further up.
    static void apply_commands(state_type& state) {
        if constexpr (observers::size > 0) {
            if (state.iteration_depth == 0) {
                state.observer_commands.apply();
            }
        }
    }

    // Calls O on e, at row of the target-th archetype O matches; what O
    // writes of a tracked component counts as changed.
    template <class O, class... Access, class... Resources, std::size_t... I>
    static void call(World& world, state_type& state, entity e, archetype_storage& rows, std::size_t target,
                     [[maybe_unused]] std::uint32_t row, type_list<Access...>, type_list<Resources...>,
                     std::index_sequence<I...>) {
        typename World::deferred_type deferred{world, state.observer_commands};
        // Unused, as row is, by an observer that accesses no component (its event names only with).
        [[maybe_unused]] std::byte* const* columns = rows.columns();
        [[maybe_unused]] const auto& first_columns = query_of<O>::targets[target].first_columns;
        O::run(deferred, e, access_cursor<Access>(columns, first_columns[I])[row]...,
               world.template resource<std::remove_const_t<Resources>>()...);
        Tracking::template mark_observed<O>(state, rows, target, row);
    }
};

} // namespace kiln::internal
