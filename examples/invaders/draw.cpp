// The render stage: each system pushes quads onto the draw list (the
// unsaved resource Draws), back to front as their after lists order them.
// Sprites are bitmaps in the code, text the 3 x 5 font of screen/text.hpp.
// It includes the headers of the systems it defines, not systems.hpp, so
// that an edit of another system, or of a component none of these names,
// compiles it again no more (docs/compile_time.md, "The edit loop").
#include <invaders/systems/ClearScreen.hpp>
#include <invaders/systems/DrawBricks.hpp>
#include <invaders/systems/DrawAliens.hpp>
#include <invaders/systems/DrawShots.hpp>
#include <invaders/systems/DrawCannon.hpp>
#include <invaders/systems/DrawLostCannon.hpp>
#include <invaders/systems/DrawHud.hpp>
#include <invaders/systems/DrawTitle.hpp>
#include <invaders/systems/DrawGameOver.hpp>
#include <invaders/systems/DrawPaused.hpp>

#include <cstdio>

#include <screen/text.hpp>

#include "rules.hpp"

namespace {

using screen::colour;

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
constexpr colour white{255, 255, 255};

void draw_sprite(invaders::Draws& draws, const sprite& s, float centre_x, float centre_y, colour c) {
    screen::draw_bitmap(draws, s.rows, s.width, s.height, centre_x - static_cast<float>(s.width) / 2,
                        centre_y - static_cast<float>(s.height) / 2, 1, c);
}

// A black panel across the middle of the screen, and two lines on it.
void banner(invaders::Draws& draws, const char* big, float big_left, const char* small, float small_left,
            colour big_colour) {
    draws.quads.push_back({.x = invaders::rules::screen_width / 2, .y = 121, .half_width = 52, .half_height = 17,
                           .r = 0, .g = 0, .b = 0});
    screen::draw_text(draws, big, invaders::rules::screen_width / 2 - big_left, 110, 2, big_colour);
    screen::draw_text(draws, small, invaders::rules::screen_width / 2 - small_left, 128, 1, white);
}

} // namespace

void invaders::ClearScreen::run(Draws& draws) {
    draws.clear();
    draws.clear_r = draws.clear_g = draws.clear_b = 0;
}

// A worn brick is darker.
void invaders::DrawBricks::run(const Brick& brick, const Position& position, const Box& box, Draws& draws) {
    const colour shade = brick.hp > 1 ? green : colour{30, 115, 40};
    draws.quads.push_back({.x = position.x, .y = position.y, .half_width = box.half_width,
                           .half_height = box.half_height, .r = shade.r, .g = shade.g, .b = shade.b});
}

// The formation's pose (it flips on each march) is the aliens' frame.
void invaders::DrawAliens::run(const Alien& alien, const Position& position,
                               const kiln::single<formation_lookup>& formation, Draws& draws) {
    const int kind = alien.kind % 3;
    draw_sprite(draws, aliens[kind][formation.get().pose & 1], position.x, position.y, alien_colours[kind]);
}

// The cannon's bullets are white, the aliens' bombs orange.
void invaders::DrawShots::run(const Position& position, const Box& box, bool has_bomb, Draws& draws) {
    draws.quads.push_back({.x = position.x, .y = position.y, .half_width = box.half_width,
                           .half_height = box.half_height, .r = 255, .g = static_cast<std::uint8_t>(has_bomb ? 160 : 255),
                           .b = static_cast<std::uint8_t>(has_bomb ? 40 : 255)});
}

void invaders::DrawCannon::run(const Position& position, Draws& draws) {
    draw_sprite(draws, cannon, position.x, position.y, green);
}

// A cannon that was hit blinks, 8 steps on and 8 off, until it is back.
void invaders::DrawLostCannon::run(const Position& position, Draws& draws, const Game& game) {
    if ((game.timer / 8) % 2 == 0) {
        draw_sprite(draws, cannon, position.x, position.y, green);
    }
}

void invaders::DrawHud::run(Draws& draws, const Game& game) {
    char line[32];
    std::snprintf(line, sizeof line, "SCORE %05u", static_cast<unsigned>(game.score));
    screen::draw_text(draws, line, 8, 4, 1, white);
    std::snprintf(line, sizeof line, "HI %05u", static_cast<unsigned>(game.high_score));
    screen::draw_text(draws, line, 84, 4, 1, white);
    std::snprintf(line, sizeof line, "WAVE %u", static_cast<unsigned>(game.wave));
    screen::draw_text(draws, line, 160, 4, 1, white);
    draws.quads.push_back({.x = rules::screen_width / 2, .y = rules::ground + 0.5f, .half_width = rules::screen_width / 2,
                           .half_height = 0.5f, .r = green.r, .g = green.g, .b = green.b});
    std::snprintf(line, sizeof line, "LIVES %u", static_cast<unsigned>(game.lives));
    screen::draw_text(draws, line, 8, 246, 1, green);
}

void invaders::DrawTitle::run(Draws& draws) { banner(draws, "INVADERS", 31, "PRESS SPACE TO PLAY", 37, green); }

void invaders::DrawGameOver::run(Draws& draws) {
    banner(draws, "GAME OVER", 35, "PRESS R TO PLAY AGAIN", 41, {255, 60, 60});
}

void invaders::DrawPaused::run(Draws& draws) { banner(draws, "PAUSED", 23, "PRESS P TO PLAY ON", 35, white); }
