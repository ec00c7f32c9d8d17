// What the schema says of a component's or resource's fields, and where it
// declares each type: plain constexpr data that kilnc writes into the traits
// of every type it generates. kiln/schema/reflect.hpp reads it.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace kiln {

// Where a schema declares something: the file, as the generated banner names
// it (relative to kilnc's --root, with /), and the line of its table header,
// counted from 1.
struct schema_origin {
    std::string_view file;
    std::uint32_t line;
};

// The built-in types of schema fields; external stands for an [extern]
// type, whose contents only the program that defines it knows.
enum class scalar_type : std::uint8_t { external, boolean, i8, i16, i32, i64, u8, u16, u32, u64, f32, f64, entity };

// One field of a component or resource, in declaration order.
struct field_info {
    std::uint32_t id;               // stable across schema edits: what save files name the field by
    std::string_view name;          // as written in the schema
    std::string_view type;          // the schema's type as it spells it: "f32", "u8[4]", "entity", an extern's name
    scalar_type element;            // that type as data: the type, or that of each element of an array
    std::uint32_t count;            // the number of elements: N for an array, 1 otherwise
    std::size_t offset;             // offsetof the member in its struct
    std::size_t size;               // sizeof the member
    std::string_view default_value; // the default as kilnc writes it in C++ ("0.5f", "{1, 2}"); "" for none
    std::string_view doc;           // the field's doc; "" for none
};

// How a field's value of an older type becomes its current one: the schema
// names the old type (`migrate_from`), the game defines the function, and a
// loader meeting a save that holds the old type calls convert. The generated
// traits list them as `migrations`.
struct field_migration {
    std::uint32_t field_id;     // the stable id of the field
    std::string_view from_type; // the schema type the save holds, e.g. "i32"
    // Reads one value of from_type at saved and writes the field's value at field.
    void (*convert)(const std::byte* saved, std::byte* field);
};

// A field_migration's convert for Function, which maps an Old to a New: what
// the generated traits point at.
template <class Old, class New, New (*Function)(Old)>
void migrate_value(const std::byte* saved, std::byte* field) {
    Old old;
    std::memcpy(&old, saved, sizeof(Old));
    const New converted = Function(old);
    std::memcpy(field, &converted, sizeof(New));
}

// The data members of a component or resource as pointers to members, in
// declaration order: the generated traits name it as `members`. A type, not
// an object: naming it instantiates nothing, so 512 components cost nothing
// until code visits their fields.
template <auto... Members>
struct member_list {
    static constexpr std::size_t size = sizeof...(Members);
};

} // namespace kiln
