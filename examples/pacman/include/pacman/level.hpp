// Pac-Man's level: a scene file, level.toml (docs/content.md, "Scenes"), in
// the schema's words: the maze, the resource Maze written as rows of text,
// and Pac-Man and the four ghosts, instances of their prefabs where they
// start. The build checks the file against pacman.toml (kiln_generate's
// SCENES); the game checks it again as it reads it, with the maze's own
// rules, and loads it at each round (level.cpp: SpawnActors, SpawnDots).
#pragma once

#include <string>

#include <pacman/world.hpp>

namespace pacman {

// What a check of a level found.
struct level_check {
    std::string problems; // a line each, "file:line:col: error: ..." or "file: ..."; empty when there are none
    Position pac{};       // where it starts Pac-Man
};

// Checks text, a level that messages call file, as a round loads it: into a
// world of its own, then its maze's tiles and its one Pac-Man.
level_check check_level(const std::string& text, const std::string& file);

// Reads the level file at path and checks it; when it checks, it is into's
// from now on (each later round loads it), called file. into is unchanged
// otherwise.
level_check read_level(const std::string& path, const std::string& file, LevelText& into);

} // namespace pacman
