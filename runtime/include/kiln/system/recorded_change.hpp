// recorded_change: a change of an entity's components, or a create, recorded
// as data, for the file that records it without the world's definition.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include <kiln/entity/entity.hpp>
#include <kiln/schema/component.hpp>
#include <kiln/storage/column.hpp>
#include <kiln/storage/transition.hpp>

namespace kiln::internal {

// What a recorded change does: world.add, remove, replace or set.
enum class change_kind : std::uint8_t { add, remove, replace, set };

// add<C>, remove<C>, replace<Lost, Gained> or set<C> of target, with the
// components by id (component_traits<C>::id), as a file records it where
// the world is only declared (<namespace>/world_fwd.hpp): the world's code
// for a move between two archetypes is compiled where the buffer is
// applied, from the archetypes' numbers (kiln/world/moves_by_id.hpp), not
// in every file of bodies for each command it records. The gained
// component's value follows the record as its columns' bytes (value_bytes_v,
// write_value_bytes).
struct recorded_change {
    entity target;
    std::uint32_t lost;       // removed, or replaced by gained; no_component for add and set
    std::uint32_t gained;     // added, set, or replacing lost; no_component for remove
    change_kind kind;
    std::uint32_t value_size; // value_bytes_v of gained, as recorded; 0 for remove
};

// create<A>(given...) of the reserved entity target, with A by id, as a file
// records it where the world is only declared: given recorded_values follow
// it, each a recorded_value and then the value as its columns' bytes. The
// world's code writes the new row by ids (kiln/world/moves_by_id.hpp), A's
// components not given taking their defaults.
struct recorded_create {
    entity target;
    std::uint32_t archetype; // A::id
    std::uint32_t given;     // how many values follow
};

// One value given to a recorded_create: its component's id and its bytes'
// size (value_bytes_v), which follow it.
struct recorded_value {
    std::uint32_t component;
    std::uint32_t size;
};

// A multiple of alignof(std::max_align_t), as a command buffer aligns what
// it records, so that a value's bytes may be read in place.
constexpr std::size_t recorded_aligned(std::size_t size) noexcept {
    constexpr std::size_t alignment = alignof(std::max_align_t);
    return (size + alignment - 1) / alignment * alignment;
}

// Where a given value's bytes start after its recorded_value starts.
inline constexpr std::size_t recorded_value_bytes = recorded_aligned(sizeof(recorded_value));

// Where the next given value's recorded_value starts after one whose bytes'
// size is value_size starts.
constexpr std::size_t recorded_value_extent(std::size_t value_size) noexcept {
    return recorded_value_bytes + recorded_aligned(value_size);
}

// The bytes of a value of component C as its columns hold it: one element
// per column, in column order (one column for a packed component, one per
// field for a split one, none for a tag), each at its column_start.
template <class C>
inline constexpr std::size_t value_bytes_v = [] {
    std::size_t end = 0;
    for (const column_layout layout : component_layouts<C>) {
        end = column_start(end, layout) + layout.size;
    }
    return end;
}();

// Writes value into out, value_bytes_v<C> bytes, as its columns hold it.
template <class C>
void write_value_bytes(std::byte* out, const C& value) noexcept {
    constexpr auto& layouts = component_layouts<C>;
    std::array<std::byte*, layouts.size()> columns{};
    std::size_t end = 0;
    for (std::size_t column = 0; column < layouts.size(); ++column) {
        end = column_start(end, layouts[column]);
        columns[column] = out + end;
        end += layouts[column].size;
    }
    write_component(columns.data(), 0, value);
}

} // namespace kiln::internal
