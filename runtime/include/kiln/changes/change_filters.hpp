// Change filters: which tick columns a changed<...> or added<...> filter, a
// system's changed = [...] and added = [...], or an observer's on_change
// looks at, and the loop that visits only the rows they let through.
// kiln/storage/change_ticks.hpp holds the ticks; docs/changes.md is the user's
// account of what the filters mean.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <kiln/core/type_list.hpp>
#include <kiln/storage/change_ticks.hpp>

namespace kiln::internal {

template <class... Lists>
struct concat {
    using type = type_list<>;
};

template <class... Types>
struct concat<type_list<Types...>> {
    using type = type_list<Types...>;
};

template <class... First, class... Second, class... Rest>
struct concat<type_list<First...>, type_list<Second...>, Rest...> : concat<type_list<First..., Second...>, Rest...> {};

// Which column of each filtered component a filter reads: true for the
// added ticks, false for the changed ones. Changed filters come first.
template <std::size_t Changed, std::size_t Added>
constexpr std::array<bool, Changed + Added> added_flags() {
    std::array<bool, Changed + Added> flags{};
    std::fill(flags.begin() + Changed, flags.end(), true);
    return flags;
}

template <class Filter>
struct filter_traits {
    static constexpr bool is_change_filter = false;
};

template <class... Components>
struct filter_traits<changed_t<Components...>> {
    static constexpr bool is_change_filter = true;
    using components = type_list<Components...>;
    static constexpr auto added = added_flags<sizeof...(Components), 0>();
};

template <class... Components>
struct filter_traits<added_t<Components...>> {
    static constexpr bool is_change_filter = true;
    using components = type_list<Components...>;
    static constexpr auto added = added_flags<0, sizeof...(Components)>();
};

// kiln::changed<C...>(since) or kiln::added<C...>(since).
template <class Filter>
concept change_filter = filter_traits<Filter>::is_change_filter;

// What a generated system (or an observer on change) declares of
// changed = [...] and added = [...]: the filtered components, changed ones
// first, and which of their columns the filter reads.
template <class S>
struct changed_list {
    using type = type_list<>;
};

template <class S>
    requires requires { typename S::changed; }
struct changed_list<S> {
    using type = typename S::changed;
};

template <class S>
struct added_list {
    using type = type_list<>;
};

template <class S>
    requires requires { typename S::added; }
struct added_list<S> {
    using type = typename S::added;
};

template <class S>
struct system_filter {
    using components = typename concat<typename changed_list<S>::type, typename added_list<S>::type>::type;
    static constexpr bool present = components::size > 0;
    static constexpr auto added = added_flags<changed_list<S>::type::size, added_list<S>::type::size>();
};

// The rows a filter lets through: those where any of its Count tick
// columns is newer than since, found chunk by chunk: a chunk whose maxima
// are all older is skipped with one comparison per column, and a chunk that
// a loop wrote whole after since passes whole, without reading its rows'
// ticks. chunk_written is null for a column of added ticks.
template <std::size_t Count>
struct row_filter {
    std::array<const change_tick*, Count> rows;
    std::array<const change_tick*, Count> chunk_max;
    std::array<const change_tick*, Count> chunk_written;
    change_tick since;

    // Calls function(cursors[row]...) for each row in [begin, end) that
    // passes; after each run of such rows [first, last), visited(first, last).
    template <class Function, class Visited, class... Cursors>
    void each(Function& function, Visited&& visited, std::size_t begin, std::size_t end, Cursors... cursors) const {
        for (std::size_t chunk = begin / tick_chunk_rows; chunk * tick_chunk_rows < end; ++chunk) {
            if (!any_newer(chunk_max, chunk)) {
                continue;
            }
            const std::size_t first = std::max(begin, chunk * tick_chunk_rows);
            const std::size_t last = std::min(end, (chunk + 1) * tick_chunk_rows);
            if (any_newer(chunk_written, chunk)) {
                for (std::size_t row = first; row < last; ++row) {
                    function(cursors[row]...);
                }
                visited(first, last);
                continue;
            }
            std::size_t run = first; // where the run of rows that pass, up to row, starts
            for (std::size_t row = first; row < last; ++row) {
                if (any_newer(rows, row)) {
                    function(cursors[row]...);
                } else {
                    if (run < row) {
                        visited(run, row);
                    }
                    run = row + 1;
                }
            }
            if (run < last) {
                visited(run, last);
            }
        }
    }

private:
    bool any_newer(const std::array<const change_tick*, Count>& columns, std::size_t at) const noexcept {
        bool newer = false;
        for (const change_tick* column : columns) {
            // is_newer, written out for -O0; a null column (added ticks' chunks) is never newer
            newer = newer || (column != nullptr && static_cast<std::int32_t>(column[at] - since) > 0);
        }
        return newer;
    }
};

// The filter over an archetype's columns whose filtered components' ticks
// start at firsts; added says, for each, whether it reads the added ticks.
template <class Byte, std::size_t Count>
row_filter<Count> filter_rows(Byte* const* columns, const std::array<std::uint32_t, Count>& firsts,
                              const std::array<bool, Count>& added, change_tick since) noexcept {
    row_filter<Count> filter{{}, {}, {}, since};
    for (std::size_t k = 0; k < Count; ++k) {
        const tick_columns ticks = tick_columns_at(columns, firsts[k]);
        filter.rows[k] = added[k] ? ticks.added : ticks.changed;
        filter.chunk_max[k] = ticks.chunk_max;
        filter.chunk_written[k] = added[k] ? nullptr : ticks.chunk_written;
    }
    return filter;
}

} // namespace kiln::internal
