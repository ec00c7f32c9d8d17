// The game's phases (the state Phase): a new game on entering the title, the
// waves, a lost cannon, pausing. What is spawned comes from the schema's
// prefabs through the systems' commands, which the world applies when the
// stage (or the transition's systems) ends; a wave's aliens come from a
// scene, wave.toml, which a call the commands record loads then. In a
// development build, the wave last loaded is kept for reload_wave (F6).
#include <invaders/reflection.hpp> // the world, and what a scene's load reads its components by

#include <kiln/scene.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "reload.hpp"
#include "rules.hpp"

namespace invaders {
// wave.toml's text, which CMake writes into wave_scene.cpp (CMakeLists.txt).
extern const std::string_view wave_scene;
} // namespace invaders

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

#if KILN_RELOAD_PREFABS
// The wave last loaded, which reload_wave (F6) brings to the edited file:
// the scene as loaded (what the file said then) and the formation its
// aliens are children of. One for the program, which plays one world.
struct loaded_wave {
    kiln::loaded_scene<invaders::schema> scene;
    kiln::entity formation;
};

loaded_wave& last_wave() {
    static loaded_wave wave;
    return wave;
}
#endif

void keep_wave([[maybe_unused]] kiln::loaded_scene<invaders::schema>&& wave, [[maybe_unused]] kiln::entity formation) {
#if KILN_RELOAD_PREFABS
    last_wave() = loaded_wave{std::move(wave), formation};
#endif
}

// The call NewGame and NextWave record (kiln::system_commands::call): when
// their commands apply, the wave's scene is loaded into the world, its
// aliens spawned from their prefabs (Squid, Crab, Octopus) with the scene's
// values, and each is made a child of the formation, whose Local is at. Its
// Position is written too: the propagation computes it in the next step,
// and the frame drawn before would show the alien at the screen's corner.
void load_wave(World& world, kiln::entity formation, Local at) {
    kiln::loaded_scene<invaders::schema> wave;
    if (const kiln::scene_error error = kiln::load_scene_text(world, wave_scene, "wave.toml", wave)) {
        // The build checked the file against the schema (kilnc scene), as this load does.
        std::fprintf(stderr, "invaders: the wave did not load:\n%s", error.text().c_str());
        std::abort();
    }
    auto tree = world.hierarchy();
    for (const auto& named : wave.entities()) {
        const kiln::entity alien = named.second;
        static_cast<void>(tree.set_parent(alien, formation));
        world.get<Position>(alien) = place(Position{at.x, at.y}, world.get<Local>(alien));
    }
    keep_wave(std::move(wave), formation);
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

// F6 in a development build (reload.hpp, main.cpp).
invaders::wave_reload invaders::reload_wave([[maybe_unused]] World& world, const std::string& path) {
    wave_reload result;
#if KILN_RELOAD_PREFABS
    loaded_wave& wave = last_wave();
    if (wave.scene.file().empty()) {
        result.error = path + ": no wave has been loaded yet\n";
        return result;
    }
    std::ifstream file{path, std::ios::binary};
    if (!file) {
        result.error = path + ": cannot open the file\n";
        return result;
    }
    const std::string text{std::istreambuf_iterator<char>{file}, std::istreambuf_iterator<char>{}};
    // Each alien alive before, and its Local: what the reload kept, moved or destroyed.
    std::vector<std::pair<kiln::entity, Local>> before;
    for (const auto& named : wave.scene.entities()) {
        if (world.alive(named.second)) {
            before.emplace_back(named.second, world.get<Local>(named.second));
        }
    }
    if (kiln::scene_error error = kiln::reload_scene_text(world, text, wave.scene)) {
        error.file = path; // the scene was loaded from the text compiled in, as "wave.toml"
        result.error = error.text();
        return result;
    }
    auto tree = world.hierarchy();
    for (const auto& named : wave.scene.entities()) {
        const kiln::entity alien = named.second;
        if (!world.alive(alien)) {
            continue; // shot down before the reload, and kept so
        }
        const auto old = std::find_if(before.begin(), before.end(),
                                      [alien](const auto& one) { return one.first == alien; });
        if (old != before.end()) {
            ++result.kept;
            const Local now = world.get<Local>(alien);
            result.moved += now.x != old->second.x || now.y != old->second.y ? 1 : 0;
        } else {
            ++result.spawned;
            if (world.alive(wave.formation)) {
                // Into the formation, and placed for the frame drawn before the propagation runs.
                static_cast<void>(tree.set_parent(alien, wave.formation));
                const Local at = world.get<Local>(wave.formation);
                world.get<Position>(alien) = place(Position{at.x, at.y}, world.get<Local>(alien));
            }
        }
    }
    for (const auto& one : before) {
        result.destroyed += world.alive(one.first) ? 0 : 1;
    }
#else
    result.error = path + ": this is a release build, which reloads nothing (NDEBUG: kiln/config.hpp's "
                          "KILN_RELOAD_PREFABS is 0); a debug build reloads the wave and the prefabs\n";
#endif
    return result;
}

std::string invaders::reload_prefabs(World& world, const std::string& path) {
    return kiln::reload_prefabs(world, path).text();
}
