// A classic ECS stress scene: 10,000 quads (or up to a million), half of them
// rising and half rotating, each frame turned into a model matrix and then
// into the quad's pixels on screen, its Quad component, as a renderer would
// want.
//
// The work is done by systems that examples/game/game.toml declares (Rise,
// Spin, UpdateModels, ...) and examples/game/logic.cpp defines, and by the
// render system that render.toml, beside this file, adds (draw.cpp); kilnc
// ordered them into batches at build time, and world.progress runs a frame.
// What is outside the ECS, drawing the Quad columns and showing them, is
// draw_quads below and examples/screen/.
//
// Three ways to run it:
//   quads [--count N] [--frames N] [--parallel]       times the frames, prints a checksum
//   quads --window [--count N] [--frames N]            draws them in a window (Escape quits)
//   quads --headless --png DIR/frame-%04d.png [--every K] [--frames N]   draws them into PNG files
// Each drawing run prints the time per frame split into the ECS's (the
// systems, placing the Quads included) and the drawing's (rasterising, and
// showing the window).
#include <game/world.hpp>

#include <chrono>
#include <cstdio>
#include <string>

#include <screen/options.hpp>
#include <screen/png.hpp>
#include <screen/raster.hpp>
#include <screen/window.hpp>

#include "scene.hpp"

namespace {

using clock_type = std::chrono::steady_clock;

struct settings {
    std::int64_t count = 10'000;
    std::int64_t frames = 300;
    std::int64_t seed = 0;
    std::int64_t every = 1;
    std::int64_t size = 512;
    bool parallel = false;
    bool window = false;
    bool headless = false;
    std::string png;
};

double milliseconds(clock_type::duration d) { return std::chrono::duration<double, std::milli>(d).count(); }

// Runs the frames without drawing (the Quads are placed, and not drawn);
// prints the mean time of one and a sum over every matrix, so that the work
// cannot be optimized away and two runs (serial, parallel) can be compared.
template <class Executor>
void run_text(game::World& world, const settings& chosen, const char* executor_name, const Executor& executor) {
    const float dt = world.resource<game::Time>().dt;
    const auto start = clock_type::now();
    for (std::int64_t frame = 0; frame < chosen.frames; ++frame) {
        world.progress(dt, executor);
    }
    const double per_frame = chosen.frames > 0 ? milliseconds(clock_type::now() - start) * 1000 / chosen.frames : 0.0;
    double checksum = 0;
    world.each<const game::Model>([&checksum](const game::Model& model) {
        for (const float value : model.matrix.m) {
            checksum += value;
        }
    });
    std::printf("%zu entities, %llu frames, %s, %.1f us per frame (checksum %.3f)\n", world.size(),
                static_cast<unsigned long long>(world.resource<game::Time>().frame), executor_name, per_frame,
                checksum);
}

// The platform's side of the render stage: the Quad columns that DrawQuads
// wrote, drawn where they are, with no list between (a renderer would upload
// each archetype's column as an instance buffer). each() visits the rows in
// the order DrawQuads did, archetype by archetype, whichever executor ran it,
// so quads that overlap are painted in the same order every run.
void draw_quads(game::World& world, screen::image& picture) {
    const auto& canvas = world.resource<game::Screen>();
    screen::clear(picture, canvas.clear_r, canvas.clear_g, canvas.clear_b);
    world.each<const game::Quad>([&picture](const game::Quad& q) {
        screen::fill(picture, {q.x, q.y, q.half_width, q.half_height, q.turn_cos, q.turn_sin, q.r, q.g, q.b, q.a});
    });
}

// Runs the frames and draws each one: into PNG files (headless) or a window.
// Returns the exit status.
template <class Executor>
int run_drawn(game::World& world, const settings& chosen, const char* executor_name, const Executor& executor) {
    const int width = static_cast<int>(chosen.size);
    auto& canvas = world.resource<game::Screen>();
    canvas.width = static_cast<std::uint32_t>(width);
    canvas.height = static_cast<std::uint32_t>(width);
    canvas.pixels_per_unit = static_cast<float>(width) / 200.0f;

    screen::window window;
    if (chosen.window) {
        if (const std::string error = window.open("kiln: quads", width, width, 1); !error.empty()) {
            std::fprintf(stderr, "quads: %s\n", error.c_str());
            return 1;
        }
    }
    screen::image picture{width, width};
    const float dt = world.resource<game::Time>().dt;
    clock_type::duration ecs_time{};
    clock_type::duration draw_time{};
    std::int64_t frame = 0;
    // What the window's readout covers: the frames since it last printed.
    std::int64_t shown_frames = 0;
    clock_type::duration shown_ecs{};
    clock_type::duration shown_draw{};
    auto shown_since = clock_type::now();
    for (; chosen.frames == 0 || frame < chosen.frames; ++frame) {
        std::uint32_t keys = 0;
        if (chosen.window && !window.poll(keys)) {
            break;
        }
        const auto start = clock_type::now();
        world.progress(dt, executor);
        const auto simulated = clock_type::now();
        draw_quads(world, picture);
        if (chosen.window) {
            window.present(picture);
        }
        const auto drawn = clock_type::now();
        ecs_time += simulated - start;
        draw_time += drawn - simulated;
        if (!chosen.png.empty() && frame % chosen.every == 0) {
            if (const std::string error = screen::write_png(picture, screen::frame_path(chosen.png, frame));
                !error.empty()) {
                std::fprintf(stderr, "quads: %s\n", error.c_str());
                return 1;
            }
        }
        ++shown_frames;
        shown_ecs += simulated - start;
        shown_draw += drawn - simulated;
        if (chosen.window && drawn - shown_since >= std::chrono::seconds{1}) {
            std::printf("%zu entities: %.1f fps, ECS %.2f ms + draw %.2f ms per frame\n", world.size(),
                        shown_frames / std::chrono::duration<double>(drawn - shown_since).count(),
                        milliseconds(shown_ecs) / shown_frames, milliseconds(shown_draw) / shown_frames);
            std::fflush(stdout);
            shown_frames = 0;
            shown_ecs = shown_draw = {};
            shown_since = drawn;
        }
    }
    const double frames = frame > 0 ? static_cast<double>(frame) : 1.0;
    const double ecs = milliseconds(ecs_time) / frames;
    const double draw = milliseconds(draw_time) / frames;
    std::printf("%zu entities, %lld frames drawn, %s: ECS %.3f ms + draw %.3f ms per frame (%.1f fps)\n",
                world.size(), static_cast<long long>(frame), executor_name, ecs, draw, 1000.0 / (ecs + draw));
    return 0;
}

template <class Executor>
int run(game::World& world, const settings& chosen, const char* executor_name, const Executor& executor) {
    if (chosen.window || chosen.headless) {
        return run_drawn(world, chosen, executor_name, executor);
    }
    run_text(world, chosen, executor_name, executor);
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    settings chosen;
    screen::options options{"quads", "quads [--window | --headless [--png PATTERN --every K]] [--count N] "
                                     "[--frames N] [--seed S] [--parallel]"};
    options.flag("--window", chosen.window, "draw the frames in a window (Escape or closing it quits)");
    options.flag("--headless", chosen.headless, "draw the frames off screen, into --png's files if given");
    options.number("--count", chosen.count, 1, 1'000'000, "how many quads (default 10000)");
    options.number("--frames", chosen.frames, 0, 1'000'000'000,
                   "how many frames to run (default 300; 0 with --window: until closed)");
    options.number("--seed", chosen.seed, 0, INT64_MAX, "0 (default): the classic grid; else random speeds and angles");
    options.text("--png", chosen.png, "with --headless: write frames to PNG files named by this printf-style pattern, "
                                      "such as frames/frame-%04d.png");
    options.number("--every", chosen.every, 1, 1'000'000'000, "with --png: write every Kth frame (default 1)");
    options.number("--size", chosen.size, 16, 4096, "the drawing's width and height in pixels (default 512)");
    options.flag("--parallel", chosen.parallel, "run the systems on the parallel executor (oneTBB)");
    switch (options.parse(argc, argv)) {
    case screen::options::outcome::help_shown:
        return 0;
    case screen::options::outcome::rejected:
        return 2;
    case screen::options::outcome::run:
        break;
    }
    if (chosen.window && chosen.headless) {
        options.reject("--window and --headless exclude each other");
        return 2;
    }
    if (!chosen.png.empty()) {
        if (!chosen.headless) {
            options.reject("--png writes the frames of a --headless run; add --headless");
            return 2;
        }
        if (const std::string problem = screen::check_frame_pattern(chosen.png); !problem.empty()) {
            options.reject("--png " + problem);
            return 2;
        }
    }
    if (chosen.frames == 0 && !chosen.window) {
        options.reject("--frames 0 runs until the window closes, so it needs --window");
        return 2;
    }

    game::World world;
    quads::build_scene(world, chosen.count, static_cast<std::uint64_t>(chosen.seed));
    if (chosen.parallel) {
#if KILN_HAS_TBB
        return run(world, chosen, "parallel executor", kiln::parallel_executor{});
#else
        std::fprintf(stderr, "quads: built without oneTBB; running serially\n");
#endif
    }
    return run(world, chosen, "serial executor", kiln::serial_executor{});
}

// Output (the time per frame depends on the machine and the build: this is
// the default preset's debug build; the release preset's took 111 us here):
// 10000 entities, 300 frames, serial executor, 663.2 us per frame (checksum 8988.995)
