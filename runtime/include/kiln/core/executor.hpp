// Executors: who runs a batch's systems and a parallel system's chunks.
#pragma once

#include <chrono>
#include <cstddef>

#include <kiln/core/type_list.hpp>

#if KILN_HAS_TBB
#    include <oneapi/tbb/blocked_range.h>
#    include <oneapi/tbb/parallel_for.h>
#    include <oneapi/tbb/partitioner.h>
#    include <oneapi/tbb/task_group.h>
#endif

namespace kiln {

// Runs everything on the calling thread, in order: the default.
struct serial_executor {
    // Calls each task once.
    template <class... Tasks>
    void run_together(Tasks&&... tasks) const {
        internal::in_order({(tasks(), 0)...});
    }

    // Calls body(begin, end) over [0, count) in pieces of at most grain.
    template <class Body>
    void for_chunks(std::size_t count, std::size_t, Body&& body) const {
        if (count > 0) {
            body(std::size_t{0}, count);
        }
    }
};

#if KILN_HAS_TBB

namespace internal {

// ThreadSanitizer cannot see the synchronization inside a oneTBB that was not
// built with it (Debian's is not). These tell it what oneTBB guarantees: all
// the calling thread did happens before every task it starts, and every task
// happens before the call that started them returns; nothing is said between
// sibling tasks, so a race between two systems of a batch is still reported.
#    if defined(__SANITIZE_THREAD__)
extern "C" void __tsan_acquire(void* address);
extern "C" void __tsan_release(void* address);
inline char tasks_start;
inline char tasks_end;
inline void before_tasks() { __tsan_release(&tasks_start); }
inline void task_begins() { __tsan_acquire(&tasks_start); }
inline void task_ends() { __tsan_release(&tasks_end); }
inline void after_tasks() { __tsan_acquire(&tasks_end); }
#    else
inline void before_tasks() {}
inline void task_begins() {}
inline void task_ends() {}
inline void after_tasks() {}
#    endif

// Starts oneTBB's worker threads, once per process. oneTBB starts them on
// its first parallel call, which took 0.45-0.57 ms on this project's 2-core
// machine; otherwise the first frame that splits work pays for it (a frame
// of 1,000 quads takes 10 us; docs/systems.md, "The parallel executor").
inline void start_workers() {
    static const bool started = [] {
        oneapi::tbb::task_group group;
        group.run([] {});
        group.run([] {});
        group.wait();
        return true;
    }();
    static_cast<void>(started);
}

} // namespace internal

// Runs the systems of a batch at once and splits parallel systems over
// chunks of rows, on oneTBB's worker threads, where the work is worth it.
// Available when kiln was configured with oneTBB (KILN_HAS_TBB).
struct parallel_executor {
    // The least work worth handing to other threads. The runner measures
    // how long each system's last run took (kiln/core/work_estimate.hpp); a
    // parallel system whose rows, or a batch whose systems, should take less
    // than this runs on the calling thread instead, where it costs no
    // hand-off. Zero splits everything. The default is measured: see
    // docs/systems.md, "The parallel executor".
    std::chrono::nanoseconds serial_below{default_serial_below};

    static constexpr std::chrono::nanoseconds default_serial_below{std::chrono::microseconds{4}};

    // The least time a frame's runs (world.progress), or a stage's run on
    // its own (world.run), take for them to be tried split. The runner tries
    // a frame's stages split for a few frames now and then, and keeps the
    // way whole frames showed faster (kiln/core/work_estimate.hpp's stage_splits);
    // a try wakes workers that slept, and a woken worker arrives after a
    // frame of less work is done. Measured: see docs/systems.md, "The
    // parallel executor".
    std::chrono::nanoseconds stage_serial_below{default_stage_serial_below};

    static constexpr std::chrono::nanoseconds default_stage_serial_below{std::chrono::microseconds{40}};

    // Both start oneTBB's threads if nothing has yet (internal::start_workers).
    parallel_executor() { internal::start_workers(); }
    explicit parallel_executor(std::chrono::nanoseconds threshold) : serial_below{threshold} {
        internal::start_workers();
    }

    template <class... Tasks>
    void run_together(Tasks&&... tasks) const {
        if constexpr (sizeof...(Tasks) == 1) {
            (tasks(), ...);
        } else {
            internal::before_tasks();
            oneapi::tbb::task_group group;
            internal::in_order({(group.run([&tasks] {
                internal::task_begins();
                tasks();
                internal::task_ends();
            }),
                                 0)...});
            group.wait();
            internal::after_tasks();
        }
    }

    // Chunks of grain rows exactly (simple_partitioner): the same split on
    // every run, and none of auto_partitioner's stealing bookkeeping, which
    // ThreadSanitizer reports as a race inside oneTBB.
    template <class Body>
    void for_chunks(std::size_t count, std::size_t grain, Body&& body) const {
        internal::before_tasks();
        oneapi::tbb::parallel_for(
            oneapi::tbb::blocked_range<std::size_t>{0, count, grain},
            [&body](const oneapi::tbb::blocked_range<std::size_t>& range) {
                internal::task_begins();
                body(range.begin(), range.end());
                internal::task_ends();
            },
            oneapi::tbb::simple_partitioner{});
        internal::after_tasks();
    }
};
#else
// Without oneTBB the name stays, so that code using it is told what to link
// rather than that kiln has no such member.
struct parallel_executor {
    template <bool linked = false>
    parallel_executor() {
        static_assert(linked, "kiln::parallel_executor runs on oneTBB: link the CMake target kiln::parallel, which "
                              "exists when kiln was configured with oneTBB (docs/systems.md)");
    }
};
#endif

} // namespace kiln
