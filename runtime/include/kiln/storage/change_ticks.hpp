// Change ticks: what a tracked component's rows remember of when they were
// added and last written, and the world's clock that stamps them.
//
// Each row of a tracked component C (kiln = { track = true } in the schema)
// carries two ticks, in hidden columns of its archetype after every
// component's own columns: the tick at which the row gained C (created with
// it, or moved to an archetype holding it) and the tick at which a system or
// a writable each() last wrote it. Two more columns hold, per chunk of
// tick_chunk_rows rows, a tick no older than any row's changed tick in the
// chunk, so that a filter skips a chunk nobody wrote in one comparison, and
// the tick at which a loop last wrote every row of the chunk, so that such a
// loop stamps the chunk instead of each of its rows. A row's changed tick is
// the newer of its own and its chunk's. The columns are columns like any
// other: they move with the row when the archetype grows, and structural
// moves and swap-and-pop carry them; the chunks' two are the chunk's, not a
// row's, so whatever moves a row into a chunk (set_moved_tick) or reorders
// rows (hierarchy().sort_rows()) makes them agree with the chunk's rows.
//
// An untracked component has none of this: no column, no tick, no branch.
// docs/changes.md is the user's account.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <type_traits>

#include <kiln/core/type_list.hpp>
#include <kiln/schema/component.hpp>
#include <kiln/storage/column.hpp>

namespace kiln {

// A point in a world's history: the world's clock advances once per system
// run and once after each stage, and every change is stamped with the tick
// current when it happens. Ticks wrap around after 2^32; they are compared
// modulo 2^32, which is exact for ticks less than 2^31 apart. So that no tick
// a world keeps grows older than that, the world raises, every
// tick_check_interval ticks, each tick older than max_change_age to
// max_change_age ago (see change_clock): a filter's since must be less than
// max_change_age old to find exactly the changes after it.
using change_tick = std::uint32_t;

// Whether tick came after since (modulo 2^32, see change_tick).
[[nodiscard]] constexpr bool is_newer(change_tick tick, change_tick since) noexcept {
    return static_cast<std::int32_t>(tick - since) > 0;
}

// The age past which a world's ticks are raised: 2^30 ticks, two days of a
// game running a hundred systems at 60 frames a second.
inline constexpr change_tick max_change_age = change_tick{1} << 30;

// How often a world raises its old ticks: with the clock's steps between two
// looks (a stage's systems and observers), no tick it keeps is ever older than
// max_change_age + tick_check_interval + those steps, well below 2^31.
inline constexpr change_tick tick_check_interval = change_tick{1} << 28;

// The rows a chunk's maximum tick stands for.
inline constexpr std::size_t tick_chunk_rows = 1024;

// Filters for each(): only the rows whose C was written (changed) or gained
// (added) after since, a tick the caller took from world.advance_tick(). A
// row that gained C counts as changed too. Given several components, a
// filter requires all of them and lets through the rows where any one of
// them changed (or was added): changed<Transform, Sprite> finds the sprites
// to upload again, whichever of the two moved.
template <class... Components>
struct changed_t {
    static_assert(sizeof...(Components) > 0, "kiln::changed<C...>: name at least one component");
    change_tick since;
};

template <class... Components>
struct added_t {
    static_assert(sizeof...(Components) > 0, "kiln::added<C...>: name at least one component");
    change_tick since;
};

template <class... Components>
[[nodiscard]] constexpr changed_t<Components...> changed(change_tick since) noexcept {
    return {since};
}

template <class... Components>
[[nodiscard]] constexpr added_t<Components...> added(change_tick since) noexcept {
    return {since};
}

namespace internal {

// Whether any of Components is tracked: worlds without one keep no clock. A
// loop over a braced list (any_of, kiln/core/type_list.hpp), not a fold:
// g++ 12 builds a fold expression in time that grows with the square of its
// terms, four seconds for the 4,096 components of a large schema
// (docs/compile_time.md).
template <class... Components>
inline constexpr bool any_tracked_v = any_of({tracked_v<std::remove_const_t<Components>>...});

template <class List>
struct tracks_any;

template <class... Components>
struct tracks_any<type_list<Components...>> : std::bool_constant<any_tracked_v<Components...>> {};

// The four tick columns of one tracked component in one archetype.
struct tick_columns {
    change_tick* added;
    change_tick* changed;
    change_tick* chunk_max;     // one entry per chunk of tick_chunk_rows rows
    change_tick* chunk_written; // the same: when a loop last wrote all of the chunk's rows
};

template <class Byte>
tick_columns tick_columns_at(Byte* const* columns, std::uint32_t first) noexcept {
    return {reinterpret_cast<change_tick*>(columns[first]), reinterpret_cast<change_tick*>(columns[first + 1]),
            reinterpret_cast<change_tick*>(columns[first + 2]), reinterpret_cast<change_tick*>(columns[first + 3])};
}

inline change_tick newest(change_tick one, change_tick other) noexcept {
    return is_newer(one, other) ? one : other;
}

// The tick at which row was last written: its own, or its chunk's when a
// loop wrote the whole chunk after.
inline change_tick changed_tick(const tick_columns& ticks, std::size_t row) noexcept {
    return newest(ticks.changed[row], ticks.chunk_written[row / tick_chunk_rows]);
}

// Makes chunk's written tick no newer than tick, before a row that was last
// written at tick moves into the chunk: else the chunk's tick would make the
// row look newer than it is. The chunk's rows, [its first, end), take the
// chunk's tick into their own first. Rare: only a move of a row written
// before the chunk's latest whole write pays it, with one pass over the
// chunk, after which the chunk's tick is old enough for most rows after it.
inline void lower_chunk_written(const tick_columns& ticks, std::size_t chunk, std::size_t end,
                                change_tick tick) noexcept {
    change_tick& written = ticks.chunk_written[chunk];
    if (is_newer(written, tick)) {
        for (std::size_t row = chunk * tick_chunk_rows; row < end; ++row) {
            ticks.changed[row] = newest(ticks.changed[row], written);
        }
        written = tick;
    }
}

// Gives row, the last of rows [0, end) that matter in its chunk, the
// changed tick tick: a row moved in, keeping the tick it had.
inline void set_moved_tick(const tick_columns& ticks, std::size_t row, std::size_t end, change_tick tick) noexcept {
    const std::size_t chunk = row / tick_chunk_rows;
    if (row % tick_chunk_rows == 0 && end == row + 1) { // the chunk's only row
        ticks.chunk_written[chunk] = tick;
        ticks.chunk_max[chunk] = tick;
    } else {
        lower_chunk_written(ticks, chunk, end, tick);
        ticks.chunk_max[chunk] = newest(ticks.chunk_max[chunk], tick);
    }
    ticks.changed[row] = tick;
}

// Stamps the chunks of rows [begin, end), which were just appended at tick,
// the newest tick there is: a chunk that starts in the range holds no other
// row, so both its ticks become tick; the chunk begin is in, if it starts
// before, keeps its rows' ticks.
inline void stamp_new_chunks(const tick_columns& ticks, std::size_t begin, std::size_t end, change_tick tick) noexcept {
    for (std::size_t chunk = begin / tick_chunk_rows; chunk * tick_chunk_rows < end; ++chunk) {
        if (chunk * tick_chunk_rows >= begin) {
            ticks.chunk_max[chunk] = tick;
            ticks.chunk_written[chunk] = tick;
        } else {
            lower_chunk_written(ticks, chunk, begin, tick);
            ticks.chunk_max[chunk] = newest(ticks.chunk_max[chunk], tick);
        }
    }
}

// Marks rows [begin, end) of an archetype of size rows as written at tick.
// A chunk whose rows the range holds all is stamped as a whole, in two
// ticks; only the rows of a chunk the range holds in part get their own.
inline void mark_written_rows(const tick_columns& ticks, std::size_t begin, std::size_t end, std::size_t size,
                              change_tick tick) noexcept {
    for (std::size_t chunk = begin / tick_chunk_rows; chunk * tick_chunk_rows < end; ++chunk) {
        const std::size_t first = chunk * tick_chunk_rows;
        const std::size_t last = std::min(first + tick_chunk_rows, size);
        if (begin <= first && end >= last) {
            ticks.chunk_written[chunk] = newest(ticks.chunk_written[chunk], tick);
        } else {
            std::fill(ticks.changed + std::max(begin, first), ticks.changed + std::min(end, last), tick);
        }
        ticks.chunk_max[chunk] = newest(ticks.chunk_max[chunk], tick);
    }
}

// Stamps rows [begin, end) of one tracked component's ticks as added and
// changed at tick: rows just created.
inline void stamp_new_ticks(const tick_columns& ticks, std::size_t begin, std::size_t end, change_tick tick) noexcept {
    std::fill(ticks.added + begin, ticks.added + end, tick);
    std::fill(ticks.changed + begin, ticks.changed + end, tick);
    stamp_new_chunks(ticks, begin, end, tick);
}

// The same for every tracked component of Components.
template <class... Components, class Byte>
void stamp_new_rows(type_list<Components...> components, Byte* const* columns, std::size_t begin, std::size_t end,
                    change_tick tick) noexcept {
    const auto stamp = [&]<class C>() {
        if constexpr (tracked_v<C>) {
            stamp_new_ticks(tick_columns_at(columns, first_tick_column<C>(components)), begin, end, tick);
        }
    };
    for_each_type(components, stamp);
}

// Gives row to of the tracked components of To their ticks: those of row
// from of archetype From's columns when From holds the component (it moved
// along), tick when it does not (the row just gained it). Row to was just
// appended.
template <class FromComponents, class... ToComponents>
void carry_ticks(FromComponents from_components, std::byte* const* from_columns, std::size_t from,
                 type_list<ToComponents...> to_components, std::byte* const* to_columns, std::size_t to,
                 change_tick tick) noexcept {
    const auto carry = [&]<class C>() {
        if constexpr (tracked_v<C>) {
            const tick_columns target = tick_columns_at(to_columns, first_tick_column<C>(to_components));
            if constexpr (contains_v<C, FromComponents>) {
                const tick_columns source = tick_columns_at(from_columns, first_tick_column<C>(from_components));
                target.added[to] = source.added[from];
                set_moved_tick(target, to, to + 1, changed_tick(source, from));
            } else {
                target.added[to] = tick;
                set_moved_tick(target, to, to + 1, tick);
            }
        }
    };
    for_each_type(to_components, carry);
}

// Copies the ticks of row from over row to, for swap-and-pop: row to's
// chunk keeps its other rows, so its maximum only rises. The rows that
// still matter lie below from, and from (swap_remove's last row, or
// remove_marked's, which fills the holes from the top down).
inline void copy_tick_row(const tick_columns& ticks, std::size_t to, std::size_t from) noexcept {
    ticks.added[to] = ticks.added[from];
    const std::size_t end = std::min(from + 1, (to / tick_chunk_rows + 1) * tick_chunk_rows);
    set_moved_tick(ticks, to, end, changed_tick(ticks, from));
}

template <class... Components>
void copy_ticks(type_list<Components...> components, std::byte* const* columns, std::size_t to,
                std::size_t from) noexcept {
    const auto copy = [&]<class C>() {
        if constexpr (tracked_v<C>) {
            copy_tick_row(tick_columns_at(columns, first_tick_column<C>(components)), to, from);
        }
    };
    for_each_type(components, copy);
}

// The same copy of a row, components and ticks, for an archetype known by
// its columns alone: the components' columns, [0, first_tick), as bytes,
// then each tracked component's ticks. world.settle() fills every
// archetype's holes with it, so that no function is compiled per archetype
// into whatever settles (each, run); swap_remove's typed copy serves a
// caller's loop of destroys, where byte copies, which may alias anything,
// made the caller reload its state after each.
inline void copy_row_as_bytes(std::span<const column_layout> layouts, std::uint32_t first_tick,
                              std::byte* const* columns, std::size_t to, std::size_t from) noexcept {
    for (std::uint32_t column = 0; column < first_tick; ++column) {
        const std::uint32_t size = layouts[column].size;
        copy_element(columns[column] + to * size, columns[column] + from * size, size);
    }
    for (std::uint32_t first = first_tick; first < layouts.size(); first += tick_columns_per_component) {
        copy_tick_row(tick_columns_at(columns, first), to, from);
    }
}

// Raises tick to limit ticks before now when it is older (its age, now -
// tick, is taken modulo 2^32: every tick a world keeps is at most now).
inline void raise_older(change_tick& tick, change_tick now, change_tick limit) noexcept {
    if (now - tick > limit) {
        tick = now - limit;
    }
}

// Raises the ticks of rows [0, size) of one tracked component's columns,
// and of their chunks, to max_change_age before now where they are older: a
// row not written for longer counts as written max_change_age ago. Every
// since younger than that compares with them as it did; a row's changed
// tick stays the newer of its own and its chunk's, and a chunk's maximum no
// older than its rows'.
inline void raise_old_ticks(const tick_columns& ticks, std::size_t size, change_tick now) noexcept {
    for (std::size_t row = 0; row < size; ++row) {
        raise_older(ticks.added[row], now, max_change_age);
        raise_older(ticks.changed[row], now, max_change_age);
    }
    for (std::size_t chunk = 0; chunk * tick_chunk_rows < size; ++chunk) {
        raise_older(ticks.chunk_max[chunk], now, max_change_age);
        raise_older(ticks.chunk_written[chunk], now, max_change_age);
    }
}

// Before rows [0, size) are reordered (world.hierarchy().sort_rows()): each
// row's own changed tick becomes its changed tick, the newer of its own and
// its chunk's, as the row leaves its chunk.
inline void take_chunk_written(const tick_columns& ticks, std::size_t size) noexcept {
    for (std::size_t row = 0; row < size; ++row) {
        ticks.changed[row] = changed_tick(ticks, row);
    }
}

// After: each chunk's ticks from its rows' own, which say it all: its
// maximum the newest of their ticks, its written tick the oldest of their
// changed ones, which makes no row newer than it is.
inline void chunk_ticks_of_rows(const tick_columns& ticks, std::size_t size) noexcept {
    for (std::size_t first = 0; first < size; first += tick_chunk_rows) {
        const std::size_t last = std::min(size, first + tick_chunk_rows);
        change_tick newest_tick = ticks.changed[first];
        change_tick oldest_changed = ticks.changed[first];
        for (std::size_t row = first; row < last; ++row) {
            newest_tick = newest(newest(newest_tick, ticks.changed[row]), ticks.added[row]);
            oldest_changed = is_newer(oldest_changed, ticks.changed[row]) ? ticks.changed[row] : oldest_changed;
        }
        ticks.chunk_max[first / tick_chunk_rows] = newest_tick;
        ticks.chunk_written[first / tick_chunk_rows] = oldest_changed;
    }
}

// The tick a system or an observer that never ran looks past: older than
// every tick a world keeps (max_change_age at most, once raised), so that its
// first run sees every row, wherever the clock stands.
[[nodiscard]] constexpr change_tick never_ran(change_tick now) noexcept { return now - max_change_age - 1; }

template <std::size_t Count>
constexpr std::array<change_tick, Count> ticks_never_ran(change_tick now) noexcept {
    std::array<change_tick, Count> ticks{};
    ticks.fill(never_ran(now));
    return ticks;
}

// The world's clock: the tick changes are stamped with now, and each
// system's ticks (the one it runs at, and the one it ran at before, which
// its changed filters look past), and the tick of each observer's latest
// run (only observers on change use theirs). A system or observer that has
// not run yet holds never_ran, and one that has not run for max_change_age
// ticks is raised to it when the world raises old ticks: its next run sees
// every row, as a first run does. Empty for a world that tracks nothing.
template <bool Tracks, std::size_t Systems, std::size_t Observers>
struct change_clock {
    change_tick now = 1;
    change_tick checked = 1; // when the world last raised its old ticks
    std::array<change_tick, Systems> runs = ticks_never_ran<Systems>(1);      // each system's latest run
    std::array<change_tick, Systems> since = ticks_never_ran<Systems>(1);     // the run before it
    std::array<change_tick, Observers> observed = ticks_never_ran<Observers>(1); // each observer's latest on change

    // Raises the systems' and observers' ticks older than max_change_age to
    // never_ran.
    void raise_old_runs() noexcept {
        for (change_tick& tick : runs) {
            raise_older(tick, now, max_change_age + 1);
        }
        for (change_tick& tick : since) {
            raise_older(tick, now, max_change_age + 1);
        }
        for (change_tick& tick : observed) {
            raise_older(tick, now, max_change_age + 1);
        }
    }
};

template <std::size_t Systems, std::size_t Observers>
struct change_clock<false, Systems, Observers> {};

} // namespace internal

} // namespace kiln
