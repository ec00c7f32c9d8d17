// The seam between a game's ECS and whatever puts pixels on a screen: the
// draw list. The game's render stage (systems declared in its schema) fills
// it with quads, held in a resource left out of saves (kiln = { saved =
// false, cpp = "screen::draw_list" }); the platform layer (a window or a PNG
// file) draws them. Nothing here knows SDL, and nothing in the ECS knows
// pixels.
#pragma once

#include <cstdint>
#include <vector>

namespace screen {

// A filled rectangle in screen pixels, centred on (x, y) and turned about
// its centre by the angle whose cosine and sine are turn_cos and turn_sin
// (as a model matrix holds them; clockwise on screen, whose y points down).
// Drawn in the order pushed, the later over the earlier.
struct quad {
    float x = 0;
    float y = 0;
    float half_width = 0;
    float half_height = 0;
    float turn_cos = 1;
    float turn_sin = 0;
    std::uint8_t r = 255;
    std::uint8_t g = 255;
    std::uint8_t b = 255;
    std::uint8_t a = 255;
};

// What one frame draws: a clear colour and the quads over it.
struct draw_list {
    std::uint8_t clear_r = 0;
    std::uint8_t clear_g = 0;
    std::uint8_t clear_b = 0;
    std::vector<quad> quads;

    void clear() { quads.clear(); }
};

} // namespace screen
