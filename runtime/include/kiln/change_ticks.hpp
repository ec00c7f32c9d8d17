// Change ticks: what a tracked component's rows remember of when they were
// added and last written, and the world's clock that stamps them.
//
// Each row of a tracked component C (kiln = { track = true } in the schema)
// carries two ticks, in hidden columns of its archetype after every
// component's own columns: the tick at which the row gained C (created with
// it, or moved to an archetype holding it) and the tick at which a system or
// a writable each() last wrote it. A third column holds, per chunk of
// tick_chunk_rows rows, a tick no older than any row's changed tick in the
// chunk, so that a filter skips a chunk nobody wrote in one comparison. The
// columns are columns like any other: they move with the row when the
// archetype grows, and structural moves and swap-and-pop carry them.
//
// An untracked component has none of this: no column, no tick, no branch.
// docs/changes.md is the user's account.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <kiln/column.hpp>
#include <kiln/component.hpp>
#include <kiln/type_list.hpp>

namespace kiln {

// A point in a world's history: the world's clock advances once per system
// run and once after each stage, and every change is stamped with the tick
// current when it happens. Ticks wrap around after 2^32; they are compared
// modulo 2^32, so a filter's since must be less than 2^31 ticks old.
using change_tick = std::uint32_t;

// Whether tick came after since (modulo 2^32, see change_tick).
[[nodiscard]] constexpr bool is_newer(change_tick tick, change_tick since) noexcept {
    return static_cast<std::int32_t>(tick - since) > 0;
}

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

// Whether any of Components is tracked: worlds without one keep no clock.
template <class... Components>
inline constexpr bool any_tracked_v = (tracked_v<std::remove_const_t<Components>> || ...);

template <class List>
struct tracks_any;

template <class... Components>
struct tracks_any<type_list<Components...>> : std::bool_constant<any_tracked_v<Components...>> {};

// The three tick columns of one tracked component in one archetype.
struct tick_columns {
    change_tick* added;
    change_tick* changed;
    change_tick* chunk_max; // one entry per chunk of tick_chunk_rows rows
};

template <class Byte>
tick_columns tick_columns_at(Byte* const* columns, std::uint32_t first) noexcept {
    return {reinterpret_cast<change_tick*>(columns[first]), reinterpret_cast<change_tick*>(columns[first + 1]),
            reinterpret_cast<change_tick*>(columns[first + 2])};
}

inline change_tick newest(change_tick one, change_tick other) noexcept {
    return is_newer(one, other) ? one : other;
}

// Raises the chunk maxima of rows [begin, end), which were just appended or
// just written at tick, the newest tick there is: a chunk that starts in the
// range holds no other row, or only rows older than tick, so it takes tick.
inline void stamp_chunks(change_tick* chunk_max, std::size_t begin, std::size_t end, change_tick tick) noexcept {
    for (std::size_t chunk = begin / tick_chunk_rows; chunk * tick_chunk_rows < end; ++chunk) {
        chunk_max[chunk] = chunk * tick_chunk_rows >= begin ? tick : newest(chunk_max[chunk], tick);
    }
}

// Stamps rows [begin, end) of every tracked component of Components as
// added and changed at tick: rows just created.
template <class... Components, class Byte>
void stamp_new_rows(type_list<Components...> components, Byte* const* columns, std::size_t begin, std::size_t end,
                    change_tick tick) noexcept {
    const auto stamp = [&]<class C>() {
        if constexpr (tracked_v<C>) {
            const tick_columns ticks = tick_columns_at(columns, first_tick_column<C>(components));
            std::fill(ticks.added + begin, ticks.added + end, tick);
            std::fill(ticks.changed + begin, ticks.changed + end, tick);
            stamp_chunks(ticks.chunk_max, begin, end, tick);
        }
    };
    (stamp.template operator()<Components>(), ...);
}

// Marks rows [begin, end) of each tracked component among Written as
// changed at tick: rows a writable loop visited.
template <class... Written, class Archetype, class Byte>
void mark_written(type_list<Written...>, Archetype archetype_components, Byte* const* columns, std::size_t begin,
                  std::size_t end, change_tick tick) noexcept {
    const auto mark = [&]<class C>() {
        if constexpr (tracked_v<C>) {
            const tick_columns ticks = tick_columns_at(columns, first_tick_column<C>(archetype_components));
            std::fill(ticks.changed + begin, ticks.changed + end, tick);
            stamp_chunks(ticks.chunk_max, begin, end, tick);
        }
    };
    (mark.template operator()<Written>(), ...);
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
                target.changed[to] = source.changed[from];
            } else {
                target.added[to] = tick;
                target.changed[to] = tick;
            }
            const std::size_t chunk = to / tick_chunk_rows;
            target.chunk_max[chunk] =
                to % tick_chunk_rows == 0 ? target.changed[to] : newest(target.chunk_max[chunk], target.changed[to]);
        }
    };
    (carry.template operator()<ToComponents>(), ...);
}

// Copies the ticks of row from over row to, for swap-and-pop: row to's
// chunk keeps its other rows, so its maximum only rises.
template <class... Components>
void copy_ticks(type_list<Components...> components, std::byte* const* columns, std::size_t to,
                std::size_t from) noexcept {
    const auto copy = [&]<class C>() {
        if constexpr (tracked_v<C>) {
            const tick_columns ticks = tick_columns_at(columns, first_tick_column<C>(components));
            ticks.added[to] = ticks.added[from];
            ticks.changed[to] = ticks.changed[from];
            change_tick& chunk_max = ticks.chunk_max[to / tick_chunk_rows];
            chunk_max = newest(chunk_max, ticks.changed[to]);
        }
    };
    (copy.template operator()<Components>(), ...);
}

// The world's clock: the tick changes are stamped with now, and each
// system's ticks (the one it runs at, and the one it ran at before, which
// its changed filters look past), and the tick of each observer's latest
// run (only observers on change use theirs). Empty for a world that tracks
// nothing.
template <bool Tracks, std::size_t Systems, std::size_t Observers>
struct change_clock {
    change_tick now = 1;
    std::array<change_tick, Systems> runs{};     // the tick of each system's latest run
    std::array<change_tick, Systems> since{};    // the tick of the run before it
    std::array<change_tick, Observers> observed{}; // the tick of each observer's latest run on change
};

template <std::size_t Systems, std::size_t Observers>
struct change_clock<false, Systems, Observers> {};

} // namespace internal

} // namespace kiln
