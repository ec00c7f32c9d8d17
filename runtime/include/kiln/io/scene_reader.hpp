// Reading a scene (kiln/io/scene_document.hpp) against a world's schema,
// with every check `kilnc scene` makes, into a stage: each entity's rows,
// typed, its parent and the entity fields that name other entities of the
// scene. Nothing here touches a world: kiln/scene.hpp spawns a stage that
// read without a problem, so that a failed load changes nothing.
//
// Names are found as JSON and saves find them: by folds over the schema's
// type lists (prefabs, archetypes, components, resources) comparing the
// names kilnc declared, and fields through their reflection
// (kiln/schema/reflect.hpp); values are read by the JSON reader's
// read_value (kiln/io/json_reader.hpp), with its checks of type and range.
#pragma once

#include <algorithm>
#include <array>
#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include <kiln/core/type_list.hpp>
#include <kiln/entity/entity.hpp>
#include <kiln/io/json_reader.hpp>
#include <kiln/io/scene_document.hpp>
#include <kiln/schema/component.hpp>
#include <kiln/schema/field_info.hpp>
#include <kiln/schema/prefab.hpp>
#include <kiln/schema/reflect.hpp>
#include <kiln/storage/transition.hpp>

namespace kiln::internal {

using scene_json = nlohmann::ordered_json;

inline constexpr std::uint32_t scene_none = 0xffffffffu;

// The edit distance of a and b (insertions, deletions, substitutions).
inline std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) {
        row[j] = j;
    }
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

// The name of names closest to name, for "did you mean": within a third of
// its length in edits (one at least); empty when none is.
template <class Names>
std::string closest_name(std::string_view name, const Names& names) {
    if (name.size() > 64) {
        return {};
    }
    std::string best;
    std::size_t best_distance = std::max<std::size_t>(1, (name.size() + 2) / 3) + 1;
    for (const auto& candidate : names) {
        const std::string_view spelled{candidate};
        if (spelled.size() > 64) {
            continue;
        }
        const std::size_t distance = edit_distance(name, spelled);
        if (distance < best_distance) {
            best_distance = distance;
            best = spelled;
        }
    }
    return best;
}

// "a, b and c", for messages.
template <class Names>
std::string listed(const Names& names) {
    std::string text;
    std::size_t i = 0;
    const std::size_t count = std::size(names);
    for (const auto& name : names) {
        if (i != 0) {
            text += i + 1 == count ? " and " : ", ";
        }
        text += std::string_view{name};
        ++i;
    }
    return text;
}

// The names of a type list's types, as kilnc declared them.
template <class... Types>
std::vector<std::string_view> name_list(type_list<Types...>) {
    return {std::string_view{Types::name}...};
}

template <class... Types>
std::vector<std::string_view> record_name_list(type_list<Types...>) {
    return {traits_of_t<Types>::name...};
}

// What a stage holds of each kind of entity: a prefab's rows (its root's
// and each child's), or an archetype's row.
template <class T>
struct staged_row {
    using type = typename row_of<typename T::components>::type;
};

template <prefab P>
struct staged_row<P> {
    using type = typename prefab_parts<P>::rows;
};

// The rows of the K'th kind of entity.
template <std::size_t K, class Row>
struct staged_kind {
    std::vector<Row> rows;
};

template <class Kinds, class Positions = std::make_index_sequence<Kinds::size>>
struct staged_rows;

// A vector of rows per kind, found by the kind's position (rows<K>()): a
// base per kind rather than a std::tuple of vectors, whose constructors
// weigh each vector's constructibility.
template <class... Kinds, std::size_t... K>
struct staged_rows<type_list<Kinds...>, std::index_sequence<K...>>
    : staged_kind<K, typename staged_row<Kinds>::type>... {
    template <std::size_t I>
    auto& rows() {
        return of<I>(*this);
    }
    template <std::size_t I>
    const auto& rows() const {
        return of<I>(*this);
    }

private:
    template <std::size_t I, class Row>
    static std::vector<Row>& of(staged_kind<I, Row>& kind) {
        return kind.rows;
    }
    template <std::size_t I, class Row>
    static const std::vector<Row>& of(const staged_kind<I, Row>& kind) {
        return kind.rows;
    }
};

// Calls visit.template operator()<T, I>() for T, the index'th type of List.
template <class List, class Visit>
void with_type_at(std::size_t index, Visit&& visit) {
    [&]<class... Types, std::size_t... I>(type_list<Types...>, std::index_sequence<I...>) {
        in_order({(I == index ? (visit.template operator()<Types, I>(), 0) : 0)...});
    }(List{}, std::make_index_sequence<List::size>{});
}

// One entity of a scene: what it is and where its rows and parts are.
struct staged_entity {
    std::string name;
    std::uint32_t kind = scene_none;       // a prefab's position in Schema::prefabs, else prefabs + an archetype's
    std::uint32_t slot = 0;                // its rows' place in the stage's vector of its kind
    std::uint32_t first_part = 0;          // its root's part number; a prefab's children follow, in order
    std::uint32_t parts = 1;
    std::uint32_t parent = scene_none;     // the entity (by position) its root is parented to
};

// An entity field that names a part of the scene: written after every
// entity is made, over what a prefab's own links wrote.
struct staged_link {
    std::uint32_t owner = 0;     // part
    std::uint32_t component = 0; // position in Schema::components
    std::uint32_t offset = 0;    // of the field in the component
    std::uint32_t target = 0;    // part
};

// A scene read and checked, not yet in any world.
template <class Schema>
struct scene_stage {
    using prefabs = typename prefabs_of<Schema>::type;
    using archetypes = typename Schema::archetypes;
    using kinds = typename concat_lists<prefabs, archetypes>::type;
    using resources = typename Schema::resources;

    staged_rows<kinds> rows;
    std::vector<staged_entity> entities;
    std::vector<std::string> part_names; // by part number: "escort", then "escort.gun", ...
    std::vector<staged_link> links;
    typename row_of<resources>::type resource_values{};
    std::vector<std::vector<bool>> given; // per resource, per field: whether the scene sets it
};

// Whether component C has an entity field (which a scene fills by name).
template <class C>
constexpr bool has_entity_field() {
    for (const field_info& info : traits_of_t<C>::field_infos) {
        if (info.element == scalar_type::entity) {
            return true;
        }
    }
    return false;
}

// Whether an archetype of the list holds component C.
template <class C, class... Archetypes>
constexpr bool held_by_any(type_list<Archetypes...>) {
    return (false || ... || contains_v<C, typename Archetypes::components>);
}

// Whether a field is a u8[N], which a document may write as text.
template <class T>
struct is_byte_array : std::false_type {};
template <std::size_t N>
struct is_byte_array<std::array<std::uint8_t, N>> : std::true_type {};

// What the readers of a document share (a scene's, and a schema's prefabs'
// in kiln/io/prefab_reader.hpp): every problem found, each at the line and
// column of the key at fault, and the reading of fields' values.
class document_reader {
public:
    explicit document_reader(const scene_document& document) : document_{document} { error.file = document.file; }

    scene_error error;

protected:
    // A name as a message quotes it: cut to 64 characters.
    static std::string shown(std::string_view name) { return std::string(name.substr(0, 64)); }

    // What a value is, for messages: a string quoted, else the JSON reader's words.
    static std::string found(const scene_json& value) {
        return value.is_string() ? '"' + shown(value.get_ref<const std::string&>()) + '"' : json_reader::found(value);
    }

    [[gnu::format(printf, 3, 0)]] void add_problem(std::string_view pointer, const char* format, va_list arguments) {
        if (error.problems.size() >= scene_error::max_problems) {
            return;
        }
        char message[1024];
        std::vsnprintf(message, sizeof message, format, arguments);
        const scene_position where = document_.at(pointer);
        error.problems.push_back({where.line, where.column, message});
    }

    // A problem at pointer.
    [[gnu::format(printf, 3, 4)]] void problem_at(std::string_view pointer, const char* format, ...) {
        va_list arguments;
        va_start(arguments, format);
        add_problem(pointer, format, arguments);
        va_end(arguments);
    }

    // A problem at the value being read.
    [[gnu::format(printf, 2, 3)]] void problem(const char* format, ...) {
        const std::string pointer = values_.path.text();
        va_list arguments;
        va_start(arguments, format);
        add_problem(pointer, format, arguments);
        va_end(arguments);
    }

    // The field of T (a component or a resource) named key; when T has none,
    // a problem at the key, with a field of a close name or T's fields as
    // the fix. label names the part a component is of ("entity 'a'"), empty
    // for a resource. Builds no string unless there is a problem: a scene
    // reads a field for each value it gives.
    template <class T>
    const field_info* field_named(const std::string& key, const std::string& label) {
        using traits = traits_of_t<T>;
        for (const field_info& info : traits::field_infos) {
            if (info.name == key) {
                return &info;
            }
        }
        std::vector<std::string_view> fields;
        for (const field_info& info : traits::field_infos) {
            fields.push_back(info.name);
        }
        const std::string name{traits::name};
        const std::string close = closest_name(key, fields);
        const std::string advice = !close.empty() ? "did you mean '" + close + "'?"
                                   : !fields.empty() ? "its fields are " + listed(fields)
                                   : component<T> ? "'" + name + "' is a tag and has no fields; write " + name + " = {}"
                                                  : "'" + name + "' has no fields";
        problem("%s%s '%s' has no field '%s'; %s", label.empty() ? "" : (label + ": ").c_str(),
                component<T> ? "component" : "resource", name.c_str(), shown(key).c_str(), advice.c_str());
        return nullptr;
    }

    // value into info's field of out (not an entity field), with the JSON
    // reader's checks of type and range; when it does not fit, a problem at
    // the value: "<label>: Armor.points: ..." for a component of a part,
    // "resource 'Score': points: ..." for a resource (label empty).
    template <class T>
    bool read_field(const scene_json& value, const field_info& info, T& out, const std::string& label) {
        const auto wanted = static_cast<std::size_t>(&info - traits_of_t<T>::field_infos.data());
        bool ok = true;
        std::size_t i = 0;
        for_each_field_info(out, [&](const field_info& f, auto& field) {
            if (i++ == wanted) {
                if constexpr (is_byte_array<std::remove_cvref_t<decltype(field)>>::value) {
                    if (is_text(value)) {
                        ok = read_text(value, f.type, field);
                        return;
                    }
                }
                ok = read_value(values_, value, f.type, field);
            }
        });
        if (!ok) {
            const std::string name{traits_of_t<T>::name};
            const std::string whom = label.empty() ? "resource '" + name + "': " : label + ": " + name + ".";
            problem_at(values_.failed_at, "%s%.*s: %s", whom.c_str(), static_cast<int>(info.name.size()),
                       info.name.data(), values_.reason.c_str());
        }
        return ok;
    }

    // A u8[N] also takes text, one byte a character: a string, or the rows
    // of a grid, strings of one length (docs/schema.md, "Fixed arrays"), as
    // kilnc's check_default does, with its sentences.
    static bool is_text(const scene_json& value) {
        return value.is_string() ||
               (value.is_array() && !value.empty() &&
                std::all_of(value.begin(), value.end(), [](const scene_json& row) { return row.is_string(); }));
    }

    template <std::size_t N>
    bool read_text(const scene_json& value, std::string_view type, std::array<std::uint8_t, N>& out) {
        const bool one = value.is_string();
        const std::size_t rows = one ? 1 : value.size();
        const auto row_at = [&](std::size_t r) -> const std::string& {
            return (one ? value : value[r]).get_ref<const std::string&>();
        };
        const std::size_t width = row_at(0).size();
        std::size_t total = 0;
        for (std::size_t r = 0; r < rows; ++r) {
            const std::string& row = row_at(r);
            const std::string named = one ? "value" : "value[" + std::to_string(r) + "]";
            std::optional<json_path::segment> at;
            if (!one) {
                at.emplace(values_.path, r);
            }
            for (std::size_t c = 0; c < row.size(); ++c) {
                if (static_cast<unsigned char>(row[c]) > 127) {
                    return values_.fail(save_errc::corrupt,
                                        "%s has a character at %zu that is not ASCII; text for '%.*s' takes one byte "
                                        "a character",
                                        named.c_str(), c, static_cast<int>(type.size()), type.data());
                }
            }
            if (row.size() != width) {
                return values_.fail(save_errc::corrupt,
                                    "%s has %zu character%s, but the rows before it have %zu; write the rows of a grid "
                                    "of one length",
                                    named.c_str(), row.size(), row.size() == 1 ? "" : "s", width);
            }
            total += row.size();
        }
        if (total != N) {
            if (one) {
                return values_.fail(save_errc::corrupt, "value has %zu characters, but '%.*s' needs %zu", total,
                                    static_cast<int>(type.size()), type.data(), N);
            }
            return values_.fail(save_errc::corrupt, "value is %zu rows of %zu characters, %zu in all, but '%.*s' "
                                "needs %zu", rows, width, total, static_cast<int>(type.size()), type.data(), N);
        }
        std::size_t i = 0;
        for (std::size_t r = 0; r < rows; ++r) {
            for (const char c : row_at(r)) {
                out[i++] = static_cast<std::uint8_t>(c);
            }
        }
        return true;
    }

    // Each key of body, a part's (a scene's entity, a prefab or a child of
    // one) of archetype A: one of own_keys, the part's own (doc must be a
    // string), or a component of A, whose value read.template
    // operator()<C>(value) reads. Any other key is a problem: a component of
    // the schema A lacks, or an unknown key, "neither a component nor
    // <whose_keys>", with a close name or keys_advice as the fix.
    template <class Components, class A, class Read>
    void read_components(const scene_json& body, const std::string& label, std::span<const std::string_view> own_keys,
                         const char* whose_keys, const char* keys_advice, Read&& read) {
        for (auto item = body.begin(); item != body.end(); ++item) {
            const std::string& key = item.key();
            const json_path::segment at{values_.path, key};
            if (std::find(own_keys.begin(), own_keys.end(), key) != own_keys.end()) {
                if (key == "doc" && !item->is_string()) {
                    problem("%s: doc must be a string, not %s", label.c_str(), found(item.value()).c_str());
                }
                continue;
            }
            bool held = false;
            for_each_type(typename A::components{}, [&]<class C>() {
                if (!held && traits_of_t<C>::name == key) {
                    held = true;
                    read.template operator()<C>(item.value());
                }
            });
            if (held) {
                continue;
            }
            const std::vector<std::string_view> all = record_name_list(Components{});
            if (std::find(all.begin(), all.end(), key) != all.end()) {
                problem("%s: component '%s' is not in archetype '%.*s', whose components are %s; remove it, or choose "
                        "an archetype that holds it",
                        label.c_str(), shown(key).c_str(), static_cast<int>(A::name.size()), A::name.data(),
                        listed(record_name_list(typename A::components{})).c_str());
                continue;
            }
            std::vector<std::string_view> candidates = all;
            candidates.insert(candidates.end(), own_keys.begin(), own_keys.end());
            const std::string close = closest_name(key, candidates);
            problem("%s: unknown key '%s', neither a component nor %s; %s", label.c_str(), shown(key).c_str(),
                    whose_keys, !close.empty() ? ("did you mean '" + close + "'?").c_str() : keys_advice);
        }
    }

    // { field = value, ... } into out, each value read with the JSON
    // reader's checks; an entity field's value, which names another part,
    // handed to on_entity(info, value).
    template <class C, class OnEntity>
    void read_fields(const scene_json& value, C& out, const std::string& label, OnEntity&& on_entity) {
        using traits = traits_of_t<C>;
        const std::string component_name{traits::name};
        if (!value.is_object()) {
            std::string example;
            if constexpr (traits::field_infos.size() != 0) {
                example = " " + std::string(traits::field_infos[0].name) + " = ... ";
            }
            problem("%s: '%s' must be a table of its fields' values, like %s = {%s}, not %s", label.c_str(),
                    component_name.c_str(), component_name.c_str(), example.c_str(), found(value).c_str());
            return;
        }
        for (auto item = value.begin(); item != value.end(); ++item) {
            const json_path::segment at{values_.path, item.key()};
            const field_info* info = field_named<C>(item.key(), label);
            if (info == nullptr) {
                continue;
            }
            if (info->element == scalar_type::entity) {
                on_entity(*info, item.value());
                continue;
            }
            static_cast<void>(read_field(item.value(), *info, out, label));
        }
    }

    const scene_document& document_;
    json_reader values_;
};

// Reads document into stage, collecting every problem in error.
template <class Schema>
class scene_reader : public document_reader {
public:
    using stage_type = scene_stage<Schema>;

    scene_reader(const scene_document& document, stage_type& stage) : document_reader{document}, stage_{stage} {}

    bool read() {
        const scene_json& root = document_.root;
        static constexpr std::string_view tables[] = {"scene", "entity", "resource"};
        for (auto item = root.begin(); item != root.end(); ++item) {
            if (std::find(std::begin(tables), std::end(tables), item.key()) == std::end(tables)) {
                const json_path::segment at{values_.path, item.key()};
                const std::string close = closest_name(item.key(), tables);
                problem("unknown table [%s]; %s", shown(item.key()).c_str(),
                        close.empty() ? "a scene has [scene], [entity.NAME] and [resource.NAME]"
                                      : ("did you mean [" + close + "]?").c_str());
            }
        }
        header();
        const auto entities = root.find("entity");
        if (entities != root.end()) {
            const json_path::segment at{values_.path, "entity"};
            if (!entities->is_object()) {
                problem("'entity' must be a table of entities, each written [entity.NAME]");
            } else {
                entities_ = &*entities;
                for (auto item = entities->begin(); item != entities->end(); ++item) {
                    const json_path::segment name{values_.path, item.key()};
                    declare(item.key(), item.value());
                }
                std::size_t e = 0;
                for (auto item = entities->begin(); item != entities->end(); ++item) {
                    if (e < stage_.entities.size() && stage_.entities[e].name == item.key()) {
                        const json_path::segment name{values_.path, item.key()};
                        read_entity(stage_.entities[e], item.value());
                        ++e;
                    }
                }
                parents(*entities);
            }
        }
        resources();
        return !error;
    }

private:
    using prefabs = typename stage_type::prefabs;
    using archetypes = typename stage_type::archetypes;
    using kinds = typename stage_type::kinds;
    using components = typename Schema::components;
    using resource_list = typename stage_type::resources;

    void header() {
        const auto header = document_.root.find("scene");
        if (header == document_.root.end() || !header->is_object()) {
            problem("a scene starts with [scene] and schema = \"%.*s\", the namespace of the world it is for",
                    static_cast<int>(Schema::name.size()), Schema::name.data());
            return;
        }
        const json_path::segment at{values_.path, "scene"};
        for (auto item = header->begin(); item != header->end(); ++item) {
            if (item.key() != "schema" && item.key() != "doc") {
                const json_path::segment key{values_.path, item.key()};
                problem("[scene] has no key '%s'; its keys are schema and doc", shown(item.key()).c_str());
            }
        }
        const auto schema = header->find("schema");
        if (schema == header->end() || !schema->is_string() ||
            schema->template get_ref<const std::string&>() != Schema::name) {
            problem_at(schema == header->end() ? "/scene" : "/scene/schema",
                       "[scene]: schema is %s, but the world is \"%.*s\"; a scene names the namespace of the world it "
                       "is for",
                       schema == header->end() ? "missing" : found(*schema).c_str(),
                       static_cast<int>(Schema::name.size()), Schema::name.data());
        }
    }

    // Pass one: what [entity.NAME] is, and the names of its parts.
    void declare(const std::string& name, const scene_json& body) {
        if (!body.is_object()) {
            problem("entity '%s' must be a table, written [entity.%s] with a prefab or an archetype and values",
                    shown(name).c_str(), shown(name).c_str());
            return;
        }
        const auto prefab_key = body.find("prefab");
        const auto archetype_key = body.find("archetype");
        if ((prefab_key == body.end()) == (archetype_key == body.end())) {
            problem("entity '%s' needs a prefab = \"NAME\" to spawn or an archetype = \"NAME\" to create, one of the "
                    "two",
                    shown(name).c_str());
            return;
        }
        const bool is_prefab = prefab_key != body.end();
        const scene_json& named = is_prefab ? *prefab_key : *archetype_key;
        const std::vector<std::string_view>& choices = is_prefab ? prefab_names_ : archetype_names_;
        const auto chosen = named.is_string() ? std::find(choices.begin(), choices.end(),
                                                          named.get_ref<const std::string&>())
                                              : choices.end();
        if (chosen == choices.end()) {
            const json_path::segment at{values_.path, is_prefab ? "prefab" : "archetype"};
            const std::string close = named.is_string() ? closest_name(named.get_ref<const std::string&>(), choices)
                                                        : std::string{};
            const std::string advice = !close.empty() ? "did you mean '" + close + "'?"
                                       : is_prefab    ? std::string("declare it in the schema as [prefab.NAME]")
                                                      : std::string("declare it as [archetype.NAME] or fix the name");
            problem(is_prefab ? "entity '%s': prefab %s is not a prefab of the schema; %s"
                              : "entity '%s': archetype %s is not an archetype; %s",
                    shown(name).c_str(), found(named).c_str(), advice.c_str());
            return;
        }
        staged_entity entity_;
        entity_.name = name;
        entity_.kind = static_cast<std::uint32_t>((is_prefab ? 0 : prefabs::size) + (chosen - choices.begin()));
        entity_.first_part = static_cast<std::uint32_t>(stage_.part_names.size());
        with_type_at<kinds>(entity_.kind, [&]<class Kind, std::size_t K>() {
            auto& rows = stage_.rows.template rows<K>();
            entity_.slot = static_cast<std::uint32_t>(rows.size());
            if constexpr (prefab<Kind>) {
                rows.push_back(current_rows<Kind>());
                add_part(name);
                for_each_type(typename Kind::children{}, [&]<class Child>() {
                    add_part(name + '.' + std::string(Child::name));
                });
                entity_.parts = 1 + Kind::children::size;
            } else {
                rows.emplace_back();
                add_part(name);
            }
        });
        stage_.entities.push_back(std::move(entity_));
    }

    void add_part(std::string name) { stage_.part_names.push_back(std::move(name)); }

    // The names a link or a parent may name, made when the first is read
    // (a scene without links or parents makes none, and names are not
    // copied): views of the stage's names and the document's keys, which
    // pass one has written and which no longer change.
    const std::unordered_map<std::string_view, std::uint32_t>& parts_by_name() {
        if (parts_by_name_.empty()) {
            parts_by_name_.reserve(stage_.part_names.size());
            for (std::uint32_t p = 0; p < stage_.part_names.size(); ++p) {
                parts_by_name_.emplace(stage_.part_names[p], p);
            }
        }
        return parts_by_name_;
    }

    // Each entity that declared well, by name.
    const std::unordered_map<std::string_view, std::uint32_t>& entities_by_name() {
        if (entities_by_name_.empty()) {
            entities_by_name_.reserve(stage_.entities.size());
            for (std::uint32_t e = 0; e < stage_.entities.size(); ++e) {
                entities_by_name_.emplace(stage_.entities[e].name, e);
            }
        }
        return entities_by_name_;
    }

    // Whether the scene has an [entity.NAME] of that name, well declared or not.
    bool declared(std::string_view name) {
        if (declared_.empty() && entities_ != nullptr) {
            declared_.reserve(entities_->size());
            for (auto item = entities_->begin(); item != entities_->end(); ++item) {
                declared_.insert(item.key());
            }
        }
        return declared_.count(name) != 0;
    }

    // Every name of the scene, for "did you mean": each [entity.NAME], and
    // after one that declared well the names of its parts.
    std::vector<std::string_view> known() const {
        std::vector<std::string_view> names;
        if (entities_ == nullptr) {
            return names;
        }
        std::size_t e = 0;
        for (auto item = entities_->begin(); item != entities_->end(); ++item) {
            names.push_back(item.key());
            if (e < stage_.entities.size() && stage_.entities[e].name == item.key()) {
                const staged_entity& well = stage_.entities[e++];
                for (std::uint32_t p = 0; p < well.parts; ++p) {
                    names.push_back(stage_.part_names[well.first_part + p]);
                }
            }
        }
        return names;
    }

    // Pass two: an entity's values, its children's and its links.
    void read_entity(const staged_entity& staged, const scene_json& body) {
        const std::string label = "entity '" + shown(staged.name) + "'";
        with_type_at<kinds>(staged.kind, [&]<class Kind, std::size_t K>() {
            auto& rows = stage_.rows.template rows<K>()[staged.slot];
            if constexpr (prefab<Kind>) {
                read_part<typename Kind::archetype>(body, std::get<0>(rows), staged.first_part, label, true);
                const auto children = body.find("children");
                if (children == body.end()) {
                    return;
                }
                const json_path::segment at{values_.path, "children"};
                if (!children->is_object()) {
                    problem("%s: children must be a table of the prefab's children by name, each with the values it "
                            "overrides",
                            label.c_str());
                    return;
                }
                const std::vector<std::string_view> names = name_list(typename Kind::children{});
                for (auto child = children->begin(); child != children->end(); ++child) {
                    const json_path::segment named{values_.path, child.key()};
                    const auto found_child = std::find(names.begin(), names.end(), child.key());
                    if (found_child == names.end()) {
                        const std::string close = closest_name(child.key(), names);
                        const std::string advice = !close.empty()  ? "did you mean '" + close + "'?"
                                                   : names.empty() ? std::string("it has no children")
                                                                   : "its children are " + listed(names);
                        problem("%s: prefab '%.*s' has no child '%s'; %s", label.c_str(),
                                static_cast<int>(Kind::name.size()), Kind::name.data(), shown(child.key()).c_str(),
                                advice.c_str());
                        continue;
                    }
                    const std::string child_label = label + ": child '" + child.key() + "'";
                    if (!child->is_object()) {
                        problem("%s must be a table of the values it overrides", child_label.c_str());
                        continue;
                    }
                    const std::size_t index = static_cast<std::size_t>(found_child - names.begin());
                    with_type_at<typename Kind::children>(index, [&]<class Child, std::size_t C>() {
                        read_part<typename Child::archetype>(*child, std::get<1 + C>(rows),
                                                             staged.first_part + 1 + static_cast<std::uint32_t>(C),
                                                             child_label, false);
                    });
                }
            } else {
                if (body.contains("children")) {
                    const json_path::segment at{values_.path, "children"};
                    problem("%s: children overrides a prefab's children; an archetype's entity has none (give "
                            "children entities a parent)",
                            label.c_str());
                }
                read_part<Kind>(body, rows, staged.first_part, label, true);
            }
        });
    }

    // The values of one part (a root, or a prefab's child) of archetype A
    // into its row; root says which keys besides components it may have.
    template <class A, class Row>
    void read_part(const scene_json& body, Row& row, std::uint32_t part, const std::string& label, bool root) {
        static constexpr std::string_view root_keys[] = {"prefab", "archetype", "parent", "children", "doc"};
        static constexpr std::string_view child_keys[] = {"doc"};
        const std::span<const std::string_view> own_keys = root ? std::span<const std::string_view>{root_keys}
                                                                : std::span<const std::string_view>{child_keys};
        read_components<components, A>(body, label, own_keys, "an entity's key",
                                        root ? "its keys are prefab, archetype, parent, children and doc, or a "
                                               "component of its archetype"
                                             : "its keys are doc or a component of its archetype",
                                        [&]<class C>(const scene_json& value) {
                                            read_component(value, std::get<C>(row), part, label);
                                        });
    }

    // { field = value, ... } into out; an entity field names a part of the scene.
    template <class C>
    void read_component(const scene_json& value, C& out, std::uint32_t part, const std::string& label) {
        read_fields(value, out, label, [&](const field_info& info, const scene_json& named) {
            link(info, named, index_of_v<C, components>, part, label, std::string(traits_of_t<C>::name));
        });
    }

    void link(const field_info& info, const scene_json& value, std::size_t component, std::uint32_t part,
              const std::string& label, const std::string& component_name) {
        const std::string field_name{info.name};
        if (info.count != 1) {
            problem("%s: %s.%s is an array of entities, which a scene cannot give values yet; set it after loading",
                    label.c_str(), component_name.c_str(), field_name.c_str());
            return;
        }
        if (!value.is_string()) {
            problem("%s: %s.%s is an entity field; its value names an entity of the scene, as \"name\" or "
                    "\"name.child\", not %s",
                    label.c_str(), component_name.c_str(), field_name.c_str(), found(value).c_str());
            return;
        }
        const std::string& target = value.get_ref<const std::string&>();
        const auto found_part = parts_by_name().find(target);
        if (found_part == parts_by_name().end()) {
            if (error.problems.size() >= scene_error::max_problems || declared(target)) {
                return; // an entity with a mistake of its own, reported there
            }
            const std::string close = closest_name(target, known());
            const std::string advice = !close.empty() ? "did you mean '" + close + "'?"
                                                      : std::string("name an [entity.NAME] of the scene");
            problem("%s: %s.%s names '%s', which is no entity of the scene; %s", label.c_str(), component_name.c_str(),
                    field_name.c_str(), shown(target).c_str(), advice.c_str());
            return;
        }
        stage_.links.push_back({part, static_cast<std::uint32_t>(component), static_cast<std::uint32_t>(info.offset),
                                found_part->second});
    }

    void parents(const scene_json& entities) {
        for (auto item = entities.begin(); item != entities.end(); ++item) {
            if (!item->is_object() || !item->contains("parent")) {
                continue;
            }
            const json_path::segment name{values_.path, item.key()};
            const json_path::segment at{values_.path, "parent"};
            const scene_json& parent = *item->find("parent");
            const bool named = parent.is_string() && declared(parent.get_ref<const std::string&>());
            if (!named && error.problems.size() < scene_error::max_problems) {
                std::vector<std::string_view> names;
                for (auto other = entities.begin(); other != entities.end(); ++other) {
                    names.push_back(other.key());
                }
                const std::string close = parent.is_string() ? closest_name(parent.get_ref<const std::string&>(), names)
                                                             : std::string{};
                const std::string advice = !close.empty() ? "did you mean '" + close + "'?"
                                                          : std::string("name an [entity.NAME] of the scene");
                problem("entity '%s': parent %s is no entity of the scene; %s", shown(item.key()).c_str(),
                        found(parent).c_str(), advice.c_str());
                continue;
            }
            if (!named) {
                continue;
            }
            const auto child = entities_by_name().find(item.key());
            const auto of = entities_by_name().find(parent.get_ref<const std::string&>());
            if (child != entities_by_name().end() && of != entities_by_name().end()) {
                stage_.entities[child->second].parent = of->second;
            }
        }
        // A cycle: from each entity not yet seen, up its parents, each entity
        // walked once; reported at the first member met.
        std::vector<std::uint8_t> seen(stage_.entities.size()); // 0 not yet, 1 on this walk, 2 done
        std::vector<std::uint32_t> walk;
        for (std::uint32_t start = 0; start < stage_.entities.size(); ++start) {
            walk.clear();
            std::uint32_t at = start;
            while (at != scene_none && seen[at] == 0) {
                seen[at] = 1;
                walk.push_back(at);
                at = stage_.entities[at].parent;
            }
            if (at != scene_none && seen[at] == 1) {
                std::string cycle;
                for (auto member = std::find(walk.begin(), walk.end(), at); member != walk.end() && cycle.size() < 512;
                     ++member) {
                    cycle += shown(stage_.entities[*member].name) + " -> ";
                }
                cycle += shown(stage_.entities[at].name);
                const std::string pointer = "/entity/" + escaped(stage_.entities[at].name) + "/parent";
                problem_at(pointer, "entity '%s': its parents make a cycle (%s); an entity cannot be its own "
                           "ancestor, so remove parent from one of them",
                           shown(stage_.entities[at].name).c_str(), cycle.c_str());
            }
            for (const std::uint32_t member : walk) {
                seen[member] = 2;
            }
        }
    }

    static std::string escaped(std::string_view key) {
        std::string text;
        for (const char c : key) {
            text += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
        }
        return text;
    }

    void resources() {
        stage_.given.clear();
        for_each_type(resource_list{}, [&]<class R>() {
            stage_.given.emplace_back(traits_of_t<R>::field_infos.size(), false);
        });
        const auto resources = document_.root.find("resource");
        if (resources == document_.root.end()) {
            return;
        }
        const json_path::segment at{values_.path, "resource"};
        if (!resources->is_object()) {
            problem("'resource' must be a table of resources, each written [resource.NAME]");
            return;
        }
        for (auto item = resources->begin(); item != resources->end(); ++item) {
            const json_path::segment named{values_.path, item.key()};
            bool known = false;
            std::size_t position = 0;
            for_each_type(resource_list{}, [&]<class R>() {
                if (!known && traits_of_t<R>::name == item.key()) {
                    known = true;
                    read_resource(item.value(), std::get<R>(stage_.resource_values), stage_.given[position]);
                }
                ++position;
            });
            if (!known) {
                const std::vector<std::string_view> names = record_name_list(resource_list{});
                const std::string close = closest_name(item.key(), names);
                const std::string advice = !close.empty() ? "did you mean '" + close + "'?"
                                                          : std::string("a scene gives values to the schema's saved "
                                                                        "resources");
                problem("[resource.%s]: the schema has no resource '%s' that a scene can set; %s",
                        shown(item.key()).c_str(), shown(item.key()).c_str(), advice.c_str());
            }
        }
    }

    template <class R>
    void read_resource(const scene_json& body, R& out, std::vector<bool>& given) {
        using traits = traits_of_t<R>;
        const std::string name{traits::name};
        if (!body.is_object()) {
            problem("[resource.%s] must be a table of its fields' values, not %s", name.c_str(), found(body).c_str());
            return;
        }
        for (auto item = body.begin(); item != body.end(); ++item) {
            const json_path::segment at{values_.path, item.key()};
            const field_info* info = field_named<R>(item.key(), {});
            if (info == nullptr) {
                continue;
            }
            if (info->element == scalar_type::entity) {
                problem("resource '%s': %.*s is an entity field, which a scene cannot set; set it from the game",
                        name.c_str(), static_cast<int>(info->name.size()), info->name.data());
                continue;
            }
            if (read_field(item.value(), *info, out, {})) {
                given[static_cast<std::size_t>(info - traits::field_infos.data())] = true;
            }
        }
    }

    stage_type& stage_;
    const scene_json* entities_ = nullptr;                                 // the [entity.NAME] tables
    std::unordered_map<std::string_view, std::uint32_t> parts_by_name_;    // every part a link may name
    std::unordered_map<std::string_view, std::uint32_t> entities_by_name_; // each entity that declared well
    std::unordered_set<std::string_view> declared_;                        // each [entity.NAME]
    const std::vector<std::string_view> prefab_names_ = name_list(prefabs{});
    const std::vector<std::string_view> archetype_names_ = name_list(archetypes{});
};

} // namespace kiln::internal
