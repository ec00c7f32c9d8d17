// The keys a game reads, as bits of one word: the window sets them from the
// keyboard, an input script from its lines; the game copies them into its
// input resource before each frame.
#pragma once

#include <cstdint>
#include <string_view>

namespace screen {

enum key : std::uint32_t {
    key_left = 1u << 0,
    key_right = 1u << 1,
    key_up = 1u << 2,
    key_down = 1u << 3,
    key_fire = 1u << 4,
    key_save = 1u << 5,
    key_load = 1u << 6,
    key_restart = 1u << 7,
    key_reload = 1u << 8, // a game's level file, read again
    key_pause = 1u << 9,
};

// Each key's name in input scripts, and the keyboard key the window maps it to.
struct key_name {
    key bit;
    std::string_view name;
    std::string_view keyboard;
};

inline constexpr key_name key_names[] = {
    {key_left, "left", "Left arrow"},     {key_right, "right", "Right arrow"}, {key_up, "up", "Up arrow"},
    {key_down, "down", "Down arrow"},     {key_fire, "fire", "Space"},         {key_save, "save", "F5"},
    {key_load, "load", "F9"},             {key_restart, "restart", "R"},       {key_reload, "reload", "F6"},
    {key_pause, "pause", "P"},
};

} // namespace screen
