// The four ghosts: their minds (a target tile each, the arcade's rules),
// how each mode moves, the house, fright, and meeting Pac-Man.
// It includes the headers of the systems it defines, not world.hpp (its commands (replace) are recorded as data),
// so that an edit of another system or archetype compiles it again no more
// (docs/compile_time.md, "The edit loop").
#include <pacman/systems/CalmDown.hpp>
#include <pacman/systems/Frighten.hpp>
#include <pacman/systems/Release.hpp>
#include <pacman/systems/Bob.hpp>
#include <pacman/systems/LeaveHouse.hpp>
#include <pacman/systems/EnterHouse.hpp>
#include <pacman/systems/AimScatter.hpp>
#include <pacman/systems/AimBlinky.hpp>
#include <pacman/systems/AimPinky.hpp>
#include <pacman/systems/AimInky.hpp>
#include <pacman/systems/AimClyde.hpp>
#include <pacman/systems/AimEyes.hpp>
#include <pacman/systems/Chase.hpp>
#include <pacman/systems/Flee.hpp>
#include <pacman/systems/Capture.hpp>
#include <pacman/systems/Devour.hpp>

#include "rules.hpp"

using namespace pacman;

namespace {

struct tile_xy {
    int x;
    int y;
};

tile_xy tile_at(const Position& position) { return {rules::tile_of(position.x), rules::tile_of(position.y)}; }

// tiles tiles ahead of a mover at position heading dir.
tile_xy ahead(const Position& position, std::uint8_t dir, int tiles) {
    const tile_xy at = tile_at(position);
    return {at.x + rules::dx[dir] * tiles, at.y + rules::dy[dir] * tiles};
}

Target target(tile_xy tile) { return {static_cast<std::int16_t>(tile.x), static_cast<std::int16_t>(tile.y)}; }

int distance_squared(tile_xy a, tile_xy b) { return (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y); }

// At a tile's centre, the arcade's choice: of the directions that are open
// and do not turn about, the one whose next tile is nearest the target in a
// straight line; ties go up, left, down, right, in that order.
std::uint8_t steer(const Maze& maze, tile_xy at, std::uint8_t dir, const Target& goal, bool may_turn_up) {
    int best = -1;
    int best_distance = 0;
    for (std::uint8_t d = 0; d < 4; ++d) {
        const tile_xy next{at.x + rules::dx[d], at.y + rules::dy[d]};
        if (d == rules::reverse(dir) || !passable(maze, next.x, next.y) || (d == rules::up && !may_turn_up)) {
            continue;
        }
        const int distance = distance_squared(next, {goal.x, goal.y});
        if (best < 0 || distance < best_distance) {
            best = d;
            best_distance = distance;
        }
    }
    return best < 0 ? rules::reverse(dir) : static_cast<std::uint8_t>(best);
}

void step(Position& position, std::uint8_t dir) {
    position.x = static_cast<std::int16_t>(rules::wrap_x(position.x + rules::dx[dir]));
    position.y = static_cast<std::int16_t>(position.y + rules::dy[dir]);
}

// One pixel towards (x, y), horizontally first: the moves in and out of the house.
bool step_towards(Position& position, Motion& motion, int x, int y) {
    if (position.x != x) {
        motion.dir = position.x < x ? rules::right : rules::left;
    } else if (position.y != y) {
        motion.dir = position.y < y ? rules::down : rules::up;
    } else {
        return true;
    }
    step(position, motion.dir);
    return false;
}

int ghost_speed(const Game& game, const Position& position) {
    const rules::speeds speed = rules::speeds_of(game.level);
    const tile_xy at = tile_at(position);
    return rules::in_tunnel(at.x, at.y) ? speed.ghost_tunnel : speed.ghost;
}

} // namespace

// ---- Fright

void pacman::CalmDown::run(kiln::system_commands<World>& commands, kiln::entity entity,
                           kiln::event_reader<FrightOver> fright_over_events) {
    if (!fright_over_events.empty()) {
        commands.replace<Scared, Calm>(entity);
    }
}

// Every ghost but eyes turns blue, and those in the maze turn about. From
// level 19 on, frights last no time: they only turn about.
void pacman::Frighten::run(kiln::system_commands<World>& commands, kiln::entity entity, Motion& motion,
                           bool has_scared, bool has_out, const Game& game,
                           kiln::event_reader<EnergizerEaten> energizer_eaten_events) {
    if (energizer_eaten_events.empty()) {
        return;
    }
    if (has_out) {
        motion.dir = rules::reverse(motion.dir);
    }
    if (!has_scared && rules::fright_steps(game.level) > 0) {
        commands.replace<Calm, Scared>(entity);
    }
}

// ---- The house

void pacman::Release::run(kiln::system_commands<World>& commands, kiln::entity entity, const Ghost& ghost,
                          House& house, const Game& game) {
    if (ghost.order != house.next) {
        return;
    }
    if (house.dots >= rules::dot_limit(game.level, ghost.order, house.after_death) ||
        house.idle >= rules::idle_limit(game.level)) {
        commands.replace<Home, Leaving>(entity);
        ++house.next;
        house.idle = 0;
        if (!house.after_death) {
            house.dots = 0;
        }
    }
}

void pacman::Bob::run(Position& position, Motion& motion) {
    if (rules::pixels_this_step(motion.carry, rules::house_speed) == 0) {
        return;
    }
    if (position.y <= rules::house_top) {
        motion.dir = rules::down;
    } else if (position.y >= rules::house_bottom) {
        motion.dir = rules::up;
    }
    step(position, motion.dir == rules::up ? rules::up : rules::down);
}

void pacman::LeaveHouse::run(kiln::system_commands<World>& commands, kiln::entity entity, Position& position,
                             Motion& motion) {
    for (int pixels = rules::pixels_this_step(motion.carry, rules::house_speed); pixels > 0; --pixels) {
        if (step_towards(position, motion, rules::door_x, rules::above_door_y)) {
            motion.dir = rules::left;
            commands.replace<Leaving, Out>(entity);
            return;
        }
    }
}

void pacman::EnterHouse::run(kiln::system_commands<World>& commands, kiln::entity entity, Position& position,
                             Motion& motion) {
    for (int pixels = rules::pixels_this_step(motion.carry, rules::eyes_speed); pixels > 0; --pixels) {
        if (step_towards(position, motion, rules::door_x, rules::house_y)) {
            commands.replace<Entering, Leaving>(entity);
            return;
        }
    }
}

// ---- Minds: each ghost's target tile

void pacman::AimScatter::run(Target& target, const Ghost& ghost) { target = {ghost.corner_x, ghost.corner_y}; }

// Blinky: Pac-Man's tile.
void pacman::AimBlinky::run(Target& target, const kiln::single<pac_lookup>& pac) {
    target = ::target(tile_at(pac.get()));
}

// Pinky: four tiles ahead of Pac-Man (without the arcade's overflow, which
// also moved it four tiles left when he faced up).
void pacman::AimPinky::run(Target& target, const kiln::single<pac_lookup>& pac) {
    target = ::target(ahead(pac.get<Position>(), pac.get<Motion>().dir, 4));
}

// Inky: the tile two ahead of Pac-Man, and the line from Blinky to it,
// doubled: Blinky's tile is read through the lookup, by the handle that
// Inky's Partner holds.
void pacman::AimInky::run(Target& target, const Partner& partner, const kiln::single<pac_lookup>& pac,
                          const kiln::lookup<ghosts_lookup>& ghosts) {
    const tile_xy pivot = ahead(pac.get<Position>(), pac.get<Motion>().dir, 2);
    const Position* blinky = ghosts.get(partner.ghost);
    if (blinky == nullptr) {
        target = ::target(pivot);
        return;
    }
    const tile_xy from = tile_at(*blinky);
    target = ::target({2 * pivot.x - from.x, 2 * pivot.y - from.y});
}

// Clyde: Pac-Man's tile while more than 8 tiles from him, else his corner.
void pacman::AimClyde::run(Target& target, const Ghost& ghost, const Position& position,
                           const kiln::single<pac_lookup>& pac) {
    const tile_xy pac_tile = tile_at(pac.get());
    if (distance_squared(tile_at(position), pac_tile) > 8 * 8) {
        target = ::target(pac_tile);
    } else {
        target = {ghost.corner_x, ghost.corner_y};
    }
}

void pacman::AimEyes::run(Target& target) { target = {rules::eyes_target_x, rules::eyes_target_y}; }

// ---- Moving

// Calm ghosts in the maze, and eyes: at each tile's centre, steer to the
// target. Eyes that reach the tile above the door go in.
void pacman::Chase::run(kiln::system_commands<World>& commands, kiln::entity entity, Position& position,
                        Motion& motion, const Target& target, bool has_eaten, const Maze& maze, const Game& game) {
    int pixels = rules::pixels_this_step(motion.carry, has_eaten ? rules::eyes_speed : ghost_speed(game, position));
    for (; pixels > 0; --pixels) {
        if (rules::at_centre(position.x, position.y)) {
            const tile_xy at = tile_at(position);
            if (has_eaten && at.y == rules::eyes_target_y && (at.x == 13 || at.x == 14)) {
                commands.replace<Eaten, Entering>(entity);
                return;
            }
            motion.dir = steer(maze, at, motion.dir, target, has_eaten || !rules::no_up_turn(at.x, at.y));
        }
        step(position, motion.dir);
    }
}

// Frightened ghosts pick a direction at random at each centre; when it is
// closed, or turns about, the next in the order up, left, down, right.
void pacman::Flee::run(Position& position, Motion& motion, Dice& dice, const Maze& maze, const Game& game) {
    const int percent = rules::in_tunnel(rules::tile_of(position.x), rules::tile_of(position.y))
                            ? rules::speeds_of(game.level).ghost_tunnel
                            : rules::speeds_of(game.level).ghost_frightened;
    for (int pixels = rules::pixels_this_step(motion.carry, percent); pixels > 0; --pixels) {
        if (rules::at_centre(position.x, position.y)) {
            dice.state ^= dice.state << 13;
            dice.state ^= dice.state >> 7;
            dice.state ^= dice.state << 17;
            const tile_xy at = tile_at(position);
            const auto first = static_cast<std::uint8_t>(dice.state & 3);
            for (std::uint8_t i = 0; i < 4; ++i) {
                const auto d = static_cast<std::uint8_t>((first + i) & 3);
                if (d != rules::reverse(motion.dir) && passable(maze, at.x + rules::dx[d], at.y + rules::dy[d])) {
                    motion.dir = d;
                    break;
                }
            }
        }
        step(position, motion.dir);
    }
}

// ---- Meeting Pac-Man: on the same tile, after everyone moved.

void pacman::Capture::run(const Position& position, const kiln::single<pac_lookup>& pac, kiln::state<Phase>& phase) {
    const tile_xy at = tile_at(position);
    const tile_xy his = tile_at(pac.get());
    if (at.x == his.x && at.y == his.y) {
        phase.request(Phase::dying);
    }
}

void pacman::Devour::run(kiln::system_commands<World>& commands, kiln::entity entity, const Position& position,
                         const kiln::single<pac_lookup>& pac, Game& game, Fright& fright, Freeze& freeze) {
    const tile_xy at = tile_at(position);
    const tile_xy his = tile_at(pac.get());
    if (at.x != his.x || at.y != his.y) {
        return;
    }
    commands.replace<Out, Eaten>(entity);
    commands.replace<Scared, Calm>(entity);
    const std::uint32_t points = rules::first_ghost_points << std::min<int>(fright.eaten, 3);
    rules::score(game, points);
    ++fright.eaten;
    // This step is the pause's first: Thaw, which runs only while the pause lasts as the step starts, counts
    // from the next.
    freeze = {static_cast<std::uint16_t>(rules::ghost_eaten_steps - 1), position.x, position.y,
              static_cast<std::uint16_t>(points)};
}
