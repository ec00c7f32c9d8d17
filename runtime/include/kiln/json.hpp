// A world as a JSON document and back, for tools, tests and diffs: every
// resource, every archetype's entities with their handles and component
// values by name, and the entity table's free and retired slots, so that a
// world read back issues the handles the written one would have. The
// document's shape and the rules are in docs/json.md.
//
//     const nlohmann::ordered_json document = kiln::to_json(world);
//     if (const kiln::save_error error = kiln::from_json(world, document)) { ... } // world unchanged
//
// Built on nlohmann/json (link kiln::json), and usable without exceptions:
// nothing here throws, and from_json reads only values whose type it checked.
// Unlike a binary save (kiln/save.hpp), a document follows the current
// schema by name: it does not read older schemas' renamed or retyped fields.
// Like dump and save, to_json and from_json instantiate code for every
// archetype and component: call them from one translation unit.
//
// The writer is kiln/io/json_writer.hpp, the reader kiln/io/json_reader.hpp;
// this header is the entry point to include.
#pragma once

#include <concepts>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include <nlohmann/json.hpp>

#include <kiln/config.hpp>
#include <kiln/io/json_format.hpp>
#include <kiln/io/json_hierarchy.hpp>
#include <kiln/io/json_reader.hpp>
#include <kiln/io/json_states.hpp>
#include <kiln/io/json_syntax_error.hpp>
#include <kiln/io/json_writer.hpp>
#include <kiln/io/save_error.hpp>
#include <kiln/world.hpp>

namespace kiln {

// The documents from_json reads: nlohmann's JSON values, with objects in
// insertion order (what to_json returns) or sorted.
template <class Json>
concept json_document = std::same_as<Json, nlohmann::ordered_json> || std::same_as<Json, nlohmann::json>;

// The world as a JSON document:
//
//     {"schema": "game", "version": 1,
//      "resources": {"Time": {"dt": 0.016666668, "frame": 0}},
//      "archetypes": {"Particle": [{"entity": "0:0", "Position": {"x": 1.0, "y": 2.0}, ...}], ...},
//      "entity_table": {"free": ["3:1"], "retired": []},
//      "hierarchy": [["1:0", "0:0"], ["2:0", "1:0"]],
//      "states": {"started": true, "values": {"Phase": "playing"}, "requested": {}}}
//
// Every resource and archetype in schema order, an archetype's entities in
// row order, each component's fields by name. Values: integers exact, floats
// as numbers that read back to the same bits ("nan", "inf", "-inf" for what
// JSON numbers cannot hold), bools, handles as "index:generation" (null for
// the null entity), std::arrays as arrays, other extern types as the hex of
// their bytes. "hierarchy", present when some entity has a parent, lists
// [child, parent] pairs, each parent's children in order. "states", present
// when the schema declares some, holds each state's value and request by
// name, and whether the world has started. docs/json.md describes it.
//
// Precondition, as for save: nothing pending in the world (call flush()
// first); checked in debug builds. Rows that destroy(e) left and no settle
// filled yet are not written, and the rest are written in the order settling
// would leave them, as save does. Reads the world and changes nothing.
template <class Schema>
[[nodiscard]] nlohmann::ordered_json to_json(const basic_world<Schema>& world) {
    using access = internal::world_access<basic_world<Schema>>;
    internal::check_json_schema<Schema>();
    // save's rule, reserved entities included; only the failure computes the message twice.
    KILN_ASSERT(!access::refuse_pending(world, "kiln::to_json"), "%s",
                access::refuse_pending(world, "kiln::to_json").message.c_str());
    nlohmann::ordered_json document = nlohmann::ordered_json::object();
    document["schema"] = std::string(Schema::name);
    document["version"] = Schema::version;
    document["resources"] = internal::resources_json(world, typename Schema::resources{});
    document["archetypes"] = internal::archetypes_json(world, typename Schema::archetypes{});
    document["entity_table"] = internal::table_json(access::entities(world));
    if (access::hierarchy(world).link_count() != 0) {
        document["hierarchy"] = internal::hierarchy_json(access::hierarchy(world));
    }
    const internal::world_description description = internal::described_schema<Schema>::get();
    if (!description.states.empty()) {
        auto states = access::states(world);
        document["states"] = internal::states_json(description, {access::started(world), states});
    }
    return document;
}

// Replaces world's entities, handles, resources and states with those of
// document (a state the document leaves out is in its initial value),
// as load does a save's: every handle names the same entity afterwards, the
// world issues the same new handles the written one would have, and entity
// fields naming no live entity become null.
//
// The document follows this schema by name (docs/json.md has the rules):
// "schema" must be its name and "version" at most its version; a resource,
// component or field the document lacks takes its default; a name the schema
// lacks is an error, as is a value of the wrong type or out of its type's
// range, and each message names the value's JSON pointer:
//
//     /archetypes/Ship/3/Health/hp: expected an integer in i32's range, found 3000000000
//
// Never throws, and returns an error value leaving world as it was, or
// succeeds: it reads into a fresh world and swaps it in. As load does, it
// refuses with pending_changes a world with commands or reserved entities
// not applied. Precondition, as for load: no each() or system runs on world.
template <class Schema, json_document Json>
[[nodiscard]] save_error from_json(basic_world<Schema>& world, const Json& document) {
    internal::check_json_schema<Schema>();
    if (save_error refused = internal::world_access<basic_world<Schema>>::refuse_pending(world, "from_json")) {
        return refused;
    }
    const auto fresh = std::make_unique<basic_world<Schema>>();
    internal::json_reader in;
    if (!internal::read_world(in, document, *fresh)) {
        return std::move(in.error);
    }
    world.swap(*fresh);
    return {};
}

// Parses text as JSON and reads it as from_json does. Text that is not JSON
// gives not_a_save, with offset the byte where parsing stopped and the
// parser's reason in the message.
template <class Schema>
[[nodiscard]] save_error from_json_text(basic_world<Schema>& world, std::string_view text) {
    const auto document = nlohmann::ordered_json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (document.is_discarded()) {
        return internal::json_syntax_error(text);
    }
    return from_json(world, document);
}

} // namespace kiln
