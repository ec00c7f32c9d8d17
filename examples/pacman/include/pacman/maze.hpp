// The maze: 28 x 31 tiles of walls, dots, energizers and the ghost house's
// door, held by the resource Maze (pacman.toml) one byte a tile, each the
// character the level file, level.toml, writes it as. These read it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <tuple>

#include <pacman/resources.hpp>

namespace pacman {

// A tile: the character level.toml writes for it.
enum class tile_kind : std::uint8_t { open = ' ', wall = '#', door = '-', dot = '.', energizer = 'o' };

inline constexpr int maze_columns = 28;
inline constexpr int maze_rows = 31;
inline constexpr int tunnel_row = 14;
static_assert(std::tuple_size_v<decltype(Maze::tiles)> == maze_columns * maze_rows,
              "pacman.toml's Maze.tiles holds 28 x 31 tiles");

// The tile at (x, y). Off the maze: the tunnel row wraps around, and every
// other tile is a wall.
[[nodiscard]] inline tile_kind maze_tile(const Maze& maze, int x, int y) noexcept {
    if (y == tunnel_row) {
        x = (x % maze_columns + maze_columns) % maze_columns;
    }
    if (x < 0 || x >= maze_columns || y < 0 || y >= maze_rows) {
        return tile_kind::wall;
    }
    return static_cast<tile_kind>(maze.tiles[static_cast<std::size_t>(y * maze_columns + x)]);
}

// Whether a mover may enter the tile: no wall, and no door (the door is the
// house's, which ghosts pass by their own moves).
[[nodiscard]] inline bool passable(const Maze& maze, int x, int y) noexcept {
    const tile_kind kind = maze_tile(maze, x, y);
    return kind != tile_kind::wall && kind != tile_kind::door;
}

} // namespace pacman
