// The states in a JSON document (docs/json.md, docs/states.md): "states",
// present when the schema declares some,
//
//     {"started": true, "values": {"Phase": "playing", "Mode": "calm"},
//      "requested": {"Phase": "between_waves"}}
//
// each state's value by name, and the value requested and not applied yet
// of those that have one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

#include <nlohmann/json.hpp>

#include <kiln/io/save_error.hpp>
#include <kiln/io/save_format.hpp>

namespace kiln::internal {

inline nlohmann::ordered_json states_json(const world_description& world, const schedule_position& position) {
    nlohmann::ordered_json values = nlohmann::ordered_json::object();
    nlohmann::ordered_json requested = nlohmann::ordered_json::object();
    for (std::size_t s = 0; s < world.states.size(); ++s) {
        const state_description& state = world.states[s];
        const state_position& at = position.states[s];
        values[std::string(state.name)] = std::string(state.values[at.current]);
        if (at.requested) {
            requested[std::string(state.name)] = std::string(state.values[at.next]);
        }
    }
    nlohmann::ordered_json document = nlohmann::ordered_json::object();
    document["started"] = position.started;
    document["values"] = std::move(values);
    document["requested"] = std::move(requested);
    return document;
}

// Reads "states" into position, which holds each state's initial value: a
// state the document leaves out keeps it. A key other than started, values
// and requested, a state the schema does not declare, or a value its state
// does not have is an error naming its JSON pointer. Reader is json_reader.
template <class Reader, class Json>
bool read_states_json(Reader& in, const Json& node, const world_description& world, schedule_position& position) {
    if (!node.is_object()) {
        return in.fail(save_errc::corrupt,
                       "expected an object {\"started\": ..., \"values\": {...}, \"requested\": {...}}, found %s",
                       in.found(node).c_str());
    }
    // A state's value by name, into index; false, with in's error, when the state has no such value.
    const auto value_of = [&in](const state_description& state, const Json& value, std::uint32_t& index) {
        const auto* text = value.template get_ptr<const typename Json::string_t*>();
        for (index = 0; text != nullptr && index < state.values.size(); ++index) {
            if (state.values[index] == *text) {
                return true;
            }
        }
        std::string allowed;
        for (const std::string_view name : state.values) {
            allowed += allowed.empty() ? "" : ", ";
            allowed += name;
        }
        // Appended piece by piece: GCC 12 at -O3 takes "\"" + a string for an overlapping memcpy (-Wrestrict).
        std::string found;
        if (text != nullptr) {
            found += '"';
            found.append(*text, 0, 64);
            found += '"';
        } else {
            found = in.found(value);
        }
        return in.fail(save_errc::corrupt, "expected one of %.*s's values (%s), found %s",
                       static_cast<int>(state.name.size()), state.name.data(), allowed.c_str(), found.c_str());
    };
    // Reads an object of states by name, giving each state's position and value to read.
    const auto each_state = [&](const Json& object, auto&& read) {
        if (!object.is_object()) {
            return in.fail(save_errc::corrupt, "expected an object of states by name, found %s",
                           in.found(object).c_str());
        }
        for (auto item = object.begin(); item != object.end(); ++item) {
            const typename decltype(Reader::path)::segment at{in.path, item.key()};
            std::size_t s = 0;
            while (s < world.states.size() && world.states[s].name != item.key()) {
                ++s;
            }
            if (s == world.states.size()) {
                return in.fail(save_errc::corrupt, "the schema has no state %s", item.key().substr(0, 64).c_str());
            }
            if (!read(s, item.value())) {
                return false;
            }
        }
        return true;
    };
    for (auto item = node.begin(); item != node.end(); ++item) {
        const typename decltype(Reader::path)::segment at{in.path, item.key()};
        bool read = false;
        if (item.key() == "started") {
            const auto* started = item.value().template get_ptr<const typename Json::boolean_t*>();
            if (started == nullptr) {
                return in.fail(save_errc::corrupt, "expected true or false, whether the world has started, found %s",
                               in.found(item.value()).c_str());
            }
            position.started = *started;
            read = true;
        } else if (item.key() == "values") {
            read = each_state(item.value(), [&](std::size_t s, const Json& value) {
                return value_of(world.states[s], value, position.states[s].current);
            });
        } else if (item.key() == "requested") {
            read = each_state(item.value(), [&](std::size_t s, const Json& value) {
                state_position& at = position.states[s];
                at.requested = true;
                return value_of(world.states[s], value, at.next);
            });
        } else {
            return in.fail(save_errc::corrupt, "the states have the keys started, values and requested only");
        }
        if (!read) {
            return false;
        }
    }
    for (state_position& at : position.states) {
        at.next = at.requested ? at.next : at.current;
    }
    return true;
}

} // namespace kiln::internal
