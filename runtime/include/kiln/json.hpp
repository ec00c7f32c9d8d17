// A world as a JSON document and back, for tools, tests and diffs: every
// resource, every archetype's entities with their handles and component
// values by name, and the entity table's free and retired slots, so that a
// world read back issues the handles the written one would have. The
// document's shape and the rules are in docs/json.md.
//
//     const nlohmann::ordered_json document = kiln::to_json(world);
//     if (const kiln::snapshot_error error = kiln::from_json(world, document)) { ... } // world unchanged
//
// Built on nlohmann/json (link kiln::json), and usable without exceptions:
// nothing here throws, and from_json reads only values whose type it checked.
// Unlike a binary save (kiln/snapshot.hpp), a document follows the current
// schema by name: it does not read older schemas' renamed or retyped fields.
// Like dump and save, to_json and from_json instantiate code for every
// archetype and component: call them from one translation unit.
#pragma once

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <concepts>
#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <system_error>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include <kiln/archetype_storage.hpp>
#include <kiln/config.hpp>
#include <kiln/dump.hpp>
#include <kiln/entity.hpp>
#include <kiln/entity_table.hpp>
#include <kiln/field_info.hpp>
#include <kiln/io/dead_references.hpp>
#include <kiln/io/save_format.hpp>
#include <kiln/reflect.hpp>
#include <kiln/snapshot.hpp>
#include <kiln/snapshot_error.hpp>
#include <kiln/type_list.hpp>
#include <kiln/world.hpp>

namespace kiln {

// The documents from_json reads: nlohmann's JSON values, with objects in
// insertion order (what to_json returns) or sorted.
template <class Json>
concept json_document = std::same_as<Json, nlohmann::ordered_json> || std::same_as<Json, nlohmann::json>;

namespace internal {

// The key of an entity's handle beside its components' names.
inline constexpr std::string_view json_handle_key = "entity";

template <class... Components>
constexpr bool names_no_component_entity(type_list<Components...>) {
    return ((traits_of_t<Components>::name != json_handle_key) && ...);
}

template <class Schema>
constexpr void check_json_schema() {
    static_assert(names_no_component_entity(typename Schema::components{}),
                  "kiln/json.hpp: a component is named `entity`, which is the key of each entity's handle in a "
                  "JSON document; rename the component to use to_json and from_json");
}

// The schema type of a C++ number type, for messages: i32 for std::int32_t.
template <class T>
constexpr const char* json_number_name() {
    static_assert(sizeof(T) <= 8, "kiln/json.hpp: numbers of more than 8 bytes have no JSON representation here");
    if constexpr (std::is_floating_point_v<T>) {
        return sizeof(T) == 4 ? "f32" : "f64";
    } else {
        constexpr const char* names[2][4] = {{"u8", "u16", "u32", "u64"}, {"i8", "i16", "i32", "i64"}};
        return names[std::is_signed_v<T>][std::bit_width(sizeof(T)) - 1];
    }
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
        if (error == std::errc{} && std::from_chars(text, end, shortest).ec == std::errc{} &&
            std::bit_cast<std::uint32_t>(static_cast<float>(shortest)) == std::bit_cast<std::uint32_t>(value)) {
            return shortest;
        }
    }
    return static_cast<double>(value);
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

// A field's value: numbers, bool, handles and std::arrays of them as
// themselves (what kiln::dump writes as values), anything else (an extern
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
    const auto rows = world.template storage<A>();
    nlohmann::ordered_json entities = nlohmann::ordered_json::array();
    for (std::size_t row = 0; row < rows.size(); ++row) {
        nlohmann::ordered_json item = nlohmann::ordered_json::object();
        item[std::string(json_handle_key)] = handle_text(rows.entities()[row]);
        ((item[std::string(traits_of_t<Components>::name)] = component_json<Components>(rows, row)), ...);
        entities.push_back(std::move(item));
    }
    return entities;
}

template <class World, class... Archetypes>
nlohmann::ordered_json archetypes_json(const World& world, type_list<Archetypes...>) {
    nlohmann::ordered_json archetypes = nlohmann::ordered_json::object();
    ((archetypes[std::string(Archetypes::name)] = archetype_json<Archetypes>(world, typename Archetypes::components{})),
     ...);
    return archetypes;
}

template <class World, class... Resources>
nlohmann::ordered_json resources_json(const World& world, type_list<Resources...>) {
    nlohmann::ordered_json resources = nlohmann::ordered_json::object();
    ((resources[std::string(traits_of_t<Resources>::name)] = record_json(world.template resource<Resources>())), ...);
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

// The JSON pointer (RFC 6901) of the value being read, for messages.
class json_path {
public:
    // Appends a key or an index to the path while it lives.
    class segment {
    public:
        segment(json_path& path, std::string_view key) : path_{path}, mark_{path.text_.size()} {
            path_.text_ += '/';
            for (const char c : key) {
                path_.text_ += c == '~' ? "~0" : c == '/' ? "~1" : std::string_view{&c, 1};
            }
        }
        segment(json_path& path, std::size_t index) : path_{path}, mark_{path.text_.size()} {
            path_.text_ += '/';
            path_.text_ += std::to_string(index);
        }
        ~segment() { path_.text_.resize(mark_); }
        segment(const segment&) = delete;
        segment& operator=(const segment&) = delete;

    private:
        json_path& path_;
        std::size_t mark_;
    };

    [[nodiscard]] const std::string& text() const noexcept { return text_; }

private:
    std::string text_;
};

// What from_json reads into: the fresh world, the path of the value being
// read, and the first error. The parts that need no template are here.
class json_reader {
public:
    json_path path;
    snapshot_error error;

    // Sets error to "<path>: <message>" and returns false. C varargs rather
    // than a template, so that compilers check every format.
    [[gnu::format(printf, 3, 4)]] bool fail(snapshot_errc code, const char* format, ...) {
        char message[512];
        va_list arguments;
        va_start(arguments, format);
        std::vsnprintf(message, sizeof message, format, arguments);
        va_end(arguments);
        error = make_snapshot_error(code, 0, "%s: %s", path.text().empty() ? "the document" : path.text().c_str(),
                                    message);
        return false;
    }

    // What a value is, for messages: "a string", "null", "3000000000".
    template <class Json>
    static std::string found(const Json& value) {
        switch (value.type()) {
        case Json::value_t::null: return "null";
        case Json::value_t::boolean: return *value.template get_ptr<const typename Json::boolean_t*>() ? "true" : "false";
        case Json::value_t::number_integer: return std::to_string(*value.template get_ptr<const typename Json::number_integer_t*>());
        case Json::value_t::number_unsigned: return std::to_string(*value.template get_ptr<const typename Json::number_unsigned_t*>());
        case Json::value_t::number_float: {
            char text[32];
            const double number = *value.template get_ptr<const typename Json::number_float_t*>();
            return {text, std::to_chars(text, text + sizeof text, number).ptr};
        }
        case Json::value_t::string: return "a string";
        case Json::value_t::array: return "an array";
        case Json::value_t::object: return "an object";
        default: return "a binary or discarded value";
        }
    }

    // What a handle's place held: its text, quoted and cut to 64 characters,
    // or what found() says of a value that is not a string. Built by appends:
    // GCC 12 at -O3 reports a false -Wrestrict inside `"\"" + text`.
    template <class Json>
    static std::string found_handle(const Json& value) {
        const auto* text = value.template get_ptr<const typename Json::string_t*>();
        if (text == nullptr) {
            return found(value);
        }
        std::string quoted;
        quoted.reserve(66);
        quoted.push_back('"');
        quoted.append(*text, 0, 64);
        quoted.push_back('"');
        return quoted;
    }

    // Reads the handles of a list of slots (entity_table.free or .retired).
    template <class Json>
    bool handles(const Json& list, std::vector<entity>& out) {
        if (!list.is_array()) {
            return fail(snapshot_errc::corrupt, "expected an array of handles \"index:generation\", found %s",
                        found(list).c_str());
        }
        out.resize(list.size());
        for (std::size_t i = 0; i < list.size(); ++i) {
            const json_path::segment at{path, i};
            if (!handle(list[i], out[i])) {
                return false;
            }
        }
        return true;
    }

    // Reads the handle of a slot: "index:generation" with an index that names
    // a slot (not the null entity's).
    template <class Json>
    bool handle(const Json& value, entity& out) {
        const auto* text = value.template get_ptr<const typename Json::string_t*>();
        if (text == nullptr || !parse_handle(*text, out) || out.is_null()) {
            return fail(snapshot_errc::corrupt, "expected a handle \"index:generation\" (index below %u), found %s",
                        entity::null_index, found_handle(value).c_str());
        }
        return true;
    }

    // Builds entities, the fresh world's table, from the handles the
    // document holds: those of each archetype's rows (in storages, whose
    // names are archetypes'), and the free and retired slots. Each slot from
    // 0 to the highest index must be described exactly once.
    bool restore_table(std::span<archetype_storage* const> storages, std::span<const archetype_description> archetypes,
                       std::span<const entity> free, std::span<const entity> retired, entity_table& entities) {
        for (std::size_t a = 0; a < storages.size(); ++a) {
            if (storages[a]->size() > entities.max_rows()) {
                const json_path::segment at{path, "archetypes"};
                return fail(snapshot_errc::incompatible,
                            "archetype %.*s has %zu rows; in this world of %zu archetypes one archetype holds %u at "
                            "most",
                            static_cast<int>(archetypes[a].name.size()), archetypes[a].name.data(),
                            storages[a]->size(), archetypes.size(), entities.max_rows());
            }
        }
        std::size_t described = free.size() + retired.size();
        std::uint32_t highest = 0;
        const auto note = [&](entity e) { highest = std::max(highest, e.index()); };
        std::for_each(free.begin(), free.end(), note);
        std::for_each(retired.begin(), retired.end(), note);
        for (const archetype_storage* rows : storages) {
            described += rows->size();
            std::for_each(rows->entities().begin(), rows->entities().end(), note);
        }
        const std::size_t slots = described == 0 ? 0 : std::size_t{highest} + 1;
        if (slots > described) {
            // Some slot below the highest is not described; the first such, from the sorted indices.
            std::vector<std::uint32_t> indices;
            indices.reserve(described);
            each_description(storages, archetypes, free, retired, [&](entity e, const std::string&) {
                indices.push_back(e.index());
                return true;
            });
            std::sort(indices.begin(), indices.end());
            std::uint32_t missing = 0;
            while (std::binary_search(indices.begin(), indices.end(), missing)) {
                ++missing;
            }
            const json_path::segment at{path, "entity_table"};
            return fail(snapshot_errc::corrupt,
                        "slot %u is neither an entity's, free nor retired; every slot up to the highest index, %u, "
                        "is one of these",
                        missing, highest);
        }
        std::vector<entity::generation_type> generations(slots);
        std::vector<bool> seen(slots);
        const bool once = each_description(storages, archetypes, free, retired, [&](entity e, const std::string& where) {
            if (seen[e.index()]) {
                const std::string first = first_description(storages, archetypes, free, retired, e.index());
                error = make_snapshot_error(snapshot_errc::corrupt, 0, "%s: slot %u is described twice, first at %s",
                                            where.c_str(), e.index(), first.c_str());
                return false;
            }
            seen[e.index()] = true;
            generations[e.index()] = e.generation();
            return true;
        });
        if (!once) {
            return false;
        }
        std::vector<std::uint32_t> free_list(free.size());
        std::transform(free.begin(), free.end(), free_list.begin(), [](entity e) { return e.index(); });
        entities.restore(
            static_cast<std::uint32_t>(slots), [&](std::uint32_t index) { return generations[index]; }, free_list);
        for (std::uint32_t a = 0; a < storages.size(); ++a) {
            const std::span<const entity> rows = storages[a]->entities();
            for (std::uint32_t row = 0; row < rows.size(); ++row) {
                entities.restore_alive(rows[row], {a, row});
            }
        }
        return true;
    }

private:
    // Calls visit(handle, its JSON pointer) for each handle the document
    // holds, in document order, while visit returns true.
    template <class Visit>
    static bool each_description(std::span<archetype_storage* const> storages,
                                 std::span<const archetype_description> archetypes, std::span<const entity> free,
                                 std::span<const entity> retired, Visit&& visit) {
        for (std::size_t a = 0; a < storages.size(); ++a) {
            const std::span<const entity> rows = storages[a]->entities();
            for (std::size_t row = 0; row < rows.size(); ++row) {
                if (!visit(rows[row], "/archetypes/" + std::string(archetypes[a].name) + '/' + std::to_string(row) +
                                          '/' + std::string(json_handle_key))) {
                    return false;
                }
            }
        }
        for (const auto& [list, name] : {std::pair{free, "free"}, std::pair{retired, "retired"}}) {
            for (std::size_t i = 0; i < list.size(); ++i) {
                if (!visit(list[i], "/entity_table/" + std::string(name) + '/' + std::to_string(i))) {
                    return false;
                }
            }
        }
        return true;
    }

    static std::string first_description(std::span<archetype_storage* const> storages,
                                         std::span<const archetype_description> archetypes,
                                         std::span<const entity> free, std::span<const entity> retired,
                                         std::uint32_t index) {
        std::string first;
        each_description(storages, archetypes, free, retired, [&](entity e, const std::string& where) {
            if (e.index() == index) {
                first = where;
            }
            return first.empty();
        });
        return first;
    }
};

// Reads value, of the schema type schema_type (for messages), into out.
template <class T, class Json>
bool read_value(json_reader& in, const Json& value, std::string_view schema_type, T& out) {
    if constexpr (std::is_same_v<T, bool>) {
        if (const auto* boolean = value.template get_ptr<const typename Json::boolean_t*>()) {
            out = *boolean;
            return true;
        }
        return in.fail(snapshot_errc::corrupt, "expected true or false, found %s", in.found(value).c_str());
    } else if constexpr (std::is_same_v<T, entity>) {
        if (value.is_null()) {
            out = null_entity;
            return true;
        }
        const auto* text = value.template get_ptr<const typename Json::string_t*>();
        if (text == nullptr || !parse_handle(*text, out)) {
            return in.fail(snapshot_errc::corrupt, "expected a handle \"index:generation\" or null, found %s",
                           in.found_handle(value).c_str());
        }
        return true;
    } else if constexpr (std::is_integral_v<T>) {
        // An unsigned value answers to number_integer_t too: ask for the unsigned one first.
        const auto read = [&out](auto number) { return std::in_range<T>(number) && (out = static_cast<T>(number), true); };
        const auto* number = value.template get_ptr<const typename Json::number_unsigned_t*>();
        const auto* signed_number = value.template get_ptr<const typename Json::number_integer_t*>();
        if (!(number != nullptr ? read(*number) : signed_number != nullptr && read(*signed_number))) {
            return in.fail(snapshot_errc::corrupt, "expected an integer in %s's range, found %s", json_number_name<T>(),
                           in.found(value).c_str());
        }
        return true;
    } else if constexpr (std::is_floating_point_v<T>) {
        double number = 0;
        if (const auto* real = value.template get_ptr<const typename Json::number_float_t*>()) {
            number = *real;
        } else if (const auto* whole = value.template get_ptr<const typename Json::number_unsigned_t*>()) {
            number = static_cast<double>(*whole);
        } else if (const auto* signed_whole = value.template get_ptr<const typename Json::number_integer_t*>()) {
            number = static_cast<double>(*signed_whole);
        } else if (const auto* text = value.template get_ptr<const typename Json::string_t*>();
                   text != nullptr && (*text == "nan" || *text == "inf" || *text == "-inf")) {
            out = *text == "nan"   ? std::numeric_limits<T>::quiet_NaN()
                  : *text == "inf" ? std::numeric_limits<T>::infinity()
                                   : -std::numeric_limits<T>::infinity();
            return true;
        } else {
            return in.fail(snapshot_errc::corrupt, "expected a number (%s), or \"nan\", \"inf\" or \"-inf\", found %s",
                           json_number_name<T>(), in.found(value).c_str());
        }
        if (!(std::abs(number) <= static_cast<double>(std::numeric_limits<T>::max()))) {
            return in.fail(snapshot_errc::corrupt, "expected a number in %s's range, found %s", json_number_name<T>(),
                           in.found(value).c_str());
        }
        out = static_cast<T>(number);
        return true;
    } else if constexpr (dumps_as_value<T>()) {
        if (!value.is_array() || value.size() != out.size()) {
            return in.fail(snapshot_errc::corrupt, "expected an array of %zu values (%.*s), found %s", out.size(),
                           static_cast<int>(schema_type.size()), schema_type.data(), in.found(value).c_str());
        }
        for (std::size_t i = 0; i < out.size(); ++i) {
            const json_path::segment at{in.path, i};
            if (!read_value(in, value[i], schema_type, out[i])) {
                return false;
            }
        }
        return true;
    } else {
        const auto* text = value.template get_ptr<const typename Json::string_t*>();
        if (text == nullptr || !parse_hex(*text, reinterpret_cast<std::byte*>(&out), sizeof(T))) {
            return in.fail(snapshot_errc::corrupt, "expected %zu hex digits, the bytes of a %.*s, found %s",
                           2 * sizeof(T), static_cast<int>(schema_type.size()), schema_type.data(),
                           text != nullptr ? "another string" : in.found(value).c_str());
        }
        return true;
    }
}

// Reads {"field": value, ...} into out, a component or resource holding its
// defaults: fields the object lacks keep them; a name out's type lacks is an
// error.
template <class T, class Json>
bool read_record(json_reader& in, const Json& value, T& out) {
    using traits = traits_of_t<T>;
    if (!value.is_object()) {
        return in.fail(snapshot_errc::corrupt, "expected an object of %.*s's fields, found %s",
                       static_cast<int>(traits::name.size()), traits::name.data(), in.found(value).c_str());
    }
    for (auto item = value.begin(); item != value.end(); ++item) {
        const bool known = std::any_of(traits::field_infos.begin(), traits::field_infos.end(),
                                       [&](const field_info& info) { return info.name == item.key(); });
        if (!known) {
            const json_path::segment at{in.path, item.key()};
            return in.fail(snapshot_errc::corrupt, "%.*s has no field %s", static_cast<int>(traits::name.size()),
                           traits::name.data(), item.key().substr(0, 64).c_str());
        }
    }
    bool ok = true;
    for_each_field_info(out, [&](const field_info& info, auto& field) {
        if (const auto found = value.find(std::string(info.name)); ok && found != value.end()) {
            const json_path::segment at{in.path, info.name};
            ok = read_value(in, *found, info.type, field);
        }
    });
    return ok;
}

template <class C, class Json>
bool read_component(json_reader& in, const Json& row, C& out) {
    constexpr std::string_view name = traits_of_t<C>::name;
    const auto found = row.find(std::string(name));
    if (found == row.end()) {
        return true; // a component the entity lacks takes its defaults
    }
    const json_path::segment at{in.path, name};
    return read_record(in, *found, out);
}

template <class A, class Json, class World, class... Components>
bool read_archetype(json_reader& in, const Json& list, World& fresh, type_list<Components...>) {
    if (!list.is_array()) {
        return in.fail(snapshot_errc::corrupt, "expected an array of %.*s's entities, found %s",
                       static_cast<int>(A::name.size()), A::name.data(), in.found(list).c_str());
    }
    const auto rows = fresh.template storage<A>();
    rows.reserve(list.size());
    for (std::size_t i = 0; i < list.size(); ++i) {
        const json_path::segment at{in.path, i};
        const Json& row = list[i];
        if (!row.is_object()) {
            return in.fail(snapshot_errc::corrupt, "expected an object, an entity's handle and components, found %s",
                           in.found(row).c_str());
        }
        for (auto item = row.begin(); item != row.end(); ++item) {
            if (item.key() != json_handle_key && ((item.key() != traits_of_t<Components>::name) && ...)) {
                const json_path::segment key{in.path, item.key()};
                return in.fail(snapshot_errc::corrupt, "archetype %.*s has no component %s",
                               static_cast<int>(A::name.size()), A::name.data(), item.key().substr(0, 64).c_str());
            }
        }
        const auto handle = row.find(std::string(json_handle_key));
        if (handle == row.end()) {
            return in.fail(snapshot_errc::corrupt, "the entity has no handle: expected \"%.*s\": \"index:generation\"",
                           static_cast<int>(json_handle_key.size()), json_handle_key.data());
        }
        entity e;
        {
            const json_path::segment key{in.path, json_handle_key};
            if (!in.handle(*handle, e)) {
                return false;
            }
        }
        std::tuple<Components...> values; // each component's defaults, until the document says otherwise
        if (!(read_component(in, row, std::get<Components>(values)) && ...)) {
            return false;
        }
        rows.push_back(e, std::get<Components>(values)...);
    }
    return true;
}

// What a read_by_name callback made of one name.
enum class named_read : std::uint8_t { unknown, failed, done };

// Reads object, the schema's resources or archetypes (kind names which) by
// name: read(name, value) returns whether it knew the name and read it.
template <class Json, class Read>
bool read_by_name(json_reader& in, const Json& object, const char* kind, Read&& read) {
    if (!object.is_object()) {
        return in.fail(snapshot_errc::corrupt, "expected an object of %ss by name, found %s", kind,
                       in.found(object).c_str());
    }
    for (auto item = object.begin(); item != object.end(); ++item) {
        const json_path::segment at{in.path, item.key()};
        switch (read(item.key(), item.value())) {
        case named_read::unknown:
            return in.fail(snapshot_errc::corrupt, "the schema has no %s %s", kind, item.key().substr(0, 64).c_str());
        case named_read::failed: return false;
        case named_read::done: break;
        }
    }
    return true;
}

template <class Json, class World, class... Resources>
bool read_resources(json_reader& in, const Json& resources, World& fresh, type_list<Resources...>) {
    return read_by_name(in, resources, "resource", [&](std::string_view name, const Json& value) {
        named_read result = named_read::unknown;
        ((name == traits_of_t<Resources>::name &&
          (result = read_record(in, value, fresh.template resource<Resources>()) ? named_read::done : named_read::failed,
           true)) ||
         ...);
        return result;
    });
}

template <class Json, class World, class... Archetypes>
bool read_archetypes(json_reader& in, const Json& archetypes, World& fresh, type_list<Archetypes...>) {
    return read_by_name(in, archetypes, "archetype", [&](std::string_view name, const Json& value) {
        named_read result = named_read::unknown;
        ((name == Archetypes::name &&
          (result = read_archetype<Archetypes>(in, value, fresh, typename Archetypes::components{}) ? named_read::done
                                                                                                  : named_read::failed,
           true)) ||
         ...);
        return result;
    });
}

template <class Json>
bool read_table(json_reader& in, const Json& table, std::vector<entity>& free, std::vector<entity>& retired) {
    if (!table.is_object()) {
        return in.fail(snapshot_errc::corrupt, "expected an object with the lists free and retired, found %s",
                       in.found(table).c_str());
    }
    for (auto item = table.begin(); item != table.end(); ++item) {
        const json_path::segment at{in.path, item.key()};
        if (item.key() != "free" && item.key() != "retired") {
            return in.fail(snapshot_errc::corrupt, "the entity table has the lists free and retired only");
        }
        if (!in.handles(item.value(), item.key() == "free" ? free : retired)) {
            return false;
        }
    }
    return true;
}

// Reads document into fresh, a new world; false, with in.error set, when
// the document is not one of this schema's worlds.
template <class Schema, class Json>
bool read_world(json_reader& in, const Json& document, basic_world<Schema>& fresh) {
    using access = snapshot_access<basic_world<Schema>>;
    if (!document.is_object()) {
        return in.fail(snapshot_errc::not_a_save, "expected an object, a world as kiln::to_json writes it, found %s",
                       in.found(document).c_str());
    }
    constexpr std::string_view keys[] = {"schema", "version", "resources", "archetypes", "entity_table"};
    for (auto item = document.begin(); item != document.end(); ++item) {
        if (std::find(std::begin(keys), std::end(keys), item.key()) == std::end(keys)) {
            const json_path::segment at{in.path, item.key()};
            return in.fail(snapshot_errc::corrupt,
                           "a world has the keys schema, version, resources, archetypes and entity_table only");
        }
    }
    const auto schema = document.find("schema");
    const auto* name = schema != document.end() ? schema->template get_ptr<const typename Json::string_t*>() : nullptr;
    if (name == nullptr) {
        return in.fail(snapshot_errc::not_a_save, "expected \"schema\": \"%.*s\", the name of the world's schema",
                       static_cast<int>(Schema::name.size()), Schema::name.data());
    }
    if (*name != Schema::name) {
        const json_path::segment at{in.path, "schema"};
        return in.fail(snapshot_errc::wrong_schema, "the document is of schema \"%s\", this world's is \"%.*s\"",
                       name->substr(0, 64).c_str(), static_cast<int>(Schema::name.size()), Schema::name.data());
    }
    const auto version = document.find("version");
    std::uint32_t number = 0;
    {
        const json_path::segment at{in.path, "version"};
        if (version == document.end()) {
            return in.fail(snapshot_errc::corrupt, "missing: the schema version the document was written with");
        }
        if (!read_value(in, *version, "u32", number)) {
            return false;
        }
        if (number > Schema::version) {
            return in.fail(snapshot_errc::newer_schema,
                           "the document is of schema %.*s version %u, newer than this program's version %u",
                           static_cast<int>(Schema::name.size()), Schema::name.data(), number, Schema::version);
        }
    }
    if (const auto resources = document.find("resources"); resources != document.end()) {
        const json_path::segment at{in.path, "resources"};
        if (!read_resources(in, *resources, fresh, typename Schema::resources{})) {
            return false;
        }
    }
    if (const auto archetypes = document.find("archetypes"); archetypes != document.end()) {
        const json_path::segment at{in.path, "archetypes"};
        if (!read_archetypes(in, *archetypes, fresh, typename Schema::archetypes{})) {
            return false;
        }
    }
    std::vector<entity> free;
    std::vector<entity> retired;
    if (const auto table = document.find("entity_table"); table != document.end()) {
        const json_path::segment at{in.path, "entity_table"};
        if (!read_table(in, *table, free, retired)) {
            return false;
        }
    }
    const world_description description = described_schema<Schema>::get();
    const auto storages = access::storages(fresh);
    if (!in.restore_table(storages, description.archetypes, free, retired, access::entities(fresh))) {
        return false;
    }
    const auto resources = access::resources(fresh);
    null_dead_references(description, storages, resources, access::entities(fresh));
    return true;
}

// Finds where text stops being JSON, for the message: parses it again with
// a handler that builds nothing.
struct json_syntax_locator {
    using json = nlohmann::ordered_json;
    std::size_t position = 0;
    std::string message;

    bool null() { return true; }
    bool boolean(bool) { return true; }
    bool number_integer(json::number_integer_t) { return true; }
    bool number_unsigned(json::number_unsigned_t) { return true; }
    bool number_float(json::number_float_t, const json::string_t&) { return true; }
    bool string(json::string_t&) { return true; }
    bool binary(json::binary_t&) { return true; }
    bool start_object(std::size_t) { return true; }
    bool key(json::string_t&) { return true; }
    bool end_object() { return true; }
    bool start_array(std::size_t) { return true; }
    bool end_array() { return true; }
    bool parse_error(std::size_t at, const std::string&, const json::exception& error) {
        position = at;
        message = error.what();
        return false;
    }
};

inline snapshot_error json_syntax_error(std::string_view text) {
    json_syntax_locator locator;
    nlohmann::ordered_json::sax_parse(text, &locator);
    // nlohmann's message starts with its exception's id, "[json.exception.parse_error.101] ".
    const std::size_t id_end = locator.message.find("] ");
    const std::string reason = id_end == std::string::npos ? locator.message : locator.message.substr(id_end + 2);
    return make_snapshot_error(snapshot_errc::not_a_save, locator.position, "not JSON: %s", reason.c_str());
}

} // namespace internal

// The world as a JSON document:
//
//     {"schema": "game", "version": 1,
//      "resources": {"Time": {"dt": 0.016666668, "frame": 0}},
//      "archetypes": {"Particle": [{"entity": "0:0", "Position": {"x": 1.0, "y": 2.0}, ...}], ...},
//      "entity_table": {"free": ["3:1"], "retired": []}}
//
// Every resource and archetype in schema order, an archetype's entities in
// row order, each component's fields by name. Values: integers exact, floats
// as numbers that read back to the same bits ("nan", "inf", "-inf" for what
// JSON numbers cannot hold), bools, handles as "index:generation" (null for
// the null entity), std::arrays as arrays, other extern types as the hex of
// their bytes. docs/json.md describes it.
//
// Precondition, as for save: nothing pending in the world (call flush()
// first); checked in debug builds. Reads the world and changes nothing.
template <class Schema>
[[nodiscard]] nlohmann::ordered_json to_json(const basic_world<Schema>& world) {
    using access = internal::snapshot_access<basic_world<Schema>>;
    internal::check_json_schema<Schema>();
    KILN_ASSERT(access::pending(world) == 0, "kiln::to_json: the world has %zu commands not applied yet; call flush() first",
                access::pending(world));
    nlohmann::ordered_json document = nlohmann::ordered_json::object();
    document["schema"] = std::string(Schema::name);
    document["version"] = Schema::version;
    document["resources"] = internal::resources_json(world, typename Schema::resources{});
    document["archetypes"] = internal::archetypes_json(world, typename Schema::archetypes{});
    document["entity_table"] = internal::table_json(access::entities(world));
    return document;
}

// Replaces world's entities, handles and resources with those of document,
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
[[nodiscard]] snapshot_error from_json(basic_world<Schema>& world, const Json& document) {
    internal::check_json_schema<Schema>();
    if (snapshot_error refused = internal::snapshot_access<basic_world<Schema>>::refuse_pending(world, "from_json")) {
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
[[nodiscard]] snapshot_error from_json_text(basic_world<Schema>& world, std::string_view text) {
    const auto document = nlohmann::ordered_json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (document.is_discarded()) {
        return internal::json_syntax_error(text);
    }
    return from_json(world, document);
}

} // namespace kiln
