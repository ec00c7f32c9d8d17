// A software rasteriser: a draw list into an RGBA buffer. The same bytes on
// every run and under either executor (it runs on one thread, in the draw
// list's order, with no clock and no randomness), which is what lets the
// tests compare frames byte for byte; the window shows the same buffer.
#pragma once

#include <cstdint>
#include <vector>

#include <screen/draw_list.hpp>

namespace screen {

// width x height pixels, 4 bytes each (r, g, b, a), rows top to bottom.
struct image {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> rgba;

    image(int w, int h) : width{w}, height{h}, rgba(static_cast<std::size_t>(w) * h * 4) {}
};

// Sets every pixel of target to the colour r, g, b, opaque.
void clear(image& target, std::uint8_t r, std::uint8_t g, std::uint8_t b);

// Fills q over what target holds. A pixel belongs to a quad when its centre
// is inside it (left and top edges in, right and bottom out, so quads that
// share an edge do not both cover it). A quad whose alpha is below 255 is
// blended over what is there.
void fill(image& target, const quad& q);

// Clears target to the list's clear colour, then fills each quad in order.
// (A game whose quads are components draws their columns with clear and
// fill, without a list: examples/quads.)
void rasterise(const draw_list& list, image& target);

// picture with each pixel made factor x factor pixels: a small game's frame
// made large enough to look at, with its pixels kept sharp.
image enlarged(const image& picture, int factor);

} // namespace screen
