// A list of types, and the few questions kiln asks of one at compile time.
//
// Lists in kiln are short (the components of one archetype, the archetypes
// that hold one component: the generator precomputes the long ones), so plain
// fold expressions beat heavier metaprogramming on compile time.
#pragma once

#include <cstddef>
#include <type_traits>

namespace kiln {

template <class... Types>
struct type_list {
    static constexpr std::size_t size = sizeof...(Types);
};

// Whether Type is one of List.
template <class Type, class List>
inline constexpr bool contains_v = false;

template <class Type, class... Types>
inline constexpr bool contains_v<Type, type_list<Types...>> = (std::is_same_v<Type, Types> || ...);

// Whether no type appears twice in List.
template <class List>
inline constexpr bool unique_v = true;

template <class First, class... Rest>
inline constexpr bool unique_v<type_list<First, Rest...>> =
    !contains_v<First, type_list<Rest...>> && unique_v<type_list<Rest...>>;

// The first type of a non-empty List.
template <class List>
struct front;

template <class First, class... Rest>
struct front<type_list<First, Rest...>> {
    using type = First;
};

template <class List>
using front_t = typename front<List>::type;

// The position of Type in List, which must hold it.
template <class Type, class List>
inline constexpr std::size_t index_of_v = 0;

template <class Type, class First, class... Rest>
inline constexpr std::size_t index_of_v<Type, type_list<First, Rest...>> =
    std::is_same_v<Type, First> ? 0 : 1 + index_of_v<Type, type_list<Rest...>>;

// Calls visit.template operator()<Type>() for each type of List, in order.
template <class... Types, class Visitor>
constexpr void for_each_type(type_list<Types...>, Visitor&& visit) {
    (visit.template operator()<Types>(), ...);
}

} // namespace kiln
