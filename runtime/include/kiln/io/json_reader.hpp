// Reading a world from JSON (kiln::from_json) into a fresh world, checking
// every value's type and range, with each error naming the value's JSON
// pointer.
#pragma once

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include <kiln/core/type_list.hpp>
#include <kiln/entity/entity.hpp>
#include <kiln/entity/entity_table.hpp>
#include <kiln/io/dead_references.hpp>
#include <kiln/io/json_format.hpp>
#include <kiln/io/json_hierarchy.hpp>
#include <kiln/io/json_states.hpp>
#include <kiln/io/save_error.hpp>
#include <kiln/io/save_format.hpp>
#include <kiln/io/world_access.hpp>
#include <kiln/world/prefab_records.hpp>
#include <kiln/schema/field_info.hpp>
#include <kiln/schema/reflect.hpp>
#include <kiln/storage/archetype_storage.hpp>

namespace kiln::internal {

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
    save_error error;
    // The last failure's pointer and sentence apart, for readers that place
    // errors themselves (a scene's, kiln/io/scene_reader.hpp, at a line).
    std::string failed_at;
    std::string reason;

    // Sets error to "<path>: <message>" and returns false. C varargs rather
    // than a template, so that compilers check every format.
    [[gnu::format(printf, 3, 4)]] bool fail(save_errc code, const char* format, ...) {
        char message[512];
        va_list arguments;
        va_start(arguments, format);
        std::vsnprintf(message, sizeof message, format, arguments);
        va_end(arguments);
        failed_at = path.text();
        reason = message;
        error = make_save_error(code, 0, "%s: %s", path.text().empty() ? "the document" : path.text().c_str(),
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
            return fail(save_errc::corrupt, "expected an array of handles \"index:generation\", found %s",
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
            return fail(save_errc::corrupt, "expected a handle \"index:generation\" (index below %u), found %s",
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
                return fail(save_errc::incompatible,
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
            return fail(save_errc::corrupt,
                        "slot %u is neither an entity's, free nor retired; every slot up to the highest index, %u, "
                        "is one of these",
                        missing, highest);
        }
        std::vector<entity::generation_type> generations(slots);
        std::vector<bool> seen(slots);
        const bool once = each_description(storages, archetypes, free, retired, [&](entity e, const std::string& where) {
            if (seen[e.index()]) {
                const std::string first = first_description(storages, archetypes, free, retired, e.index());
                error = make_save_error(save_errc::corrupt, 0, "%s: slot %u is described twice, first at %s",
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
        return in.fail(save_errc::corrupt, "expected true or false, found %s", in.found(value).c_str());
    } else if constexpr (std::is_same_v<T, entity>) {
        if (value.is_null()) {
            out = null_entity;
            return true;
        }
        const auto* text = value.template get_ptr<const typename Json::string_t*>();
        if (text == nullptr || !parse_handle(*text, out)) {
            return in.fail(save_errc::corrupt, "expected a handle \"index:generation\" or null, found %s",
                           in.found_handle(value).c_str());
        }
        return true;
    } else if constexpr (std::is_integral_v<T>) {
        // An unsigned value answers to number_integer_t too: ask for the unsigned one first.
        const auto read = [&out](auto number) { return std::in_range<T>(number) && (out = static_cast<T>(number), true); };
        const auto* number = value.template get_ptr<const typename Json::number_unsigned_t*>();
        const auto* signed_number = value.template get_ptr<const typename Json::number_integer_t*>();
        if (!(number != nullptr ? read(*number) : signed_number != nullptr && read(*signed_number))) {
            return in.fail(save_errc::corrupt, "expected an integer in %s's range, found %s", json_number_name<T>(),
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
            return in.fail(save_errc::corrupt, "expected a number (%s), or \"nan\", \"inf\" or \"-inf\", found %s",
                           json_number_name<T>(), in.found(value).c_str());
        }
        if (!(std::abs(number) <= static_cast<double>(std::numeric_limits<T>::max()))) {
            return in.fail(save_errc::corrupt, "expected a number in %s's range, found %s", json_number_name<T>(),
                           in.found(value).c_str());
        }
        out = static_cast<T>(number);
        return true;
    } else if constexpr (dumps_as_value<T>()) {
        if (!value.is_array() || value.size() != out.size()) {
            return in.fail(save_errc::corrupt, "expected an array of %zu values (%.*s), found %s", out.size(),
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
            return in.fail(save_errc::corrupt, "expected %zu hex digits, the bytes of a %.*s, found %s",
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
        return in.fail(save_errc::corrupt, "expected an object of %.*s's fields, found %s",
                       static_cast<int>(traits::name.size()), traits::name.data(), in.found(value).c_str());
    }
    for (auto item = value.begin(); item != value.end(); ++item) {
        const bool known = std::any_of(traits::field_infos.begin(), traits::field_infos.end(),
                                       [&](const field_info& info) { return info.name == item.key(); });
        if (!known) {
            const json_path::segment at{in.path, item.key()};
            return in.fail(save_errc::corrupt, "%.*s has no field %s", static_cast<int>(traits::name.size()),
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
        return in.fail(save_errc::corrupt, "expected an array of %.*s's entities, found %s",
                       static_cast<int>(A::name.size()), A::name.data(), in.found(list).c_str());
    }
    const auto rows = fresh.template storage<A>();
    rows.reserve(list.size());
    for (std::size_t i = 0; i < list.size(); ++i) {
        const json_path::segment at{in.path, i};
        const Json& row = list[i];
        if (!row.is_object()) {
            return in.fail(save_errc::corrupt, "expected an object, an entity's handle and components, found %s",
                           in.found(row).c_str());
        }
        for (auto item = row.begin(); item != row.end(); ++item) {
            if (item.key() != json_handle_key && item.key() != json_prefab_key &&
                all_of({item.key() != traits_of_t<Components>::name...})) {
                const json_path::segment key{in.path, item.key()};
                return in.fail(save_errc::corrupt, "archetype %.*s has no component %s",
                               static_cast<int>(A::name.size()), A::name.data(), item.key().substr(0, 64).c_str());
            }
        }
        const auto handle = row.find(std::string(json_handle_key));
        if (handle == row.end()) {
            return in.fail(save_errc::corrupt, "the entity has no handle: expected \"%.*s\": \"index:generation\"",
                           static_cast<int>(json_handle_key.size()), json_handle_key.data());
        }
        entity e;
        {
            const json_path::segment key{in.path, json_handle_key};
            if (!in.handle(*handle, e)) {
                return false;
            }
        }
        if (const auto prefab = row.find(std::string(json_prefab_key)); prefab != row.end()) {
            const json_path::segment key{in.path, json_prefab_key};
            const auto found = prefab->is_string()
                                   ? prefab_names<typename World::prefabs>::find(prefab->template get_ref<const std::string&>())
                                   : std::nullopt;
            if (!found) {
                return in.fail(save_errc::corrupt, "expected the name of a prefab of the schema, or of its child "
                               "as \"Prefab.child\", found %s", in.found(*prefab).c_str());
            }
            world_access<World>::prefab_records(fresh).record(e, found->prefab, found->part);
        }
        std::tuple<Components...> values; // each component's defaults, until the document says otherwise
        bool read = true; // until a component fails, which stops the rest
        in_order({(read = read && read_component(in, row, std::get<Components>(values)), 0)...});
        if (!read) {
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
        return in.fail(save_errc::corrupt, "expected an object of %ss by name, found %s", kind,
                       in.found(object).c_str());
    }
    for (auto item = object.begin(); item != object.end(); ++item) {
        const json_path::segment at{in.path, item.key()};
        switch (read(item.key(), item.value())) {
        case named_read::unknown:
            return in.fail(save_errc::corrupt, "the schema has no %s %s", kind, item.key().substr(0, 64).c_str());
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
        for_each_type(type_list<Resources...>{}, [&]<class R>() {
            if (result == named_read::unknown && name == traits_of_t<R>::name) {
                result = read_record(in, value, fresh.template resource<R>()) ? named_read::done : named_read::failed;
            }
        });
        return result;
    });
}

template <class Json, class World, class... Archetypes>
bool read_archetypes(json_reader& in, const Json& archetypes, World& fresh, type_list<Archetypes...>) {
    return read_by_name(in, archetypes, "archetype", [&](std::string_view name, const Json& value) {
        named_read result = named_read::unknown;
        for_each_type(type_list<Archetypes...>{}, [&]<class A>() {
            if (result == named_read::unknown && name == A::name) {
                result = read_archetype<A>(in, value, fresh, typename A::components{}) ? named_read::done
                                                                                      : named_read::failed;
            }
        });
        return result;
    });
}

template <class Json>
bool read_table(json_reader& in, const Json& table, std::vector<entity>& free, std::vector<entity>& retired) {
    if (!table.is_object()) {
        return in.fail(save_errc::corrupt, "expected an object with the lists free and retired, found %s",
                       in.found(table).c_str());
    }
    for (auto item = table.begin(); item != table.end(); ++item) {
        const json_path::segment at{in.path, item.key()};
        if (item.key() != "free" && item.key() != "retired") {
            return in.fail(save_errc::corrupt, "the entity table has the lists free and retired only");
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
    using access = world_access<basic_world<Schema>>;
    if (!document.is_object()) {
        return in.fail(save_errc::not_a_save, "expected an object, a world as kiln::to_json writes it, found %s",
                       in.found(document).c_str());
    }
    constexpr std::string_view keys[] = {"schema",       "version",   "resources", "archetypes",
                                         "entity_table", "hierarchy", "states"};
    for (auto item = document.begin(); item != document.end(); ++item) {
        if (std::find(std::begin(keys), std::end(keys), item.key()) == std::end(keys)) {
            const json_path::segment at{in.path, item.key()};
            return in.fail(save_errc::corrupt,
                           "a world has the keys schema, version, resources, archetypes, entity_table, hierarchy "
                           "and states only");
        }
    }
    const auto schema = document.find("schema");
    const auto* name = schema != document.end() ? schema->template get_ptr<const typename Json::string_t*>() : nullptr;
    if (name == nullptr) {
        return in.fail(save_errc::not_a_save,
                       "expected \"schema\": \"%.*s\", the name of the world's schema, found %s",
                       static_cast<int>(Schema::name.size()), Schema::name.data(),
                       schema == document.end() ? "none" : in.found(*schema).c_str());
    }
    if (*name != Schema::name) {
        const json_path::segment at{in.path, "schema"};
        return in.fail(save_errc::wrong_schema, "the document is of schema \"%s\", this world's is \"%.*s\"",
                       name->substr(0, 64).c_str(), static_cast<int>(Schema::name.size()), Schema::name.data());
    }
    const auto version = document.find("version");
    std::uint32_t number = 0;
    {
        const json_path::segment at{in.path, "version"};
        if (version == document.end()) {
            return in.fail(save_errc::corrupt,
                           "expected the schema version the document was written with, at most %u, found none",
                           Schema::version);
        }
        if (!read_value(in, *version, "u32", number)) {
            return false;
        }
        if (number > Schema::version) {
            return in.fail(save_errc::newer_schema,
                           "the document is of schema \"%.*s\" version %u, newer than this program's version %u",
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
    if (const auto links = document.find("hierarchy"); links != document.end()) {
        const json_path::segment at{in.path, "hierarchy"};
        if (!read_hierarchy(in, *links, access::entities(fresh), access::hierarchy(fresh))) {
            return false;
        }
    }
    if (const auto states = document.find("states"); states != document.end()) {
        const json_path::segment at{in.path, "states"};
        auto positions = access::states(fresh); // each in its initial value
        schedule_position position{false, positions};
        if (!read_states_json(in, *states, description, position)) {
            return false;
        }
        access::restore_states(fresh, position);
    }
    const auto resources = access::resources(fresh);
    null_dead_references(description, storages, resources, access::entities(fresh));
    return true;
}

} // namespace kiln::internal
