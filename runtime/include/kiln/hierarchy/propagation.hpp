// kiln::propagate: values that flow down the hierarchy, a child's global
// value computed from its parent's global value and its own local one.
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

#include <kiln/changes/change_filters.hpp>
#include <kiln/core/executor.hpp>
#include <kiln/core/type_list.hpp>
#include <kiln/entity/entity.hpp>
#include <kiln/hierarchy/hierarchy.hpp>
#include <kiln/hierarchy/hierarchy_order.hpp>
#include <kiln/schema/component.hpp>
#include <kiln/storage/archetype.hpp>
#include <kiln/storage/change_ticks.hpp>

namespace kiln {

// A value that propagates down the hierarchy: P names
//   using local = L;   // a packed component: the entity's own part
//   using global = G;  // a packed component: computed, never set by hand
//   static G combine(const G& parent, const L& local);
// An entity holding both gets global = combine(parent's global, local); one
// without a parent, or whose parent holds no G, gets combine(G{}, local): so
// G's defaults must be what combine treats as "nothing above" (the identity
// transform, an empty mask). kilnc writes such a P for each [propagate.NAME]
// of a schema.
template <class P>
concept propagation = requires(const typename P::global& parent, const typename P::local& local) {
    requires component<typename P::local> && component<typename P::global>;
    requires layout_of<typename P::local> == layout::packed && layout_of<typename P::global> == layout::packed;
    { P::combine(parent, local) } -> std::same_as<typename P::global>;
};

namespace internal {

template <class Local, class Global, class... Archetypes>
constexpr bool some_archetype_holds_both(type_list<Archetypes...>) {
    return any_of({(holds_v<Archetypes, Local> && holds_v<Archetypes, Global>)...});
}

// propagate's requirements on P, each as a sentence: a P that fails the
// concept gets the one it breaks, not a list of unsatisfied constraints.
template <class P, class World>
constexpr bool check_propagation() {
    if constexpr (!requires {
                      typename P::local;
                      typename P::global;
                  }) {
        static_assert(requires { typename P::local; }, "kiln::propagate<P>: P must name its parts: using local = L; "
                                                        "using global = G; (components of the schema)");
        return false;
    } else {
        using local = typename P::local;
        using global = typename P::global;
        static_assert(component<local> && component<global>,
                      "kiln::propagate<P>: P::local and P::global must be components declared in a schema");
        static_assert(layout_of<local> == layout::packed && layout_of<global> == layout::packed,
                      "kiln::propagate<P>: P::local and P::global must be packed components (a split or tag "
                      "component has no one value to combine)");
        static_assert(requires(const global& parent, const local& own) {
            { P::combine(parent, own) } -> std::same_as<global>;
        }, "kiln::propagate<P>: P must have static G combine(const G& parent, const L& local), G P::global and L "
           "P::local: it reads both and writes neither");
        static_assert(some_archetype_holds_both<local, global>(typename World::schema_type::archetypes{}),
                      "kiln::propagate<P>: no archetype of this world holds both P::local and P::global, so there "
                      "is nothing to compute");
        return true;
    }
}

// P's columns in every archetype of World, by archetype id, with one more
// id, World's archetype count, for "no archetype" (no parent): locals where
// an archetype holds both parts (null elsewhere), globals where it holds the
// global part (null elsewhere), and what a child reads as its parent's
// global: the column where there is one, else the root value G{}, at any
// row (row_masks zero the row), so that the pass has no branch for it.
template <propagation P, class World>
struct propagation_columns {
    using local = typename P::local;
    using global = typename P::global;
    using archetypes = typename World::schema_type::archetypes;

    explicit propagation_columns(World& world) {
        parents.fill(&root);
        for_each_type(archetypes{}, [&]<class A>() {
            if constexpr (holds_v<A, global>) {
                globals[A::id] = world.template storage<A>().template column<global>().data();
                parents[A::id] = globals[A::id];
                row_masks[A::id] = ~std::uint32_t{0};
                if constexpr (holds_v<A, local>) {
                    locals[A::id] = world.template storage<A>().template column<const local>().data();
                }
            }
        });
    }

    propagation_columns(const propagation_columns&) = delete; // parents point at root
    propagation_columns& operator=(const propagation_columns&) = delete;

    // The entries [begin, end) of a hierarchy_order, in order.
    void update(std::span<const order_entry> entries, std::size_t begin, std::size_t end) const {
        for (std::size_t i = begin; i < end; ++i) {
            update(entries[i]);
        }
    }

    void update(const order_entry& e) const {
        const local* own = locals[e.archetype];
        if (own == nullptr) {
            return;
        }
        const global& parent = parents[e.parent_archetype][e.parent_row & row_masks[e.parent_archetype]];
        globals[e.archetype][e.row] = P::combine(parent, own[e.row]);
    }

    // Asks for the rows update(e) reads and writes, ahead of it.
    void fetch(const order_entry& e) const {
        if (const local* own = locals[e.archetype]) {
            __builtin_prefetch(own + e.row);
            __builtin_prefetch(globals[e.archetype] + e.row, 1);
            __builtin_prefetch(parents[e.parent_archetype] + (e.parent_row & row_masks[e.parent_archetype]));
        }
    }

    const global root{};
    std::array<const local*, archetypes::size + 1> locals{};
    std::array<global*, archetypes::size + 1> globals{};
    std::array<const global*, archetypes::size + 1> parents{};
    std::array<std::uint32_t, archetypes::size + 1> row_masks{};
};

// Every entry of order, in order; with a parallel executor each depth split
// among threads, one depth after another.
template <propagation P, class World, class Executor>
void propagate_all(const propagation_columns<P, World>& columns, const hierarchy_order& order,
                   const Executor& executor) {
    const std::span<const order_entry> entries = order.entries();
    if constexpr (std::is_same_v<Executor, serial_executor>) {
        columns.update(entries, 0, entries.size());
    } else {
        // Rows at one depth at least, per chunk: fewer, and the threads'
        // start-up would cost more than the rows.
        constexpr std::size_t chunk_rows = 4096;
        for (std::size_t depth = 0; depth < order.levels(); ++depth) {
            const std::size_t first = order.level_begin(depth);
            executor.for_chunks(order.level_begin(depth + 1) - first, chunk_rows,
                                [&](std::size_t begin, std::size_t end) { columns.update(entries, first + begin, first + end); });
        }
    }
}

} // namespace internal

// What a dirty pass of a propagation remembers of its last pass on one
// world (kiln::propagate_dirty): the tick it ran at, and which rebuild of
// the hierarchy order it saw. The world keeps one for each propagation of
// its schema; a game keeps one per propagation and world it calls
// propagate_dirty on by hand.
struct propagation_state {
    change_tick since = 0;
    std::uint64_t order_generation = 0;
    bool ran = false; // false: the next pass is a full one
};

namespace internal {

// Of the hierarchy order's entries, a dirty pass recomputes at most this
// share (one in four) before it gives up and makes the full pass, which reads
// the rows in order, pays nothing per subtree and takes the executor.
inline constexpr std::size_t dirty_share = 4;

// The dirty pass of P: recomputes the subtrees of the entities whose local
// part changed after since, of those whose shape changed (parent, archetype)
// since the last pass, and of the children of entities holding the global
// part alone (set by the game, whose changes are not tracked). A full pass
// when state says the last pass saw an order two rebuilds old or more (or
// there was none), or when the subtrees are more than a quarter of the rows.
// Records the pass in state (but for state.since, the caller's).
template <propagation P, class World, class Executor>
void propagate_dirty_checked(World& world, change_tick since, propagation_state& state, const Executor& executor) {
    using local = typename P::local;
    using global = typename P::global;
    hierarchy_order& order = hierarchy_moves<World>::linked_order(world_state_of(world));
    const bool same_order = state.ran && order.generation() == state.order_generation;
    const bool reshaped =
        state.ran && order.reshaped_known() && order.generation() == state.order_generation + 1;
    state.ran = true;
    state.order_generation = order.generation();
    const propagation_columns<P, World> columns{world};
    if (!same_order && !reshaped) {
        propagate_all(columns, order, executor);
        return;
    }
    if (reshaped) {
        for (const std::uint32_t place : order.reshaped()) {
            order.mark(place);
        }
    }
    for_each_type(typename World::schema_type::archetypes{}, [&]<class A>() {
        if constexpr (holds_v<A, local> && holds_v<A, global>) {
            archetype_storage& rows = world.template storage<A>().storage();
            constexpr std::array<std::uint32_t, 1> ticks{first_tick_column<local>(typename A::components{})};
            const auto nothing = [] {};
            const auto changed = [&](std::size_t first, std::size_t last) {
                for (std::size_t row = first; row < last; ++row) {
                    order.mark(order.place_of(A::id, static_cast<std::uint32_t>(row)));
                }
            };
            filter_rows(rows.columns(), ticks, {false}, since).each(nothing, changed, 0, rows.size());
        } else if constexpr (holds_v<A, global>) {
            // Its subtree: the row itself is not computed (it holds no local
            // part), its descendants are.
            const archetype_storage& rows = world.template storage<A>().storage();
            for (std::uint32_t row = 0; row < rows.size(); ++row) {
                order.mark(order.place_of(A::id, row));
            }
        }
    });
    const std::size_t budget = order.entries().size() / dirty_share;
    const std::span<const order_entry> entries = order.subtree_entries();
    const auto fetch = [&](const order_entry& e) { columns.fetch(e); };
    const auto compute = [&](std::size_t begin, std::size_t end) { columns.update(entries, begin, end); };
    if (!order.recompute(budget, fetch, compute)) {
        propagate_all(columns, order, executor);
    }
}

// The same, for any P: one that is no propagation is told which rule it
// breaks, and nothing more is compiled.
template <class P, class World, class Executor>
void propagate_dirty_since(World& world, change_tick since, propagation_state& state, const Executor& executor) {
    if constexpr (check_propagation<P, World>()) { // else it said which rule P breaks, and nothing more is compiled
        propagate_dirty_checked<P>(world, since, state, executor);
    }
}

} // namespace internal

// Computes P's global part for every entity that holds P's parts, in one
// pass over the world's rows in an order where parents come before their
// children (kept by the runtime, rebuilt after the hierarchy or the rows
// change), with no recursion and no lookup of a handle. With a
// parallel_executor, each depth is split among threads, one depth after
// another; every value is the same as a serial pass's, bit for bit, since
// each is computed from its parent's finished one.
//
// Precondition: nothing else reads or writes P's parts while it runs (the
// schedule sees to it for the propagation kilnc generates).
template <class P, class World, class Executor = serial_executor>
void propagate(World& world, const Executor& executor = {}) {
    static_assert(internal::check_propagation<P, World>());
    const internal::propagation_columns<P, World> columns{world};
    internal::propagate_all(columns, internal::hierarchy_moves<World>::order(world_state_of(world)), executor);
}

// Recomputes P's global part only where it may have changed since the last
// propagate_dirty of P with state: below each entity whose local part was
// written since (P::local must be tracked), whose parent or archetype
// changed, and below each entity holding the global part alone (which the
// game sets). Gives every entity the value propagate would. The first pass
// with a state, one after the rows were reordered twice (by others'
// passes), and one whose subtrees hold more than a quarter of the rows are
// full passes; the walk of subtrees is serial, the full pass takes the
// executor. Precondition as propagate's; one state per world (a state
// of another world's passes gives wrong values).
template <class P, class World, class Executor = serial_executor>
void propagate_dirty(World& world, propagation_state& state, const Executor& executor = {}) {
    if constexpr (internal::check_propagation<P, World>()) {
        static_assert(tracked_v<typename P::local>,
                      "kiln::propagate_dirty<P>: P::local is not tracked, so nothing says which locals changed; "
                      "declare it with kiln = { track = true } (a [propagate.NAME]'s local is tracked unless it "
                      "says track = false), or call kiln::propagate for the full pass");
        if constexpr (tracked_v<typename P::local>) {
            const change_tick since = state.since;
            state.since = world.advance_tick(); // what is written from now on is newer
            if (state.since - since > max_change_age) {
                state.ran = false; // changes that old are no longer told apart (kiln::max_change_age): a full pass
            }
            internal::propagate_dirty_since<P>(world, since, state, executor);
        }
    }
}

// Recomputes P's global part for each entity of changed and its
// descendants, and no other: for a frame where the game knows what it
// changed (local parts set, parents set or removed). Each subtree is walked
// through the hierarchy's links, each entity found through the entity
// table. A dead handle in changed is skipped; an entity listed with one of
// its ancestors is computed twice, to the same value.
template <class P, class World>
void propagate_changed(World& world, std::span<const entity> changed) {
    static_assert(internal::check_propagation<P, World>());
    const internal::propagation_columns<P, World> columns{world};
    const auto& state = world_state_of(world);
    const hierarchy_table& links = state.hierarchy;
    const entity_table& entities = state.entities;
    const typename P::global root{};
    for (const entity top : changed) {
        if (!entities.alive(top)) {
            continue;
        }
        for (entity e = top; !e.is_null(); e = links.next_in_subtree(e, top)) {
            const entity_location at = entities.location(e);
            const typename P::local* own = columns.locals[at.archetype];
            if (own == nullptr) {
                continue;
            }
            const entity parent = links.links(e).parent;
            const typename P::global* above = &root;
            if (!parent.is_null()) {
                const entity_location parent_at = entities.location(parent);
                if (const auto* globals = columns.globals[parent_at.archetype]) {
                    above = globals + parent_at.row;
                }
            }
            columns.globals[at.archetype][at.row] = P::combine(*above, own[at.row]);
        }
    }
}

} // namespace kiln
