// The game's phases (the state Phase) and its clocks: what happens on
// entering and leaving each phase, the pauses that only count down, and
// the scatter/chase and fright clocks of play.
#include <pacman/world.hpp>

#include <algorithm>
#include <array>
#include <cstdint>

#include "rules.hpp"

using namespace pacman;

// A new maze's dots, from the maze file's . and o.
void pacman::SpawnDots::run(kiln::system_commands<World>& commands, const Maze& maze) {
    for (int y = 0; y < maze::rows; ++y) {
        for (int x = 0; x < maze::columns; ++x) {
            const Tile tile{static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y)};
            const tile_kind kind = maze.at(x, y);
            if (kind == tile_kind::dot) {
                commands.create<Pellet>(tile, Dot{rules::dot_points});
            } else if (kind == tile_kind::energizer) {
                commands.create<PowerPellet>(tile, Dot{rules::energizer_points});
            }
        }
    }
}

// Pac-Man heads left from the Level's start (between two tiles); Blinky
// waits above the door, the others in the house, each with the Level's
// corner and colour. Inky is handed Blinky's handle, reserved by the
// command that creates him.
void pacman::SpawnActors::run(kiln::system_commands<World>& commands, const Level& level) {
    using rules::house_y;
    const auto ghost = [](const std::array<std::int16_t, 2>& corner, std::uint8_t order, int home_x) {
        return Ghost{corner[0], corner[1], order, static_cast<std::int16_t>(home_x)};
    };
    const auto paint = [](const std::array<std::uint8_t, 3>& rgb) { return Paint{rgb[0], rgb[1], rgb[2]}; };
    commands.create<PacMan>(Position{level.pac[0], level.pac[1]}, Motion{rules::left, 0}, Pac{rules::left, false});
    const kiln::entity blinky = commands.create<BlinkyOutCalm>(
        Position{rules::door_x, rules::above_door_y}, Motion{rules::left, 0}, ghost(level.blinky_corner, 0, rules::door_x),
        Target{}, paint(level.blinky_paint));
    commands.create<PinkyHomeCalm>(Position{rules::door_x, house_y}, Motion{rules::down, 0},
                                   ghost(level.pinky_corner, 1, rules::door_x), Target{}, paint(level.pinky_paint));
    commands.create<InkyHomeCalm>(Position{rules::door_x - 16, house_y}, Motion{rules::up, 0},
                                  ghost(level.inky_corner, 2, rules::door_x - 16), Target{}, paint(level.inky_paint),
                                  Partner{blinky});
    commands.create<ClydeHomeCalm>(Position{rules::door_x + 16, house_y}, Motion{rules::up, 0},
                                   ghost(level.clyde_corner, 3, rules::door_x + 16), Target{}, paint(level.clyde_paint));
}

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
