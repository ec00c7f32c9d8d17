// Invaders: the platform layer. Everything the game does is in its systems
// (invaders.toml and the files beside it); what lies outside the ECS (the
// keys from the keyboard or an input script, the frames drawn, shown and
// written, saves on F5 and F9) is the games' shared frame loop,
// screen::play (examples/screen/include/screen/play.hpp). This file says
// what is invaders' own: which keys it reads, what it prints, the live
// inspector, and, in a debug build, F6: the wave (wave.toml) and the
// prefabs (invaders.toml) read again from their files into the running game.
//
//   invaders                        play in a window: space starts and fires, arrows move, P pauses,
//                                   F5 saves, F9 restores, R restarts after the game is over,
//                                   F6 reloads the wave and the prefabs (debug builds)
//   invaders --wave FILE --schema FILE   F6 reads these files (default: the source tree's)
//   invaders --headless --frames N --input FILE --png DIR/frame-%04d.png [--every K]
//   invaders --inspect [PORT]       the same, with the live inspector at http://127.0.0.1:PORT/ (docs/inspector.md)
//   invaders --extra-aliens N ...   N more aliens in the first wave, for measuring (docs/games.md, "Speed")
//
// A run prints each change of the game's phase, and at the end the game's
// state and the time per frame split into the ECS's and the drawing's.
#include <invaders/reflection.hpp>

#include <cstdio>
#include <string>
#include <vector>

#include <example_arguments.hpp>
#include <inspected_world.hpp>
#include <screen/game.hpp>
#include <screen/keys.hpp>
#include <screen/play.hpp>

#include "reload.hpp"
#include "rules.hpp"

namespace {

// The inspector's port when --inspect is given without one.
constexpr std::int64_t default_inspect_port = 7341;

// The files F6 reads (--wave, --schema).
struct reload_files {
    std::string wave = INVADERS_WAVE_FILE;
    std::string schema = INVADERS_SCHEMA_FILE;
};

// Invaders' side of the frame loop (screen::play).
struct invaders_game {
    using phase = invaders::Phase;

    examples::inspected_world<invaders::World> inspected;
    bool headless = false;
    std::int64_t extra_aliens = 0;
    reload_files files;

    void keys(invaders::World& world, std::uint32_t held, std::uint32_t pressed, std::int64_t frame) {
        if (frame == 1 && extra_aliens > 0) {
            add_aliens(world, extra_aliens);
        }
        if ((pressed & screen::key_reload) != 0) {
            reload(world, frame);
        }
        auto& input = world.resource<invaders::Input>();
        input.left = (held & screen::key_left) != 0;
        input.right = (held & screen::key_right) != 0;
        input.fire = (held & screen::key_fire) != 0;
        input.restart = (held & screen::key_restart) != 0;
        input.pause = (pressed & screen::key_pause) != 0;
    }

    // --extra-aliens N: once the first step has loaded the first wave, N
    // more aliens, each a copy of one of the wave's in turn (its kind, its
    // place in the grid, its column and row) spawned from the prefab Octopus
    // and stacked on it, a child of the formation. They are aliens like the
    // others: they march, bomb, are shot, and slow the march (it speeds up
    // as the formation thins). Later waves are the scene's 55.
    static void add_aliens(invaders::World& world, std::int64_t count) {
        std::vector<kiln::entity> wave;
        world.each<const invaders::Alien>([&wave](kiln::entity e, const invaders::Alien&) { wave.push_back(e); });
        kiln::entity formation;
        world.each<const invaders::Formation>([&formation](kiln::entity e, const invaders::Formation&) { formation = e; });
        if (wave.empty() || formation == kiln::entity{}) {
            return;
        }
        auto tree = world.hierarchy();
        for (std::int64_t i = 0; i < count; ++i) {
            const kiln::entity model = wave[static_cast<std::size_t>(i) % wave.size()];
            const auto alien = world.spawn<invaders::Octopus>(world.get<invaders::Local>(model), world.get<invaders::Position>(model),
                                                              world.get<invaders::Box>(model), world.get<invaders::Alien>(model));
            static_cast<void>(tree.set_parent(kiln::entity{alien.root()}, formation));
        }
    }

    // F6: the prefabs, then the wave, read again from their files, between
    // two frames (no system runs). Each says what it did, or prints its
    // file's mistakes and changes nothing; the game goes on either way.
    void reload(invaders::World& world, std::int64_t frame) const {
        const auto at = static_cast<long long>(frame);
        if constexpr (!invaders::reloads) {
            std::fprintf(stderr, "invaders: frame %lld: F6 reloads the wave and the prefabs in a debug build; this "
                                 "release build (NDEBUG) compiled reloading out\n", at);
            return;
        }
        if (const std::string error = invaders::reload_prefabs(world, files.schema); !error.empty()) {
            std::fprintf(stderr, "invaders: frame %lld: the prefabs were not reloaded:\n%s", at, error.c_str());
        } else {
            std::printf("frame %lld: reloaded the prefabs of %s\n", at, files.schema.c_str());
        }
        const invaders::wave_reload wave = invaders::reload_wave(world, files.wave);
        if (!wave.error.empty()) {
            std::fprintf(stderr, "invaders: frame %lld: the wave was not reloaded:\n%s", at, wave.error.c_str());
        } else {
            std::printf("frame %lld: reloaded %s: %zu aliens kept (%zu moved), %zu spawned, %zu destroyed\n", at,
                        files.wave.c_str(), wave.kept, wave.moved, wave.spawned, wave.destroyed);
        }
    }

    template <class Executor>
    void progress(invaders::World& world, double seconds, const Executor& executor) {
        inspected.progress(world, seconds, executor, invaders::stage::render);
    }

    static const screen::draw_list& draws(const invaders::World& world) { return world.resource<invaders::Draws>(); }

    static std::string status(const invaders::World& world) {
        char line[32];
        std::snprintf(line, sizeof line, "score %u", static_cast<unsigned>(world.resource<invaders::Game>().score));
        return line;
    }

    static std::string summary(const invaders::World& world) {
        const auto& game = world.resource<invaders::Game>();
        char line[160];
        std::snprintf(line, sizeof line, "score %u, high score %u, aliens %zu, bricks %zu, lives %u, wave %u",
                      static_cast<unsigned>(game.score), static_cast<unsigned>(game.high_score),
                      world.count<invaders::Alien>(), world.count<invaders::Brick>(),
                      static_cast<unsigned>(game.lives), static_cast<unsigned>(game.wave));
        return line;
    }

    static std::uint64_t step(const invaders::World& world) { return world.resource<invaders::Game>().step; }

    void frame_done(screen::host::clock_type::time_point start) const { inspected.pace(start, headless); }
};

template <class Executor>
int run(const screen::game_settings& chosen, const reload_files& files, std::int64_t inspect, std::int64_t extra_aliens,
        const char* executor_name, const Executor& executor) {
    // The wave the game was built with, checked against the rules kilnc
    // cannot check (reload.hpp): one that breaks them stops the program
    // before it starts, each mistake at its line.
    if (const std::string problems = invaders::wave_problems(invaders::wave_scene, INVADERS_WAVE_FILE);
        !problems.empty()) {
        std::fprintf(stderr, "invaders: the wave it was built with does not fit the formation:\n%s", problems.c_str());
        return 1;
    }
    invaders::World world;
    // The seed is the formation's dice; xorshift needs them non-zero.
    world.resource<invaders::Dice>().state = static_cast<std::uint64_t>(chosen.seed) * 2 + 1;
    screen::host host{chosen, "invaders", invaders::schema::fixed_step};
    if (const std::string error = host.open(static_cast<int>(invaders::rules::screen_width),
                                            static_cast<int>(invaders::rules::screen_height));
        !error.empty()) {
        std::fprintf(stderr, "invaders: %s\n", error.c_str());
        return 1;
    }
    invaders_game game;
    game.headless = chosen.headless;
    game.extra_aliens = extra_aliens;
    game.files = files;
    if (const std::string error = game.inspected.start(inspect); !error.empty()) {
        std::fprintf(stderr, "invaders: %s\n", error.c_str());
        return 1;
    }
    return screen::play(host, world, game, executor_name, executor);
}

} // namespace

int main(int argc, char** argv) {
    screen::game_settings chosen;
    chosen.save = "invaders.save";
    std::int64_t inspect = -1; // the inspector's port; -1: no inspector
    reload_files files;
    std::vector<char*> arguments(argv, argv + argc);
    const std::string inspect_problem = examples::take_inspect(arguments, default_inspect_port, inspect);
    screen::options options{"invaders", "invaders [--headless --frames N [--input FILE] [--png PATTERN [--every K]]] "
                                        "[--seed S] [--save FILE] [--parallel [--split]] [--inspect [PORT]] "
                                        "[--extra-aliens N] [--wave FILE] [--schema FILE]"};
    screen::add_game_options(options, chosen, "the aliens' dice");
    std::int64_t extra_aliens = 0;
    options.number("--extra-aliens", extra_aliens, 0, 1000000,
                   "N more aliens in the first wave, copies of its aliens stacked on them, for measuring "
                   "(docs/games.md, \"Speed\")");
    options.text("--wave", files.wave, "the wave file that F6 reads again into the running game, in a debug build "
                                       "(default " INVADERS_WAVE_FILE ")");
    options.text("--schema", files.schema, "the schema file whose prefabs F6 reads again into the running game, in "
                                           "a debug build (default " INVADERS_SCHEMA_FILE ")");
    bool listed_only = false; // take_inspect took --inspect out before parse: this is its line in --help
    options.flag("--inspect", listed_only,
                 "[PORT] serve the live inspector at http://127.0.0.1:PORT/ (default 7341; 0: any free port), "
                 "docs/inspector.md");
    if (!inspect_problem.empty()) {
        options.reject(inspect_problem);
        return 2;
    }
    switch (options.parse(static_cast<int>(arguments.size()), arguments.data())) {
    case screen::options::outcome::help_shown:
        return 0;
    case screen::options::outcome::rejected:
        return 2;
    case screen::options::outcome::run:
        break;
    }
#if !KILN_HAS_INSPECTOR
    if (inspect >= 0) {
        options.reject("--inspect: this invaders was built without the inspector (it needs libcpp-httplib-dev)");
        return 2;
    }
#endif
    if (!screen::check_game_settings(options, chosen)) {
        return 2;
    }
    if (chosen.parallel) {
#if KILN_HAS_TBB
        return run(chosen, files, inspect, extra_aliens, chosen.split ? "parallel executor, split always" : "parallel executor",
                    kiln::parallel_executor{chosen.split ? std::chrono::nanoseconds{0}
                                                         : kiln::parallel_executor::default_serial_below});
#else
        std::fprintf(stderr, "invaders: built without oneTBB; running serially\n");
#endif
    }
    return run(chosen, files, inspect, extra_aliens, "serial executor", kiln::serial_executor{});
}
