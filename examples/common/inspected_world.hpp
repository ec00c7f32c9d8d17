// The live inspector as the example games host it (docs/inspector.md): made
// and started when --inspect asked for it, answering between frames, and
// pacing a headless run so that a person or a test can follow it. Without
// the inspector built (KILN_HAS_INSPECTOR 0) it asks for nothing and every
// frame is the world's own.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <thread>

#if KILN_HAS_INSPECTOR
#include <kiln/inspector.hpp>
#endif

namespace examples {

template <class World>
class inspected_world {
public:
    // Starts the inspector on port when port is not negative (0: any free
    // one) and prints its address; returns "" or why it did not start.
    std::string start(std::int64_t port) {
#if KILN_HAS_INSPECTOR
        if (port >= 0) {
            inspector_ = std::make_unique<kiln::inspect::basic_inspector<World>>();
            kiln::inspect::options where;
            where.port = static_cast<int>(port);
            if (std::string error = inspector_->start(where); !error.empty()) {
                return "the inspector: " + error;
            }
            std::printf("inspector: %s\n", inspector_->url().c_str());
            std::fflush(stdout);
        }
#else
        (void)port;
#endif
        return "";
    }

    // One frame of world. Inspected, the inspector answers first; a world it
    // paused still runs its render stage, so that an edit shows.
    template <class Executor, class Stage>
    void progress(World& world, double seconds, const Executor& executor, Stage render) {
#if KILN_HAS_INSPECTOR
        if (inspector_ != nullptr) {
            if (inspector_->serve(world)) {
                world.progress(seconds, inspector_->executor(executor));
            } else {
                world.run(render, executor); // paused: draw the world as it is
            }
            return;
        }
#else
        (void)render;
#endif
        world.progress(seconds, executor);
    }

    // Inspected, a headless run keeps to 60 frames a second (a frame began
    // at start), so that a person or a test can follow it.
    template <class TimePoint>
    void pace(TimePoint start, bool headless) const {
#if KILN_HAS_INSPECTOR
        if (headless && inspector_ != nullptr) {
            std::this_thread::sleep_until(start + std::chrono::microseconds{16'667});
        }
#else
        (void)start;
        (void)headless;
#endif
    }

private:
#if KILN_HAS_INSPECTOR
    std::unique_ptr<kiln::inspect::basic_inspector<World>> inspector_;
#endif
};

} // namespace examples
