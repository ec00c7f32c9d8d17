// Moving, marching and firing: the systems of a step that do not decide
// what hits what (hits.cpp) or start anything (waves.cpp).
#include <invaders/world.hpp>

#include <algorithm>

#include "rules.hpp"

namespace {

// xorshift64: small, and the same numbers on every machine.
std::uint64_t roll(std::uint64_t& dice) {
    dice ^= dice << 13;
    dice ^= dice >> 7;
    dice ^= dice << 17;
    return dice;
}

} // namespace

void invaders::Tick::run(Game& game) {
    ++game.step;
    if (game.respawn > 0) {
        --game.respawn;
    }
}

void invaders::Steer::run(Position& position, const Input& input, const Game& game) {
    if (game.over || game.respawn > 0) {
        return;
    }
    const float direction = static_cast<float>(input.right) - static_cast<float>(input.left);
    position.x = std::clamp(position.x + direction * rules::cannon_speed, 16.0f, rules::screen_width - 16.0f);
}

void invaders::Fly::run(Position& position, const Velocity& velocity) { position.y += velocity.y; }

// The formation moves as one: every few steps (fewer as it thins) a step
// sideways, or at an edge a drop and a turn. The edges are those the last
// survey found, which Survey refills after this system empties it.
void invaders::March::run(Formation& formation, const Game& game) {
    formation.firing_column = 255;
    if (!game.over) {
        if (formation.wait > 0) {
            --formation.wait;
        } else {
            const bool at_edge = formation.direction > 0 ? formation.right + rules::march_step > rules::right_edge
                                                         : formation.left - rules::march_step < rules::left_edge;
            if (at_edge) {
                formation.y += rules::march_drop;
                formation.direction = static_cast<std::int8_t>(-formation.direction);
            } else {
                formation.x += rules::march_step * formation.direction;
            }
            formation.pose ^= 1;
            formation.wait = rules::march_wait(formation.alive);
        }
        if (formation.fire_wait > 0) {
            --formation.fire_wait;
        } else {
            const auto column = static_cast<std::uint8_t>(roll(formation.dice) % rules::columns);
            if (formation.lowest_row[column] != 255) {
                formation.firing_column = column;
                formation.fire_wait = rules::bomb_wait(game.wave);
            }
        }
    }
    formation.alive = 0;
    formation.left = rules::screen_width;
    formation.right = 0;
    formation.bottom = 0;
    formation.lowest_row.fill(255);
}

void invaders::Place::run(Position& position, const Alien& alien, const Formation& formation) {
    position.x = formation.x + rules::cell * static_cast<float>(alien.column) + rules::cell / 2;
    position.y = formation.y + rules::cell * static_cast<float>(alien.row) + rules::cell / 2;
}

void invaders::Survey::run(const Alien& alien, const Position& position, Formation& formation) {
    ++formation.alive;
    formation.left = std::min(formation.left, position.x - rules::alien_half_width);
    formation.right = std::max(formation.right, position.x + rules::alien_half_width);
    formation.bottom = std::max(formation.bottom, position.y + rules::alien_half_height);
    std::uint8_t& lowest = formation.lowest_row[alien.column];
    if (lowest == 255 || alien.row > lowest) {
        lowest = alien.row;
    }
}

// One bullet at a time, as in the arcade game: the next only once the last
// has hit something or left the screen.
void invaders::Fire::run(kiln::system_commands<World>& commands, kiln::entity, const Position& position,
                         const Input& input, const Game& game, const Shots& shots) {
    if (input.fire && !shots.bullet && !game.over && game.respawn == 0) {
        commands.create<Shot>(Position{position.x, position.y - 6}, Velocity{rules::bullet_speed}, Box{0.5f, 3});
    }
}

// The lowest alien of the column March picked drops a bomb.
void invaders::AlienFire::run(kiln::system_commands<World>& commands, kiln::entity, const Alien& alien,
                              const Position& position, const Formation& formation, const Shots& shots,
                              const Game& game) {
    if (!game.over && alien.column == formation.firing_column && alien.row == formation.lowest_row[alien.column] &&
        shots.bombs < rules::max_bombs) {
        commands.create<Dropping>(Position{position.x, position.y + 6}, Velocity{rules::bomb_speed}, Box{1, 3});
    }
}
