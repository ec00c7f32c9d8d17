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

// World (basic_world) is a friend: observers record their changes in its
// observer command buffer.
template <class World>
struct observer_dispatch {
    using observers = typename systems_of<typename World::schema_type>::observers;
    static constexpr std::size_t archetype_count = World::archetypes::size;

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

    // Calls the observers of Event for e, at row of archetype id, that see
    // it cross their set's border: in the set at id and not at other (the
    // archetype on the other side of a move; none for create and destroy).
    template <observer_event Event>
    static void notify(World& world, entity e, std::uint32_t id, std::uint32_t row, std::uint32_t other) {
        for_each_type(observers{}, [&]<class O>() {
            if constexpr (O::event == Event) {
                constexpr auto& targets = targets_by_archetype<O>;
                if (targets[id] >= 0 && (other == no_archetype || targets[other] < 0)) {
                    call<O>(world, e, world.storages_[id], static_cast<std::size_t>(targets[id]),
                            row, typename O::access{}, typename O::resources{},
                            std::make_index_sequence<O::access::size>{});
                }
            }
        });
    }

    // After a stage: each observer on change runs for the rows whose
    // component changed since it last ran, at a tick of its own (which its
    // writes are stamped with, and which its next run looks past), in
    // schema order. What they record is applied by the caller.
    static void notify_changes(World& world) {
        if constexpr (World::tracks_changes) {
            world.settle(); // the commands applied before may have destroyed entities
            ++world.iteration_depth_;
            for_each_type(observers{}, [&]<class O>() {
                if constexpr (O::event == observer_event::change) {
                    const change_tick since = World::tracking::template start_observing<O>(world);
                    for (std::size_t t = 0; t < query_of<O>::targets.size(); ++t) {
                        archetype_storage& rows = world.storages_[query_of<O>::targets[t].archetype];
                        const auto run = [&](std::size_t first, std::size_t last) {
                            for (std::size_t row = first; row < last; ++row) {
                                call<O>(world, rows.entities()[row], rows, t, static_cast<std::uint32_t>(row),
                                        typename O::access{}, typename O::resources{},
                                        std::make_index_sequence<O::access::size>{});
                            }
                        };
                        const auto nothing = [] {};
                        World::tracking::template filtered_rows<O>(rows, t, since).each(nothing, run, 0, rows.size());
                    }
                }
            });
            World::tracking::end_runs(world);
            --world.iteration_depth_;
        }
    }

    // Calls O on e, at row of the target-th archetype O matches; what O
    // writes of a tracked component counts as changed.
    template <class O, class... Access, class... Resources, std::size_t... I>
    static void call(World& world, entity e, archetype_storage& rows, std::size_t target,
                     [[maybe_unused]] std::uint32_t row, type_list<Access...>, type_list<Resources...>,
                     std::index_sequence<I...>) {
        typename World::deferred_type deferred{world, world.observer_commands_};
        // Unused, as row is, by an observer that accesses no component (its event names only with).
        [[maybe_unused]] std::byte* const* columns = rows.columns();
        [[maybe_unused]] const auto& first_columns = query_of<O>::targets[target].first_columns;
        O::run(deferred, e, access_cursor<Access>(columns, first_columns[I])[row]...,
               world.template resource<std::remove_const_t<Resources>>()...);
        World::tracking::template mark_observed<O>(world, rows, target, row);
    }
};

} // namespace kiln::internal
