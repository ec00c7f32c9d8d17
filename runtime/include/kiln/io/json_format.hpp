// What kiln/json.hpp's writer (json_writer.hpp) and reader
// (json_reader.hpp) agree on beyond nlohmann/json: the key of an entity's
// handle, handles as "index:generation" and extern values as hex. The
// document's shape is in docs/json.md.
#pragma once

#include <charconv>
#include <cstddef>
#include <string>
#include <string_view>
#include <system_error>

#include <kiln/core/type_list.hpp>
#include <kiln/entity/entity.hpp>
#include <kiln/schema/reflect.hpp>

namespace kiln::internal {

// The key of an entity's handle beside its components' names.
inline constexpr std::string_view json_handle_key = "entity";
// The key of the prefab, and the child of it, that a spawn made an entity
// from ("Fighter.gun"), beside its handle; absent for an entity made otherwise.
inline constexpr std::string_view json_prefab_key = "prefab";

template <class... Components>
constexpr bool names_no_component_entity(type_list<Components...>) {
    return all_of({(traits_of_t<Components>::name != json_handle_key &&
                    traits_of_t<Components>::name != json_prefab_key)...});
}

template <class Schema>
constexpr void check_json_schema() {
    static_assert(names_no_component_entity(typename Schema::components{}),
                  "kiln/json.hpp: a component is named `entity` or `prefab`, which are the keys of each entity's "
                  "handle and prefab in a JSON document; rename the component to use to_json and from_json");
}

// "index:generation", in decimal, as kiln::dump writes handles.
inline std::string handle_text(entity e) {
    return std::to_string(e.index()) + ':' + std::to_string(e.generation());
}

// Reads "index:generation" (two decimal u32s, nothing else) into out.
inline bool parse_handle(std::string_view text, entity& out) {
    const char* const last = text.data() + text.size();
    entity::index_type index = 0;
    entity::generation_type generation = 0;
    const auto [colon, index_error] = std::from_chars(text.data(), last, index);
    if (index_error != std::errc{} || colon == last || *colon != ':') {
        return false;
    }
    const auto [end, generation_error] = std::from_chars(colon + 1, last, generation);
    if (generation_error != std::errc{} || end != last) {
        return false;
    }
    out = {index, generation};
    return true;
}

inline std::string hex_text(const std::byte* bytes, std::size_t size) {
    constexpr char digits[] = "0123456789abcdef";
    std::string text(2 * size, '0');
    for (std::size_t i = 0; i < size; ++i) {
        text[2 * i] = digits[std::to_integer<unsigned>(bytes[i]) >> 4];
        text[2 * i + 1] = digits[std::to_integer<unsigned>(bytes[i]) & 15];
    }
    return text;
}

// Reads 2 * size hex digits (either case) into bytes; false for anything else.
inline bool parse_hex(std::string_view text, std::byte* bytes, std::size_t size) {
    if (text.size() != 2 * size) {
        return false;
    }
    for (std::size_t i = 0; i < size; ++i) {
        unsigned value = 0;
        if (std::from_chars(text.data() + 2 * i, text.data() + 2 * i + 2, value, 16).ptr != text.data() + 2 * i + 2) {
            return false;
        }
        bytes[i] = static_cast<std::byte>(value);
    }
    return true;
}

} // namespace kiln::internal
