// Invaders: the platform layer. Everything the game does is in its systems
// (invaders.toml and the files beside it); this file does what lies outside
// the ECS: it reads the keys (from the keyboard, or an input script), puts
// them into the Input resource, runs a frame, draws the draw list the render
// stage filled, and saves or restores the world on a key (F5, F9).
//
//   invaders                        play in a window: arrows move, space fires, F5 saves, F9 restores, R restarts
//   invaders --headless --frames N --input FILE --png DIR/frame-%04d.png [--every K]
//   invaders --inspect [PORT]         the same, with the live inspector at http://127.0.0.1:PORT/ (docs/inspector.md)
//
// A run prints when a game ends and a new one starts, and at the end the
// game's state and the time per frame split into the ECS's and the drawing's.
#include <invaders/reflection.hpp>

#include <kiln/snapshot.hpp>
#if KILN_HAS_INSPECTOR
#include <kiln/inspector.hpp>
#endif

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <screen/input_script.hpp>
#include <screen/keys.hpp>
#include <screen/options.hpp>
#include <screen/png.hpp>
#include <screen/raster.hpp>
#include <screen/window.hpp>

namespace {

using clock_type = std::chrono::steady_clock;

struct settings {
    bool headless = false;
    std::int64_t frames = 0;
    std::int64_t seed = 1;
    std::string input;
    std::string png;
    std::int64_t every = 1;
    std::int64_t zoom = 1;
    std::string save = "invaders.save";
    bool parallel = false;
    std::int64_t inspect = -1; // the inspector's port; -1: no inspector
};

// The inspector's port when --inspect is given without one.
constexpr std::int64_t default_inspect_port = 7341;

double milliseconds(clock_type::duration d) { return std::chrono::duration<double, std::milli>(d).count(); }

// The platform's side of a frame: the keys in, and saves out and in.
class platform {
public:
    explicit platform(const settings& chosen) : chosen_{chosen} {}

    // Returns "" or why the game cannot start.
    std::string open(invaders::World& world) {
        if (!chosen_.input.empty()) {
            if (std::string error = script_.read(chosen_.input); !error.empty()) {
                return error;
            }
        }
        if (!chosen_.headless) {
            if (std::string error = window_.open("kiln: invaders", 224, 256, 3); !error.empty()) {
                return error;
            }
        }
        // The seed is the formation's dice; xorshift needs them non-zero.
        world.resource<invaders::Formation>().dice = static_cast<std::uint64_t>(chosen_.seed) * 2 + 1;
        return "";
    }

    // Reads the keys of frame into world's Input, saving or restoring the
    // world first when save or restore was just pressed. False: quit.
    bool begin_frame(invaders::World& world, std::int64_t frame) {
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
            report("restored", kiln::load_file(world, chosen_.save), world, frame);
        }
        auto& input = world.resource<invaders::Input>();
        input.left = (keys & screen::key_left) != 0;
        input.right = (keys & screen::key_right) != 0;
        input.fire = (keys & screen::key_fire) != 0;
        input.restart = (keys & screen::key_restart) != 0;
        return true;
    }

    // The game time a frame advances: exactly one step headless, so that a
    // run is the same on any machine; in a window the time that passed
    // (at most a tenth of a second, after a stall), so that the game keeps
    // its speed whatever the display's refresh rate.
    double seconds_since_last_frame(clock_type::time_point now) {
        const double passed = std::chrono::duration<double>(now - last_frame_).count();
        last_frame_ = now;
        return chosen_.headless ? invaders::schema::fixed_step : std::min(passed, 0.1);
    }

    void show(const screen::image& picture) {
        if (!chosen_.headless) {
            window_.present(picture);
        }
    }

private:
    void report(const char* done, const kiln::snapshot_error& error, const invaders::World& world,
                std::int64_t frame) {
        if (error) {
            std::fprintf(stderr, "invaders: frame %lld: %s\n", static_cast<long long>(frame), error.message.c_str());
        } else {
            std::printf("frame %lld: %s %s (step %llu)\n", static_cast<long long>(frame), done, chosen_.save.c_str(),
                        static_cast<unsigned long long>(world.resource<invaders::Game>().step));
        }
    }

    const settings& chosen_;
    screen::input_script script_;
    screen::window window_;
    std::uint32_t held_ = 0;
    clock_type::time_point last_frame_ = clock_type::now();
};

template <class Executor>
int play(const settings& chosen, const char* executor_name, const Executor& executor) {
    invaders::World world;
    platform host{chosen};
    if (const std::string error = host.open(world); !error.empty()) {
        std::fprintf(stderr, "invaders: %s\n", error.c_str());
        return 1;
    }
#if KILN_HAS_INSPECTOR
    // With --inspect, the inspector answers between frames, and a paused
    // game still runs its render stage each frame, so that an edit shows.
    std::unique_ptr<kiln::inspect::basic_inspector<invaders::World>> inspector;
    if (chosen.inspect >= 0) {
        inspector = std::make_unique<kiln::inspect::basic_inspector<invaders::World>>();
        kiln::inspect::options where;
        where.port = static_cast<int>(chosen.inspect);
        if (const std::string error = inspector->start(where); !error.empty()) {
            std::fprintf(stderr, "invaders: the inspector: %s\n", error.c_str());
            return 1;
        }
        std::printf("inspector: %s\n", inspector->url().c_str());
        std::fflush(stdout);
    }
#endif
    const auto& canvas = world.resource<invaders::Screen>();
    screen::draw_list list;
    screen::image picture{static_cast<int>(canvas.width), static_cast<int>(canvas.height)};
    clock_type::duration ecs_time{};
    clock_type::duration draw_time{};
    std::int64_t frame = 0;
    bool was_over = false;
    for (; chosen.frames == 0 || frame < chosen.frames; ++frame) {
        if (!host.begin_frame(world, frame)) {
            break;
        }
        const auto start = clock_type::now();
        {
            const screen::bind_draw_list bound{world.resource<invaders::Screen>().target, list};
#if KILN_HAS_INSPECTOR
            if (inspector) {
                const double seconds = host.seconds_since_last_frame(start);
                if (inspector->serve(world)) {
                    world.progress(seconds, inspector->executor(executor));
                } else {
                    world.run(invaders::stage::render, executor); // paused: draw the world as it is
                }
            } else
#endif
            {
                world.progress(host.seconds_since_last_frame(start), executor);
            }
        }
        const auto simulated = clock_type::now();
        const auto& game = world.resource<invaders::Game>();
        if (game.over != was_over) {
            was_over = game.over;
            std::printf("frame %lld: %s, score %u\n", static_cast<long long>(frame),
                        game.over ? "game over" : "new game", static_cast<unsigned>(game.score));
        }
        screen::rasterise(list, picture);
        host.show(picture);
        const auto drawn = clock_type::now();
        ecs_time += simulated - start;
        draw_time += drawn - simulated;
        if (chosen.headless && chosen.inspect >= 0) {
            // Inspected, a headless run keeps to 60 frames a second, so that a person or a test can follow it.
            std::this_thread::sleep_until(start + std::chrono::microseconds{16'667});
        }
        if (!chosen.png.empty() && frame % chosen.every == 0) {
            const std::string path = screen::frame_path(chosen.png, frame);
            const std::string error =
                chosen.zoom > 1 ? screen::write_png(screen::enlarged(picture, static_cast<int>(chosen.zoom)), path)
                                : screen::write_png(picture, path);
            if (!error.empty()) {
                std::fprintf(stderr, "invaders: %s\n", error.c_str());
                return 1;
            }
        }
    }
    const auto& game = world.resource<invaders::Game>();
    std::printf("%lld frames, step %llu: score %u, high score %u, aliens %zu, bricks %zu, lives %u, wave %u, %s\n",
                static_cast<long long>(frame), static_cast<unsigned long long>(game.step),
                static_cast<unsigned>(game.score), static_cast<unsigned>(game.high_score),
                world.count<invaders::Alien>(), world.count<invaders::Brick>(), static_cast<unsigned>(game.lives),
                static_cast<unsigned>(game.wave), game.over ? "game over" : "playing");
    const double frames = frame > 0 ? static_cast<double>(frame) : 1.0;
    const double ecs = milliseconds(ecs_time) / frames;
    const double draw = milliseconds(draw_time) / frames;
    std::printf("%zu entities, %s: ECS %.3f ms + draw %.3f ms per frame (%.1f fps)\n", world.size(), executor_name, ecs,
                draw, 1000.0 / (ecs + draw));
    return 0;
}

} // namespace

// Takes --inspect [PORT] out of the arguments (its port is optional, which
// screen::options does not offer); "" or what is wrong with it.
std::string take_inspect(std::vector<char*>& arguments, settings& chosen) {
    for (std::size_t i = 1; i < arguments.size(); ++i) {
        if (std::string_view{arguments[i]} != "--inspect") {
            continue;
        }
        chosen.inspect = default_inspect_port;
        std::size_t taken = 1;
        if (i + 1 < arguments.size() && arguments[i + 1][0] != '-') {
            char* end = nullptr;
            const long port = std::strtol(arguments[i + 1], &end, 10);
            if (*end != '\0' || port < 0 || port > 65535) {
                return std::string("--inspect takes a port from 0 (any free one) to 65535, not '") + arguments[i + 1] + "'";
            }
            chosen.inspect = port;
            taken = 2;
        }
        arguments.erase(arguments.begin() + static_cast<std::ptrdiff_t>(i),
                        arguments.begin() + static_cast<std::ptrdiff_t>(i + taken));
        return "";
    }
    return "";
}

int main(int argc, char** argv) {
    settings chosen;
    std::vector<char*> arguments(argv, argv + argc);
    const std::string inspect_problem = take_inspect(arguments, chosen);
    screen::options options{"invaders", "invaders [--headless --frames N [--input FILE] [--png PATTERN [--every K]]] "
                                        "[--seed S] [--save FILE] [--parallel] [--inspect [PORT]]"};
    options.flag("--headless", chosen.headless, "play without a window, the keys read from --input");
    options.number("--frames", chosen.frames, 0, 1'000'000'000,
                   "how many frames to run (default 0: until the window closes; a headless run needs a number)");
    options.number("--seed", chosen.seed, 0, INT64_MAX / 2, "the seed of the aliens' dice (default 1)");
    options.text("--input", chosen.input, "with --headless: the input script, the keys held frame by frame "
                                          "(see examples/screen/include/screen/input_script.hpp)");
    options.text("--png", chosen.png, "with --headless: write frames to PNG files named by this printf-style pattern, "
                                      "such as frames/frame-%04d.png");
    options.number("--every", chosen.every, 1, 1'000'000'000, "with --png: write every Kth frame (default 1)");
    options.number("--zoom", chosen.zoom, 1, 8, "with --png: each pixel of the game K x K pixels in the files (default 1)");
    options.text("--save", chosen.save, "the file the save key (F5) writes and the restore key (F9) reads "
                                        "(default invaders.save)");
    options.flag("--parallel", chosen.parallel, "run the systems on the parallel executor (oneTBB)");
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
    if (chosen.inspect >= 0) {
        options.reject("--inspect: this invaders was built without the inspector (it needs libcpp-httplib-dev)");
        return 2;
    }
#endif
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
        return play(chosen, "parallel executor", kiln::parallel_executor{});
#else
        std::fprintf(stderr, "invaders: built without oneTBB; running serially\n");
#endif
    }
    return play(chosen, "serial executor", kiln::serial_executor{});
}
