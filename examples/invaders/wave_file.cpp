// The wave's file: loading it into the world when a wave starts (the call
// NewGame and NextWave record), checking the game's own rules on it, and in
// a development build, keeping the wave last loaded and reloading it (F6).
// These are the only bodies of the game that read a scene, and compile
// kiln's TOML reader and the components' reflection; the systems' bodies
// in waves.cpp record a call of load_wave and compile none of it.
#include <invaders/reflection.hpp> // the world, and what a scene's load reads its components by

#include <kiln/scene.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "reload.hpp"
#include "rules.hpp"

using namespace invaders;

namespace {

#if KILN_RELOAD_PREFABS
// The wave last loaded, which reload_wave (F6) brings to the edited file:
// the scene as loaded (what the file said then) and the formation its
// aliens are children of. One for the program, which plays one world.
struct loaded_wave {
    kiln::loaded_scene<invaders::schema> scene;
    kiln::entity formation;
};

loaded_wave& last_wave() {
    static loaded_wave wave;
    return wave;
}
#endif

void keep_wave([[maybe_unused]] kiln::loaded_scene<invaders::schema>&& wave, [[maybe_unused]] kiln::entity formation) {
#if KILN_RELOAD_PREFABS
    last_wave() = loaded_wave{std::move(wave), formation};
#endif
}

// Where text, a scene, writes the key field of component in entity name's
// table: the line and column (from 1) of that key, else of the entity's
// own, else {0, 0}. kiln's load points at each key it checks; a game's own
// rule on a value the load read has to find the key in the text itself
// (docs/games.md, "Where kiln was awkward"), as this does for the forms an
// entity of a wave is written in: an inline table under [entity] (as
// wave.toml writes them) or dotted keys, or [entity.NAME] with the
// component an inline table, or [entity.NAME.Component].
struct text_position {
    std::size_t line = 0;
    std::size_t column = 0;
};

bool word_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

// Where word stands alone in line from from on (npos: nowhere); with key, only
// where an = follows it, as a key.
std::size_t find_word(std::string_view line, std::string_view word, std::size_t from, bool key) {
    for (std::size_t at = line.find(word, from); at != std::string_view::npos; at = line.find(word, at + 1)) {
        const std::size_t end = at + word.size();
        if ((at > 0 && word_char(line[at - 1])) || (end < line.size() && word_char(line[end]))) {
            continue;
        }
        const std::size_t next = line.find_first_not_of(" \t", end);
        if (!key || (next != std::string_view::npos && line[next] == '=')) {
            return at;
        }
    }
    return std::string_view::npos;
}

// A table's header or a key, without its spaces and quotes: "entity.r0c3".
std::string bare(std::string_view text) {
    std::string out;
    for (const char c : text) {
        if (c != ' ' && c != '\t' && c != '"' && c != '\'') {
            out += c;
        }
    }
    return out;
}

text_position key_position(std::string_view text, const std::string& name, std::string_view component,
                           std::string_view field) {
    const std::string own_table = "entity." + name;
    const std::string field_table = own_table + "." + std::string(component);
    std::string table;
    text_position entity_at;
    std::size_t number = 0;
    for (std::size_t start = 0; start <= text.size();) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        const std::string_view line = text.substr(start, end - start);
        start = end + 1;
        ++number;
        const std::size_t first = line.find_first_not_of(" \t");
        if (first == std::string_view::npos || line[first] == '#') {
            continue;
        }
        if (line[first] == '[') {
            table = bare(line.substr(first + 1, line.find(']', first) - first - 1));
            if (table == own_table || table == field_table) {
                entity_at = entity_at.line != 0 ? entity_at : text_position{number, first + 1};
            }
            continue;
        }
        const std::size_t equals = line.find('=', first);
        const std::string key = equals == std::string_view::npos ? "" : bare(line.substr(first, equals - first));
        std::size_t from = std::string_view::npos; // where the component's table starts on this line
        if (table == "entity" && key == name) {
            entity_at = entity_at.line != 0 ? entity_at : text_position{number, first + 1};
            from = find_word(line, component, equals, true);
        } else if (table == "entity" && key.starts_with(name + ".")) { // r0c3.Alien.column = 3
            entity_at = entity_at.line != 0 ? entity_at : text_position{number, first + 1};
            from = find_word(line, component, first, false);
        } else if (table == own_table) {
            from = find_word(line, component, first, false);
        } else if (table == field_table && key == field) {
            return {number, first + 1};
        }
        if (from != std::string_view::npos) {
            const std::size_t at = find_word(line, field, from + component.size(), true);
            if (at != std::string_view::npos) {
                return {number, at + 1};
            }
        }
    }
    return entity_at;
}

} // namespace

void invaders::load_wave(World& world, kiln::entity formation, Local at) {
    kiln::loaded_scene<invaders::schema> wave;
    if (const kiln::scene_error error = kiln::load_scene_text(world, wave_scene, "wave.toml", wave)) {
        // The build checked the file against the schema (kilnc scene), as this load does.
        std::fprintf(stderr, "invaders: the wave did not load:\n%s", error.text().c_str());
        std::abort();
    }
    auto tree = world.hierarchy();
    for (const auto& named : wave.entities()) {
        const kiln::entity alien = named.second;
        static_cast<void>(tree.set_parent(alien, formation));
        world.get<Position>(alien) = place(Position{at.x, at.y}, world.get<Local>(alien));
    }
    keep_wave(std::move(wave), formation);
}

// Each alien's column indexes Formation::lowest_row (Survey): the scene is
// loaded into a world of its own, and each alien's column read back.
std::string invaders::wave_problems(std::string_view text, const std::string& file) {
    const auto scratch = std::make_unique<World>();
    kiln::loaded_scene<invaders::schema> wave;
    if (const kiln::scene_error error = kiln::load_scene_text(*scratch, text, file, wave)) {
        return error.text();
    }
    kiln::scene_error problems{file, {}};
    for (const auto& [name, alien] : wave.entities()) {
        if (!scratch->has<Alien>(alien) || scratch->get<Alien>(alien).column < rules::columns) {
            continue;
        }
        const text_position at = key_position(text, name, "Alien", "column");
        const std::string last = std::to_string(rules::columns - 1);
        problems.problems.push_back(
            {static_cast<std::uint32_t>(at.line), static_cast<std::uint32_t>(at.column),
             "entity '" + name + "': Alien.column: " + std::to_string(scratch->get<Alien>(alien).column) +
                 " is past the formation's last column, " + last + " (rules.hpp: " + std::to_string(rules::columns) +
                 " columns, whose lowest aliens Survey keeps in Formation::lowest_row); use a column from 0 to " +
                 last});
    }
    return problems.text();
}

// F6 in a development build (reload.hpp, main.cpp).
invaders::wave_reload invaders::reload_wave([[maybe_unused]] World& world, const std::string& path) {
    wave_reload result;
#if KILN_RELOAD_PREFABS
    loaded_wave& wave = last_wave();
    if (wave.scene.file().empty()) {
        result.error = path + ": no wave has been loaded yet\n";
        return result;
    }
    std::ifstream file{path, std::ios::binary};
    if (!file) {
        result.error = path + ": cannot open the file\n";
        return result;
    }
    const std::string text{std::istreambuf_iterator<char>{file}, std::istreambuf_iterator<char>{}};
    if (std::string problems = wave_problems(text, path); !problems.empty()) {
        result.error = std::move(problems);
        return result;
    }
    // Each alien alive before, and its Local: what the reload kept, moved or destroyed.
    std::vector<std::pair<kiln::entity, Local>> before;
    for (const auto& named : wave.scene.entities()) {
        if (world.alive(named.second)) {
            before.emplace_back(named.second, world.get<Local>(named.second));
        }
    }
    if (kiln::scene_error error = kiln::reload_scene_text(world, text, wave.scene)) {
        error.file = path; // the scene was loaded from the text compiled in, as "wave.toml"
        result.error = error.text();
        return result;
    }
    auto tree = world.hierarchy();
    for (const auto& named : wave.scene.entities()) {
        const kiln::entity alien = named.second;
        if (!world.alive(alien)) {
            continue; // shot down before the reload, and kept so
        }
        const auto old = std::find_if(before.begin(), before.end(),
                                      [alien](const auto& one) { return one.first == alien; });
        if (old != before.end()) {
            ++result.kept;
            const Local now = world.get<Local>(alien);
            result.moved += now.x != old->second.x || now.y != old->second.y ? 1 : 0;
        } else {
            ++result.spawned;
            if (world.alive(wave.formation)) {
                // Into the formation, and placed for the frame drawn before the propagation runs.
                static_cast<void>(tree.set_parent(alien, wave.formation));
                const Local at = world.get<Local>(wave.formation);
                world.get<Position>(alien) = place(Position{at.x, at.y}, world.get<Local>(alien));
            }
        }
    }
    for (const auto& one : before) {
        result.destroyed += world.alive(one.first) ? 0 : 1;
    }
#else
    result.error = path + ": this is a release build, which reloads nothing (NDEBUG: kiln/config.hpp's "
                          "KILN_RELOAD_PREFABS is 0); a debug build reloads the wave and the prefabs\n";
#endif
    return result;
}

std::string invaders::reload_prefabs(World& world, const std::string& path) {
    return kiln::reload_prefabs(world, path).text();
}
