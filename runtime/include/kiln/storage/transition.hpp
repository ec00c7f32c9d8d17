// Transitions: which archetype an entity lands in when it gains or loses a
// component, as the generator computed them.
#pragma once

#include <kiln/core/type_list.hpp>

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

} // namespace kiln
