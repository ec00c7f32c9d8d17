// The numbers of the game, after the arcade's (Jamey Pittman's "The Pac-Man
// Dossier" gives them): speeds by level, the scatter/chase timetable, fright
// times, the house's dot limits; and the geometry every system shares.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include <pacman/maze.hpp>

namespace pacman::rules {

// Pixels and tiles: a tile is 8 x 8 pixels; a mover is at a tile's centre
// when its x and y are 4 modulo 8.
inline constexpr int tile_size = 8;
inline constexpr int maze_width = maze_columns * tile_size; // 224
inline constexpr int screen_width = maze_width;
inline constexpr int screen_height = 288;                      // 36 rows: 3 above the maze for the score, 2 below
inline constexpr int maze_top = 3 * tile_size;                 // where the maze is drawn on screen

constexpr int tile_of(int pixel) { return pixel >> 3; } // pixels are never negative: the tunnel wraps them
constexpr bool at_centre(int x, int y) { return (x & 7) == 4 && (y & 7) == 4; }
constexpr int centre_of(int tile) { return tile * tile_size + 4; }

// Directions, in the arcade's order of preference when two are as good.
inline constexpr std::uint8_t up = 0;
inline constexpr std::uint8_t left = 1;
inline constexpr std::uint8_t down = 2;
inline constexpr std::uint8_t right = 3;
inline constexpr std::array<int, 4> dx{0, -1, 0, 1};
inline constexpr std::array<int, 4> dy{-1, 0, 1, 0};
constexpr std::uint8_t reverse(std::uint8_t dir) { return static_cast<std::uint8_t>((dir + 2) & 3); }

// Moves a pixel coordinate one step along dir, wrapping the tunnel.
constexpr int wrap_x(int x) { return (x + maze_width) % maze_width; }

// The house, in pixels (level.toml places the actors; these are where the
// ghosts' moves in and out of the house go, and the level's door must be
// there). Pac-Man and Blinky start between two tiles' centres.
inline constexpr int pac_start_x = 112;
inline constexpr int pac_start_y = centre_of(23);
inline constexpr int door_tile_x = 13;             // the house's door: columns 13 and 14 of row 12
inline constexpr int door_tile_y = 12;
inline constexpr int door_x = 112;                 // the house's door, between columns 13 and 14
inline constexpr int above_door_y = centre_of(11); // where a ghost is out of the house
inline constexpr int house_y = centre_of(14);      // the middle of the house
inline constexpr int house_top = house_y - 4;      // a waiting ghost bobs between these
inline constexpr int house_bottom = house_y + 4;
inline constexpr int eyes_target_x = 13;            // eyes aim at the tile above the door
inline constexpr int eyes_target_y = 11;

// The arcade's tiles where ghosts may not turn up while chasing or
// scattering (above the house, and above Pac-Man's start).
constexpr bool no_up_turn(int x, int y) { return (x == 12 || x == 15) && (y == 11 || y == 23); }

// The tunnel's slow part: row 14, the five tiles and more at each end.
constexpr bool in_tunnel(int x, int y) { return y == tunnel_row && (x <= 5 || x >= 22); }

// Speeds in percent of the arcade's full speed, 75.76 pixels a second:
// 1.2626 pixels a step at 60 steps a second.
inline constexpr int full_speed_thousandths = 1263;

struct speeds {
    int pac;
    int pac_frightened; // while ghosts are frightened
    int ghost;
    int ghost_frightened;
    int ghost_tunnel;
};

constexpr speeds speeds_of(int level) {
    if (level <= 1) {
        return {80, 90, 75, 50, 40};
    }
    if (level <= 4) {
        return {90, 95, 85, 55, 45};
    }
    if (level <= 20) {
        return {100, 100, 95, 60, 50};
    }
    return {90, 90, 95, 60, 50};
}
inline constexpr int eyes_speed = 160;  // eaten ghosts hurry home
inline constexpr int house_speed = 50;  // waiting, leaving

// Whole pixels a mover of speed percent moves this step, carrying the rest.
constexpr int pixels_this_step(std::uint16_t& carry, int percent) {
    const int total = carry + full_speed_thousandths * percent / 100;
    carry = static_cast<std::uint16_t>(total % 1000);
    return total / 1000;
}

// Scatter and chase: the waves of a level, in steps (60 a second); even
// waves scatter, odd ones chase, and after the last the ghosts chase for good.
inline constexpr int waves = 7;
constexpr int wave_steps(int level, int wave) {
    constexpr std::array<int, waves> first{7 * 60, 20 * 60, 7 * 60, 20 * 60, 5 * 60, 20 * 60, 5 * 60};
    constexpr std::array<int, waves> second{7 * 60, 20 * 60, 7 * 60, 20 * 60, 5 * 60, 1033 * 60, 1};
    constexpr std::array<int, waves> fifth{5 * 60, 20 * 60, 5 * 60, 20 * 60, 5 * 60, 1037 * 60, 1};
    const auto& table = level <= 1 ? first : level <= 4 ? second : fifth;
    return table[static_cast<std::size_t>(wave)];
}

// How long ghosts stay frightened, in steps, by level; 0 from level 19 on:
// they only turn about.
constexpr int fright_steps(int level) {
    constexpr std::array<int, 19> seconds{6, 5, 4, 3, 2, 5, 2, 2, 1, 5, 2, 1, 1, 3, 1, 1, 0, 1, 0};
    return 60 * seconds[static_cast<std::size_t>(std::clamp(level, 1, 19) - 1)];
}
// The last steps of a fright, when frightened ghosts flash white.
inline constexpr int flash_steps = 2 * 60;

// Points, and the extra life the arcade gives at 10,000.
inline constexpr std::uint32_t extra_life_score = 10000;
template <class Game>
void score(Game& game, std::uint32_t points) {
    const std::uint32_t before = game.score;
    game.score += points;
    game.high_score = std::max(game.high_score, game.score);
    if (before < extra_life_score && game.score >= extra_life_score) {
        ++game.lives;
    }
}

inline constexpr std::uint16_t dot_points = 10;
inline constexpr std::uint16_t energizer_points = 50;
inline constexpr std::uint32_t first_ghost_points = 200; // then 400, 800, 1600 in one fright
inline constexpr std::uint16_t ghost_eaten_steps = 60;    // play stands still, the points shown
inline constexpr std::uint8_t dot_stall = 1;              // steps Pac-Man stands, eating
inline constexpr std::uint8_t energizer_stall = 3;

// The house (simplified from the arcade, docs/games.md): ghosts leave in
// order, Pinky, Inky, Clyde. The next may leave once the dots eaten since
// the last left reach its limit (the arcade's per-ghost counters), or, after
// a life was lost, once the dots eaten in this life reach 7, 17, 32 (its
// global counter); or when Pac-Man has eaten nothing for 4 seconds (3 from
// level 5).
constexpr int dot_limit(int level, int order, bool after_death) {
    if (after_death) {
        constexpr std::array<int, 4> global{0, 7, 17, 32};
        return global[static_cast<std::size_t>(order)];
    }
    constexpr std::array<int, 4> first{0, 0, 30, 60};
    constexpr std::array<int, 4> second{0, 0, 0, 50};
    if (level <= 1) {
        return first[static_cast<std::size_t>(order)];
    }
    return level == 2 ? second[static_cast<std::size_t>(order)] : 0;
}
constexpr int idle_limit(int level) { return level < 5 ? 4 * 60 : 3 * 60; }

// The pauses between play, in steps.
inline constexpr std::uint16_t ready_steps = 120;
inline constexpr std::uint16_t dying_steps = 90;
inline constexpr std::uint16_t cleared_steps = 120;

inline constexpr std::uint8_t lives = 3;

} // namespace pacman::rules
