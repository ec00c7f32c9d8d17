// The level (pacman/level.hpp): read and checked from its file, and loaded
// at each round. Entering `ready`, SpawnActors records a call that loads the
// level's scene when the commands apply (the maze into Maze, Pac-Man and the
// ghosts spawned from their prefabs where it places them), and SpawnDots,
// when there are no dots, one that lays them on the maze just loaded.
#include <pacman/level.hpp>
#include <pacman/reflection.hpp> // what a scene's load reads its components by

#include <kiln/scene.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <utility>

#include "rules.hpp"

using namespace pacman;

namespace {

using rules::door_tile_x;
using rules::door_tile_y;

bool door_tile(int x, int y) { return y == door_tile_y && (x == door_tile_x || x == door_tile_x + 1); }

// What the maze's tiles break of the game's rules: a character that is no
// tile, a door where the ghosts' moves do not go.
std::string maze_problems(const Maze& maze, const std::string& file) {
    std::string problems;
    for (int y = 0; y < maze_rows; ++y) {
        for (int x = 0; x < maze_columns; ++x) {
            const auto c = static_cast<char>(maze_tile(maze, x, y));
            const std::string where = file + ": the maze's row " + std::to_string(y) + ", column " + std::to_string(x);
            switch (c) {
            case '#': case '.': case 'o': case ' ': break;
            case '-':
                if (!door_tile(x, y)) {
                    problems += where + ": the house's door is columns 13 and 14 of row 12, where the ghosts go in and "
                                        "out (rules.hpp); write a wall here\n";
                }
                break;
            default: problems += where + ": '" + std::string(1, c) + "' is not a tile (# . o - or a space)\n";
            }
        }
    }
    if (maze_tile(maze, door_tile_x, door_tile_y) != tile_kind::door ||
        maze_tile(maze, door_tile_x + 1, door_tile_y) != tile_kind::door) {
        problems += file + ": the maze's row 12 has no door (--) at columns 13 and 14, where the ghosts go in and out "
                           "of the house (rules.hpp)\n";
    }
    return problems;
}

// The call SpawnActors records: the level of LevelText loaded into the world.
void load_level(World& world) {
    const LevelText& level = world.resource<LevelText>();
    kiln::loaded_scene<schema> scene;
    if (const kiln::scene_error error = kiln::load_scene_text(world, level.text, level.file, scene)) {
        // read_level checked the text with this same load, into a world of its own.
        std::fprintf(stderr, "pacman: the level did not load:\n%s", error.text().c_str());
        std::abort();
    }
}

// The call SpawnDots records: a dot on each . of the maze, an energizer on each o.
void lay_dots(World& world) {
    const Maze& maze = world.resource<Maze>();
    for (int y = 0; y < maze_rows; ++y) {
        for (int x = 0; x < maze_columns; ++x) {
            const Tile tile{static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y)};
            const tile_kind kind = maze_tile(maze, x, y);
            if (kind == tile_kind::dot) {
                world.create<Pellet>(tile, Dot{rules::dot_points});
            } else if (kind == tile_kind::energizer) {
                world.create<PowerPellet>(tile, Dot{rules::energizer_points});
            }
        }
    }
}

} // namespace

level_check pacman::check_level(const std::string& text, const std::string& file) {
    level_check check;
    const auto world = std::make_unique<World>();
    kiln::loaded_scene<schema> scene;
    if (const kiln::scene_error error = kiln::load_scene_text(*world, text, file, scene)) {
        check.problems = error.text();
        return check;
    }
    check.problems = maze_problems(world->resource<Maze>(), file);
    if (const std::size_t pacs = world->count<Pac>(); pacs != 1) {
        check.problems += file + ": the level places Pac-Man " + std::to_string(pacs) +
                          " times; place him once (an entity of prefab = \"Player\")\n";
    }
    world->each<const Position, const Pac>([&check](const Position& position, const Pac&) { check.pac = position; });
    return check;
}

level_check pacman::read_level(const std::string& path, const std::string& file, LevelText& into) {
    std::ifstream in{path, std::ios::binary};
    if (!in) {
        return {path + ": cannot be read\n", {}};
    }
    std::string text{std::istreambuf_iterator<char>{in}, std::istreambuf_iterator<char>{}};
    level_check check = check_level(text, file);
    if (check.problems.empty()) {
        into = {file, std::move(text)};
    }
    return check;
}

void pacman::SpawnActors::run(kiln::system_commands<World>& commands) { commands.call<&load_level>(); }

void pacman::SpawnDots::run(kiln::system_commands<World>& commands) { commands.call<&lay_dots>(); }
