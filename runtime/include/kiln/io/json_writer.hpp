// Writing a world as JSON (kiln::to_json): every value by its schema
// name, floats as numbers that read back to the same bits.
#pragma once

#include <bit>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <system_error>
#include <type_traits>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include <kiln/core/type_list.hpp>
#include <kiln/entity/entity.hpp>
#include <kiln/entity/entity_table.hpp>
#include <kiln/io/json_format.hpp>
#include <kiln/schema/component.hpp>
#include <kiln/schema/field_info.hpp>
#include <kiln/schema/reflect.hpp>

namespace kiln::internal {

// Reads text, a number std::to_chars wrote, as a double: with std::from_chars
// where the standard library has it for doubles (libstdc++; libc++ 16 has
// only the integer overloads, and leaves __cpp_lib_to_chars undefined), and
// otherwise as nlohmann/json reads a number, with the C library's strtod
// whatever the program's locale.
inline bool read_double(const char* first, const char* last, double& value) {
#if defined(__cpp_lib_to_chars)
    return std::from_chars(first, last, value).ec == std::errc{};
#else
    const auto number = nlohmann::ordered_json::parse(first, last, nullptr, false);
    if (!number.is_number()) {
        return false;
    }
    value = number.template get<double>();
    return true;
#endif
}

// A floating-point value as JSON: a number that reads back as the same bits
// (an f32 as its shortest decimal, which reads back as the same f32 through
// a double in all but rare cases, kept exact by the check), or "nan", "inf",
// "-inf", which JSON numbers cannot be.
template <class T>
nlohmann::ordered_json float_json(T value) {
    if (std::isnan(value)) {
        return "nan";
    }
    if (std::isinf(value)) {
        return value < 0 ? "-inf" : "inf";
    }
    if constexpr (sizeof(T) == 4) {
        char text[32];
        const auto [end, error] = std::to_chars(text, text + sizeof text, value);
        double shortest = 0;
        if (error == std::errc{} && read_double(text, end, shortest) &&
            std::bit_cast<std::uint32_t>(static_cast<float>(shortest)) == std::bit_cast<std::uint32_t>(value)) {
            return shortest;
        }
    }
    return static_cast<double>(value);
}

// A field's value: numbers, bool, handles and std::arrays of them as
// themselves (dumps_as_value, kiln/schema/reflect.hpp), anything else (an extern
// type) as the hex of its bytes in memory order.
template <class T>
nlohmann::ordered_json value_json(const T& value) {
    if constexpr (std::is_same_v<T, bool>) {
        return value;
    } else if constexpr (std::is_same_v<T, entity>) {
        return value.is_null() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(handle_text(value));
    } else if constexpr (std::is_integral_v<T>) {
        return value;
    } else if constexpr (std::is_floating_point_v<T>) {
        return float_json(value);
    } else if constexpr (dumps_as_value<T>()) {
        nlohmann::ordered_json elements = nlohmann::ordered_json::array();
        for (const auto& element : value) {
            elements.push_back(value_json(element));
        }
        return elements;
    } else {
        static_assert(std::is_trivially_copyable_v<T>,
                      "kiln/json.hpp: an extern type is written as its bytes, so it must be trivially copyable");
        return hex_text(reinterpret_cast<const std::byte*>(&value), sizeof(T));
    }
}

// A component or resource value: {"field": value, ...} in schema order.
template <class T>
nlohmann::ordered_json record_json(const T& value) {
    nlohmann::ordered_json fields = nlohmann::ordered_json::object();
    for_each_field_info(value, [&](const field_info& info, const auto& field) {
        fields[std::string(info.name)] = value_json(field);
    });
    return fields;
}

template <class C, class View>
nlohmann::ordered_json component_json(const View& rows, std::size_t row) {
    if constexpr (layout_of<C> == layout::tag) {
        return nlohmann::ordered_json::object();
    } else if constexpr (layout_of<C> == layout::split) {
        const C value = rows.template at<C>(row); // a row of split columns, copied whole
        return record_json(value);
    } else {
        return record_json(rows.template at<C>(row));
    }
}

template <class A, class World, class... Components>
nlohmann::ordered_json archetype_json(const World& world, type_list<Components...>) {
    const auto rows = world.template unsettled_storage<A>();
    nlohmann::ordered_json entities = nlohmann::ordered_json::array();
    rows.storage().for_each_settled_run([&](std::size_t first, std::size_t count) {
        for (std::size_t row = first; row < first + count; ++row) {
            nlohmann::ordered_json item = nlohmann::ordered_json::object();
            item[std::string(json_handle_key)] = handle_text(rows.entities()[row]);
            if (const auto spawned = world.prefab_of(rows.entities()[row])) {
                std::string name{spawned->prefab};
                if (!spawned->part.empty()) {
                    name += '.';
                    name += spawned->part;
                }
                item[std::string(json_prefab_key)] = std::move(name);
            }
            in_order(
                {(item[std::string(traits_of_t<Components>::name)] = component_json<Components>(rows, row), 0)...});
            entities.push_back(std::move(item));
        }
    });
    return entities;
}

template <class World, class... Archetypes>
nlohmann::ordered_json archetypes_json(const World& world, type_list<Archetypes...>) {
    nlohmann::ordered_json archetypes = nlohmann::ordered_json::object();
    in_order({(archetypes[std::string(Archetypes::name)] =
                   archetype_json<Archetypes>(world, typename Archetypes::components{}),
               0)...});
    return archetypes;
}

template <class World, class... Resources>
nlohmann::ordered_json resources_json(const World& world, type_list<Resources...>) {
    nlohmann::ordered_json resources = nlohmann::ordered_json::object();
    in_order({(resources[std::string(traits_of_t<Resources>::name)] = record_json(world.template resource<Resources>()),
               0)...});
    return resources;
}

// The slots that hold no live entity: free ones in the order create reuses
// them, then retired ones (whose generation is spent) in index order.
inline nlohmann::ordered_json table_json(const entity_table& entities) {
    std::vector<bool> is_free(entities.slot_count());
    nlohmann::ordered_json free = nlohmann::ordered_json::array();
    entities.for_each_free([&](std::uint32_t index) {
        is_free[index] = true;
        free.push_back(handle_text({index, entities.generation_at(index)}));
    });
    nlohmann::ordered_json retired = nlohmann::ordered_json::array();
    for (std::uint32_t index = 0; index < entities.slot_count(); ++index) {
        const entity e{index, entities.generation_at(index)};
        if (!is_free[index] && !entities.alive(e)) {
            retired.push_back(handle_text(e));
        }
    }
    nlohmann::ordered_json table = nlohmann::ordered_json::object();
    table["free"] = std::move(free);
    table["retired"] = std::move(retired);
    return table;
}

} // namespace kiln::internal
