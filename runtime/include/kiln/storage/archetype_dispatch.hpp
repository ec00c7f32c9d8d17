// From an archetype's id, known only at run time, to the archetype's type:
// the dispatch that every operation on an entity of unknown archetype goes
// through, and the per-id tables of a world's archetypes.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <kiln/core/type_list.hpp>
#include <kiln/entity/entity_table.hpp>
#include <kiln/storage/archetype.hpp>
#include <kiln/storage/column.hpp>

namespace kiln::internal {

// The dispatches below test each candidate in turn and stop at the one that
// matches: `found = found || test<A>()` per term of a braced list
// (internal::in_order), without the limit of the fold `(test<A>() || ...)`
// on the list's length (kiln/core/type_list.hpp): a world may have
// thousands of archetypes. g++ 12 -O2 compiles them as it did the fold:
// the fixture world's destroy is the same jump table on the archetype's
// id, its first case tested before it (143 instructions, 147 now).

// Calls visit.template operator()<From, To>(row) for the edge of Edges that
// leaves the archetype whose rows include place, an entity_table::find_place
// word, and row the row it encodes; returns whether there was one. As for
// visit_place: a subtraction and a compare per edge, where unpacking the
// word into an archetype's id and a row cost each add and remove a load,
// two shifts and a mask.
template <class... Edges, class Visitor>
bool visit_edge(type_list<Edges...>, const entity_table& table, std::uint32_t place,
                [[maybe_unused]] Visitor&& visit) {
    [[maybe_unused]] const std::uint32_t max_rows = table.max_rows();
    [[maybe_unused]] const auto at = [&]<class Edge>() {
        const std::uint32_t row = place - table.encode({Edge::from::id, 0});
        return row < max_rows && (visit.template operator()<typename Edge::from, typename Edge::to>(row), true);
    };
    bool found = false;
    in_order({(found = found || at.template operator()<Edges>(), 0)...});
    return found;
}

// Calls visit.template operator()<A>() for the archetype A of Archetypes
// whose id is id; returns whether there was one. Always inlined: called, it
// took destroy's loop's registers (bench/ destroy, a quarter slower).
template <class... Archetypes, class Visitor>
[[gnu::always_inline]] inline bool visit_archetype(type_list<Archetypes...>, std::uint32_t id, Visitor&& visit) {
    bool found = false;
    in_order({(found = found || (id == Archetypes::id && (visit.template operator()<Archetypes>(), true)), 0)...});
    return found;
}

// Calls visit.template operator()<A>(row) for the archetype A of Archetypes
// whose rows include place, an entity_table::find_place word, and row the
// row it encodes; returns whether there was one. Each archetype's rows are a
// range of words, so one subtraction and one compare both test an archetype
// and give the row. Comparisons, not a table read: where the archetype is
// predictable, what visit reads no longer waits for place.
template <class... Archetypes, class Visitor>
bool visit_place(type_list<Archetypes...>, const entity_table& table, std::uint32_t place,
                 [[maybe_unused]] Visitor&& visit) {
    [[maybe_unused]] const std::uint32_t max_rows = table.max_rows();
    [[maybe_unused]] const auto at = [&]<class A>() {
        const std::uint32_t row = place - table.encode({A::id, 0});
        return row < max_rows && (visit.template operator()<A>(row), true);
    };
    bool found = false;
    in_order({(found = found || at.template operator()<Archetypes>(), 0)...});
    return found;
}

// What a table by archetype id holds for an archetype without the component.
inline constexpr std::uint32_t no_column = ~std::uint32_t{0};

// Where component C's columns start (or, when Ticks, its change ticks'
// columns) in each of a world's Count archetypes, by id: Holders are those
// that hold C, and the others have no_column. One table for C, read with the
// id of an entity's archetype, where a branch per archetype compiled a view
// and a cursor for each of them (kiln/world/component_lookup.hpp).
template <class C, std::size_t Count, bool Ticks, class... Holders>
constexpr std::array<std::uint32_t, Count> columns_by_id(type_list<Holders...>) {
    std::array<std::uint32_t, Count> by_id{};
    by_id.fill(no_column);
    if constexpr (Ticks) {
        in_order({(by_id[Holders::id] = first_tick_column<C>(typename Holders::components{}), 0)...});
    } else {
        // A loop over the holders' columns (kiln/storage/column.hpp), not a template per holder.
        constexpr auto& holders = columns_of_each<Holders...>;
        for (std::size_t i = 0; i < holders.size(); ++i) {
            by_id[ids_of_each<Holders...>[i]] = holders[i].first_column(component_traits<C>::id);
        }
    }
    return by_id;
}

template <class C, std::size_t Count>
inline constexpr auto first_columns_by_id = columns_by_id<C, Count, false>(archetypes_with_t<C>{});

template <class C, std::size_t Count>
inline constexpr auto first_tick_columns_by_id = columns_by_id<C, Count, true>(archetypes_with_t<C>{});

// Whether each of ids is its position. A loop, not a fold over a list:
// see kiln/core/type_list.hpp.
template <std::size_t Count>
constexpr bool are_positions(const std::array<std::uint32_t, Count>& ids) noexcept {
    for (std::size_t position = 0; position < Count; ++position) {
        if (ids[position] != position) {
            return false;
        }
    }
    return true;
}

// Whether each archetype's id is its position in the list.
template <class... Archetypes>
constexpr bool ids_are_positions(type_list<Archetypes...>) {
    return are_positions(ids_of_each<Archetypes...>);
}

// Whether each component's id is its position in the list: the world's
// table of columns by component id (kiln/storage/archetype_table.hpp) is the list's.
template <class... Components>
constexpr bool component_ids_are_positions(type_list<Components...>) {
    return are_positions(component_ids<Components...>);
}

template <class... Archetypes>
constexpr std::array<std::string_view, sizeof...(Archetypes)> names_of(type_list<Archetypes...>) {
    return {Archetypes::name...};
}

} // namespace kiln::internal
