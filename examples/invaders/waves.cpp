// The game's phases (the state Phase): a new game on entering the title, the
// waves, a lost cannon, pausing. What is spawned comes from the schema's
// prefabs through the systems' commands, which the world applies when the
// stage (or the transition's systems) ends; a wave's aliens come from a
// scene, wave.toml, which a call the commands record loads then
// (load_wave, in wave_file.cpp: this file's bodies compile no scene reader,
// so that editing one compiles in seconds). It includes the headers of the
// systems it defines and of the prefabs they spawn, not world.hpp (a spawn
// without the world is recorded as data), so that an edit of another system,
// archetype or prefab compiles it again no more.
#include <invaders/systems/NewGame.hpp>
#include <invaders/systems/Start.hpp>
#include <invaders/systems/Restart.hpp>
#include <invaders/systems/Pause.hpp>
#include <invaders/systems/Resume.hpp>
#include <invaders/systems/NextWave.hpp>
#include <invaders/systems/AwaitWave.hpp>
#include <invaders/systems/LoseLife.hpp>
#include <invaders/systems/Respawn.hpp>
#include <invaders/systems/ClearWave.hpp>

#include <invaders/prefabs/Armada.hpp>
#include <invaders/prefabs/LaserBase.hpp>
#include <invaders/prefabs/ShieldPiece.hpp>

#include <cstddef>
#include <cstdint>

#include "reload.hpp"
#include "rules.hpp"

using namespace invaders;

namespace {

using commands_type = kiln::system_commands<World>;

// A shield's bricks: an arch of 8 x 6 bricks without its top corners and
// with a notch below, as in the arcade game.
constexpr const char* shield_shape[rules::shield_rows] = {
    ".######.",
    "########",
    "########",
    "########",
    "###..###",
    "##....##",
};

// The four shields, brick by brick, each brick's handle kept in its cell of
// the Shields grid (a cell without a brick holds the null entity).
void build_shields(const commands_type& commands, Shields& shields) {
    constexpr float half = rules::brick / 2;
    shields = Shields{};
    for (int shield = 0; shield < rules::shields; ++shield) {
        const float left = rules::shield_left + rules::shield_pitch * static_cast<float>(shield);
        for (int row = 0; row < rules::shield_rows; ++row) {
            for (int column = 0; column < rules::shield_columns; ++column) {
                if (shield_shape[row][column] != '#') {
                    continue;
                }
                const Position at{left + rules::brick * static_cast<float>(column) + half,
                                  rules::shield_y + rules::brick * static_cast<float>(row) + half};
                shields.bricks[static_cast<std::size_t>((shield * rules::shield_rows + row) * rules::shield_columns +
                                                        column)] = commands.spawn<ShieldPiece>(at).root();
            }
        }
    }
}

// A wave's formation at its start (its Local, where the formation's top left
// is), and its Formation, with the survey a full one would give, so that
// the first March knows its edges.
Local formation_place(std::uint16_t wave) { return {rules::formation_x, rules::wave_top(wave)}; }

Formation formation_start(std::uint16_t wave) {
    const Local at = formation_place(wave);
    Formation formation;
    formation.fire_wait = rules::bomb_wait(wave);
    formation.alive = rules::aliens_per_wave;
    formation.left = at.x + rules::cell / 2 - rules::alien_half_width;
    formation.right = at.x + rules::cell * (rules::columns - 0.5f) + rules::alien_half_width;
    formation.bottom = at.y + rules::cell * (rules::rows - 0.5f) + rules::alien_half_height;
    formation.lowest_row.fill(rules::rows - 1);
    formation.wait = rules::march_wait(formation.alive);
    return formation;
}

} // namespace

// Entering the title: a new game, everything but the high score and the
// step count new. Leaving game_over destroyed the last game's entities
// (destroy_on_exit); the world's start has none.
void invaders::NewGame::run(kiln::system_commands<World>& commands, Game& game, Shields& shields) {
    game = Game{.high_score = game.high_score, .step = game.step};
    commands.spawn<LaserBase>();
    build_shields(commands, shields);
    const Local at = formation_place(game.wave);
    const auto formation = commands.spawn<Armada>(at, Position{at.x, at.y}, formation_start(game.wave));
    commands.call<&load_wave>(kiln::entity{formation.root()}, at);
}

void invaders::Start::run(kiln::state<Phase>& phase) { phase.request(Phase::playing); }

void invaders::Restart::run(kiln::state<Phase>& phase) { phase.request(Phase::title); }

void invaders::Pause::run(kiln::state<Phase>& phase) { phase.request(Phase::paused); }

void invaders::Resume::run(kiln::state<Phase>& phase) { phase.request(Phase::playing); }

// Entering between_waves (the last alien fell): the formation starts over
// a row lower (to a limit) with a new wave of children, wave.toml's, which
// load_wave loads when the commands apply.
void invaders::NextWave::run(kiln::system_commands<World>& commands, kiln::entity entity, Local& local,
                             Formation& formation, Game& game) {
    ++game.wave;
    game.timer = rules::wave_pause_steps;
    local = formation_place(game.wave);
    formation = formation_start(game.wave);
    commands.call<&load_wave>(entity, local);
}

void invaders::AwaitWave::run(Game& game, kiln::state<Phase>& phase) {
    if (--game.timer == 0) {
        phase.request(Phase::playing);
    }
}

// A bomb hit the cannon (HitCannon's event): a life less, and the cannon out
// of play for a while, or the game over.
void invaders::LoseLife::run(Game& game, kiln::state<Phase>& phase, kiln::event_reader<CannonHit> cannon_hit_events) {
    if (cannon_hit_events.empty()) {
        return;
    }
    --game.lives;
    game.timer = rules::respawn_steps;
    phase.request(game.lives == 0 ? Phase::game_over : Phase::cannon_lost);
}

// The timer counts the steps since the hit down from respawn_steps; the
// request made at 1 is applied as this step ends, so that the cannon is back
// on the respawn_steps-th step after the hit.
void invaders::Respawn::run(Game& game, kiln::state<Phase>& phase) {
    if (--game.timer == 1) {
        phase.request(Phase::playing);
    }
}

void invaders::ClearWave::run(kiln::state<Phase>& phase) { phase.request(Phase::between_waves); }

