// Archetypes as the generator describes them.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include <kiln/core/type_list.hpp>
#include <kiln/storage/column.hpp>

namespace kiln {

// A generated archetype tag A has
//   static constexpr std::uint32_t id;       // its index in the schema's archetype list
//   static constexpr std::string_view name;
//   using components = kiln::type_list<...>;
//   static constexpr std::array<std::uint32_t, N> component_ids;     // each component's id, in order
//   static constexpr std::array<std::uint32_t, N + 1> first_columns; // where each one's columns start,
//                                                                     // then the column count
// The last two are what internal::component_ids and internal::first_columns
// say of the components: kilnc writes them as numbers because working them
// out from the list, for each of a large schema's thousands of archetypes,
// took seconds of every compile that uses the world (docs/compile_time.md).
template <class A>
concept archetype = requires {
    { A::id } -> std::convertible_to<std::uint32_t>;
    { A::name } -> std::convertible_to<std::string_view>;
    typename A::components;
};

// Specialized by generated code, for each component C held by any archetype,
// with `using type = kiln::type_list<archetypes holding C, in schema order>`.
// The generator computes these lists so that a query starts from the few
// archetypes that can match instead of filtering all of them at compile time.
template <class C>
struct archetypes_with {
    using type = type_list<>;
};

template <class C>
using archetypes_with_t = typename archetypes_with<C>::type;

// Whether archetype A holds component C.
template <class A, class C>
inline constexpr bool holds_v = contains_v<C, typename A::components>;

namespace internal {

// Archetype A's columns (kiln/storage/column.hpp), from the numbers kilnc wrote.
template <class A>
constexpr archetype_columns columns_of_archetype() noexcept {
    return {A::component_ids.data(), A::first_columns.data(), static_cast<std::uint32_t>(A::component_ids.size())};
}

// The columns and the ids of Archetypes, in order: what queries and lookup
// tables work out from, as numbers, which archetypes hold a component and
// where its columns start.
template <class... Archetypes>
inline constexpr std::array<archetype_columns, sizeof...(Archetypes)> columns_of_each{
    columns_of_archetype<Archetypes>()...};

template <class... Archetypes>
constexpr const auto& columns_of_list(type_list<Archetypes...>) noexcept {
    return columns_of_each<Archetypes...>;
}

template <class... Archetypes>
inline constexpr std::array<std::uint32_t, sizeof...(Archetypes)> ids_of_each{Archetypes::id...};

template <class... Archetypes>
constexpr const auto& ids_of_list(type_list<Archetypes...>) noexcept {
    return ids_of_each<Archetypes...>;
}

} // namespace internal

} // namespace kiln
