// The row loop that each() and systems share: a function called with each
// row's components, through cursors over an archetype's columns.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <kiln/entity/entity.hpp>
#include <kiln/storage/cursor.hpp>

namespace kiln::internal {

// The cursor of Access, a component (const when only read), over an
// archetype's columns, of which Access's begin at first_column.
template <class Access, class Byte>
auto access_cursor(Byte* const* columns, std::uint32_t first_column) noexcept {
    return make_cursor<std::remove_const_t<Access>, std::is_const_v<Access>>(columns + first_column);
}

// The loop runs out of line: inlined into each(), GCC left the loop's
// vector constants in memory, one more load per use (iterate3's ++d.a:
// 10-15% slower than the hand-written loop). Unrolled where a packed
// component takes part, and only there. GCC does not unroll by itself at
// -O2/-O3, and a packed two-float component fills only two lanes of a
// vector, so without it a hand-written loop over separate arrays won on
// short columns (bench/ iterate2 at 10,000 entities, when its components
// were packed). Over split columns, whose vectors are full, the unrolled
// loop gained nothing and streamed a million rows about 5% slower than the
// plain one (bench/ iterate3 at 1,000,000).
template <class... Cursors>
inline constexpr bool has_packed_cursor = (std::is_pointer_v<Cursors> || ...);

// A packed component that the loop writes, and whose element is at least
// half a cache line, is prefetched prefetch_distance bytes ahead of the row
// (for writing where the target has an instruction for it). Such a loop
// reads and writes a new line every row or two, and the hardware's
// prefetchers fell behind it: the DataSystem of peerbench's systems7 (a
// 48-byte Data read and written, a xoshiro draw per row) took 2.6 ns a row
// with its rows in the cache (10,000 entities), 4.1 at 100,000 and 11.3 at a
// million; prefetched, 2.3 and 4.3 (1 KiB ahead: 2.3 and 4.8). Not for
// smaller elements: a prefetch per row would fetch the same line many times
// over, and GCC does not vectorize a loop with a prefetch in it, as it does
// loops over small components (systems7's movement of a two-float Position
// lost a fifth). Components only read are left to the hardware: no loop
// measured here reads a large one.
inline constexpr std::size_t prefetch_distance = 2048;

template <class Cursor>
void prefetch_ahead([[maybe_unused]] Cursor cursor, [[maybe_unused]] std::size_t row) noexcept {
    if constexpr (std::is_pointer_v<Cursor>) {
        using element = std::remove_pointer_t<Cursor>;
        if constexpr (!std::is_const_v<element> && sizeof(element) >= 32) {
            // As an integer: past the column's end the address is no element's, and a
            // prefetch of it does nothing.
            const std::uintptr_t ahead = reinterpret_cast<std::uintptr_t>(cursor + row) + prefetch_distance;
            __builtin_prefetch(reinterpret_cast<const void*>(ahead), 1);
        }
    }
}

// Two copies of one loop: GCC 12 takes no template-dependent count in
// `#pragma GCC unroll`.
template <bool Unroll, class Function, class... Cursors>
[[gnu::noinline]] void for_each_row_of(Function& function, std::size_t begin, std::size_t end, Cursors... cursors) {
    if constexpr (Unroll) {
#pragma GCC unroll 4
        for (std::size_t row = begin; row < end; ++row) {
            (prefetch_ahead(cursors, row), ...);
            function(cursors[row]...);
        }
    } else {
        for (std::size_t row = begin; row < end; ++row) {
            function(cursors[row]...);
        }
    }
}

// Calls function(cursors[row]...) for each row in [begin, end).
template <class Function, class... Cursors>
void for_each_row(Function& function, std::size_t begin, std::size_t end, Cursors... cursors) {
    for_each_row_of<has_packed_cursor<Cursors...>>(function, begin, end, cursors...);
}

// Calls function(entities[row], cursors[row]...) for each row in [begin,
// end). The handles are read like one more column, but do not make the loop
// one to unroll.
template <class Function, class... Cursors>
void for_each_row_with_entity(Function& function, std::size_t begin, std::size_t end, const entity* entities,
                              Cursors... cursors) {
    for_each_row_of<has_packed_cursor<Cursors...>>(function, begin, end, entities, cursors...);
}

} // namespace kiln::internal
