// Pac-Man: steering with buffered input, moving through the maze, eating.
// It includes the headers of the systems it defines, not world.hpp (its commands (destroy) need no world),
// so that an edit of another system or archetype compiles it again no more
// (docs/compile_time.md, "The edit loop").
#include <pacman/systems/MovePac.hpp>
#include <pacman/systems/Eat.hpp>

#include <algorithm>

#include "rules.hpp"

using namespace pacman;

// The last direction asked for is kept (Pac::wanted) and taken at the
// first tile centre where it is open; turning about needs no centre.
// Against a wall he stops, facing it.
void pacman::MovePac::run(Position& position, Motion& motion, Pac& pac, const Input& input, const Maze& maze,
                          const Game& game, const Fright& fright) {
    if (input.up) {
        pac.wanted = rules::up;
    } else if (input.left) {
        pac.wanted = rules::left;
    } else if (input.down) {
        pac.wanted = rules::down;
    } else if (input.right) {
        pac.wanted = rules::right;
    }
    if (pac.stall > 0) {
        --pac.stall;
        return;
    }
    const rules::speeds speed = rules::speeds_of(game.level);
    int pixels = rules::pixels_this_step(motion.carry, fright.steps > 0 ? speed.pac_frightened : speed.pac);
    for (; pixels > 0; --pixels) {
        int x = position.x;
        int y = position.y;
        if (rules::at_centre(x, y)) {
            const int tx = rules::tile_of(x);
            const int ty = rules::tile_of(y);
            if (passable(maze, tx + rules::dx[pac.wanted], ty + rules::dy[pac.wanted])) {
                motion.dir = pac.wanted;
            }
            if (!passable(maze, tx + rules::dx[motion.dir], ty + rules::dy[motion.dir])) {
                pac.stopped = true;
                motion.carry = 0;
                return;
            }
        } else if (pac.wanted == rules::reverse(motion.dir)) {
            motion.dir = pac.wanted;
        }
        pac.stopped = false;
        position.x = static_cast<std::int16_t>(rules::wrap_x(x + rules::dx[motion.dir]));
        position.y = static_cast<std::int16_t>(y + rules::dy[motion.dir]);
    }
}

// Each dot looks up Pac-Man (the one entity with Pac) and is eaten when he
// is on its tile; he stands still a step (three for an energizer), written
// through the lookup. An energizer says so with an event, which frightens
// the ghosts (ghosts.cpp) and starts the fright's clock (phases.cpp).
void pacman::Eat::run(kiln::system_commands<World>& commands, kiln::entity entity, const Tile& tile, const Dot& dot,
                      bool has_energizer, const kiln::single<pac_lookup>& pac, Game& game, House& house,
                      kiln::event_writer<EnergizerEaten>& emit_energizer_eaten) {
    const Position& at = pac.get<Position>();
    if (rules::tile_of(at.x) != tile.x || rules::tile_of(at.y) != tile.y) {
        return;
    }
    commands.destroy(entity);
    pac.get<Pac>().stall = has_energizer ? rules::energizer_stall : rules::dot_stall;
    rules::score(game, dot.points);
    ++house.dots;
    house.idle = 0;
    if (has_energizer) {
        emit_energizer_eaten(EnergizerEaten{});
    }
}
