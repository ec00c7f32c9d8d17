// Structural moves: the rows an entity takes, leaves and changes when it is
// created, destroyed, or gains or loses a component, with the entity table
// and observers kept in step.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <kiln/changes/change_tracking.hpp>
#include <kiln/config.hpp>
#include <kiln/core/type_list.hpp>
#include <kiln/entity/entity.hpp>
#include <kiln/entity/entity_table.hpp>
#include <kiln/events/observer_dispatch.hpp>
#include <kiln/schema/component.hpp>
#include <kiln/storage/archetype.hpp>
#include <kiln/storage/archetype_dispatch.hpp>
#include <kiln/storage/archetype_storage.hpp>
#include <kiln/storage/archetype_view.hpp>
#include <kiln/storage/change_ticks.hpp>
#include <kiln/storage/column.hpp>
#include <kiln/storage/transition.hpp>
#include <kiln/system/system.hpp>
#include <kiln/world/component_lookup.hpp>
#include <kiln/world/gather.hpp>

namespace kiln::internal {

// A move rewrites the rows and entity table of a world's state, stamps new
// rows for change tracking and tells the world's observers, which are
// handed World (the basic_world that owns state) to record their changes in.
template <class World>
struct structural_moves {
    using state_type = typename World::state_type;
    using tracking = change_tracking<World>;
    using dispatch = observer_dispatch<World, tracking>;
    using lookup = component_lookup<state_type>;

    // A command buffer's create, applied: the entity e it reserved is
    // placed in a new row of A, stamped as new, observers told.
    template <class A, class... Given>
    static void create_reserved(World& world, state_type& state, entity e, const Given&... given) {
        state.assert_not_iterating("create");
        const auto rows = state.template view_of<A>();
        const auto row = static_cast<std::uint32_t>(rows.size());
        state.entities.place(e, {A::id, row});
        rows.push_given(e, given...);
        tracking::template stamp_new<A>(state, row, row + 1);
        dispatch::template notify<observer_event::enter>(world, state, e, A::id, row);
        dispatch::apply_commands(state);
    }

    // world.create_n<A>(count, make_values): count rows appended to A, each
    // column written in one pass, stamped as new, observers told. Returns the
    // new entities.
    template <class A, class MakeValues>
    static std::span<const entity> create_rows(World& world, state_type& state, std::size_t count,
                                               MakeValues& make_values) {
        state.assert_not_iterating("create_n");
        const auto rows = state.template view_of<A>();
        const auto first_row = static_cast<std::uint32_t>(rows.size());
        entity_table& entities = state.entities;
        std::uint32_t first = 0;
        if (entities.has_free_slots()) {
            entities.reserve(entities.capacity_needed(count));
            first = rows.append_made(
                count, [&entities](std::uint32_t row) { return entities.create({A::id, row}); }, make_values);
        } else {
            // Nothing to reuse: one block of new slots, issued in one pass.
            const entity::index_type first_index = entities.create_block(count, A::id, first_row);
            first = rows.append_made(
                count, [=](std::uint32_t row) { return entity{first_index + (row - first_row), 0}; }, make_values);
        }
        tracking::template stamp_new<A>(state, first, rows.size());
        if constexpr (state_type::observers::size > 0) {
            for (std::size_t row = first; row < rows.size(); ++row) {
                dispatch::template notify<observer_event::enter>(world, state, rows.entities()[row], A::id,
                                                                 static_cast<std::uint32_t>(row));
            }
            dispatch::apply_commands(state);
        }
        return rows.entities().subspan(first);
    }

    // Moves e, at row of From, to a new row of To; its components that To
    // holds go along, added supplies the one To adds. Returns the new row.
    template <class From, class To, class... Added>
    static std::uint32_t move_entity(World& world, state_type& state, entity e, std::uint32_t row, Added&&... added) {
        dispatch::template notify<observer_event::leave>(world, state, e, From::id, row, To::id);
        const auto target = state.template view_of<To>();
        const auto new_row = static_cast<std::uint32_t>(target.size());
        push_moved<From>(state, target, e, row, typename To::components{}, std::forward<Added>(added)...);
        if constexpr (state_type::tracks_changes) {
            internal::carry_ticks(typename From::components{}, state.template view_of<From>().storage().columns(), row,
                                  typename To::components{}, target.storage().columns(), new_row, state.clock.now);
        }
        state.template remove_row<From>(row);
        // Even with no entity linked: the entity holds other components now, which a dirty
        // propagation must see (one that gains the global part keeps its local part's ticks),
        // and other moves may leave every archetype's row count as it was.
        state.hierarchy.rows_moved();
        // Unchecked: no storage grows past the rows a slot can name (archetype_table).
        state.entities.refill(e, {To::id, new_row});
        dispatch::template notify<observer_event::enter>(world, state, e, To::id, new_row, From::id);
        return new_row;
    }

    // world.add<C>(e, value): e moves to the archetype the transition table
    // names for gaining C. Returns the new component.
    template <class C>
    static reference_t<C> gain(World& world, state_type& state, entity e, C value) {
        static_assert(component<C>, "kiln::world::add<C>: C must be a component declared in a schema");
        constexpr std::string_view name = component_traits<C>::name;
        // e's row moves out of its archetype by swap and pop, which needs it
        // dense; settling may move e, so it comes before e's slot is read.
        state.settle();
        // One read of e's slot, for the check and the move: the edge leaving
        // e's archetype is the test, and a dead e has none.
        const std::uint32_t place = state.entities.find_place(e);
        std::uint32_t row = 0;
        decltype(cursor_of<C>(state.template view_of<front_t<archetypes_with_t<C>>>())) cursor{};
        const auto move = [&]<class From, class To>(std::uint32_t from_row) {
            state.assert_not_iterating("add");
            row = move_entity<From, To>(world, state, e, from_row, std::move(value));
            cursor = cursor_of<C>(state.template view_of<To>());
        };
        if (!visit_edge(typename transitions<C>::add{}, state.entities, place, move)) [[unlikely]] {
            KILN_CHECK(state.entities.alive(e), "world::add<%.*s>: entity %u:%u is not alive",
                       static_cast<int>(name.size()), name.data(), e.index(), e.generation());
            state.assert_not_iterating("add");
            if (lookup::template has<C>(state, e)) {
                report_held(state, e, component_traits<C>::name);
            }
            report_impossible_move(e, state.entities.location(e).archetype, name, true);
        }
        if constexpr (state_type::observers::size > 0) {
            dispatch::apply_commands(state); // which may move e again
            return lookup::template get<C>(state, e);
        } else {
            return cursor[row];
        }
    }

    // world.remove<C>(e): e moves to the archetype the transition table names
    // for losing C. Returns false, and does nothing, when e is dead or lacks C.
    template <class C>
    static bool lose(World& world, state_type& state, entity e) {
        static_assert(component<C>, "kiln::world::remove<C>: C must be a component declared in a schema");
        // One read of e's slot: the edge leaving its archetype is the test.
        // A dead e's place is in no archetype's rows, and an archetype
        // without C has no edge for losing it; only then is has<C> asked, to
        // tell the two misses apart. Settled first, as for gain.
        state.settle();
        const std::uint32_t place = state.entities.find_place(e);
        const auto move = [&]<class From, class To>(std::uint32_t row) {
            state.assert_not_iterating("remove");
            move_entity<From, To>(world, state, e, row);
        };
        if (!visit_edge(typename transitions<C>::remove{}, state.entities, place, move)) {
            if (!lookup::template has<C>(state, e)) {
                return false;
            }
            report_impossible_move(e, state.entities.location(e).archetype, component_traits<C>::name, false);
        }
        dispatch::apply_commands(state);
        return true;
    }

    // world.replace<Lost, Gained>(e, value): e moves, in one move, to the
    // archetype that holds its components with Lost replaced by Gained
    // (replace_edges_t): no archetype in between, as remove then add would
    // need. Returns false, and does nothing, when e is dead or lacks Lost.
    template <class Lost, class Gained>
    static bool replace(World& world, state_type& state, entity e, Gained value) {
        static_assert(component<Lost> && component<Gained>,
                      "kiln::world::replace<Lost, Gained>: both must be components declared in a schema");
        static_assert(!std::is_same_v<Lost, Gained>, "kiln::world::replace<Lost, Gained>: Lost and Gained are one "
                                                     "component; set its value with world.set");
        state.settle(); // as for gain
        const std::uint32_t place = state.entities.find_place(e);
        const auto move = [&]<class From, class To>(std::uint32_t row) {
            state.assert_not_iterating("replace");
            move_entity<From, To>(world, state, e, row, std::move(value));
        };
        if (!visit_edge(replace_edges_t<Lost, Gained, typename state_type::archetypes>{}, state.entities, place, move))
            [[unlikely]] {
            if (!lookup::template has<Lost>(state, e)) {
                return false;
            }
            report_impossible_replace(e, state.entities.location(e).archetype, component_traits<Lost>::name,
                                      component_traits<Gained>::name, lookup::template has<Gained>(state, e));
        }
        dispatch::apply_commands(state);
        return true;
    }

    [[noreturn, gnu::cold, gnu::noinline]] static void report_impossible_replace(entity e, std::uint32_t archetype,
                                                                                std::string_view lost,
                                                                                std::string_view gained, bool held) {
        const std::string_view from = state_type::archetype_name_of(archetype);
        KILN_CHECK(false,
                   "world::replace<%.*s, %.*s>: entity %u:%u of archetype %.*s %s", static_cast<int>(lost.size()),
                   lost.data(), static_cast<int>(gained.size()), gained.data(), e.index(), e.generation(),
                   static_cast<int>(from.size()), from.data(),
                   held ? "already has the component it would gain; remove it, or set its value"
                        : "cannot move: no declared archetype holds its components with the first replaced by the "
                          "second; declare one in the schema to allow the move");
        std::abort();
    }

    // world.destroy(doomed): destroys each live entity of doomed, telling
    // observers first; returns how many. The rows are not filled hole by
    // hole, as destroy(e) fills them with its archetype's last row, a random
    // write to every column and to the slot of the entity moved: each
    // archetype's holes are marked, then filled once (remove_marked), and
    // holes at the end need no filling at all. The slots are read a few
    // handles ahead of their use.
    static std::size_t destroy_batch(World& world, state_type& state, std::span<const entity> doomed) {
        state.assert_not_iterating("destroy");
        state.settle(); // its marks and remove_marked know only its own holes
        std::size_t destroyed = 0;
        if (state.hierarchy.link_count() != 0) [[unlikely]] {
            // A subtree's destroy moves rows at once, under the marks: one by one, then the holes the
            // entities without links left are filled, as the batch fills its own. Each entity of doomed
            // alive now counts, once, whether its turn or an ancestor's destroys it.
            std::vector<entity> alive;
            for (const entity e : doomed) {
                if (state.entities.alive(e)) {
                    alive.push_back(e);
                }
            }
            std::sort(alive.begin(), alive.end(),
                      [](entity one, entity other) { return one.to_bits() < other.to_bits(); });
            destroyed = static_cast<std::size_t>(std::unique(alive.begin(), alive.end()) - alive.begin());
            for (const entity e : doomed) {
                world.destroy(e);
            }
            state.settle();
            return destroyed;
        }
        constexpr std::size_t archetype_count = state_type::archetypes::size;
        std::vector<std::vector<std::uint64_t>> marked(archetype_count);
        entity_table& table = state.entities;
        constexpr std::size_t distance = gather_distance;
        // The size in a local: read from the span, it was read again after
        // every store to the marks.
        const std::size_t count = doomed.size();
        for (std::size_t i = 0; i < std::min(distance, count); ++i) {
            table.prefetch(doomed[i]);
        }
        for (std::size_t i = 0; i < count; ++i) {
            if (i + distance < count) {
                table.prefetch(doomed[i + distance]);
            }
            const entity e = doomed[i];
            const entity_location where = table.find(e);
            if (where.archetype >= archetype_count) {
                continue; // dead, or destroyed earlier in the batch
            }
            dispatch::template notify<observer_event::leave>(world, state, e, where.archetype, where.row);
            table.destroy(e);
            std::vector<std::uint64_t>& marks = marked[where.archetype];
            if (marks.empty()) {
                marks.resize((state.storages[where.archetype].size() + 63) / 64);
            }
            marks[where.row / 64] |= std::uint64_t{1} << (where.row % 64);
            ++destroyed;
        }
        // The marks are counted here rather than as they are made: a count
        // per archetype, kept in memory, cost the loop a store per handle.
        for (std::uint32_t id = 0; id < archetype_count; ++id) {
            std::size_t marks = 0;
            for (const std::uint64_t word : marked[id]) {
                marks += static_cast<std::size_t>(std::popcount(word));
            }
            if (marks != 0) {
                visit_archetype(typename state_type::archetypes{}, id, [&]<class A>() {
                    state.template view_of<A>().remove_marked(marked[id].data(), marks,
                                                              [&](entity moved, std::uint32_t row) {
                                                                  table.refill(moved, {A::id, row});
                                                              });
                });
            }
        }
        dispatch::apply_commands(state);
        return destroyed;
    }

    // Destroys every entity of archetype id, telling observers first.
    static void destroy_rows(World& world, state_type& state, std::uint32_t id) {
        archetype_storage& rows = state.storages[id];
        for (std::uint32_t row = 0; row < rows.size(); ++row) {
            dispatch::template notify<observer_event::leave>(world, state, rows.entities()[row], id, row);
        }
        for (const entity e : rows.entities()) {
            state.entities.destroy(e);
        }
        rows.clear();
        if (state.hierarchy.link_count() != 0) {
            state.hierarchy.rows_moved();
        }
    }

    // add of component name, which e has: declaring an archetype cannot
    // help, so the message says what can. By name, for the moves by id too.
    [[noreturn, gnu::cold, gnu::noinline]] static void report_held(const state_type& state, entity e,
                                                                  std::string_view name) {
        const std::string_view from = state_type::archetype_name_of(state.entities.location(e).archetype);
        const int size = static_cast<int>(name.size());
        KILN_CHECK(false,
                   "world::add<%.*s>: entity %u:%u of archetype %.*s already has %.*s; world.set<%.*s>(e, value) "
                   "replaces its value (world.has<%.*s>(e) tells whether it is there)",
                   size, name.data(), e.index(), e.generation(), static_cast<int>(from.size()), from.data(), size,
                   name.data(), size, name.data(), size, name.data());
        std::abort();
    }

    // The message names the components e would have, as a schema's
    // components = [...] spells them: what the archetype to declare holds.
    // Read from the tables of ids and names, one loop for every archetype.
    [[noreturn, gnu::cold, gnu::noinline]] static void report_impossible_move(entity e, std::uint32_t archetype,
                                                                             std::string_view component, bool gain) {
        static constexpr auto& held_of_each = columns_of_list(typename state_type::archetypes{});
        static constexpr std::array names = names_of_each(typename state_type::schema_type::components{});
        const std::string_view from = state_type::archetype_name_of(archetype);
        std::string components;
        const auto append = [&](std::string_view name) {
            if (gain || name != component) {
                components += (components.empty() ? "\"" : ", \"") + std::string{name} + "\"";
            }
        };
        if (archetype < held_of_each.size()) {
            const archetype_columns& held = held_of_each[archetype];
            for (std::uint32_t position = 0; position < held.count; ++position) {
                append(names[held.ids[position]]);
            }
        }
        if (gain) {
            append(component);
        }
        KILN_CHECK(false,
                   "world: entity %u:%u of archetype %.*s %s %.*s: no declared archetype holds its components "
                   "then, [%s]; declare one in the schema to allow the move",
                   e.index(), e.generation(), static_cast<int>(from.size()), from.data(),
                   gain ? "cannot gain" : "cannot lose", static_cast<int>(component.size()), component.data(),
                   components.c_str());
        std::abort();
    }

private:
    // Appends e's row to target, each component written as soon as it is
    // read. The row is appended first: taking every component before a
    // push_back kept them all across its growth path, stored to the stack
    // and loaded back on every move.
    template <class From, class View, class... Components, class... Added>
    static void push_moved(state_type& state, const View& target, entity e, std::uint32_t row, type_list<Components...>,
                           Added&&... added) {
        archetype_storage& rows = target.storage();
        const std::uint32_t new_row = rows.grow_by(1);
        rows.entity_at(new_row) = e;
        std::byte* const* columns = rows.columns();
        internal::in_order({(write_component(columns + first_column_v<Components, type_list<Components...>>, new_row,
                                             take<From, Components>(state, row, added...)),
                             0)...});
    }

    // Component C for the moved row: the added value, or the source's.
    template <class From, class C, class... Added>
    static C take(state_type& state, std::uint32_t row, Added&... added) {
        if constexpr (contains_v<C, type_list<Added...>>) {
            return given_or_default_moved<C>(added...);
        } else {
            return C(std::move(state.template view_of<From>().template at<C>(row)));
        }
    }

    template <class C, class First, class... Rest>
    static C given_or_default_moved(First& first, Rest&... rest) {
        if constexpr (std::is_same_v<C, First>) {
            return std::move(first);
        } else {
            return given_or_default_moved<C>(rest...);
        }
    }
};

} // namespace kiln::internal
