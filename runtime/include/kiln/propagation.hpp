// kiln::propagate: values that flow down the hierarchy, a child's global
// value computed from its parent's global value and its own local one.
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>

#include <kiln/archetype.hpp>
#include <kiln/component.hpp>
#include <kiln/entity.hpp>
#include <kiln/executor.hpp>
#include <kiln/hierarchy.hpp>
#include <kiln/hierarchy_order.hpp>
#include <kiln/type_list.hpp>

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
    return ((holds_v<Archetypes, Local> && holds_v<Archetypes, Global>) || ...);
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
            const order_entry& e = entries[i];
            const local* own = locals[e.archetype];
            if (own == nullptr) {
                continue;
            }
            const global& parent = parents[e.parent_archetype][e.parent_row & row_masks[e.parent_archetype]];
            globals[e.archetype][e.row] = P::combine(parent, own[e.row]);
        }
    }

    const global root{};
    std::array<const local*, archetypes::size + 1> locals{};
    std::array<global*, archetypes::size + 1> globals{};
    std::array<const global*, archetypes::size + 1> parents{};
    std::array<std::uint32_t, archetypes::size + 1> row_masks{};
};

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
    const internal::hierarchy_order& order = internal::hierarchy_moves<World>::order(world);
    const internal::propagation_columns<P, World> columns{world};
    const std::span<const internal::order_entry> entries = order.entries();
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

// Recomputes P's global part for each entity of changed and its
// descendants, and no other: for a frame where the game knows what it
// changed (local parts set, parents set or removed). Each subtree is walked
// through the hierarchy's links, each entity found through the entity
// table. A dead handle in changed is skipped; an entity listed with one of
// its ancestors is computed twice, to the same value.
template <class P, class World>
void propagate_changed(World& world, std::span<const entity> changed) {
    static_assert(internal::check_propagation<P, World>());
    using access = internal::hierarchy_moves<World>;
    const internal::propagation_columns<P, World> columns{world};
    const hierarchy_table& links = access::table(world);
    const entity_table& entities = access::entities(world);
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
