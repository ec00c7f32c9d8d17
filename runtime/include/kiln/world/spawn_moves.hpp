// spawn_moves: a prefab's spawns into a world (docs/content.md): the sink
// through which world.spawn creates the parts and links the children to
// the root at once, and world.spawn_n, each part's rows laid down at once
// and every spawn's children linked in one pass.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <tuple>
#include <utility>
#include <vector>

#include <kiln/changes/change_tracking.hpp>
#include <kiln/core/type_list.hpp>
#include <kiln/entity/entity.hpp>
#include <kiln/entity/handle.hpp>
#include <kiln/events/observer_dispatch.hpp>
#include <kiln/hierarchy/hierarchy_table.hpp>
#include <kiln/schema/prefab.hpp>

namespace kiln::internal {

// Whether creating an entity of one of Parts' archetypes calls an observer
// of World. Then a part's create may run code that changes the parts made
// before it (destroys one, parents one), and a spawn parents the children
// through set_parent, which checks them; otherwise nothing runs between a
// spawn's creates, and its new entities are linked as new.
template <class World, class Parts>
inline constexpr bool parts_observed_v = false;

template <class World, class... Parts>
inline constexpr bool parts_observed_v<World, type_list<Parts...>> =
    any_of({observer_dispatch<World, change_tracking<World>>::observes_enter(Parts::archetype::id)...});

// The world as spawn_through's sink.
template <class World>
struct world_sink {
    World& world;

    template <class A, class... Values>
    handle<A> create(const Values&... values) {
        return world.template create<A>(values...);
    }
    template <class C, class A>
    void set(handle<A> h, const C& value) {
        world.template get<C>(h) = value;
    }
    void set_parent(entity child, entity parent) { static_cast<void>(world.hierarchy().set_parent(child, parent)); }

    // A spawn's children, just made, parented to its root, just made:
    // linked as new (hierarchy_table::attach_new) where no observer ran
    // since, as set_parent of each would link them.
    template <class P, std::size_t N>
    void link_new_children(entity root, const std::array<entity, N>& children) {
        if constexpr (parts_observed_v<World, parts_t<P>>) {
            for (const entity child : children) {
                set_parent(child, root);
            }
        } else {
            world_state_of(world).hierarchy.attach_new(children, root);
        }
    }
};

// world.spawn_n, on the world's state.
template <class World>
struct spawn_moves {
    using state_type = typename World::state_type;

    // count spawns of P, the same overrides for each: each part's rows laid
    // down at once by create_n (a column at a time), each row's links to
    // parts made before it written as it is made; then each spawn's
    // children parented to its root, and its links to parts made after
    // their owners written. Room for every new entity's slot, rows, links
    // and record is made first, so that each grows once. Where an observer
    // sees a part made, one spawn after another instead (spawn_n_observed).
    // Returns each spawn's handles.
    template <class P, class... Overrides>
    static std::vector<spawned<P>> spawn_n(World& world, state_type& state, std::size_t count,
                                           const Overrides&... overrides) {
        static_assert(prefab<P>, "kiln::spawn_n<P>: P must be a prefab that kilnc declares ([prefab.NAME])");
        static_assert(contains_v<P, typename state_type::prefabs>,
                      "kiln::world::spawn_n<P>: P is a prefab of another schema");
        using parts = parts_t<P>;
        const auto rows = rows_of<P>(overrides...);
        reserve<P>(state, count, parts{});
        if constexpr (parts_observed_v<World, parts>) {
            return spawn_n_observed<P>(world, state, count, rows);
        } else {
            // Each part's new entities, a view of its archetype's entity
            // column: no row moves while they are read, as no code but
            // this runs, and every archetype had room for its new rows.
            std::array<const entity*, parts::size> made_by_part{};
            [&]<std::size_t... I>(std::index_sequence<I...>) {
                in_order({(made_by_part[I] = make_part_n<P, I>(world, state, count, rows, made_by_part), 0)...});
            }(std::make_index_sequence<parts::size>{});
            std::vector<spawned<P>> made;
            made.reserve(count);
            hierarchy_table& tree = state.hierarchy;
            for (std::size_t i = 0; i < count; ++i) {
                made.push_back(spawned_at<P>(made_by_part, i, parts{}));
                const spawned<P>& one = made.back();
                link_children<P>(tree, one.handles);
                if constexpr (links_made_after_v<typename P::links>) {
                    world_sink<World> sink{world};
                    auto own = rows;
                    write_links_made_after(sink, own, one.handles, typename P::links{});
                }
            }
            return made;
        }
    }

private:
    template <class P>
    static constexpr auto prefab_index = static_cast<std::uint16_t>(index_of_v<P, typename state_type::prefabs>);

    // Room for count spawns of P: the entity table's slots, each part
    // archetype's rows, and the hierarchy's links and the prefab records up
    // to the highest index the new entities may take.
    template <class P, class... Parts>
    static void reserve(state_type& state, std::size_t count, type_list<Parts...>) {
        if (count == 0) {
            return;
        }
        const std::size_t slots = state.entities.capacity_needed(count * sizeof...(Parts));
        state.entities.reserve(slots);
        constexpr std::array<std::uint32_t, sizeof...(Parts)> ids{Parts::archetype::id...};
        for (const std::uint32_t id : ids) {
            std::size_t rows = 0; // of every part of this archetype
            for (const std::uint32_t other : ids) {
                rows += other == id ? count : 0;
            }
            state.storages[id].reserve(state.storages[id].size() + rows);
        }
        const auto last = static_cast<entity::index_type>(slots - 1);
        if constexpr (P::children::size > 0) {
            state.hierarchy.reserve(last);
        }
        state.prefab_records.reserve(last);
    }

    // Part I of count spawns, its links to the parts made before it
    // written: count rows of its archetype, recorded. Returns its entities.
    template <class P, std::size_t I, class Rows, std::size_t Parts>
    static const entity* make_part_n(World& world, state_type& state, std::size_t count, const Rows& rows,
                                     const std::array<const entity*, Parts>& made_by_part) {
        using archetype = typename type_at_t<I, parts_t<P>>::archetype;
        const std::span<const entity> made =
            world.template create_n<archetype>(count, [&rows, &made_by_part](std::size_t i) {
                auto row = std::get<I>(rows);
                write_links_made_before<I>(
                    row, [&made_by_part, i](std::size_t target) { return made_by_part[target][i]; },
                    typename P::links{});
                return row;
            });
        state.prefab_records.record(made, prefab_index<P>, static_cast<std::uint16_t>(I));
        return made.data();
    }

    template <class P, std::size_t Parts, class... PartTypes>
    static spawned<P> spawned_at(const std::array<const entity*, Parts>& made_by_part, std::size_t i,
                                 type_list<PartTypes...>) {
        return [&]<std::size_t... I>(std::index_sequence<I...>) {
            return spawned<P>{{handle<typename PartTypes::archetype>::adopt(made_by_part[I][i])...}};
        }(std::index_sequence_for<PartTypes...>{});
    }

    // The hierarchy as parent_children's sink: new children linked at once.
    struct link_sink {
        hierarchy_table& tree;
        template <class P, std::size_t N>
        void link_new_children(entity root, const std::array<entity, N>& children) {
            tree.attach_new(children, root);
        }
    };

    template <class P, class Handles>
    static void link_children(hierarchy_table& tree, const Handles& handles) {
        link_sink sink{tree};
        internal::parent_children<P>(sink, handles);
    }

    // The same where an observer sees a part made: one spawn after another,
    // as spawn makes each, so that what the observers do to a spawn's parts
    // (destroy one, say) is done before its children are parented. Laid
    // down at once, a part's rows would be told to the observers all
    // together, and the rows the observers destroyed would move under the
    // handles being read.
    template <class P, class Rows>
    static std::vector<spawned<P>> spawn_n_observed(World& world, state_type& state, std::size_t count,
                                                    const Rows& rows) {
        std::vector<spawned<P>> made;
        made.reserve(count);
        world_sink<World> sink{world};
        const auto note = [&state](entity e, std::size_t part) {
            state.prefab_records.record(e, prefab_index<P>, static_cast<std::uint16_t>(part));
        };
        for (std::size_t i = 0; i < count; ++i) {
            auto own = rows;
            made.push_back(spawn_rows<P>(sink, note, own));
        }
        return made;
    }
};

} // namespace kiln::internal
