// The quads' scene, shared by the program (main.cpp) and its benchmark
// (bench/games.cpp).
#pragma once

#include <cstdint>

#include <game/world.hpp>

namespace quads {

// Lays count quads on a square grid over [-100, 100); even ones rise, odd
// ones rotate; sets the Screen's quad size to suit the grid. Seed 0 gives
// the classic scene (every angle 0, speeds 1 to 5 in turn); another seed
// gives each quad a random speed and angle.
void build_scene(game::World& world, std::int64_t count, std::uint64_t seed);

} // namespace quads
