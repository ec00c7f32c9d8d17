// Pac-Man: the platform layer. Everything the game does is in its systems
// (pacman.toml and the files beside it); what lies outside the ECS (the keys
// from the keyboard or an input script, the frames drawn, shown and written,
// saves on F5 and F9) is the games' shared frame loop, screen::play
// (examples/screen/include/screen/play.hpp). This file says what is
// Pac-Man's own: the level file, level.toml, a scene (docs/content.md) read
// and checked before the first frame and again on a key (F6) while the game
// runs (each round loads it: pacman/level.hpp), which keys it reads, what
// it prints, and the live inspector.
//
//   pacman                        play in a window: arrows steer, F5 saves, F9 restores, F6 reloads the level,
//                                 R restarts
//   pacman --headless --frames N --input FILE --png DIR/frame-%04d.png [--every K]
//   pacman --inspect [PORT]           with the live inspector at http://127.0.0.1:PORT/ (docs/inspector.md)
//   pacman --extra-ghosts N ...       N more ghosts waiting in the house, for measuring (docs/games.md, "Speed")
//   pacman --trace ...                a line of facts after each frame: where each actor is, each ghost's mode
//
// A run prints each change of phase, and at the end the game's state and
// the time per frame split into the ECS's and the drawing's; with --trace,
// also each frame's actors (print_trace, below), which tests/trace.py reads.
#include <pacman/level.hpp>
#include <pacman/reflection.hpp>

#include <array>
#include <cstdio>
#include <string>
#include <vector>

#include <example_arguments.hpp>
#include <inspected_world.hpp>
#include <screen/game.hpp>
#include <screen/keys.hpp>
#include <screen/play.hpp>

#include "rules.hpp"

namespace {

// What Pac-Man takes beside the options every game takes.
struct pacman_settings {
    std::string level = PACMAN_LEVEL_FILE;
    std::string reload_level;
    std::int64_t inspect = -1; // the inspector's port (--inspect [PORT], 7341 by default); -1: none
    std::int64_t extra_ghosts = 0;
    bool trace = false;
};

// Pac-Man's side of the frame loop (screen::play).
struct pacman_game {
    using phase = pacman::Phase;

    pacman_game(const pacman_settings& own, bool headless_run) : chosen{own}, headless{headless_run} {}

    const pacman_settings& chosen;
    bool headless;
    examples::inspected_world<pacman::World> inspected;
    std::int64_t frame_now = 0; // the frame keys() was given, which progress() runs

    void keys(pacman::World& world, std::uint32_t held, std::uint32_t pressed, std::int64_t frame) {
        frame_now = frame;
        if ((pressed & screen::key_reload) != 0) {
            reload(world, frame);
        }
        if (frame == 1) {
            add_ghosts(world, chosen.extra_ghosts);
        }
        auto& input = world.resource<pacman::Input>();
        input.left = (held & screen::key_left) != 0;
        input.right = (held & screen::key_right) != 0;
        input.up = (held & screen::key_up) != 0;
        input.down = (held & screen::key_down) != 0;
        input.restart = (held & (screen::key_restart | screen::key_fire)) != 0;
    }

    // --extra-ghosts N: once the first step has loaded the level, N more
    // ghosts from Pinky's prefab in the middle of the house, with an order
    // of leaving (255) that the house never reaches. They bob every step, are
    // frightened and calmed with the others (a command each) and drawn, and
    // change nothing of the game: its facts are those of the same run
    // without them. The first life's only: a lost life destroys them.
    static void add_ghosts(pacman::World& world, std::int64_t count) {
        for (std::int64_t i = 0; i < count; ++i) {
            static_cast<void>(world.spawn<pacman::PinkGhost>(pacman::Position{pacman::rules::door_x, pacman::rules::house_y},
                                                             kiln::field(&pacman::Ghost::order, std::uint8_t{255})));
        }
    }

    // The level file read again (--reload-level: that file instead, as if
    // the level had been edited to it): the next round loads it. A level
    // with a mistake changes nothing: the game goes on with the one it has.
    void reload(pacman::World& world, std::int64_t frame) {
        const std::string& path = chosen.reload_level.empty() ? chosen.level : chosen.reload_level;
        const pacman::level_check check = pacman::read_level(path, chosen.level, world.resource<pacman::LevelText>());
        if (!check.problems.empty()) {
            std::fprintf(stderr, "pacman: frame %lld: the level was not reloaded:\n%s", static_cast<long long>(frame),
                         check.problems.c_str());
        } else {
            std::printf("frame %lld: reloaded %s: Pac-Man starts at %d, %d\n", static_cast<long long>(frame),
                        chosen.level.c_str(), check.pac.x, check.pac.y);
        }
    }

    template <class Executor>
    void progress(pacman::World& world, double seconds, const Executor& executor) {
        inspected.progress(world, seconds, executor, pacman::stage::render);
        if (chosen.trace) {
            print_trace(world, frame_now);
        }
    }

    // --trace: the facts of play after a frame, on a line: the score and
    // the level; Pac-Man's place (in the maze's pixels) and heading; and each
    // of the four ghosts' mode (where it is: home, leaving, out, eaten or
    // entering; calm or scared), place, heading and target tile:
    //
    //   trace 142: score 250, level 1; pac 172,110 up; blinky eaten calm 172,109 down to 25,-3; pinky ...
    //
    // so that a test can follow a ghost home or measure a speed from a run
    // of the game (tests/trace.py). An actor the phase has destroyed is left
    // out, as are the extra ghosts (--extra-ghosts).
    static void print_trace(const pacman::World& world, std::int64_t frame) {
        using namespace pacman;
        constexpr std::array<const char*, 4> headings{"up", "left", "down", "right"};
        constexpr std::array<const char*, 4> names{"blinky", "pinky", "inky", "clyde"};
        const Game& game = world.resource<Game>();
        char part[128];
        std::snprintf(part, sizeof part, "trace %lld: score %u, level %u", static_cast<long long>(frame),
                      static_cast<unsigned>(game.score), static_cast<unsigned>(game.level));
        std::string line = part;
        world.each<const Position, const Motion, const Pac>([&](const Position& at, const Motion& motion, const Pac&) {
            std::snprintf(part, sizeof part, "; pac %d,%d %s", at.x, at.y, headings[motion.dir & 3u]);
            line += part;
        });
        std::array<std::string, 4> ghosts;
        world.each<const Ghost, const Position, const Motion, const Target>(
            [&](kiln::entity e, const Ghost& ghost, const Position& at, const Motion& motion, const Target& target) {
                if (static_cast<std::size_t>(ghost.order) >= ghosts.size()) {
                    return;
                }
                const char* where = world.has<Home>(e)      ? "home"
                                    : world.has<Leaving>(e) ? "leaving"
                                    : world.has<Out>(e)     ? "out"
                                    : world.has<Eaten>(e)   ? "eaten"
                                                            : "entering";
                std::snprintf(part, sizeof part, "; %s %s %s %d,%d %s to %d,%d", names[ghost.order], where,
                              world.has<Scared>(e) ? "scared" : "calm", at.x, at.y, headings[motion.dir & 3u],
                              target.x, target.y);
                ghosts[ghost.order] = part;
            });
        for (const std::string& ghost : ghosts) {
            line += ghost;
        }
        std::puts(line.c_str());
    }

    static const screen::draw_list& draws(const pacman::World& world) { return world.resource<pacman::Draws>(); }

    static std::string status(const pacman::World& world) {
        const auto& game = world.resource<pacman::Game>();
        char line[64];
        std::snprintf(line, sizeof line, "score %u, lives %u, level %u", static_cast<unsigned>(game.score),
                      static_cast<unsigned>(game.lives), static_cast<unsigned>(game.level));
        return line;
    }

    static std::string summary(const pacman::World& world) {
        const auto& game = world.resource<pacman::Game>();
        char line[128];
        std::snprintf(line, sizeof line, "score %u, high score %u, dots %zu, lives %u, level %u",
                      static_cast<unsigned>(game.score), static_cast<unsigned>(game.high_score),
                      world.count<pacman::Dot>(), static_cast<unsigned>(game.lives), static_cast<unsigned>(game.level));
        return line;
    }

    static std::uint64_t step(const pacman::World& world) { return world.resource<pacman::Game>().step; }

    void frame_done(screen::host::clock_type::time_point start) const { inspected.pace(start, headless); }
};

template <class Executor>
int run(const screen::game_settings& chosen, const pacman_settings& own, const char* executor_name,
        const Executor& executor) {
    pacman::World world;
    // The level each round loads (the first when the first step enters `ready`).
    if (const pacman::level_check check = pacman::read_level(own.level, own.level, world.resource<pacman::LevelText>());
        !check.problems.empty()) {
        std::fprintf(stderr, "pacman: %s", check.problems.c_str());
        return 1;
    }
    // The seed is the frightened ghosts' dice; xorshift needs them non-zero.
    world.resource<pacman::Dice>().state = static_cast<std::uint64_t>(chosen.seed) * 2 + 1;
    pacman_game game{own, chosen.headless};
    screen::host host{chosen, "pacman", pacman::schema::fixed_step};
    if (const std::string error = host.open(pacman::rules::screen_width, pacman::rules::screen_height); !error.empty()) {
        std::fprintf(stderr, "pacman: %s\n", error.c_str());
        return 1;
    }
    if (const std::string error = game.inspected.start(own.inspect); !error.empty()) {
        std::fprintf(stderr, "pacman: %s\n", error.c_str());
        return 1;
    }
    return screen::play(host, world, game, executor_name, executor);
}

} // namespace

int main(int argc, char** argv) {
    screen::game_settings chosen;
    chosen.save = "pacman.save";
    pacman_settings own;
    std::vector<char*> arguments(argv, argv + argc);
    const std::string inspect_problem = examples::take_inspect(arguments, 7341, own.inspect);
    screen::options options{"pacman", "pacman [--headless --frames N [--input FILE] [--png PATTERN [--every K]]] "
                                      "[--level FILE] [--seed S] [--save FILE] [--parallel [--split]] "
                                      "[--inspect [PORT]] [--extra-ghosts N] [--trace]"};
    screen::add_game_options(options, chosen, "the frightened ghosts' dice");
    options.text("--level", own.level, "the level, a scene file that F6 reads again (default " PACMAN_LEVEL_FILE ")");
    options.text("--reload-level", own.reload_level, "the reload key (F6) reads this file's level instead, as if "
                                                     "the level file had been edited to it (for tests)");
    options.number("--extra-ghosts", own.extra_ghosts, 0, 1000000,
                   "N more ghosts waiting in the house, which never leave it, for measuring (docs/games.md, \"Speed\")");
    options.flag("--trace", own.trace, "after each frame, print the score, the level, and where Pac-Man and each "
                                       "ghost are, heading where (each ghost's mode and target tile too), for tests");
    bool listed_only = false; // take_inspect took --inspect out before parse: this is its line in --help
    options.flag("--inspect", listed_only, "[PORT] serve the live inspector at http://127.0.0.1:PORT/ (default 7341; "
                                           "0: any free port), docs/inspector.md");
    if (!inspect_problem.empty() || (!KILN_HAS_INSPECTOR && own.inspect >= 0)) {
        options.reject(inspect_problem.empty() ? "--inspect: built without the inspector (it needs libcpp-httplib-dev)"
                                               : inspect_problem);
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
    if (!screen::check_game_settings(options, chosen)) {
        return 2;
    }
    if (chosen.parallel) {
#if KILN_HAS_TBB
        return run(chosen, own, chosen.split ? "parallel executor, split always" : "parallel executor",
                   kiln::parallel_executor{chosen.split ? std::chrono::nanoseconds{0}
                                                        : kiln::parallel_executor::default_serial_below});
#else
        std::fprintf(stderr, "pacman: built without oneTBB; running serially\n");
#endif
    }
    return run(chosen, own, "serial executor", kiln::serial_executor{});
}
