// Executors: who runs a batch's systems and a parallel system's chunks.
#pragma once

#include <cstddef>

#if KILN_HAS_TBB
#    include <oneapi/tbb/blocked_range.h>
#    include <oneapi/tbb/parallel_for.h>
#    include <oneapi/tbb/task_group.h>
#endif

namespace kiln {

// Runs everything on the calling thread, in order: the default.
struct serial_executor {
    // Calls each task once.
    template <class... Tasks>
    void run_together(Tasks&&... tasks) const {
        (tasks(), ...);
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
// Runs the systems of a batch at once and splits parallel systems over
// chunks of rows, on oneTBB's worker threads. Available when kiln was
// configured with oneTBB (KILN_HAS_TBB).
struct parallel_executor {
    template <class... Tasks>
    void run_together(Tasks&&... tasks) const {
        if constexpr (sizeof...(Tasks) == 1) {
            (tasks(), ...);
        } else {
            oneapi::tbb::task_group group;
            (group.run([&tasks] { tasks(); }), ...);
            group.wait();
        }
    }

    template <class Body>
    void for_chunks(std::size_t count, std::size_t grain, Body&& body) const {
        oneapi::tbb::parallel_for(oneapi::tbb::blocked_range<std::size_t>{0, count, grain},
                                  [&body](const oneapi::tbb::blocked_range<std::size_t>& range) {
                                      body(range.begin(), range.end());
                                  });
    }
};
#endif

} // namespace kiln
