// The game's phases (the state Phase) and its clocks: what happens on
// entering and leaving each phase, the pauses that only count down, and
// the scatter/chase and fright clocks of play. Entering `ready` also loads
// the level (level.cpp).
#include <pacman/systems/Celebrate.hpp>
#include <pacman/systems/ClearLevel.hpp>
#include <pacman/systems/ClearMaze.hpp>
#include <pacman/systems/Die.hpp>
#include <pacman/systems/FrightClock.hpp>
#include <pacman/systems/GetReady.hpp>
#include <pacman/systems/HouseClock.hpp>
#include <pacman/systems/LoseLife.hpp>
#include <pacman/systems/NewRound.hpp>
#include <pacman/systems/NextLevel.hpp>
#include <pacman/systems/Restart.hpp>
#include <pacman/systems/StartFright.hpp>
#include <pacman/systems/Thaw.hpp>
#include <pacman/systems/Tick.hpp>
#include <pacman/systems/TurnAbout.hpp>
#include <pacman/systems/WaveClock.hpp>

#include <algorithm>
#include <cstdint>

#include "rules.hpp"

using namespace pacman;

void pacman::NewRound::run(Game& game, Waves& waves, Fright& fright, Freeze& freeze, House& house,
                           kiln::state<Wave>& wave) {
    game.timer = rules::ready_steps;
    waves = {};
    fright = {};
    freeze = {};
    house = House{.after_death = house.after_death};
    wave.request(Wave::scatter);
}

void pacman::LoseLife::run(Game& game, House& house) {
    game.lives = static_cast<std::uint8_t>(game.lives - 1);
    game.timer = rules::dying_steps;
    house.after_death = true;
}

void pacman::ClearMaze::run(Game& game) { game.timer = rules::cleared_steps; }

void pacman::NextLevel::run(Game& game, House& house) {
    game.level = static_cast<std::uint16_t>(game.level + 1);
    house.after_death = false;
}

void pacman::TurnAbout::run(Motion& motion) { motion.dir = rules::reverse(motion.dir); }

namespace {

// Counts game.timer down; true when it ran out this step.
bool count_down(Game& game) {
    if (game.timer > 0) {
        --game.timer;
    }
    return game.timer == 0;
}

} // namespace

void pacman::GetReady::run(Game& game, kiln::state<Phase>& phase) {
    if (count_down(game)) {
        phase.request(Phase::playing);
    }
}

void pacman::Die::run(Game& game, kiln::state<Phase>& phase) {
    if (count_down(game)) {
        phase.request(game.lives > 0 ? Phase::ready : Phase::over);
    }
}

void pacman::Celebrate::run(Game& game, kiln::state<Phase>& phase) {
    if (count_down(game)) {
        phase.request(Phase::ready);
    }
}

// Leaving `over` destroys the dots left, so that entering `ready` lays a new maze.
void pacman::Restart::run(Game& game, House& house, kiln::state<Phase>& phase) {
    game = Game{.high_score = game.high_score, .step = game.step};
    house.after_death = false;
    phase.request(Phase::ready);
}

void pacman::Tick::run(Game& game) { ++game.step; }

void pacman::WaveClock::run(Waves& waves, kiln::state<Wave>& wave, const Game& game) {
    if (waves.index >= rules::waves) {
        return; // chasing for good
    }
    if (++waves.steps >= static_cast<std::uint32_t>(rules::wave_steps(game.level, waves.index))) {
        waves.steps = 0;
        ++waves.index;
        wave.request(waves.index % 2 == 1 ? Wave::chase : Wave::scatter);
    }
}

void pacman::FrightClock::run(Fright& fright, kiln::event_writer<FrightOver>& emit_fright_over) {
    if (--fright.steps == 0) {
        emit_fright_over(FrightOver{});
    }
}

void pacman::StartFright::run(Fright& fright, const Game& game,
                              kiln::event_reader<EnergizerEaten> energizer_eaten_events) {
    if (!energizer_eaten_events.empty()) {
        fright.steps = static_cast<std::uint16_t>(rules::fright_steps(game.level));
        fright.eaten = 0;
    }
}

void pacman::HouseClock::run(House& house) {
    house.idle = static_cast<std::uint16_t>(std::min(house.idle + 1, 60000));
}

void pacman::Thaw::run(Freeze& freeze) { --freeze.steps; }

void pacman::ClearLevel::run(kiln::state<Phase>& phase) { phase.request(Phase::cleared); }
