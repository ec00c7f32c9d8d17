// A world as the inspector's untyped code sees it: one table per world type,
// of plain data (names, the fields kilnc's reflection describes) and a few
// function pointers per archetype, component, resource, state and event,
// which <kiln/inspector.hpp> fills in for the game's World. Everything that
// answers the API (inspector/src/core.cpp) reads and writes the world
// through it, so that a game's unit compiles one small function per
// archetype and component, not the inspector's JSON, pages and edits for
// each of them (docs/inspector.md, "What it costs to compile").
//
// Values cross the table as bytes: a component's or resource's value is
// trivially copyable (kiln's field types and extern types are, which JSON
// already requires), so a copy of its bytes is the value, and its fields
// are at the offsets its field_info gives.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <kiln/entity/entity.hpp>
#include <kiln/schema/field_info.hpp>
#include <kiln/schema/prefab.hpp>

namespace kiln::inspect {

// A component of the schema.
struct component_entry {
    std::string_view name;
    std::span<const field_info> fields;
    std::size_t size = 0; // sizeof the component; 0 for a tag
    bool tag = false;
    // Writes its value of defaults (C{}) into size bytes.
    void (*make)(std::byte* out) = nullptr;
    // A tracked component's, in a world that tracks changes (else null):
    // appends the entities whose value was written or gained after the tick
    // since, at most limit of them; returns whether there were more.
    bool (*changed)(void* world, std::uint32_t since, std::size_t limit, std::vector<entity>& out) = nullptr;
};

// An archetype of the schema; a component's position is its place in the
// archetype's list.
struct archetype_entry {
    std::string_view name;
    std::span<const std::size_t> components; // into world_table::components
    // Its entities, rows that destroy(e) left unfilled aside.
    std::size_t (*rows)(const void* world) = nullptr;
    // Its rows' handles, in row order; the world must be settled.
    std::span<const entity> (*entities)(const void* world) = nullptr;
    // Copies the component at position of the rows [first, first + count)
    // into out, one value after another (nothing for a tag); settled world.
    void (*copy)(const void* world, std::size_t position, std::size_t first, std::size_t count,
                 std::byte* out) = nullptr;
    // Sets e's component at position to value, as game code writes it.
    void (*write)(void* world, entity e, std::size_t position, const std::byte* value) = nullptr;
    // A new entity with values[i] the value of the component at position i
    // (a tag's is ignored).
    entity (*create)(void* world, const std::byte* const* values) = nullptr;
};

struct resource_entry {
    std::string_view name;
    std::span<const field_info> fields;
    std::size_t size = 0;
    std::byte* (*get)(void* world) = nullptr; // the world's value, to read or write
};

struct event_entry {
    std::string_view name;
    std::uint64_t (*sent)(const void* world) = nullptr; // world.events_sent<E>()
};

struct state_entry {
    std::string_view name;
    std::span<const std::string_view> values;
    std::size_t (*current)(const void* world) = nullptr;
    // The value requested next, or none.
    std::optional<std::size_t> (*requested)(const void* world) = nullptr;
    void (*request)(void* world, std::size_t value) = nullptr;
};

// The whole world's.
struct world_table {
    std::string_view schema;
    std::span<const component_entry> components;
    std::span<const archetype_entry> archetypes;
    std::span<const resource_entry> resources;
    std::span<const event_entry> events;
    std::span<const state_entry> states;
    std::span<const std::string_view> stages;  // in schedule order
    std::span<const std::string_view> systems; // in the schema's order

    void (*settle)(void* world) = nullptr;
    std::size_t (*size)(const void* world) = nullptr;
    bool (*alive)(const void* world, entity e) = nullptr;
    std::string_view (*archetype_of)(const void* world, entity e) = nullptr; // alive e's archetype's name
    entity (*parent)(const void* world, entity e) = nullptr;
    void (*children)(const void* world, entity e, std::vector<entity>& out) = nullptr;
    std::optional<prefab_part> (*prefab_of)(const void* world, entity e) = nullptr;
    void (*destroy)(void* world, entity e) = nullptr;
    // The world's change tick; null for a world that tracks no component.
    std::uint32_t (*tick)(const void* world) = nullptr;
    // /api/schema's text, written from the schema's types.
    std::string (*schema_text)() = nullptr;
};

} // namespace kiln::inspect
