// The render stage: each system pushes coloured rectangles onto the draw
// list (the unsaved resource Draws), back to front as their after lists
// order them: the maze, the dots, Pac-Man, the ghosts, the score and the
// words. The maze is drawn 3 tiles down the screen, under the score. It
// includes the headers of the systems it defines, not systems.hpp, so that
// an edit of another system, or of a component none of these names,
// compiles it again no more (docs/compile_time.md, "The edit loop").
#include <pacman/systems/DrawMaze.hpp>
#include <pacman/systems/DrawFlashingMaze.hpp>
#include <pacman/systems/DrawDots.hpp>
#include <pacman/systems/DrawPac.hpp>
#include <pacman/systems/DrawDyingPac.hpp>
#include <pacman/systems/DrawGhosts.hpp>
#include <pacman/systems/DrawScaredGhosts.hpp>
#include <pacman/systems/DrawEyes.hpp>
#include <pacman/systems/DrawPoints.hpp>
#include <pacman/systems/DrawHud.hpp>
#include <pacman/systems/DrawReady.hpp>
#include <pacman/systems/DrawGameOver.hpp>

#include <algorithm>
#include <string>
#include <string_view>

#include <screen/text.hpp>

#include "rules.hpp"

using namespace pacman;

namespace {

using screen::colour;

constexpr colour wall_blue{33, 33, 222};
constexpr colour door_pink{255, 184, 222};
constexpr colour dot_peach{255, 184, 174};
constexpr colour yellow{255, 255, 0};
constexpr colour white{255, 255, 255};
constexpr colour scared_blue{33, 33, 255};
constexpr colour red{255, 0, 0};

// Fills the screen pixels [left, left + width) x [top, top + height).
void rect(Draws& draws, float left, float top, float width, float height, colour c) {
    draws.quads.push_back({.x = left + width / 2, .y = top + height / 2, .half_width = width / 2,
                           .half_height = height / 2, .r = c.r, .g = c.g, .b = c.b});
}

// The same, in the maze's pixels.
void maze_rect(Draws& draws, int left, int top, int width, int height, colour c) {
    rect(draws, static_cast<float>(left), static_cast<float>(top + rules::maze_top), static_cast<float>(width),
         static_cast<float>(height), c);
}

bool is_wall(const Maze& maze, int x, int y) {
    const tile_kind kind = maze_tile(maze, x, y);
    return kind == tile_kind::wall || kind == tile_kind::door;
}

// Walls are outlined where they face the corridors: a line 3 pixels inside
// each wall tile along each side that faces an open tile, and a corner
// where only a diagonal neighbour is open.
void draw_walls(Draws& draws, const Maze& maze, colour c) {
    for (int y = 0; y < maze_rows; ++y) {
        for (int x = 0; x < maze_columns; ++x) {
            const int left = x * rules::tile_size;
            const int top = y * rules::tile_size;
            if (maze_tile(maze, x, y) == tile_kind::door) {
                maze_rect(draws, left, top + 4, rules::tile_size, 2, door_pink);
                continue;
            }
            if (maze_tile(maze, x, y) != tile_kind::wall) {
                continue;
            }
            const bool up = !is_wall(maze, x, y - 1);
            const bool down = !is_wall(maze, x, y + 1);
            const bool west = !is_wall(maze, x - 1, y);
            const bool east = !is_wall(maze, x + 1, y);
            const int from_x = west ? left + 3 : left;
            const int to_x = east ? left + 5 : left + 7;
            const int from_y = up ? top + 3 : top;
            const int to_y = down ? top + 5 : top + 7;
            if (up) {
                maze_rect(draws, from_x, top + 3, to_x - from_x + 1, 1, c);
            }
            if (down) {
                maze_rect(draws, from_x, top + 4, to_x - from_x + 1, 1, c);
            }
            if (west) {
                maze_rect(draws, left + 3, from_y, 1, to_y - from_y + 1, c);
            }
            if (east) {
                maze_rect(draws, left + 4, from_y, 1, to_y - from_y + 1, c);
            }
            // Inner corners: walls on both sides, open diagonally.
            for (const int sx : {-1, 1}) {
                for (const int sy : {-1, 1}) {
                    if (!is_wall(maze, x + sx, y + sy) && is_wall(maze, x + sx, y) && is_wall(maze, x, y + sy)) {
                        const int line_x = sx < 0 ? left + 3 : left + 4;
                        const int line_y = sy < 0 ? top + 3 : top + 4;
                        maze_rect(draws, line_x, sy < 0 ? top : line_y, 1, sy < 0 ? 4 : 4, c);
                        maze_rect(draws, sx < 0 ? left : line_x, line_y, 4, 1, c);
                    }
                }
            }
        }
    }
}

// Writes text from (left, top) on the screen, in the 3 x 5 font of
// screen/text.hpp with each pixel drawn 2 x 2; a space is left blank.
void text(Draws& draws, std::string_view words, int left, int top, colour c) {
    screen::draw_text(draws, words, static_cast<float>(left), static_cast<float>(top), 2, c);
}

// Writes text ending at right (numbers are right-aligned, as the arcade's).
void text_right(Draws& draws, std::string_view words, int right, int top, colour c) {
    text(draws, words, right - 8 * static_cast<int>(words.size()), top, c);
}

// A disc of Pac-Man's size (13 pixels across) centred on the maze pixel (x, y).
void disc(Draws& draws, int x, int y, int radius, colour c) {
    if (radius <= 0) {
        return;
    }
    const int side = radius * 2 + 1;
    const int inset = (radius + 2) / 3;
    maze_rect(draws, x - radius, y - radius + inset, side, side - 2 * inset, c);
    maze_rect(draws, x - radius + inset, y - radius, side - 2 * inset, side, c);
    maze_rect(draws, x - radius + inset / 2, y - radius + inset / 2, side - inset, side - inset, c);
}

// A wedge cut out of Pac-Man towards dir: a black square turned 45 degrees.
void mouth(Draws& draws, int x, int y, std::uint8_t dir, float half) {
    if (half <= 0) {
        return;
    }
    constexpr float diagonal = 0.70710678f;
    draws.quads.push_back({.x = static_cast<float>(x) + 0.5f + static_cast<float>(rules::dx[dir]) * 7,
                           .y = static_cast<float>(y + rules::maze_top) + 0.5f + static_cast<float>(rules::dy[dir]) * 7,
                           .half_width = half, .half_height = half, .turn_cos = diagonal, .turn_sin = diagonal,
                           .r = 0, .g = 0, .b = 0});
}

// A ghost's body, 14 pixels wide, around the maze pixel (x, y).
void ghost_body(Draws& draws, int x, int y, colour c) {
    maze_rect(draws, x - 3, y - 7, 6, 1, c);
    maze_rect(draws, x - 5, y - 6, 10, 2, c);
    maze_rect(draws, x - 6, y - 4, 12, 1, c);
    maze_rect(draws, x - 7, y - 3, 14, 9, c);
    maze_rect(draws, x - 7, y + 6, 2, 1, c);
    maze_rect(draws, x - 3, y + 6, 2, 1, c);
    maze_rect(draws, x + 1, y + 6, 2, 1, c);
    maze_rect(draws, x + 5, y + 6, 2, 1, c);
}

} // namespace

void pacman::DrawMaze::run(Draws& draws, const Maze& maze) {
    draws.clear();
    draws.clear_r = draws.clear_g = draws.clear_b = 0;
    draw_walls(draws, maze, wall_blue);
}

// A cleared maze flashes white four times a second.
void pacman::DrawFlashingMaze::run(Draws& draws, const Maze& maze, const Game& game) {
    draws.clear();
    draws.clear_r = draws.clear_g = draws.clear_b = 0;
    draw_walls(draws, maze, (game.timer / 15) % 2 == 0 ? wall_blue : white);
}

// Energizers blink.
void pacman::DrawDots::run(const Tile& tile, bool has_energizer, Draws& draws, const Game& game) {
    const int left = tile.x * rules::tile_size;
    const int top = tile.y * rules::tile_size;
    if (!has_energizer) {
        maze_rect(draws, left + 3, top + 3, 2, 2, dot_peach);
    } else if ((game.step / 10) % 2 == 0) {
        maze_rect(draws, left + 1, top, 6, 8, dot_peach);
        maze_rect(draws, left, top + 1, 8, 6, dot_peach);
    }
}

// His mouth opens and shuts as he moves, and stays as it is when he stops.
void pacman::DrawPac::run(const Position& position, const Motion& motion, const Pac& pac, Draws& draws) {
    disc(draws, position.x, position.y, 6, yellow);
    const int phase = pac.stopped ? 1 : ((position.x + position.y) / 2) % 4;
    mouth(draws, position.x, position.y, motion.dir, phase == 0 ? 0.0f : phase == 2 ? 6.0f : 4.0f);
}

// Caught, he opens wide and shrinks away.
void pacman::DrawDyingPac::run(const Position& position, Draws& draws, const Game& game) {
    const int radius = 6 * game.timer / rules::dying_steps;
    disc(draws, position.x, position.y, radius, yellow);
    mouth(draws, position.x, position.y - 2, rules::up, static_cast<float>(7 - radius));
}

void pacman::DrawGhosts::run(const Position& position, const Paint& paint, Draws& draws) {
    ghost_body(draws, position.x, position.y, {paint.r, paint.g, paint.b});
}

// Frightened ghosts are blue, and flash white as the fright ends.
void pacman::DrawScaredGhosts::run(const Position& position, Draws& draws, const Fright& fright, const Game& game) {
    const bool flash = fright.steps < rules::flash_steps && (game.step / 12) % 2 == 0;
    const colour body = flash ? white : scared_blue;
    const colour face = flash ? red : dot_peach;
    ghost_body(draws, position.x, position.y, body);
    maze_rect(draws, position.x - 4, position.y - 3, 2, 2, face);
    maze_rect(draws, position.x + 2, position.y - 3, 2, 2, face);
    for (int i = 0; i < 5; ++i) {
        maze_rect(draws, position.x - 5 + 2 * i, position.y + 2 + (i % 2), 2, 1, face);
    }
}

// Eyes look where the ghost heads; eaten ghosts are eyes alone.
void pacman::DrawEyes::run(const Position& position, const Motion& motion, Draws& draws) {
    const int look_x = rules::dx[motion.dir];
    const int look_y = rules::dy[motion.dir];
    for (const int side : {-5, 1}) {
        const int left = position.x + side + look_x;
        const int top = position.y - 4 + look_y;
        maze_rect(draws, left, top, 4, 5, white);
        maze_rect(draws, left + 1 + look_x, top + 2 + look_y, 2, 2, scared_blue);
    }
}

// A ghost eaten: its points where it was, in cyan, while play stands still.
void pacman::DrawPoints::run(Draws& draws, const Freeze& freeze) {
    const std::string points = std::to_string(freeze.points);
    const int width = 8 * static_cast<int>(points.size()) - 2;
    text(draws, points, freeze.x - width / 2, freeze.y + rules::maze_top - 5, {0, 255, 255});
}

// The score above the maze, lives and level below it.
void pacman::DrawHud::run(Draws& draws, const Game& game) {
    text(draws, "1UP", 24, 1, white);
    text_right(draws, std::to_string(game.score), 72, 12, white);
    text(draws, "HIGH SCORE", 72, 1, white);
    text_right(draws, std::to_string(game.high_score), 152, 12, white);
    for (int life = 1; life < game.lives; ++life) {
        const int x = 8 + 16 * life;
        disc(draws, x, 32 * 8, 6, yellow);
        mouth(draws, x, 32 * 8, rules::left, 4.0f);
    }
    // (Not "L" + std::to_string(...): GCC 12 at -O3 warns of that concatenation, -Wrestrict, wrongly.)
    const std::string level = std::to_string(game.level);
    const int bottom = 31 * 8 + rules::maze_top + 4;
    text_right(draws, level, 216, bottom, white);
    text_right(draws, "L", 216 - 8 * static_cast<int>(level.size()), bottom, white);
}

void pacman::DrawReady::run(Draws& draws) {
    text(draws, "READY!", 88, rules::maze_top + 17 * 8 + 2, yellow);
}

void pacman::DrawGameOver::run(Draws& draws) {
    text(draws, "GAME  OVER", 72, rules::maze_top + 17 * 8 + 2, red);
}
