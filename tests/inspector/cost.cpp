// What the inspector costs a game (docs/inspector.md, "What it costs"): the
// quads scene of 10,000 entities, its frames run plain, then with an idle
// inspector (serve each frame, nothing asked), then also through its timed
// executor, then answering a 1,000-entity page every sixth frame (10 Hz at
// 60 frames a second); and how long the schema and a 1,000-entity page take
// to answer, all in this thread's CPU time. A page is answered as serve()
// answers it: the rows copied on the game's thread (respond), the text
// written from the copy on the server's (response::finish); the frames count
// the first, and the text is written after each block, outside its time.
// Blocks of frames of each way alternate, so that another program's load
// falls on all of them; each way's median block is printed.
// Measure in the release preset:
//   cmake --preset release && cmake --build build/release -j2 --target quads_inspect_cost
//   build/release/examples/quads/quads_inspect_cost [--blocks N]     (40 blocks by default)
#include <game/reflection.hpp>
#include <kiln/inspector.hpp>
#include <scene.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <vector>

namespace {

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values.empty() ? 0.0 : values[values.size() / 2];
}

// The CPU time this thread spent in function: on a machine shared with
// other builds, wall time measures the scheduler as much as the work.
double thread_cpu_us() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) * 1e6 + static_cast<double>(now.tv_nsec) / 1e3;
}

template <class Function>
double microseconds(Function&& function) {
    const double start = thread_cpu_us();
    function();
    return thread_cpu_us() - start;
}

} // namespace

int main(int argc, char** argv) {
    int blocks = 40;
    if (argc == 3 && std::strcmp(argv[1], "--blocks") == 0) {
        blocks = std::atoi(argv[2]);
    }
    constexpr int frames_per_block = 60;
    game::World world;
    quads::build_scene(world, 10000, 0);
    kiln::inspect::basic_inspector<game::World> inspector;
    if (const std::string error = inspector.start(); !error.empty()) {
        std::fprintf(stderr, "quads_inspect_cost: %s\n", error.c_str());
        return 1;
    }
    const float dt = world.resource<game::Time>().dt;
    const kiln::serial_executor serial;
    const kiln::inspect::request page{"GET", "/entities", {{"archetype", "RisingQuad"}, {"limit", "1000"}}, ""};
    const kiln::inspect::request schema{"GET", "/schema", {}, ""};

    // The four ways, each running one block of frames.
    std::size_t answered = 0;
    std::vector<kiln::inspect::response> unwritten; // pages answered in a block, their text not written yet
    const auto run_plain = [&] {
        for (int f = 0; f < frames_per_block; ++f) {
            world.progress(dt, serial);
        }
    };
    const auto run_idle = [&] {
        for (int f = 0; f < frames_per_block; ++f) {
            if (inspector.serve(world)) {
                world.progress(dt, serial);
            }
        }
    };
    const auto run_timed = [&] {
        for (int f = 0; f < frames_per_block; ++f) {
            if (inspector.serve(world)) {
                world.progress(dt, inspector.executor(serial));
            }
        }
    };
    const auto run_paged = [&] {
        for (int f = 0; f < frames_per_block; ++f) {
            if (inspector.serve(world)) {
                world.progress(dt, inspector.executor(serial));
            }
            if (f % 6 == 0) {
                unwritten.push_back(inspector.respond(world, page));
            }
        }
    };
    std::vector<double> plain, idle, timed, paged;
    for (int b = 0; b < blocks; ++b) {
        // Each way first in turn, so that none always follows the page's allocations.
        for (int way = 0; way < 4; ++way) {
            switch ((way + b) % 4) {
            case 0: plain.push_back(microseconds(run_plain) / frames_per_block); break;
            case 1: idle.push_back(microseconds(run_idle) / frames_per_block); break;
            case 2: timed.push_back(microseconds(run_timed) / frames_per_block); break;
            default: paged.push_back(microseconds(run_paged) / frames_per_block); break;
            }
            for (kiln::inspect::response& r : unwritten) {
                r.finish(); // what the server's thread does
                answered += r.body.size();
            }
            unwritten.clear();
        }
    }
    if (answered == 0) {
        return 1;
    }
    const double base = median(plain);
    const auto line = [&](const char* what, const std::vector<double>& times) {
        const double t = median(times);
        std::printf("%-48s %8.1f us per frame (%+.2f%%)\n", what, t, 100.0 * (t - base) / base);
    };
    std::printf("10000 quads, %d blocks of %d frames of each, median block:\n", blocks, frames_per_block);
    std::printf("%-48s %8.1f us per frame\n", "plain (world.progress)", base);
    line("inspector idle (serve, nothing asked)", idle);
    line("inspector idle, frames through its executor", timed);
    line("and a 1,000-entity page every 6th frame", paged);

    // serve alone, nothing asked, between frames that do nothing: what an
    // idle inspector adds to each frame, without the frame's own noise.
    const double serve_us = microseconds([&] {
        for (int i = 0; i < 100000; ++i) {
            (void)inspector.serve(world);
        }
    }) / 100000;
    std::printf("serve(world) alone, nothing asked: %.3f us per call (%.2f%% of the plain frame)\n", serve_us,
                100.0 * serve_us / base);

    // Answer times, on the world's thread (what serve spends on each).
    std::vector<double> first_schema{microseconds([&] { (void)inspector.answer(world, schema); })};
    std::vector<double> schema_times, page_times, text_times;
    std::size_t bytes[2] = {};
    for (int i = 0; i < 50; ++i) {
        schema_times.push_back(microseconds([&] { bytes[0] = inspector.answer(world, schema).body.size(); }));
        kiln::inspect::response r;
        page_times.push_back(microseconds([&] { r = inspector.respond(world, page); }));
        text_times.push_back(microseconds([&] { r.finish(); }));
        bytes[1] = r.body.size();
    }
    std::printf("/api/schema: %.0f us the first time (then cached; %.0f us), %zu bytes\n", first_schema[0],
                median(schema_times), bytes[0]);
    std::printf("/api/entities, 1,000 entities of 6 components: %.0f us at the barrier, then %.0f us writing its "
                "text off the game's thread (medians of 50), %zu bytes\n",
                median(page_times), median(text_times), bytes[1]);
    return 0;
}
