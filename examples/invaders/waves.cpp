// Starting things: a new game, the next wave, and a restart after the game
// is over. Entities are created through the systems' commands, which the
// world applies when the stage ends.
#include <invaders/world.hpp>

#include "rules.hpp"

namespace {

using commands_type = kiln::system_commands<invaders::World>;

// A shield's bricks: an arch of 8 x 6 bricks without its top corners and
// with a notch below, as in the arcade game.
constexpr const char* shield_shape[] = {
    ".######.",
    "########",
    "########",
    "########",
    "###..###",
    "##....##",
};

void spawn_aliens(const commands_type& commands, const invaders::Formation& formation) {
    for (int row = 0; row < invaders::rules::rows; ++row) {
        for (int column = 0; column < invaders::rules::columns; ++column) {
            const auto kind = static_cast<std::uint8_t>(row == 0 ? 0 : row < 3 ? 1 : 2);
            commands.create<invaders::Invader>(
                invaders::Position{formation.x + invaders::rules::cell * (static_cast<float>(column) + 0.5f),
                                   formation.y + invaders::rules::cell * (static_cast<float>(row) + 0.5f)},
                invaders::Box{invaders::rules::alien_half_width, invaders::rules::alien_half_height},
                invaders::Alien{static_cast<std::uint8_t>(column), static_cast<std::uint8_t>(row), kind});
        }
    }
}

void spawn_shields(const commands_type& commands) {
    constexpr float half = invaders::rules::brick / 2;
    for (int shield = 0; shield < 4; ++shield) {
        const float left = 32 + 48 * static_cast<float>(shield);
        for (int row = 0; row < 6; ++row) {
            for (int column = 0; column < 8; ++column) {
                if (shield_shape[row][column] == '#') {
                    commands.create<invaders::ShieldBrick>(
                        invaders::Position{left + invaders::rules::brick * static_cast<float>(column) + half,
                                           invaders::rules::shield_y + invaders::rules::brick * static_cast<float>(row) + half},
                        invaders::Box{half, half}, invaders::Brick{});
                }
            }
        }
    }
}

void spawn_cannon(const commands_type& commands) {
    commands.create<invaders::Player>(invaders::Position{invaders::rules::screen_width / 2, invaders::rules::cannon_y},
                                      invaders::Box{invaders::rules::cannon_half_width, invaders::rules::cannon_half_height});
}

// The formation of wave's start, with the survey a full one would give, so
// that the first March knows its edges. The dice roll on.
void reset_formation(invaders::Formation& formation, std::uint16_t wave) {
    const std::uint64_t dice = formation.dice;
    formation = invaders::Formation{};
    formation.dice = dice;
    formation.y = invaders::rules::wave_top(wave);
    formation.fire_wait = invaders::rules::bomb_wait(wave);
    formation.alive = invaders::rules::aliens_per_wave;
    formation.left = formation.x + invaders::rules::cell / 2 - invaders::rules::alien_half_width;
    formation.right = formation.x + invaders::rules::cell * (invaders::rules::columns - 0.5f) + invaders::rules::alien_half_width;
    formation.bottom = formation.y + invaders::rules::cell * (invaders::rules::rows - 0.5f) + invaders::rules::alien_half_height;
    formation.lowest_row.fill(invaders::rules::rows - 1);
    formation.wait = invaders::rules::march_wait(formation.alive);
}

// A new game: everything but the high score and the step count starts over.
void new_game(const commands_type& commands, invaders::Game& game, invaders::Formation& formation) {
    invaders::Game fresh;
    fresh.high_score = game.high_score;
    fresh.step = game.step;
    game = fresh;
    reset_formation(formation, game.wave);
    spawn_cannon(commands);
    spawn_shields(commands);
    spawn_aliens(commands, formation);
}

} // namespace

void invaders::NewGame::run(kiln::system_commands<World>& commands, Game& game, Formation& formation) {
    new_game(commands, game, formation);
}

void invaders::NextWave::run(kiln::system_commands<World>& commands, Game& game, Formation& formation) {
    if (!game.over && formation.alive == 0) {
        ++game.wave;
        reset_formation(formation, game.wave);
        spawn_aliens(commands, formation);
    }
}

void invaders::Clear::run(kiln::system_commands<World>& commands, kiln::entity entity, const Game& game,
                          const Input& input) {
    if (game.over && input.restart) {
        commands.destroy(entity);
    }
}

void invaders::Restart::run(kiln::system_commands<World>& commands, Game& game, Formation& formation,
                            const Input& input) {
    if (game.over && input.restart) {
        new_game(commands, game, formation);
    }
}
