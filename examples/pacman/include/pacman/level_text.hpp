// The resource LevelText (pacman.toml): the level file's text, which each
// round loads as a scene (pacman/level.hpp). Not saved: the level a save
// was taken in comes back with the save's Maze, and the file is the game's.
#pragma once

#include <string>

namespace pacman {

struct level_text {
    std::string file; // the name messages give it: the level file's path
    std::string text; // its TOML, checked by read_level
};

} // namespace pacman
