// Pac-Man: the platform layer. Everything the game does is in its systems
// (pacman.toml and the files beside it); this file does what lies outside
// the ECS: it reads the maze file into the Maze resource, reads the keys
// (from the keyboard, or an input script) into Input, runs a frame, draws
// the draw list the render stage filled, and saves or restores the world on
// a key (F5, F9). It loads the level, level.toml, a scene (docs/content.md),
// before the first frame, and reloads it on a key (F6) while the game runs.
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
#include <kiln/snapshot.hpp>
#if KILN_HAS_INSPECTOR
#include <kiln/inspector.hpp>
#endif

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <example_arguments.hpp>
#include <screen/input_script.hpp>
#include <screen/keys.hpp>
#include <screen/options.hpp>
#include <screen/png.hpp>
#include <screen/raster.hpp>
#include <screen/window.hpp>

#include "rules.hpp"

namespace {

using clock_type = std::chrono::steady_clock;

struct settings {
    bool headless = false;
    std::int64_t frames = 0;
    std::int64_t seed = 1;
    std::string maze = PACMAN_MAZE_FILE;
    std::string level = PACMAN_LEVEL_FILE;
    std::string reload_level;
    std::string input;
    std::string png;
    std::int64_t every = 1;
    std::int64_t zoom = 1;
    std::string save = "pacman.save";
    bool parallel = false;
    bool split = false;
    std::int64_t inspect = -1; // the inspector's port (--inspect [PORT], 7341 by default); -1: none
};

double milliseconds(clock_type::duration d) { return std::chrono::duration<double, std::milli>(d).count(); }

// The platform's side of a frame: the keys in, and saves out and in.
class platform {
public:
    explicit platform(const settings& chosen) : chosen_{chosen} {}

    // Returns "" or why the game cannot start.
    std::string open(pacman::World& world) {
        if (std::string error = pacman::load_maze(chosen_.maze, world.resource<pacman::Maze>()); !error.empty()) {
            return error;
        }
        if (!chosen_.input.empty()) {
            if (std::string error = script_.read(chosen_.input); !error.empty()) {
                return error;
            }
        }
        if (!chosen_.headless) {
            if (std::string error = window_.open("kiln: pacman", pacman::rules::screen_width,
                                                 pacman::rules::screen_height, 3);
                !error.empty()) {
                return error;
            }
        }
        // The seed is the frightened ghosts' dice; xorshift needs them non-zero.
        world.resource<pacman::Dice>().state = static_cast<std::uint64_t>(chosen_.seed) * 2 + 1;
#if PACMAN_SCENES
        if (const kiln::scene_error error = kiln::load_scene(world, chosen_.level, level_)) {
            std::string text = error.text();
            text.pop_back(); // its last newline: main prints one
            return text;
        }
#endif
        return "";
    }

    // Reads the keys of frame into world's Input, saving or restoring the
    // world first when save or restore was just pressed. False: quit.
    bool begin_frame(pacman::World& world, std::int64_t frame) {
        std::uint32_t keys = 0;
        if (chosen_.headless) {
            keys = script_.keys_at(frame);
        } else if (!window_.poll(keys)) {
            return false;
        }
        const std::uint32_t pressed = keys & ~held_;
        held_ = keys;
        if ((pressed & screen::key_save) != 0) {
            report("saved", kiln::save_file(world, chosen_.save), world, frame);
        }
        if ((pressed & screen::key_load) != 0) {
            restore(world, frame);
        }
#if PACMAN_SCENES
        if ((pressed & screen::key_reload) != 0) {
            reload(world, frame);
        }
#endif
        auto& input = world.resource<pacman::Input>();
        input.left = (keys & screen::key_left) != 0;
        input.right = (keys & screen::key_right) != 0;
        input.up = (keys & screen::key_up) != 0;
        input.down = (keys & screen::key_down) != 0;
        input.restart = (keys & (screen::key_restart | screen::key_fire)) != 0;
        return true;
    }

    // The game time a frame advances: exactly one step headless, so that a
    // run is the same on any machine; in a window the time that passed (at
    // most a tenth of a second, after a stall).
    double seconds_since_last_frame(clock_type::time_point now) {
        const double passed = std::chrono::duration<double>(now - last_frame_).count();
        last_frame_ = now;
        return chosen_.headless ? pacman::schema::fixed_step : std::min(passed, 0.1);
    }

    void show(const screen::image& picture) {
        if (!chosen_.headless) {
            window_.present(picture);
        }
    }

private:
    // A save holds the states too (docs/saves.md): restored in another
    // phase, the game goes back to the saved one, its entities with it.
    void restore(pacman::World& world, std::int64_t frame) {
        report("restored", kiln::load_file(world, chosen_.save), world, frame);
    }

#if PACMAN_SCENES
    // The level file read again into the running world (--reload-level:
    // that file's text instead, as if the level had been edited to it). A
    // level with a mistake changes nothing: the game goes on.
    void reload(pacman::World& world, std::int64_t frame) {
        kiln::scene_error error;
        if (chosen_.reload_level.empty()) {
            error = kiln::reload_scene(world, level_);
        } else {
            std::ifstream file{chosen_.reload_level, std::ios::binary};
            const std::string text{std::istreambuf_iterator<char>{file}, std::istreambuf_iterator<char>{}};
            error = kiln::reload_scene_text(world, text, level_);
        }
        if (error) {
            std::fprintf(stderr, "pacman: frame %lld: the level was not reloaded:\n%s", static_cast<long long>(frame),
                         error.text().c_str());
        } else {
            const auto& start = world.resource<pacman::Level>().pac;
            std::printf("frame %lld: reloaded %s: Pac-Man starts at %d, %d\n", static_cast<long long>(frame),
                        level_.file().c_str(), start[0], start[1]);
        }
    }
#endif

    void report(const char* done, const kiln::snapshot_error& error, const pacman::World& world,
                std::int64_t frame) {
        if (error) {
            std::fprintf(stderr, "pacman: frame %lld: %s\n", static_cast<long long>(frame), error.message.c_str());
        } else {
            std::printf("frame %lld: %s %s (step %llu)\n", static_cast<long long>(frame), done, chosen_.save.c_str(),
                        static_cast<unsigned long long>(world.resource<pacman::Game>().step));
        }
    }

    const settings& chosen_;
    screen::input_script script_;
    screen::window window_;
    std::uint32_t held_ = 0;
    clock_type::time_point last_frame_ = clock_type::now();
#if PACMAN_SCENES
    kiln::loaded_scene<pacman::schema> level_; // level.toml, as loaded: what F6 reloads
#endif
};

std::string_view phase_name(const pacman::World& world) {
    const auto& phase = world.state<pacman::Phase>();
    return phase.name_of(phase.current());
}

template <class Executor>
int play(const settings& chosen, const char* executor_name, const Executor& executor) {
    pacman::World world;
    platform host{chosen};
    if (const std::string error = host.open(world); !error.empty()) {
        std::fprintf(stderr, "pacman: %s\n", error.c_str());
        return 1;
    }
#if KILN_HAS_INSPECTOR
    // With --inspect, the inspector answers between frames; paused, the render stage still runs.
    std::unique_ptr<kiln::inspect::basic_inspector<pacman::World>> inspector;
    if (chosen.inspect >= 0) {
        inspector = std::make_unique<kiln::inspect::basic_inspector<pacman::World>>();
        kiln::inspect::options where;
        where.port = static_cast<int>(chosen.inspect);
        if (const std::string error = inspector->start(where); !error.empty()) {
            std::fprintf(stderr, "pacman: the inspector: %s\n", error.c_str());
            return 1;
        }
        std::printf("inspector: %s\n", inspector->url().c_str());
        std::fflush(stdout);
    }
#endif
    screen::image picture{pacman::rules::screen_width, pacman::rules::screen_height};
    clock_type::duration ecs_time{};
    clock_type::duration draw_time{};
    std::int64_t frame = 0;
    std::string_view was;
    for (; chosen.frames == 0 || frame < chosen.frames; ++frame) {
        if (!host.begin_frame(world, frame)) {
            break;
        }
        const auto start = clock_type::now();
#if KILN_HAS_INSPECTOR
        if (inspector && inspector->serve(world)) {
            world.progress(host.seconds_since_last_frame(start), inspector->executor(executor));
        } else if (inspector) {
            world.run(pacman::stage::render, executor);
        } else
#endif
        world.progress(host.seconds_since_last_frame(start), executor);
        const auto simulated = clock_type::now();
        const auto& game = world.resource<pacman::Game>();
        if (const std::string_view now = phase_name(world); now != was) {
            was = now;
            std::printf("frame %lld: %.*s, score %u, lives %u, level %u\n", static_cast<long long>(frame),
                        static_cast<int>(now.size()), now.data(), static_cast<unsigned>(game.score),
                        static_cast<unsigned>(game.lives), static_cast<unsigned>(game.level));
        }
        screen::rasterise(world.resource<pacman::Draws>(), picture);
        host.show(picture);
        const auto drawn = clock_type::now();
        ecs_time += simulated - start;
        draw_time += drawn - simulated;
        if (chosen.headless && chosen.inspect >= 0) {
            std::this_thread::sleep_until(start + std::chrono::microseconds{16'667}); // a pace a browser can follow
        }
        if (!chosen.png.empty() && frame % chosen.every == 0) {
            const std::string path = screen::frame_path(chosen.png, frame);
            const std::string error =
                chosen.zoom > 1 ? screen::write_png(screen::enlarged(picture, static_cast<int>(chosen.zoom)), path)
                                : screen::write_png(picture, path);
            if (!error.empty()) {
                std::fprintf(stderr, "pacman: %s\n", error.c_str());
                return 1;
            }
        }
    }
    const auto& game = world.resource<pacman::Game>();
    const std::string_view now = phase_name(world);
    std::printf("%lld frames, step %llu: score %u, high score %u, dots %zu, lives %u, level %u, %.*s\n",
                static_cast<long long>(frame), static_cast<unsigned long long>(game.step),
                static_cast<unsigned>(game.score), static_cast<unsigned>(game.high_score),
                world.count<pacman::Dot>(), static_cast<unsigned>(game.lives), static_cast<unsigned>(game.level),
                static_cast<int>(now.size()), now.data());
    const double frames = frame > 0 ? static_cast<double>(frame) : 1.0;
    const double ecs = milliseconds(ecs_time) / frames;
    const double draw = milliseconds(draw_time) / frames;
    std::printf("%zu entities, %s: ECS %.3f ms + draw %.3f ms per frame (%.1f fps)\n", world.size(), executor_name, ecs,
                draw, 1000.0 / (ecs + draw));
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    settings chosen;
    std::vector<char*> arguments(argv, argv + argc);
    const std::string inspect_problem = examples::take_inspect(arguments, 7341, chosen.inspect);
    screen::options options{"pacman", "pacman [--headless --frames N [--input FILE] [--png PATTERN [--every K]]] "
                                      "[--maze FILE] [--level FILE] [--seed S] [--save FILE] [--parallel [--split]] "
                                      "[--inspect [PORT]]"};
    options.flag("--headless", chosen.headless, "play without a window, the keys read from --input");
    options.number("--frames", chosen.frames, 0, 1'000'000'000,
                   "how many frames to run (default 0: until the window closes; a headless run needs a number)");
    options.number("--seed", chosen.seed, 0, INT64_MAX / 2, "the seed of the frightened ghosts' dice (default 1)");
    options.text("--maze", chosen.maze, "the maze file (default " PACMAN_MAZE_FILE ")");
    options.text("--level", chosen.level, "the level, a scene file that F6 reloads (default " PACMAN_LEVEL_FILE ")");
    options.text("--reload-level", chosen.reload_level, "the reload key (F6) reads this file's level instead, as if "
                                                        "the level file had been edited to it (for tests)");
    options.text("--input", chosen.input, "with --headless: the input script, the keys held frame by frame "
                                          "(see examples/screen/include/screen/input_script.hpp)");
    options.text("--png", chosen.png, "with --headless: write frames to PNG files named by this printf-style pattern, "
                                      "such as frames/frame-%04d.png");
    options.number("--every", chosen.every, 1, 1'000'000'000, "with --png: write every Kth frame (default 1)");
    options.number("--zoom", chosen.zoom, 1, 8, "with --png: each pixel of the game K x K pixels in the files (default 1)");
    options.text("--save", chosen.save, "the file the save key (F5) writes and the restore key (F9) reads "
                                        "(default pacman.save)");
    options.flag("--parallel", chosen.parallel, "run the systems on the parallel executor (oneTBB)");
    options.flag("--split", chosen.split, "with --parallel: run every batch's systems at once and split every parallel "
                                          "system, however little their work (as the tests do)");
    bool listed_only = false; // take_inspect took --inspect out before parse: this is its line in --help
    options.flag("--inspect", listed_only, "[PORT] serve the live inspector at http://127.0.0.1:PORT/ (default 7341; "
                                           "0: any free port), docs/inspector.md");
    if (!inspect_problem.empty() || (!KILN_HAS_INSPECTOR && chosen.inspect >= 0)) {
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
    if (!chosen.headless && (!chosen.input.empty() || !chosen.png.empty())) {
        options.reject("--input and --png are for --headless runs");
        return 2;
    }
    if (chosen.headless && chosen.frames == 0) {
        options.reject("a --headless run needs --frames N, a number above 0");
        return 2;
    }
    if (!chosen.png.empty()) {
        if (const std::string problem = screen::check_frame_pattern(chosen.png); !problem.empty()) {
            options.reject("--png " + problem);
            return 2;
        }
    }
    if (chosen.parallel) {
#if KILN_HAS_TBB
        return play(chosen, chosen.split ? "parallel executor, split always" : "parallel executor",
                    kiln::parallel_executor{chosen.split ? std::chrono::nanoseconds{0}
                                                         : kiln::parallel_executor::default_serial_below});
#else
        std::fprintf(stderr, "pacman: built without oneTBB; running serially\n");
#endif
    }
    return play(chosen, "serial executor", kiln::serial_executor{});
}
