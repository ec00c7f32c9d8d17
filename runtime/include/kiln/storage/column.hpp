// Columns: the memory of one component field across an archetype's rows.
//
// Components are plain data (trivially copyable and destructible: every
// schema type is, and an [extern] type must be), so a column is raw memory
// with an element size: archetypes keep their columns without a template per
// component, which keeps large schemas cheap to compile, and rows move with
// memcpy. Typed access comes from cursors (kiln/storage/cursor.hpp),
// instantiated only where a query, a system or a lookup uses them.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <span>
#include <tuple>
#include <type_traits>
#include <utility>

#include <kiln/core/type_list.hpp>
#include <kiln/schema/component.hpp>
#include <kiln/storage/cursor.hpp>

namespace kiln {

// The size and alignment of one column's elements.
struct column_layout {
    std::uint32_t size;
    std::uint32_t alignment;
};

namespace internal {

template <class C, std::size_t... I>
constexpr auto split_layouts(std::index_sequence<I...>) {
    return std::array<column_layout, sizeof...(I)>{
        column_layout{sizeof(field_type_t<C, I>), alignof(field_type_t<C, I>)}...};
}

// The columns of component C: one for packed, one per field for split, none
// for tags. C is plain data, which is not asserted here: asking it of every
// component of a large schema took a third of its world's compile time. A
// schema's own types are plain data, and kilnc asserts it of each [extern].
template <class C>
constexpr auto layouts_of() {
    if constexpr (layout_of<C> == layout::packed) {
        return std::array<column_layout, 1>{column_layout{sizeof(C), alignof(C)}};
    } else if constexpr (layout_of<C> == layout::split) {
        return split_layouts<C>(std::make_index_sequence<field_count<C>()>{});
    } else {
        return std::array<column_layout, 0>{};
    }
}

// The columns of a tracked component's change ticks, after every
// component's own columns (so that saves, which walk the components' columns
// in order, never meet them): see kiln/storage/change_ticks.hpp.
inline constexpr std::size_t tick_columns_per_component = 4;

// The columns of component C, worked out once for every archetype holding it.
template <class C>
inline constexpr auto component_layouts = layouts_of<C>();

// One change tick column's layout.
inline constexpr column_layout tick_layout{sizeof(std::uint32_t), alignof(std::uint32_t)};

// Copies one column's element of size bytes, for the moves that know a
// column by its layout alone (kiln/storage/move_plan.hpp, copy_row_as_bytes):
// the common sizes inline, as a typed move copies them, the others through
// a call of memcpy.
inline void copy_element(std::byte* to, const std::byte* from, std::uint32_t size) noexcept {
    switch (size) {
    case 4:
        std::memcpy(to, from, 4);
        return;
    case 8:
        std::memcpy(to, from, 8);
        return;
    case 16:
        std::memcpy(to, from, 16);
        return;
    default:
        std::memcpy(to, from, size);
    }
}

// Where a column's element starts in a value's bytes (a value of a
// component as its columns hold it, kiln/system/recorded_change.hpp), the
// previous columns' ending at end: at a multiple of its alignment, so that
// it may be written and read there in place.
constexpr std::size_t column_start(std::size_t end, column_layout layout) noexcept {
    return (end + layout.alignment - 1) / layout.alignment * layout.alignment;
}

// The columns of an archetype whose components have the ids ids[0..count):
// each component's own columns (layouts_by_id[id]) in order, then the change
// tick columns of each tracked one (tracked_by_id[id]). Writes them from
// out[0] when out is not null; returns how many there are. Not a template
// over the components: a world lays out all of its archetypes' columns with
// it in one loop over numbers (kiln/storage/archetype_table.hpp), where a template
// per archetype took 3.5 ms each, seconds for a large schema
// (docs/compile_time.md).
constexpr std::size_t write_columns(const std::uint32_t* ids, std::size_t count,
                                    const std::span<const column_layout>* layouts_by_id, const bool* tracked_by_id,
                                    column_layout* out) noexcept {
    std::size_t next = 0;
    std::size_t ticks = 0;
    for (std::size_t i = 0; i < count; ++i) {
        for (const column_layout layout : layouts_by_id[ids[i]]) {
            if (out != nullptr) {
                out[next] = layout;
            }
            ++next;
        }
        ticks += tracked_by_id[ids[i]] ? tick_columns_per_component : 0;
    }
    // Every tick column is alike: no array per tracked component to copy them from.
    for (std::size_t i = 0; i < ticks; ++i) {
        if (out != nullptr) {
            out[next] = tick_layout;
        }
        ++next;
    }
    return next;
}

// The columns of an archetype holding Components: write_columns with the
// components numbered by their positions.
template <class... Components>
constexpr auto concatenated_layouts() {
    constexpr std::size_t count = sizeof...(Components);
    constexpr std::array<std::span<const column_layout>, count> layouts{
        std::span<const column_layout>{component_layouts<Components>}...};
    constexpr std::array<bool, count> tracked{tracked_v<Components>...};
    constexpr auto positions = [] {
        std::array<std::uint32_t, count> numbers{};
        for (std::size_t i = 0; i < count; ++i) {
            numbers[i] = static_cast<std::uint32_t>(i);
        }
        return numbers;
    }();
    std::array<column_layout, write_columns(positions.data(), count, layouts.data(), tracked.data(), nullptr)> all{};
    write_columns(positions.data(), count, layouts.data(), tracked.data(), all.data());
    return all;
}

// The number of columns component C takes, from its layout alone: not its
// columns' sizes, which the schedule's unit, where C may be only declared,
// cannot ask ([kiln] schedule_unit, docs/schema.md).
template <class C>
constexpr std::size_t column_count_of() noexcept {
    if constexpr (layout_of<C> == layout::packed) {
        return 1;
    } else if constexpr (layout_of<C> == layout::split) {
        return field_count<C>();
    } else {
        return 0;
    }
}

} // namespace internal

// The number of columns component C takes.
template <class C>
inline constexpr std::size_t column_count_v = internal::column_count_of<C>();

namespace internal {

// Where each of Count components' columns start, given how many columns
// each takes, and after them, the column count. A template per count, not
// per list of components: archetypes of the same size share it.
template <std::size_t Count>
constexpr std::array<std::uint32_t, Count + 1>
starts_of(const std::array<std::uint32_t, Count>& column_counts) noexcept {
    std::array<std::uint32_t, Count + 1> starts{};
    for (std::size_t i = 0; i < Count; ++i) {
        starts[i + 1] = starts[i] + column_counts[i];
    }
    return starts;
}

// Where each component's columns start among the columns of an archetype
// holding Components, and after them, the column count: computed once for
// the archetype, not once for each component asked about.
template <class... Components>
inline constexpr std::array<std::uint32_t, sizeof...(Components) + 1> first_columns =
    starts_of<sizeof...(Components)>({static_cast<std::uint32_t>(column_count_v<Components>)...});

// The ids (component_traits<C>::id) of Components, in order.
template <class... Components>
inline constexpr std::array<std::uint32_t, sizeof...(Components)> component_ids{component_traits<Components>::id...};

// An archetype's components as numbers: their ids in the archetype's order,
// and where each one's columns start. What a query, a view or a lookup table
// asks of an archetype (does it hold C, where do C's columns start) is a
// constexpr loop over these, one pair of constants per archetype: a template
// instantiated per component and archetype to answer it (a class per list
// position, an index_of per question) took most of the compile of a world of
// 2,048 archetypes (docs/compile_time.md).
struct archetype_columns {
    const std::uint32_t* ids;
    const std::uint32_t* firsts; // one more than ids: the column count last
    std::uint32_t count;

    // The position of the component whose id is id (the first, where it
    // appears twice); count when the archetype holds none.
    [[nodiscard]] constexpr std::uint32_t position_of(std::uint32_t id) const noexcept {
        std::uint32_t position = 0;
        while (position < count && ids[position] != id) {
            ++position;
        }
        return position;
    }

    [[nodiscard]] constexpr bool holds(std::uint32_t id) const noexcept { return position_of(id) < count; }

    // Where the columns of the component whose id is id start; the column
    // count when the archetype holds none.
    [[nodiscard]] constexpr std::uint32_t first_column(std::uint32_t id) const noexcept {
        return firsts[position_of(id)];
    }
};

template <class List>
inline constexpr archetype_columns columns_of_v{};

template <class... Components>
inline constexpr archetype_columns columns_of_v<type_list<Components...>>{
    component_ids<Components...>.data(), first_columns<Components...>.data(), sizeof...(Components)};

} // namespace internal

// Where component C's columns start among the columns of an archetype holding
// the components of List; the column count when it holds no C. A constant,
// not a function: a call deduces the archetype's whole list of components
// again, which for the thousand archetypes of a large schema took seconds.
template <class C, class List>
inline constexpr std::uint32_t first_column_v = internal::columns_of_v<List>.first_column(component_traits<C>::id);

// The same, for code that has the list as a value.
template <class C, class... Components>
constexpr std::uint32_t first_column(type_list<Components...>) {
    return first_column_v<C, type_list<Components...>>;
}

// Where the change ticks of tracked component C start among the columns of
// an archetype holding Components: after every component's own columns, in
// the order of the tracked components.
template <class C, class... Components>
constexpr std::uint32_t first_tick_column(type_list<Components...>) {
    std::uint32_t first = 0;
    internal::in_order({(first += static_cast<std::uint32_t>(column_count_v<Components>), 0)...});
    bool found = false;
    internal::in_order({(found = found || std::is_same_v<C, Components>,
                         first += (found || !tracked_v<Components>) ? 0 : internal::tick_columns_per_component, 0)...});
    return first;
}

// The columns of an archetype holding Components, in order: what the
// generated storages pass to kiln::archetype_storage.
template <class... Components>
inline constexpr auto column_layouts = internal::concatenated_layouts<Components...>();

namespace internal {

// Writes value as element row of a column of Ts. As a T, not as bytes: a
// byte copy may alias anything, so a caller creating entities in a loop
// reloaded every column's address after each one (bench/ create took a
// fifth longer).
template <class T>
void write_element(std::byte* column, std::size_t row, const T& value) noexcept {
    std::construct_at(reinterpret_cast<T*>(column) + row, value);
}

// Writes field I of each split value into its column: a plain expansion
// (in_order, kiln/core/type_list.hpp), which GCC inlines where a generic
// lambda per field was left out of line once a translation unit created
// entities of many archetypes (bench/ profile create).
template <class C, auto... Members, std::size_t... I>
void write_fields(std::byte* const* columns, std::size_t row, const C& value, member_list<Members...>,
                  std::index_sequence<I...>) noexcept {
    internal::in_order({(write_element(columns[I], row, value.*Members), 0)...});
}

} // namespace internal

// Writes value into row of component C's columns, which start at columns.
template <class C>
void write_component(std::byte* const* columns, std::size_t row, const C& value) noexcept {
    if constexpr (layout_of<C> == layout::packed) {
        internal::write_element(columns[0], row, value);
    } else if constexpr (layout_of<C> == layout::split) {
        internal::write_fields(columns, row, value, members_of_t<C>{},
                               std::make_index_sequence<internal::field_count<C>()>{});
    }
}

} // namespace kiln
