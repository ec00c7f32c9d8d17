// Pac-Man: the platform layer. Everything the game does is in its systems
// (pacman.toml and the files beside it); what lies outside the ECS (the keys
// from the keyboard or an input script, the frames drawn, shown and written,
// saves on F5 and F9) is the games' shared frame loop, screen::play
// (examples/screen/include/screen/play.hpp). This file says what is
// Pac-Man's own: the maze file read into the Maze resource, the level,
// level.toml, a scene (docs/content.md) loaded before the first frame and
// reloaded on a key (F6) while the game runs, which keys it reads, what it
// prints, and the live inspector.
//
//   pacman                        play in a window: arrows steer, F5 saves, F9 restores, F6 reloads the level,
//                                 R restarts
//   pacman --headless --frames N --input FILE --png DIR/frame-%04d.png [--every K]
//   pacman --inspect [PORT]           with the live inspector at http://127.0.0.1:PORT/ (docs/inspector.md)
//
// A run prints each change of phase, and at the end the game's state and
// the time per frame split into the ECS's and the drawing's.
#include <pacman/reflection.hpp>

#if PACMAN_SCENES
#include <kiln/scene.hpp>
#endif

#include <cstdio>
#include <fstream>
#include <iterator>
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
    std::string maze = PACMAN_MAZE_FILE;
    std::string level = PACMAN_LEVEL_FILE;
    std::string reload_level;
    std::int64_t inspect = -1; // the inspector's port (--inspect [PORT], 7341 by default); -1: none
};

// Pac-Man's side of the frame loop (screen::play).
struct pacman_game {
    using phase = pacman::Phase;

    pacman_game(const pacman_settings& own, bool headless_run) : chosen{own}, headless{headless_run} {}

    const pacman_settings& chosen;
    bool headless;
    examples::inspected_world<pacman::World> inspected;
#if PACMAN_SCENES
    kiln::loaded_scene<pacman::schema> level; // level.toml, as loaded: what F6 reloads
#endif

    void keys(pacman::World& world, std::uint32_t held, std::uint32_t pressed, std::int64_t frame) {
#if PACMAN_SCENES
        if ((pressed & screen::key_reload) != 0) {
            reload(world, frame);
        }
#else
        (void)pressed;
        (void)frame;
#endif
        auto& input = world.resource<pacman::Input>();
        input.left = (held & screen::key_left) != 0;
        input.right = (held & screen::key_right) != 0;
        input.up = (held & screen::key_up) != 0;
        input.down = (held & screen::key_down) != 0;
        input.restart = (held & (screen::key_restart | screen::key_fire)) != 0;
    }

#if PACMAN_SCENES
    // The level file read again into the running world (--reload-level:
    // that file's text instead, as if the level had been edited to it). A
    // level with a mistake changes nothing: the game goes on.
    void reload(pacman::World& world, std::int64_t frame) {
        kiln::scene_error error;
        if (chosen.reload_level.empty()) {
            error = kiln::reload_scene(world, level);
        } else {
            std::ifstream file{chosen.reload_level, std::ios::binary};
            const std::string text{std::istreambuf_iterator<char>{file}, std::istreambuf_iterator<char>{}};
            error = kiln::reload_scene_text(world, text, level);
        }
        if (error) {
            std::fprintf(stderr, "pacman: frame %lld: the level was not reloaded:\n%s", static_cast<long long>(frame),
                         error.text().c_str());
        } else {
            const auto& start = world.resource<pacman::Level>().pac;
            std::printf("frame %lld: reloaded %s: Pac-Man starts at %d, %d\n", static_cast<long long>(frame),
                        level.file().c_str(), start[0], start[1]);
        }
    }
#endif

    template <class Executor>
    void progress(pacman::World& world, double seconds, const Executor& executor) {
        inspected.progress(world, seconds, executor, pacman::stage::render);
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
    if (const std::string error = pacman::load_maze(own.maze, world.resource<pacman::Maze>()); !error.empty()) {
        std::fprintf(stderr, "pacman: %s\n", error.c_str());
        return 1;
    }
    // The seed is the frightened ghosts' dice; xorshift needs them non-zero.
    world.resource<pacman::Dice>().state = static_cast<std::uint64_t>(chosen.seed) * 2 + 1;
    pacman_game game{own, chosen.headless};
#if PACMAN_SCENES
    if (const kiln::scene_error error = kiln::load_scene(world, own.level, game.level)) {
        std::fprintf(stderr, "pacman: %s", error.text().c_str());
        return 1;
    }
#endif
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
                                      "[--maze FILE] [--level FILE] [--seed S] [--save FILE] [--parallel [--split]] "
                                      "[--inspect [PORT]]"};
    screen::add_game_options(options, chosen, "the frightened ghosts' dice");
    options.text("--maze", own.maze, "the maze file (default " PACMAN_MAZE_FILE ")");
    options.text("--level", own.level, "the level, a scene file that F6 reloads (default " PACMAN_LEVEL_FILE ")");
    options.text("--reload-level", own.reload_level, "the reload key (F6) reads this file's level instead, as if "
                                                     "the level file had been edited to it (for tests)");
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
