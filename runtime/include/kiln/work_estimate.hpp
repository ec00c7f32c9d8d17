// What each system's work costs, as the parallel executor measures it: the
// CPU time of its last run and the rows it ran over. A system or batch whose
// work is smaller than handing it to other threads costs gains nothing from
// them (docs/systems.md, "The parallel executor"), so the runner runs it on
// the calling thread; whichever it picks, the world ends the same.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <concepts>
#include <cstddef>
#include <cstdint>

namespace kiln::internal {

// The CPU time that Count systems took in their last run, and the rows they
// ran over (1 for a system without components); none before the first run.
template <std::size_t Count>
class work_estimates {
public:
    // What system's work over rows should take: its last run's time per row,
    // times rows. Zero before its first run.
    [[nodiscard]] std::chrono::nanoseconds estimate(std::size_t system, std::size_t rows) const noexcept {
        const measured& last = last_[system];
        if (last.rows == 0) {
            return last.work;
        }
        return std::chrono::nanoseconds{static_cast<std::int64_t>(static_cast<double>(last.work.count()) *
                                                                  static_cast<double>(rows) /
                                                                  static_cast<double>(last.rows))};
    }

    void record(std::size_t system, std::size_t rows, std::chrono::nanoseconds work) noexcept {
        last_[system] = {work, rows};
    }

private:
    struct measured {
        std::chrono::nanoseconds work{0};
        std::size_t rows = 0;
    };
    std::array<measured, Count> last_{};
};

// Whether work is worth splitting over threads: at least serial_below, or
// always when serial_below is zero (tests split everything that way).
inline bool worth_splitting(std::chrono::nanoseconds work, std::chrono::nanoseconds serial_below) noexcept {
    return serial_below.count() == 0 || work >= serial_below;
}

// The rows of a chunk when work over rows is split: each chunk about half of
// serial_below's work, so that a system just worth splitting makes two
// chunks and a long one many, which threads that fall idle take in turn; but
// no more than max_chunks, past which each chunk's own start costs more
// than the balance it buys. fallback when nothing is measured, or
// serial_below is zero.
inline constexpr std::size_t max_chunks = 64;

inline std::size_t chunk_rows_for(std::chrono::nanoseconds work, std::size_t rows, std::chrono::nanoseconds serial_below,
                                  std::size_t fallback) noexcept {
    if (serial_below.count() == 0 || work.count() <= 0) {
        return fallback;
    }
    const double half = static_cast<double>(rows) * static_cast<double>(serial_below.count()) / 2.0 /
                        static_cast<double>(work.count());
    const double fewest = static_cast<double>(rows) / static_cast<double>(max_chunks);
    const double chosen = half > fewest ? half : fewest;
    return chosen < 1.0 ? 1 : static_cast<std::size_t>(chosen);
}

// Adds up the time spent in the pieces of one system's run, which may run on
// several threads at once: the run's CPU time, whatever the threads.
class work_meter {
public:
    template <class Function>
    void time(Function&& function) {
        const auto start = std::chrono::steady_clock::now();
        function();
        const auto spent = std::chrono::steady_clock::now() - start;
        nanoseconds_.fetch_add(std::chrono::duration_cast<std::chrono::nanoseconds>(spent).count(),
                               std::memory_order_relaxed);
    }

    // Read once every piece has returned (the executor's join orders them before).
    [[nodiscard]] std::chrono::nanoseconds total() const noexcept {
        return std::chrono::nanoseconds{nanoseconds_.load(std::memory_order_relaxed)};
    }

private:
    std::atomic<std::int64_t> nanoseconds_{0};
};

// Whether an executor chooses between splitting work and running it on the
// calling thread: one with a threshold, serial_below (parallel_executor).
template <class Executor>
inline constexpr bool splits_by_work_v = requires(const Executor& executor) {
    { executor.serial_below } -> std::convertible_to<std::chrono::nanoseconds>;
};

// Executor, splitting into chunks of chunk_rows, with the time of every
// chunk it runs added to a meter.
template <class Executor>
struct metered_executor {
    const Executor& executor;
    work_meter& meter;
    std::size_t chunk_rows;

    template <class Body>
    void for_chunks(std::size_t count, std::size_t, Body&& body) const {
        executor.for_chunks(count, chunk_rows, [this, &body](std::size_t begin, std::size_t end) {
            meter.time([&] { body(begin, end); });
        });
    }
};

} // namespace kiln::internal
