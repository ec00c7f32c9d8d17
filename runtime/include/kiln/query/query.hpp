// Queries: which archetypes a set of components and filters matches.
//
// A query names the components it accesses (const for read-only), plus
// with<...> (required, not accessed) and without<...> (excluded). Matching is
// decided entirely at compile time: it starts from the generated list of
// archetypes holding the rarest required component and keeps those that hold
// every required component and none of the excluded ones.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <tuple>
#include <type_traits>

#include <kiln/core/type_list.hpp>
#include <kiln/schema/component.hpp>
#include <kiln/storage/archetype.hpp>
#include <kiln/storage/column.hpp>

namespace kiln {

// Filter: entities must also have these components, which are not accessed.
template <class... Components>
struct with_t {
    using list = type_list<Components...>;
};

// Filter: entities must have none of these components.
template <class... Components>
struct without_t {
    using list = type_list<Components...>;
};

template <class... Components>
inline constexpr with_t<Components...> with{};

template <class... Components>
inline constexpr without_t<Components...> without{};

namespace internal {

template <class List>
struct shortest_archetype_list;

// The position of the smallest of sizes, the first one on ties.
template <std::size_t Count>
constexpr std::size_t position_of_smallest(const std::array<std::size_t, Count>& sizes) {
    std::size_t best = 0;
    for (std::size_t i = 1; i < Count; ++i) {
        if (sizes[i] < sizes[best]) {
            best = i;
        }
    }
    return best;
}

template <class... Required>
struct shortest_archetype_list<type_list<Required...>> {
    static constexpr std::size_t shortest =
        position_of_smallest(std::array<std::size_t, sizeof...(Required)>{archetypes_with_t<Required>::size...});
    using type = archetypes_with_t<std::tuple_element_t<shortest, std::tuple<Required...>>>;
};

} // namespace internal

// One archetype a query matches: its id, and where each accessed
// component's columns start.
template <std::size_t AccessCount>
struct query_target {
    std::uint32_t archetype;
    std::array<std::uint32_t, AccessCount> first_columns;
};

namespace internal {

template <class C>
struct some_archetype_holds : std::bool_constant<(archetypes_with_t<C>::size > 0)> {};

// Stops the build when no archetype holds C; a function of its own, so that
// the compiler's "in instantiation of" line names C.
template <class C>
constexpr void require_some_archetype_holds() {
    static_assert(some_archetype_holds<C>::value,
                  "kiln query: no archetype of this world holds C, the component this assertion is instantiated for; "
                  "add C to an archetype's components in the schema");
}

// Whether an archetype holds every component of required and none of excluded (ids).
template <std::size_t RequiredCount, std::size_t ExcludedCount>
constexpr bool matches(const archetype_columns& archetype, const std::array<std::uint32_t, RequiredCount>& required,
                       const std::array<std::uint32_t, ExcludedCount>& excluded) noexcept {
    for (const std::uint32_t id : required) {
        if (!archetype.holds(id)) {
            return false;
        }
    }
    for (const std::uint32_t id : excluded) {
        if (archetype.holds(id)) {
            return false;
        }
    }
    return true;
}

// Whether archetype A matches: the same rule, for code that needs each
// matching archetype as a type (the loops of change filters,
// kiln/changes/change_tracking.hpp).
template <class A, class Required, class Excluded>
inline constexpr bool matches_v = false;

template <class A, class... Required, class... Excluded>
inline constexpr bool matches_v<A, type_list<Required...>, type_list<Excluded...>> =
    matches(columns_of_archetype<A>(), component_ids<Required...>, component_ids<Excluded...>);

// How many of candidates match.
template <std::size_t CandidateCount, std::size_t RequiredCount, std::size_t ExcludedCount>
constexpr std::size_t count_matches(const std::array<archetype_columns, CandidateCount>& candidates,
                                    const std::array<std::uint32_t, RequiredCount>& required,
                                    const std::array<std::uint32_t, ExcludedCount>& excluded) noexcept {
    std::size_t count = 0;
    for (const archetype_columns& candidate : candidates) {
        count += matches(candidate, required, excluded) ? 1 : 0;
    }
    return count;
}

// The targets among Candidates of a query requiring Required and none of
// Excluded, accessing Access. A loop over numbers, the candidates' columns
// (kiln/storage/column.hpp), not a template per candidate: a query over the thousand
// archetypes holding a common component instantiated one, and asked each of
// them where its components are, another template per component, seconds of
// compile in all. No candidates (a query that does not compile, see
// query::well_formed) give no targets.
template <class... Access, class... Required, class... Excluded, class... Candidates>
constexpr auto make_targets(type_list<Required...>, type_list<Excluded...>, type_list<Candidates...>) {
    if constexpr (sizeof...(Candidates) == 0) {
        return std::array<query_target<sizeof...(Access)>, 0>{};
    } else {
        constexpr auto& candidates = columns_of_each<Candidates...>;
        constexpr auto& required = component_ids<Required...>;
        constexpr auto& excluded = component_ids<Excluded...>;
        std::array<query_target<sizeof...(Access)>, count_matches(candidates, required, excluded)> result{};
        std::size_t next = 0;
        for (std::size_t i = 0; i < candidates.size(); ++i) {
            if (matches(candidates[i], required, excluded)) {
                result[next++] = {ids_of_each<Candidates...>[i],
                                  {candidates[i].first_column(component_traits<Access>::id)...}};
            }
        }
        return result;
    }
}

} // namespace internal

// The archetypes a query matches, described at compile time. Access lists the
// accessed components (maybe const), With and Without the filters.
template <class Access, class With = type_list<>, class Without = type_list<>>
struct query;

template <class... Access, class... With, class... Without>
struct query<type_list<Access...>, type_list<With...>, type_list<Without...>> {
    using required = type_list<std::remove_const_t<Access>..., With...>;
    using excluded = type_list<Without...>;

    static constexpr bool all_components = ((component<std::remove_const_t<Access>>) && ...) &&
                                           (component<With> && ...) && (component<Without> && ...);
    static_assert(sizeof...(Access) + sizeof...(With) > 0,
                  "kiln query: name at least one component to access or require");
    static_assert(all_components, "kiln query: every type must be a component declared in a schema");
    // Whether the query can be compiled. When it cannot, a static_assert says
    // why (above, or in name_unheld, which query_loop calls), and nothing
    // else is instantiated: the candidates are none, and query_loop
    // instantiates no loop, so that the assertion is the only error.
    static constexpr bool well_formed =
        sizeof...(Access) + sizeof...(With) > 0 &&
        std::conjunction_v<std::bool_constant<all_components>,
                           internal::some_archetype_holds<std::remove_const_t<Access>>...,
                           internal::some_archetype_holds<With>...>;

    static constexpr void name_unheld() {
        if constexpr (all_components) {
            (internal::require_some_archetype_holds<std::remove_const_t<Access>>(), ...);
            (internal::require_some_archetype_holds<With>(), ...);
        }
    }

    using candidates = typename std::conditional_t<well_formed, internal::shortest_archetype_list<required>,
                                                   std::type_identity<type_list<>>>::type;

    // The matching archetypes, in schema order, as data: one loop over this
    // table replaces one instantiated loop per archetype, which keeps queries
    // over large schemas cheap to compile.
    static constexpr auto targets =
        internal::make_targets<std::remove_const_t<Access>...>(required{}, excluded{}, candidates{});
};

// A query whose archetypes are already known: kilnc matched them for a
// generated system or observer (its `archetypes`), by the rule above.
// tests/runtime/schedule/schedule.cpp checks that the two agree.
template <class Archetypes, class Access>
struct matched_query;

template <class... Archetypes, class... Access>
struct matched_query<type_list<Archetypes...>, type_list<Access...>> {
    static constexpr auto targets =
        internal::make_targets<std::remove_const_t<Access>...>(type_list<>{}, type_list<>{},
                                                               type_list<Archetypes...>{});
};

} // namespace kiln
