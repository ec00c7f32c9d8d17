// A scene file as kiln::load_scene reads it: its TOML parsed into a JSON
// value (tables as objects in the order the file writes them), with the
// line and column of every key and array element, so that each error can
// point at what it is about. The parse is kiln::scene's one compiled file
// (runtime/src/scene_toml.cpp, on toml++): no game translation unit
// includes a TOML parser. kiln::scene_error, the errors of loads, is here too.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

namespace kiln {

// One mistake of a scene file: where it is (line and column from 1; 0 when
// the file could not be read at all) and a sentence that says what is wrong
// and how to fix it.
struct scene_problem {
    std::uint32_t line = 0;
    std::uint32_t column = 0;
    std::string message;
};

// What went wrong loading or reloading a scene, as a value (kiln builds
// without exceptions): converts to true when something did. A load checks
// the whole file and reports every mistake it finds (up to max_problems),
// and changes nothing in the world when there is one.
//
//     if (const kiln::scene_error error = kiln::load_scene(world, "level.toml", scene)) {
//         std::fputs(error.text().c_str(), stderr); // level.toml:6:11: error: entity 'a': ...
//     }
struct scene_error {
    static constexpr std::size_t max_problems = 64;

    std::string file;
    std::vector<scene_problem> problems;

    explicit operator bool() const noexcept { return !problems.empty(); }

    // Every problem as a compiler writes its errors, one a line, so that
    // editors jump to them: "level.toml:6:11: error: entity 'a': ...".
    [[nodiscard]] std::string text() const {
        std::string all;
        for (const scene_problem& problem : problems) {
            all += file;
            all += ':';
            all += std::to_string(problem.line);
            all += ':';
            all += std::to_string(problem.column);
            all += ": error: ";
            all += problem.message;
            all += '\n';
        }
        return all;
    }
};

namespace internal {

struct scene_position {
    std::uint32_t line = 1;
    std::uint32_t column = 1;
};

struct scene_document;

// Writes document's positions from its text (kiln::scene's compiled file).
void note_positions(const scene_document& document);

// A parsed scene: the document, its text, and the position of each key (and
// array element) by its JSON pointer, "/entity/escort/Position/x". The
// positions are found when the first is asked for, by parsing the text
// again: a file without a mistake needs none, and a map of a pointer for
// each of a large level's keys cost a load more than the parse (with every
// name's other maps, its time grew faster than the file: 10k entities in
// 25 ms, 100k in 0.62 s).
struct scene_document {
    std::string file;
    std::string text;
    nlohmann::ordered_json root = nlohmann::ordered_json::object();
    mutable std::unordered_map<std::string, scene_position> positions;
    mutable bool positioned = false;

    // Where pointer is written, or the nearest enclosing key that is; the
    // file's start for the document itself.
    [[nodiscard]] scene_position at(std::string_view pointer) const {
        if (!positioned) {
            note_positions(*this);
            positioned = true;
        }
        while (!pointer.empty()) {
            if (const auto found = positions.find(std::string(pointer)); found != positions.end()) {
                return found->second;
            }
            pointer = pointer.substr(0, pointer.rfind('/'));
        }
        return {};
    }
};

// Parses text, a scene's TOML, into document (file names it in errors).
// Text that is not TOML, or that holds a date or time (no field holds one),
// gives an error with the parser's line, column and reason. Defined in
// kiln::scene's library (runtime/src/scene_toml.cpp).
[[nodiscard]] scene_error parse_scene(std::string_view text, std::string_view file, scene_document& document);

} // namespace internal

} // namespace kiln
