// The save format of kiln/save.hpp, without templates: the world's types
// come in as data (type_description, archetype_description), and the code
// under kiln/io/ writes them (save_writer.hpp), reads a save
// (save_reader.hpp), checks every byte of it and maps what it holds onto the
// current types (save_loader.hpp, save_type_mapping.hpp). Keeping this out
// of templates means a schema of 512 components instantiates a few tables,
// not a loader per component.
//
// This file holds what the writer and the loader share: the magic, the
// versions, the checksum, the descriptions of the world's types and what is
// read from a schema type's name. The format, byte by byte, is in
// docs/saves.md.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <utility>

// XXH3 checks saves. Compiled into the caller, so that games link nothing for
// it; its names are then prefixed, so a game that links libxxhash too keeps both.
#ifndef XXH_INLINE_ALL
#define XXH_INLINE_ALL
#endif
#include <xxhash.h>

#include <kiln/entity/entity.hpp>
#include <kiln/schema/component.hpp>
#include <kiln/schema/field_info.hpp>

namespace kiln::internal {

static_assert(std::endian::native == std::endian::little,
              "kiln/save.hpp: save files are little-endian and hold columns as they are in memory; this "
              "runtime does not byte-swap, so it saves and loads on little-endian machines only");
static_assert(sizeof(entity) == 8 && sizeof(entity::index_type) == 4,
              "kiln/save.hpp: a saved handle is 8 bytes, its index then its generation");

// "\x89KILN\r\n\x1a": not text, and a transfer that rewrites line ends or
// stops at ^Z breaks it, as PNG's does.
inline constexpr std::byte save_magic[8] = {std::byte{0x89}, std::byte{'K'},  std::byte{'I'},  std::byte{'L'},
                                            std::byte{'N'},  std::byte{'\r'}, std::byte{'\n'}, std::byte{0x1a}};
static_assert(XXH_VERSION_NUMBER >= 800,
              "kiln/save.hpp: saves end with an XXH3 checksum, whose value xxHash fixed in 0.8.0; this "
              "xxhash.h is older and could compute another");

// The format this runtime writes. Version 2 is version 1 followed by the
// checksum of every byte before it; version 1 saves, from before the
// checksum, still load, unchecked.
inline constexpr std::uint32_t save_format_version = 2;
inline constexpr std::uint32_t oldest_save_format_version = 1;
inline constexpr std::uint32_t first_checksummed_format_version = 2;

// The checksum that ends a save: XXH3's 64 bits (seed 0) of every byte before
// it, magic included, written little-endian.
inline constexpr std::size_t save_checksum_size = 8;

inline std::uint64_t save_checksum(std::span<const std::byte> bytes) noexcept {
    return XXH3_64bits(bytes.data(), bytes.size());
}

// A component or resource type as this program compiled it.
struct type_description {
    std::uint32_t stable_id;
    std::string_view name;
    layout kind; // resources are packed
    std::uint32_t size;
    std::span<const field_info> fields;
    std::span<const field_migration> migrations;
    const std::byte* defaults; // a default-constructed value: what fields a save lacks take
};

struct archetype_description {
    std::uint32_t stable_id;
    std::string_view name;
    std::span<const std::uint32_t> components; // positions in world_description::components
};

// A state (kiln/schedule/state.hpp) as this program compiled it: its name,
// its values' names, in the enum's order, and which is its initial value.
struct state_description {
    std::string_view name;
    std::span<const std::string_view> values;
    std::uint32_t initial;
};

struct world_description {
    std::string_view name;
    std::uint32_t version;
    std::uint64_t fingerprint;
    std::span<const type_description> components;
    std::span<const type_description> resources;
    std::span<const archetype_description> archetypes; // in id order
    std::span<const state_description> states = {};   // in schema order
};

// One state's value in a world, as indices into its description's values.
struct state_position {
    std::uint32_t current = 0;
    std::uint32_t next = 0; // the requested value, when requested
    bool requested = false;
};

// Where a world is in its states: whether it has entered their initial
// values (its first progress), and each state's value (world_description's
// states, in order).
struct schedule_position {
    bool started = false;
    std::span<state_position> states;
};

// A field's type as data: what field_info holds for the program's fields,
// and what a loader reads a save's fields' type names into.
struct field_type {
    scalar_type element = scalar_type::external;
    std::uint32_t count = 1;

    friend bool operator==(const field_type&, const field_type&) = default;
};

// The type a schema spells `spelled` ("f32", "u8[4]"); external for any
// other name (an extern's, or one this program does not know). A save names
// its fields' types as the schema spelled them: this reads them back.
inline field_type parse_field_type(std::string_view spelled) noexcept {
    constexpr std::pair<std::string_view, scalar_type> scalars[] = {
        {"bool", scalar_type::boolean}, {"i8", scalar_type::i8},   {"i16", scalar_type::i16}, {"i32", scalar_type::i32},
        {"i64", scalar_type::i64},      {"u8", scalar_type::u8},   {"u16", scalar_type::u16}, {"u32", scalar_type::u32},
        {"u64", scalar_type::u64},      {"f32", scalar_type::f32}, {"f64", scalar_type::f64}, {"entity", scalar_type::entity}};
    const std::size_t bracket = spelled.find('[');
    const std::string_view element = spelled.substr(0, bracket);
    std::uint32_t count = 1;
    if (bracket != std::string_view::npos) {
        const std::string_view digits = spelled.substr(bracket + 1, spelled.size() - bracket - 1);
        if (digits.size() < 2 || digits.back() != ']') {
            return {};
        }
        count = 0;
        for (const char digit : digits.substr(0, digits.size() - 1)) {
            if (digit < '0' || digit > '9' || count > 100'000'000) {
                return {};
            }
            count = count * 10 + static_cast<std::uint32_t>(digit - '0');
        }
    }
    for (const auto& [name, scalar] : scalars) {
        if (element == name && count > 0) {
            return {scalar, count};
        }
    }
    return {};
}

// The bytes a built-in type takes; 0 for an extern, whose size only the
// program that defines it knows.
// A switch, not a table in the enum's order: -Wswitch names a scalar_type
// added without a size.
inline std::size_t size_of(field_type type) noexcept {
    std::size_t element_size = 0;
    switch (type.element) {
    case scalar_type::external: element_size = 0; break;
    case scalar_type::boolean:
    case scalar_type::i8:
    case scalar_type::u8: element_size = 1; break;
    case scalar_type::i16:
    case scalar_type::u16: element_size = 2; break;
    case scalar_type::i32:
    case scalar_type::u32:
    case scalar_type::f32: element_size = 4; break;
    case scalar_type::i64:
    case scalar_type::u64:
    case scalar_type::f64:
    case scalar_type::entity: element_size = 8; break;
    }
    return element_size * type.count;
}

// The number of elements of `type` that are `element`: its count, or 0.
inline std::size_t elements_of(field_type type, scalar_type element) noexcept {
    return type.element == element ? type.count : 0;
}

// The size of column `column` of type: the whole value for packed, a field
// for split.
inline std::size_t column_size(const type_description& type, std::size_t column) noexcept {
    return type.kind == layout::packed ? type.size : type.fields[column].size;
}

inline std::size_t column_count(const type_description& type) noexcept {
    return type.kind == layout::packed ? 1 : type.kind == layout::split ? type.fields.size() : 0;
}

// One field as a save describes it.
struct saved_field {
    std::uint32_t id;
    std::string_view type; // as the schema that wrote the save spelled it
    field_type parsed;     // that type as data
    std::uint32_t offset;
    std::uint32_t size;
};

// One component or resource as a save describes it: its fields are
// fields[first_field, first_field + field_count) of the loader's list.
struct saved_type {
    std::uint32_t stable_id;
    layout kind;
    std::uint32_t size;
    std::uint32_t first_field;
    std::uint32_t field_count;
    std::size_t offset; // where its description starts, for messages
};

struct saved_archetype {
    std::uint32_t stable_id;
    std::uint32_t first_component; // into the loader's list of component positions
    std::uint32_t component_count;
};

// Where one field's values are: the first at first, the next stride bytes on.
template <class Byte>
struct field_place {
    Byte* first;
    std::size_t stride;
};

// Where field number field (at field_offset, of field_size bytes) of a type
// of layout kind and size bytes is, given the type's columns.
template <class Byte>
field_place<Byte> place_of(layout kind, std::size_t size, std::size_t field_offset, std::size_t field_size,
                           std::size_t field, Byte* const* columns) {
    if (kind == layout::packed) {
        return {columns[0] + field_offset, size};
    }
    return {columns[field], field_size};
}

} // namespace kiln::internal
