// Bitmaps and text on a draw list, as the games draw them: a bitmap is rows
// of '#' (lit) and '.' (dark), pushed a run of lit pixels to a quad; text is
// a 3 x 5 pixel font drawn the same way. Headers only, like the draw list,
// so that a game's render systems need nothing to link.
#pragma once

#include <cstdint>
#include <string_view>

#include <screen/draw_list.hpp>

namespace screen {

struct colour {
    std::uint8_t r;
    std::uint8_t g;
    std::uint8_t b;
};

// Pushes the bitmap's lit pixels with its top left at (left, top), each
// pixel scale wide, a row's run of lit pixels as one quad.
inline void draw_bitmap(draw_list& list, const char* const* rows, int width, int height, float left, float top,
                        float scale, colour c) {
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width;) {
            if (rows[y][x] != '#') {
                ++x;
                continue;
            }
            int end = x;
            while (end < width && rows[y][end] == '#') {
                ++end;
            }
            list.quads.push_back({.x = left + scale * static_cast<float>(x + end) / 2,
                                  .y = top + scale * (static_cast<float>(y) + 0.5f),
                                  .half_width = scale * static_cast<float>(end - x) / 2,
                                  .half_height = scale / 2,
                                  .r = c.r,
                                  .g = c.g,
                                  .b = c.b});
            x = end;
        }
    }
}

// The 3 x 5 font: the glyphs of the characters the games write.
struct glyph {
    char character;
    const char* rows[5];
};

inline constexpr glyph font[] = {
    {'0', {"###", "#.#", "#.#", "#.#", "###"}}, {'1', {".#.", "##.", ".#.", ".#.", "###"}},
    {'2', {"###", "..#", "###", "#..", "###"}}, {'3', {"###", "..#", ".##", "..#", "###"}},
    {'4', {"#.#", "#.#", "###", "..#", "..#"}}, {'5', {"###", "#..", "###", "..#", "###"}},
    {'6', {"###", "#..", "###", "#.#", "###"}}, {'7', {"###", "..#", "..#", ".#.", ".#."}},
    {'8', {"###", "#.#", "###", "#.#", "###"}}, {'9', {"###", "#.#", "###", "..#", "###"}},
    {'A', {".#.", "#.#", "###", "#.#", "#.#"}}, {'C', {"###", "#..", "#..", "#..", "###"}},
    {'D', {"##.", "#.#", "#.#", "#.#", "##."}}, {'E', {"###", "#..", "##.", "#..", "###"}},
    {'G', {"###", "#..", "#.#", "#.#", "###"}}, {'H', {"#.#", "#.#", "###", "#.#", "#.#"}},
    {'I', {"###", ".#.", ".#.", ".#.", "###"}}, {'L', {"#..", "#..", "#..", "#..", "###"}},
    {'M', {"#.#", "###", "###", "#.#", "#.#"}}, {'N', {"##.", "#.#", "#.#", "#.#", "#.#"}},
    {'O', {"###", "#.#", "#.#", "#.#", "###"}}, {'P', {"###", "#.#", "###", "#..", "#.."}},
    {'R', {"##.", "#.#", "##.", "#.#", "#.#"}}, {'S', {"###", "#..", "###", "..#", "###"}},
    {'T', {"###", ".#.", ".#.", ".#.", ".#."}}, {'U', {"#.#", "#.#", "#.#", "#.#", "###"}},
    {'V', {"#.#", "#.#", "#.#", "#.#", ".#."}}, {'W', {"#.#", "#.#", "###", "###", "#.#"}},
    {'Y', {"#.#", "#.#", ".#.", ".#.", ".#."}}, {'!', {".#.", ".#.", ".#.", "...", ".#."}},
};

// Writes text from (left, top), each font pixel scale wide and a character
// every 4 x scale pixels; characters the font lacks (the space) are left blank.
inline void draw_text(draw_list& list, std::string_view text, float left, float top, float scale, colour c) {
    for (const char character : text) {
        for (const glyph& each : font) {
            if (each.character == character) {
                draw_bitmap(list, each.rows, 3, 5, left, top, scale, c);
            }
        }
        left += 4 * scale;
    }
}

} // namespace screen
