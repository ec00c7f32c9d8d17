// The maze: 28 x 31 tiles of walls, dots, energizers and the ghost house's
// door, read from a text file (maze.txt) by load_maze. The game's schema
// holds it in the resource Maze, which is not saved: it is the level's
// layout, read again when the game starts, not game state. The loading is
// this one function, so that it can become a scene file's when kiln has them.
#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace pacman {

enum class tile_kind : std::uint8_t { open, wall, door, dot, energizer };

struct maze {
    static constexpr int columns = 28;
    static constexpr int rows = 31;
    static constexpr int tunnel_row = 14;

    std::array<tile_kind, columns * rows> tiles{};

    // The tile at (x, y). Off the maze: the tunnel row wraps around, and
    // every other tile is a wall.
    [[nodiscard]] tile_kind at(int x, int y) const noexcept {
        if (y == tunnel_row) {
            x = (x % columns + columns) % columns;
        }
        if (x < 0 || x >= columns || y < 0 || y >= rows) {
            return tile_kind::wall;
        }
        return tiles[static_cast<std::size_t>(y * columns + x)];
    }

    // Whether a mover may enter the tile: no wall, and no door (the door
    // is the house's, which ghosts pass by their own moves).
    [[nodiscard]] bool open(int x, int y) const noexcept {
        const tile_kind kind = at(x, y);
        return kind != tile_kind::wall && kind != tile_kind::door;
    }
};

// Reads the maze of path into into. Returns "" or what is wrong, as
// "path:line: message".
std::string load_maze(const std::string& path, maze& into);

} // namespace pacman
