// A list of types, and the few questions kiln asks of one at compile time.
//
// Lists in kiln can be long (a schema's components, an archetype of hundreds
// of them), and a question asked of every member of a list must not cost the
// list's length each time: that is quadratic, and a world of thousands of
// components would not compile in minutes. So each list is turned, once,
// into a class with one base per position, and the questions are answered
// by the compiler's lookup of a base class (no recursion, no fold over the
// list), whatever the length.
//
// Nor does kiln fold an expression over a list that a schema makes: Clang
// refuses a fold expression of more than 256 terms ("instantiating fold
// expression with 1000 arguments exceeded expression nesting limit of 256",
// its -fbracket-depth), and g++ 12 builds one in time that grows with the
// square of its terms; an archetype may hold 1,024 components, and a world
// any number of archetypes. A braced list has no such limit, and is
// evaluated left to right: in_order, all_of and any_of below take one.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <type_traits>
#include <utility>

namespace kiln {

template <class... Types>
struct type_list {
    static constexpr std::size_t size = sizeof...(Types);
};

namespace internal {

// Evaluates a braced list, left to right, for what each term does:
// in_order({(f<Types>(), 0)...}) calls f for each of Types in order, as the
// fold (f<Types>(), ...) would.
constexpr void in_order(std::initializer_list<int>) noexcept {}

// Whether every value is true: all_of({p<Types>...}) for (p<Types> && ...),
// every term evaluated.
constexpr bool all_of(std::initializer_list<bool> values) noexcept {
    for (const bool value : values) {
        if (!value) {
            return false;
        }
    }
    return true;
}

// Whether any value is true: any_of({p<Types>...}) for (p<Types> || ...),
// every term evaluated.
constexpr bool any_of(std::initializer_list<bool> values) noexcept {
    for (const bool value : values) {
        if (value) {
            return true;
        }
    }
    return false;
}

template <class Type>
struct type_tag {};

// Position I of a list, holding Type.
template <std::size_t I, class Type>
struct at_position : type_tag<Type> {
    using type = Type;
};

template <class Positions, class... Types>
struct list_positions;

// A list as a class: one base at_position<I, T> for each position, and so
// type_tag<T> among its bases for each type T of the list (ambiguously when
// T appears twice).
template <std::size_t... I, class... Types>
struct list_positions<std::index_sequence<I...>, Types...> : at_position<I, Types>... {};

template <class List>
struct positions;

template <class... Types>
struct positions<type_list<Types...>> {
    using type = list_positions<std::index_sequence_for<Types...>, Types...>;
};

template <class List>
using positions_t = typename positions<List>::type;

// Deduces I from the one base at_position<I, Type>; no match when Type is
// absent or appears twice.
template <class Type, std::size_t I>
constexpr std::size_t position_in(const at_position<I, Type>*) noexcept {
    return I;
}

// Deduces Type from the base at position I.
template <std::size_t I, class Type>
at_position<I, Type> at(const at_position<I, Type>*) noexcept;

template <class Type, class List>
inline constexpr bool once_in_v = requires(const positions_t<List>* list) { internal::position_in<Type>(list); };

// The first position of Type in Types (their count when it is absent), for a
// list where it is not once.
template <class Type, class... Types>
constexpr std::size_t first_position() noexcept {
    std::size_t position = 0;
    for (const bool same : std::initializer_list<bool>{std::is_same_v<Type, Types>...}) {
        if (same) {
            break;
        }
        ++position;
    }
    return position;
}

template <class Type, class List>
struct index_of;

template <class Type, class... Types>
struct index_of<Type, type_list<Types...>> {
    static constexpr std::size_t value = [] {
        if constexpr (once_in_v<Type, type_list<Types...>>) {
            return internal::position_in<Type>(static_cast<const positions_t<type_list<Types...>>*>(nullptr));
        } else {
            return first_position<Type, Types...>();
        }
    }();
};

} // namespace internal

// Whether Type is one of List.
template <class Type, class List>
inline constexpr bool contains_v = std::is_base_of_v<internal::type_tag<Type>, internal::positions_t<List>>;

// Whether no type appears twice in List.
template <class List>
inline constexpr bool unique_v = true;

template <class... Types>
inline constexpr bool unique_v<type_list<Types...>> =
    internal::all_of({internal::once_in_v<Types, type_list<Types...>>...});

// The first type of a non-empty List.
template <class List>
struct front;

template <class First, class... Rest>
struct front<type_list<First, Rest...>> {
    using type = First;
};

template <class List>
using front_t = typename front<List>::type;

// The type at position I of List.
template <std::size_t I, class List>
using type_at_t = typename decltype(internal::at<I>(static_cast<const internal::positions_t<List>*>(nullptr)))::type;

// The position of Type in List, which must hold it (the first, where it
// appears twice).
template <class Type, class List>
inline constexpr std::size_t index_of_v = internal::index_of<Type, List>::value;

// Calls visit.template operator()<Type>() for each type of List, in order.
template <class... Types, class Visitor>
constexpr void for_each_type(type_list<Types...>, Visitor&& visit) {
    internal::in_order({(visit.template operator()<Types>(), 0)...});
}

} // namespace kiln
