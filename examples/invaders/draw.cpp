// The render stage: each system pushes quads onto the draw list, back to
// front (the schema orders them). Sprites are bitmaps in the code, drawn a
// run of lit pixels to a quad; text is a 3 x 5 pixel font drawn the same way.
#include <invaders/systems.hpp>

#include <cstdio>
#include <string_view>

#include "rules.hpp"

namespace {

struct colour {
    std::uint8_t r, g, b;
};

// A bitmap: rows of '#' (lit) and '.' (dark), all of one width.
struct sprite {
    int width;
    int height;
    const char* const* rows;
};

constexpr const char* squid_0[] = {"...##...", "..####..", ".######.", "##.##.##",
                                   "########", "..#..#..", ".#.##.#.", "#.#..#.#"};
constexpr const char* squid_1[] = {"...##...", "..####..", ".######.", "##.##.##",
                                   "########", ".#.##.#.", "#......#", ".#....#."};
constexpr const char* crab_0[] = {"..#.....#..", "...#...#...", "..#######..", ".##.###.##.",
                                  "###########", "#.#######.#", "#.#.....#.#", "...##.##..."};
constexpr const char* crab_1[] = {"..#.....#..", "#..#...#..#", "#.#######.#", "###.###.###",
                                  "###########", ".#########.", "..#.....#..", ".#.......#."};
constexpr const char* octopus_0[] = {"....####....", ".##########.", "############", "###..##..###",
                                     "############", "...##..##...", "..##.##.##..", "##........##"};
constexpr const char* octopus_1[] = {"....####....", ".##########.", "############", "###..##..###",
                                     "############", "..###..###..", ".##..##..##.", "..##....##.."};
constexpr const char* cannon_rows[] = {"......#......", ".....###.....", ".....###.....", ".###########.",
                                       "#############", "#############", "#############", "#############"};

constexpr sprite aliens[3][2] = {
    {{8, 8, squid_0}, {8, 8, squid_1}},
    {{11, 8, crab_0}, {11, 8, crab_1}},
    {{12, 8, octopus_0}, {12, 8, octopus_1}},
};
constexpr sprite cannon{13, 8, cannon_rows};
constexpr colour alien_colours[] = {{250, 250, 250}, {90, 220, 250}, {240, 110, 240}};
constexpr colour green{60, 230, 80};

// Pushes the bitmap's lit pixels with its top left at (left, top), each
// pixel scale wide, a row's run of lit pixels as one quad.
void draw_bitmap(screen::draw_target& target, const char* const* rows, int width, int height, float left, float top,
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
            target.push({.x = left + scale * static_cast<float>(x + end) / 2,
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

void draw_sprite(screen::draw_target& target, const sprite& s, float centre_x, float centre_y, colour c) {
    draw_bitmap(target, s.rows, s.width, s.height, centre_x - static_cast<float>(s.width) / 2,
                centre_y - static_cast<float>(s.height) / 2, 1, c);
}

// The 3 x 5 font: the glyph of each character the game writes.
struct glyph {
    char character;
    const char* rows[5];
};

constexpr glyph font[] = {
    {'0', {"###", "#.#", "#.#", "#.#", "###"}}, {'1', {".#.", "##.", ".#.", ".#.", "###"}},
    {'2', {"###", "..#", "###", "#..", "###"}}, {'3', {"###", "..#", ".##", "..#", "###"}},
    {'4', {"#.#", "#.#", "###", "..#", "..#"}}, {'5', {"###", "#..", "###", "..#", "###"}},
    {'6', {"###", "#..", "###", "#.#", "###"}}, {'7', {"###", "..#", "..#", ".#.", ".#."}},
    {'8', {"###", "#.#", "###", "#.#", "###"}}, {'9', {"###", "#.#", "###", "..#", "###"}},
    {'A', {".#.", "#.#", "###", "#.#", "#.#"}}, {'C', {"###", "#..", "#..", "#..", "###"}},
    {'E', {"###", "#..", "##.", "#..", "###"}}, {'G', {"###", "#..", "#.#", "#.#", "###"}},
    {'H', {"#.#", "#.#", "###", "#.#", "#.#"}}, {'I', {"###", ".#.", ".#.", ".#.", "###"}},
    {'L', {"#..", "#..", "#..", "#..", "###"}}, {'M', {"#.#", "###", "###", "#.#", "#.#"}},
    {'N', {"##.", "#.#", "#.#", "#.#", "#.#"}}, {'O', {"###", "#.#", "#.#", "#.#", "###"}},
    {'P', {"###", "#.#", "###", "#..", "#.."}}, {'R', {"##.", "#.#", "##.", "#.#", "#.#"}},
    {'S', {"###", "#..", "###", "..#", "###"}}, {'T', {"###", ".#.", ".#.", ".#.", ".#."}},
    {'V', {"#.#", "#.#", "#.#", "#.#", ".#."}}, {'W', {"#.#", "#.#", "###", "###", "#.#"}},
    {'Y', {"#.#", "#.#", ".#.", ".#.", ".#."}},
};

// Writes text from (left, top), each font pixel scale wide; characters the
// font lacks (the space) are left blank.
void draw_text(screen::draw_target& target, std::string_view text, float left, float top, float scale, colour c) {
    for (const char character : text) {
        for (const glyph& each : font) {
            if (each.character == character) {
                draw_bitmap(target, each.rows, 3, 5, left, top, scale, c);
            }
        }
        left += 4 * scale;
    }
}

} // namespace

void invaders::ClearScreen::run(Screen& screen) { screen.target.set_clear(0, 0, 0); }

// A worn brick is darker.
void invaders::DrawBricks::run(const Brick& brick, const Position& position, const Box& box, Screen& screen) {
    const colour shade = brick.hp > 1 ? green : colour{30, 115, 40};
    screen.target.push({.x = position.x, .y = position.y, .half_width = box.half_width,
                        .half_height = box.half_height, .r = shade.r, .g = shade.g, .b = shade.b});
}

void invaders::DrawAliens::run(const Alien& alien, const Position& position, Screen& screen,
                               const Formation& formation) {
    const int kind = alien.kind % 3;
    draw_sprite(screen.target, aliens[kind][formation.pose & 1], position.x, position.y, alien_colours[kind]);
}

// The cannon's bullets are white, the aliens' bombs orange.
void invaders::DrawShots::run(const Position& position, const Box& box, const Velocity& velocity, Screen& screen) {
    const bool bomb = velocity.y > 0;
    screen.target.push({.x = position.x, .y = position.y, .half_width = box.half_width,
                        .half_height = box.half_height, .r = 255, .g = static_cast<std::uint8_t>(bomb ? 160 : 255),
                        .b = static_cast<std::uint8_t>(bomb ? 40 : 255)});
}

// A cannon that was hit blinks until it is back in play.
void invaders::DrawCannon::run(const Position& position, Screen& screen, const Game& game) {
    if (game.respawn == 0 || (game.respawn / 8) % 2 == 0) {
        draw_sprite(screen.target, cannon, position.x, position.y, green);
    }
}

void invaders::DrawHud::run(Screen& screen, const Game& game) {
    char line[32];
    std::snprintf(line, sizeof line, "SCORE %05u", static_cast<unsigned>(game.score));
    draw_text(screen.target, line, 8, 4, 1, {255, 255, 255});
    std::snprintf(line, sizeof line, "HI %05u", static_cast<unsigned>(game.high_score));
    draw_text(screen.target, line, 84, 4, 1, {255, 255, 255});
    std::snprintf(line, sizeof line, "WAVE %u", static_cast<unsigned>(game.wave));
    draw_text(screen.target, line, 160, 4, 1, {255, 255, 255});
    screen.target.push({.x = rules::screen_width / 2, .y = rules::ground + 0.5f, .half_width = rules::screen_width / 2,
                        .half_height = 0.5f, .r = green.r, .g = green.g, .b = green.b});
    std::snprintf(line, sizeof line, "LIVES %u", static_cast<unsigned>(game.lives));
    draw_text(screen.target, line, 8, 246, 1, green);
    if (game.over) {
        screen.target.push({.x = rules::screen_width / 2, .y = 121, .half_width = 52, .half_height = 17, .r = 0, .g = 0, .b = 0});
        draw_text(screen.target, "GAME OVER", rules::screen_width / 2 - 35, 110, 2, {255, 60, 60});
        draw_text(screen.target, "PRESS R TO PLAY AGAIN", rules::screen_width / 2 - 41, 128, 1, {255, 255, 255});
    }
}
