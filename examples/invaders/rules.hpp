// The numbers of the game, shared by its systems: the screen's layout, the
// formation's grid, speeds and sizes. All in screen pixels and steps.
#pragma once

#include <cmath>
#include <cstdint>

namespace invaders::rules {

inline constexpr float screen_width = 224;
inline constexpr float screen_height = 256;
inline constexpr float ground = 240;    // the line the cannon stands over
inline constexpr float top_margin = 16; // where the score is, and bullets end

inline constexpr int columns = 11;
inline constexpr int rows = 5;
inline constexpr int aliens_per_wave = columns * rows;
inline constexpr float cell = 16; // the grid's pitch, both ways
inline constexpr float alien_half_width = 6;
inline constexpr float alien_half_height = 4;
inline constexpr float march_step = 2;
inline constexpr float march_drop = 8;
inline constexpr float left_edge = 4;
inline constexpr float right_edge = screen_width - 4;

inline constexpr float cannon_y = 224;
inline constexpr float cannon_half_width = 6.5f;
inline constexpr float cannon_half_height = 4;
inline constexpr float cannon_speed = 1.5f;
// A hit cannon is back in play on the 90th step after the hit.
inline constexpr std::uint16_t respawn_steps = 90;
// The pause between a cleared wave and the next wave's first march.
inline constexpr std::uint16_t wave_pause_steps = 60;

inline constexpr float bullet_speed = -5;
inline constexpr float bomb_speed = 2;
inline constexpr int max_bombs = 4;

inline constexpr int shields = 4;
inline constexpr int shield_columns = 8; // bricks across a shield
inline constexpr int shield_rows = 6;
inline constexpr float shield_left = 32;  // the first shield's left edge
inline constexpr float shield_pitch = 48; // from one shield's left edge to the next's
inline constexpr float shield_y = 196;
inline constexpr float brick = 3; // a brick's side

// Points for an alien of kind 0 (squid), 1 (crab) or 2 (octopus).
inline constexpr std::uint32_t points[] = {30, 20, 10};

// Steps between two marches: the fewer aliens, the faster they go.
inline constexpr std::uint16_t march_wait(std::uint16_t alive) { return static_cast<std::uint16_t>(alive / 3); }

// Steps between two bombs, shorter in later waves.
inline constexpr std::uint16_t bomb_wait(std::uint16_t wave) {
    return static_cast<std::uint16_t>(wave >= 7 ? 20 : 50 - 5 * (wave - 1));
}

// Where a wave's formation starts: each wave a row lower, down to a limit.
inline constexpr float wave_top(std::uint16_t wave) { return 40 + march_drop * static_cast<float>(wave > 7 ? 6 : wave - 1); }

// The formation's top left at the start of a wave (its Local).
inline constexpr float formation_x = 24;

// Whether two boxes, given by centre and half size, overlap.
inline bool overlap(float ax, float ay, float ahw, float ahh, float bx, float by, float bhw, float bhh) {
    return std::abs(ax - bx) < ahw + bhw && std::abs(ay - by) < ahh + bhh;
}

} // namespace invaders::rules
