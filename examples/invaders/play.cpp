// Moving, marching and firing: the systems of a step that do not decide
// what hits what (hits.cpp) or change the game's phase (waves.cpp). Each
// writes an entity's Local; the propagation `placement` then computes every
// Position, an alien's from its formation's.
// It includes the headers of the systems it defines and of the prefabs they
// spawn, not world.hpp (a spawn without the world is recorded as data), so
// that an edit of another system, archetype or prefab compiles it again no
// more (docs/compile_time.md, "The edit loop").
#include <invaders/systems/Tick.hpp>
#include <invaders/systems/Steer.hpp>
#include <invaders/systems/Fly.hpp>
#include <invaders/systems/March.hpp>
#include <invaders/systems/Survey.hpp>
#include <invaders/systems/CountBombs.hpp>
#include <invaders/systems/Fire.hpp>
#include <invaders/systems/AlienFire.hpp>

#include <invaders/prefabs/AlienBomb.hpp>
#include <invaders/prefabs/CannonShot.hpp>

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

void invaders::Tick::run(Game& game) { ++game.step; }

void invaders::Steer::run(Local& local, const Input& input) {
    const float direction = static_cast<float>(input.right) - static_cast<float>(input.left);
    local.x = std::clamp(local.x + direction * rules::cannon_speed, 16.0f, rules::screen_width - 16.0f);
}

void invaders::Fly::run(Local& local, const Velocity& velocity) { local.y += velocity.y; }

// The formation moves as one: every few steps (fewer as it thins) a step
// sideways, or at an edge a drop and a turn. Its aliens, its children,
// follow it. The edges are those the last survey found, which Survey
// refills after this system empties it.
void invaders::March::run(Local& local, Formation& formation, Dice& dice, const Game& game) {
    formation.firing_column = 255;
    if (formation.wait > 0) {
        --formation.wait;
    } else {
        const bool at_edge = formation.direction > 0 ? formation.right + rules::march_step > rules::right_edge
                                                     : formation.left - rules::march_step < rules::left_edge;
        if (at_edge) {
            local.y += rules::march_drop;
            formation.direction = static_cast<std::int8_t>(-formation.direction);
        } else {
            local.x += rules::march_step * formation.direction;
        }
        formation.pose ^= 1;
        formation.wait = rules::march_wait(formation.alive);
    }
    if (formation.fire_wait > 0) {
        --formation.fire_wait;
    } else {
        const auto column = static_cast<std::uint8_t>(roll(dice.state) % rules::columns);
        if (formation.lowest_row[column] != 255) {
            formation.firing_column = column;
            formation.fire_wait = rules::bomb_wait(game.wave);
        }
    }
    formation.alive = 0;
    formation.left = rules::screen_width;
    formation.right = 0;
    formation.bottom = 0;
    formation.lowest_row.fill(255);
    formation.bombs = 0;
}

// Each alien reports to its formation, the one entity with a Formation.
void invaders::Survey::run(const Alien& alien, const Position& position,
                           const kiln::single<formation_lookup>& formation) {
    Formation& survey = formation.get();
    ++survey.alive;
    survey.left = std::min(survey.left, position.x - rules::alien_half_width);
    survey.right = std::max(survey.right, position.x + rules::alien_half_width);
    survey.bottom = std::max(survey.bottom, position.y + rules::alien_half_height);
    std::uint8_t& lowest = survey.lowest_row[alien.column];
    if (lowest == 255 || alien.row > lowest) {
        lowest = alien.row;
    }
}

void invaders::CountBombs::run(const kiln::single<formation_lookup>& formation) { ++formation.get().bombs; }

// Fire runs only while fire is held and no bullet is in flight (its
// run_if), so that there is one bullet at a time, as in the arcade game.
// A spawned entity's Position is computed by the next step's propagation,
// so a spawn gives it too, for the frame drawn before.
void invaders::Fire::run(kiln::system_commands<World>& commands, kiln::entity, const Position& position) {
    const float x = position.x;
    const float y = position.y - 6;
    commands.spawn<CannonShot>(Local{x, y}, Position{x, y});
}

// The lowest alien of the column March picked drops a bomb, while fewer
// than max_bombs are falling.
void invaders::AlienFire::run(kiln::system_commands<World>& commands, kiln::entity, const Alien& alien,
                              const Position& position, const kiln::single<formation_lookup>& formation) {
    const Formation& survey = formation.get();
    if (alien.column == survey.firing_column && alien.row == survey.lowest_row[alien.column] &&
        survey.bombs < rules::max_bombs) {
        const float x = position.x;
        const float y = position.y + 6;
        commands.spawn<AlienBomb>(Local{x, y}, Position{x, y});
    }
}
