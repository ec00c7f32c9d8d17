// A scene's TOML parsed by toml++ into the JSON value the typed loader reads
// (kiln/io/scene_document.hpp). This is the one translation unit that
// includes toml++: built header-only here, without exceptions, so that
// neither it nor a compiled toml++ library reaches games.
//
// toml++ 3.3.0 asserts that a key starts with a key's character, which
// malformed text such as "[[#" breaks (fuzz.load_scene.mutations found it):
// a debug build aborted there, and Clang with NDEBUG would assume it
// (__builtin_assume), undefined behaviour. The parser reports such text as
// an error by itself after the check, so its asserts are made no-ops here,
// and NDEBUG is undefined so that no build turns one into an assumption.
#undef NDEBUG
#define TOML_ASSERT(expr) static_cast<void>(0)

#include <kiln/io/scene_document.hpp>

#include <toml++/toml.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kiln::internal {

namespace {

using json = nlohmann::ordered_json;

// toml++'s tree as the loader's JSON value; with a document, it writes
// only the positions of the keys instead (scene_document::at's, on demand).
class converter {
public:
    explicit converter(scene_error& error) : error_{error} {}
    explicit converter(const scene_document& positioned) : positioned_{&positioned}, error_{spare_} {}

    json value(const toml::node& node) {
        // Each level of nesting is a level of this recursion: a hostile file
        // (a dotted key 100,000 tables deep) overflowed the stack under
        // Clang's AddressSanitizer. A scene nests a handful of levels.
        if (depth_ == max_depth) {
            const toml::source_position begin = node.source().begin;
            if (error_.problems.size() < scene_error::max_problems) {
                error_.problems.push_back({begin.line, begin.column,
                                           "tables or arrays nested deeper than " + std::to_string(max_depth) +
                                               " levels; a scene's values nest a few levels deep"});
            }
            return json();
        }
        ++depth_;
        json converted = nested(node);
        --depth_;
        return converted;
    }

private:
    static constexpr int max_depth = 64;

    json nested(const toml::node& node) {
        switch (node.type()) {
        case toml::node_type::table: return table(*node.as_table());
        case toml::node_type::array: return array(*node.as_array());
        case toml::node_type::string: return json(node.as_string()->get());
        case toml::node_type::integer: return json(node.as_integer()->get());
        case toml::node_type::floating_point: return json(node.as_floating_point()->get());
        case toml::node_type::boolean: return json(node.as_boolean()->get());
        default: {
            const toml::source_position begin = node.source().begin;
            if (error_.problems.size() < scene_error::max_problems) {
                error_.problems.push_back({begin.line, begin.column,
                                           "a date or time is no value of a field; write a number, a bool, a "
                                           "string or an array"});
            }
            return json();
        }
        }
    }

    // The key's segment of a JSON pointer (RFC 6901), as json_path writes it.
    void push(std::string_view key) {
        pointer_ += '/';
        for (const char c : key) {
            pointer_ += c == '~' ? "~0" : c == '/' ? "~1" : std::string_view{&c, 1};
        }
    }

    void note(const toml::source_region& where) {
        if (positioned_ != nullptr) {
            positioned_->positions.emplace(pointer_, scene_position{where.begin.line, where.begin.column});
        }
    }

    // The pointer's segments are written only when positions are noted.
    [[nodiscard]] bool noting() const noexcept { return positioned_ != nullptr; }

    json table(const toml::table& table) {
        // toml++ keeps a table's keys sorted; a scene's order is the file's
        // (entities spawn in it), so they are taken in the order written.
        std::vector<std::pair<const toml::key*, const toml::node*>> entries;
        entries.reserve(table.size());
        for (auto&& [key, node] : table) {
            entries.emplace_back(&key, &node);
        }
        std::stable_sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) {
            const toml::source_position x = a.first->source().begin;
            const toml::source_position y = b.first->source().begin;
            return x.line != y.line ? x.line < y.line : x.column < y.column;
        });
        // TOML's keys are unique, so each is appended without the linear
        // search an ordered_json's operator[] makes (quadratic in a scene's
        // 100,000 entities).
        json object = json::object();
        auto& members = object.get_ref<json::object_t&>();
        members.Container::reserve(entries.size());
        for (const auto& [key, node] : entries) {
            const std::size_t mark = pointer_.size();
            if (noting()) {
                push(key->str());
                note(key->source());
            }
            members.Container::emplace_back(std::string(key->str()), value(*node));
            pointer_.resize(mark);
        }
        return object;
    }

    json array(const toml::array& array) {
        json list = json::array();
        for (std::size_t i = 0; i < array.size(); ++i) {
            const std::size_t mark = pointer_.size();
            if (noting()) {
                pointer_ += '/';
                pointer_ += std::to_string(i);
                note(array[i].source());
            }
            list.push_back(value(array[i]));
            pointer_.resize(mark);
        }
        return list;
    }

    const scene_document* positioned_ = nullptr;
    scene_error spare_;
    scene_error& error_;
    std::string pointer_;
    int depth_ = 0;
};

} // namespace

scene_error parse_scene(std::string_view text, std::string_view file, scene_document& document) {
    scene_error error{std::string(file), {}};
    document.file = std::string(file);
    document.text = std::string(text);
    document.positions.clear();
    document.positioned = false;
    toml::parse_result parsed = toml::parse(text, file);
    if (!parsed) {
        const toml::parse_error& failure = parsed.error();
        error.problems.push_back({failure.source().begin.line, failure.source().begin.column,
                                  "not TOML: " + std::string(failure.description())});
        document.root = json::object();
        return error;
    }
    converter convert{error};
    document.root = convert.value(parsed.table());
    return error;
}

void note_positions(const scene_document& document) {
    document.positions.clear();
    toml::parse_result parsed = toml::parse(document.text, document.file);
    if (parsed) {
        converter{document}.value(parsed.table());
    }
}

} // namespace kiln::internal
