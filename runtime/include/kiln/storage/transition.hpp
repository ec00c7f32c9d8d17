// Transitions: which archetype an entity lands in when it gains or loses a
// component, as the generator computed them.
#pragma once

#include <cstdint>
#include <span>
#include <type_traits>

#include <kiln/core/type_list.hpp>
#include <kiln/storage/archetype.hpp>
#include <kiln/storage/column.hpp>

namespace kiln {

// An entity of archetype From that gains (or loses) the component lands in To.
template <class From, class To>
struct edge {
    using from = From;
    using to = To;
};

// Specialized by generated code, for each component C that some archetype can
// gain or lose, with
//   using add = kiln::type_list<kiln::edge<From, To>...>;     // To = From + C
//   using remove = kiln::type_list<kiln::edge<From, To>...>;  // To = From - C
// The generator lists an edge wherever both ends are declared archetypes; a
// set of components that is not declared is not an archetype, and no move
// leads there.
template <class C>
struct transitions {
    using add = type_list<>;
    using remove = type_list<>;
};

namespace internal {

struct no_edge {
    using to = void;
};

// The edges of one list as a class, one base each: an archetype leaves by at
// most one edge of a list, so the bases differ.
template <class... Edges>
struct edge_set : Edges... {};

// The edge leaving From, found as a base of the set (a conversion to a base
// beats one to void*), or no_edge: one lookup, however many edges the list
// holds.
template <class From, class To>
edge<From, To> edge_leaving(const edge<From, To>*);

template <class From>
no_edge edge_leaving(const void*);

template <class From, class Edges>
struct edge_from;

template <class From, class... Edges>
struct edge_from<From, type_list<Edges...>> {
    using type = decltype(edge_leaving<From>(static_cast<const edge_set<Edges...>*>(nullptr)));
};

} // namespace internal

// The archetype that an entity of archetype From lands in when it gains C;
// void when there is none.
template <class From, class C>
using add_target_t = typename internal::edge_from<From, typename transitions<C>::add>::type::to;

// The archetype that an entity of archetype From lands in when it loses C;
// void when there is none.
template <class From, class C>
using remove_target_t = typename internal::edge_from<From, typename transitions<C>::remove>::type::to;

namespace internal {

template <class... Lists>
struct concat_lists {
    using type = type_list<>;
};

template <class... Types>
struct concat_lists<type_list<Types...>> {
    using type = type_list<Types...>;
};

template <class... First, class... Second, class... Rest>
struct concat_lists<type_list<First...>, type_list<Second...>, Rest...>
    : concat_lists<type_list<First..., Second...>, Rest...> {};

// Whether archetype A holds exactly From's components without Lost and with
// Gained: same count, and each of From's (but Lost) and Gained held.
template <class A, class Components, class Lost, class Gained>
struct holds_exactly;

template <class A, class... Components, class Lost, class Gained>
struct holds_exactly<A, type_list<Components...>, Lost, Gained> {
    static constexpr bool value =
        A::components::size == sizeof...(Components) && contains_v<Gained, typename A::components> &&
        ((std::is_same_v<Components, Lost> || contains_v<Components, typename A::components>) && ...);
};

// The archetype of Archetypes that holds From's components with Lost
// replaced by Gained; void when none is declared.
template <class From, class Lost, class Gained, class Archetypes>
struct replaced_archetype;

template <class From, class Lost, class Gained>
struct replaced_archetype<From, Lost, Gained, type_list<>> {
    using type = void;
};

template <class From, class Lost, class Gained, class First, class... Rest>
struct replaced_archetype<From, Lost, Gained, type_list<First, Rest...>> {
    using type = std::conditional_t<holds_exactly<First, typename From::components, Lost, Gained>::value, First,
                                    typename replaced_archetype<From, Lost, Gained, type_list<Rest...>>::type>;
};

// The edges of replacing Lost by Gained: from each archetype of Holders (the
// archetypes that hold Lost) that lacks Gained, to the archetype holding its
// components with Lost replaced by Gained, where one is declared.
template <class Lost, class Gained, class Holders, class Archetypes>
struct replace_edges;

template <class Lost, class Gained, class... Holders, class Archetypes>
struct replace_edges<Lost, Gained, type_list<Holders...>, Archetypes> {
    template <class From>
    using target = std::conditional_t<contains_v<Gained, typename From::components>, void,
                                      typename replaced_archetype<From, Lost, Gained, Archetypes>::type>;
    using type = typename concat_lists<std::conditional_t<std::is_void_v<target<Holders>>, type_list<>,
                                             type_list<edge<Holders, target<Holders>>>>...>::type;
};

} // namespace internal

// The edges an entity takes when its component Lost is replaced by Gained
// (world.replace<Lost, Gained>): one move, from each archetype holding Lost
// to the declared archetype holding its components with Lost replaced by
// Gained, without the archetype in between that a remove then an add would
// need. Computed here, from the archetypes, for the pairs a game replaces.
template <class Lost, class Gained, class Archetypes>
using replace_edges_t = typename internal::replace_edges<Lost, Gained, typename archetypes_with<Lost>::type,
                                                         Archetypes>::type;

namespace internal {

// The id that names no component: what a move by id loses when it only
// gains, and gains when it only loses.
inline constexpr std::uint32_t no_component = ~std::uint32_t{0};

// The same transitions by component id, for a move recorded as data
// (kiln/world/moves_by_id.hpp): the id of the archetype among archetypes
// that holds from's components without lost and with gained (either may be
// no_component), or archetypes.size() when none is declared.
// Precondition: from holds lost and not gained. A search over the
// archetypes' numbers, not a table: one of every archetype and component
// would take a large schema's compile seconds to build (docs/compile_time.md).
inline std::uint32_t transition_by_id(std::span<const archetype_columns> archetypes, const archetype_columns& from,
                                      std::uint32_t lost, std::uint32_t gained) noexcept {
    const std::uint32_t count = from.count - (lost != no_component ? 1 : 0) + (gained != no_component ? 1 : 0);
    for (std::uint32_t id = 0; id < archetypes.size(); ++id) {
        const archetype_columns& candidate = archetypes[id];
        if (candidate.count != count) {
            continue;
        }
        // As many components, none of them lost, each gained or from's: the same set.
        bool same = true;
        for (std::uint32_t i = 0; i < count && same; ++i) {
            const std::uint32_t component = candidate.ids[i];
            same = component == gained || (component != lost && from.holds(component));
        }
        if (same) {
            return id;
        }
    }
    return static_cast<std::uint32_t>(archetypes.size());
}

} // namespace internal

} // namespace kiln
