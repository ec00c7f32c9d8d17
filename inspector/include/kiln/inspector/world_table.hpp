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
    std::string_view doc;
    schema_origin origin;
    std::span<const field_info> fields;
    std::size_t size = 0; // sizeof the component; 0 for a tag
    bool tag = false;
    bool split = false;
    bool tracked = false;
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
    std::size_t id = 0;
    schema_origin origin;
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
    std::string_view doc;
    std::span<const field_info> fields;
    std::size_t size = 0;
    std::byte* (*get)(void* world) = nullptr; // the world's value, to read or write
};

struct event_entry {
    std::string_view name;
    std::span<const std::string_view> emitters; // systems, by name
    std::span<const std::string_view> readers;
    std::uint64_t (*sent)(const void* world) = nullptr; // world.events_sent<E>()
};

struct state_entry {
    std::string_view name;
    std::span<const std::string_view> values;
    std::size_t initial = 0;
    std::size_t (*current)(const void* world) = nullptr;
    // The value requested next, or none.
    std::optional<std::size_t> (*requested)(const void* world) = nullptr;
    void (*request)(void* world, std::size_t value) = nullptr;
};

// What a system or an observer reads and writes, by name; the lists a
// system's type may lack (archetypes, emit, events) are listed or not.
struct access_entry {
    std::span<const std::string_view> read;
    std::span<const std::string_view> write;
    std::span<const std::string_view> with;
    std::span<const std::string_view> without;
    std::span<const std::string_view> resources_read;
    std::span<const std::string_view> resources_write;
    bool lists_archetypes = false;
    std::span<const std::string_view> archetypes;
    bool lists_emits = false;
    std::span<const std::string_view> emits;
    bool lists_reads_events = false;
    std::span<const std::string_view> reads_events;
};

struct system_entry {
    std::string_view name;
    bool parallel = false;
    bool commands = false;
    access_entry access;
};

struct batch_entry {
    bool fused = false;
    std::span<const std::size_t> systems; // into world_table::systems
};

struct stage_entry {
    std::string_view name; // the stage enum's enumerator
    std::string_view role; // "init", "fixed", "frame" or "shutdown"
    std::span<const batch_entry> batches;
};

struct observer_entry {
    std::string_view name;
    std::string_view event; // "enter", "leave" or "change"
    access_entry access;
};

// The whole world's.
struct world_table {
    std::string_view schema;
    std::uint32_t version = 0;
    std::span<const component_entry> components;
    std::span<const archetype_entry> archetypes;
    std::span<const resource_entry> resources;
    std::span<const event_entry> events;
    std::span<const state_entry> states;
    std::span<const stage_entry> stages;   // in schedule order
    std::span<const system_entry> systems; // in the schema's order
    std::span<const observer_entry> observers;

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
};

} // namespace kiln::inspect
