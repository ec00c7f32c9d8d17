// What each system's work costs, as the parallel executor measures it: the
// CPU time of its last run and the rows it ran over, and the wall time of its
// last split. A system or batch whose work is smaller than handing it to
// other threads costs, or whose last split took longer than its work on one
// thread, gains nothing from them (docs/systems.md, "The parallel executor"),
// so the runner runs it on the calling thread; whichever it picks, the world
// ends the same.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <concepts>
#include <cstddef>
#include <cstdint>

namespace kiln::internal {

// The CPU time that Count systems took in their last run, and the rows they
// ran over (1 for a system without components); none before the first run.
// A time taken over some rows, scaled to others: the rows' share of it.
struct measured_time {
    std::chrono::nanoseconds time{0};
    std::size_t rows = 0; // 0 for work without rows: the time as it was

    [[nodiscard]] std::chrono::nanoseconds over(std::size_t other_rows) const noexcept {
        if (rows == 0) {
            return time;
        }
        return std::chrono::nanoseconds{static_cast<std::int64_t>(static_cast<double>(time.count()) *
                                                                  static_cast<double>(other_rows) /
                                                                  static_cast<double>(rows))};
    }
};

// Whether work is worth splitting over threads: at least serial_below, or
// always when serial_below is zero (tests split everything that way).
inline bool worth_splitting(std::chrono::nanoseconds work, std::chrono::nanoseconds serial_below) noexcept {
    return serial_below.count() == 0 || work >= serial_below;
}

// After a split measured slower than the work on one thread, how many runs
// go by on the calling thread before a split is tried again: the load and the
// rows change, and the split's cost with them. Each retry that loses again
// doubles the wait, up to split_retry_most_runs, so that a split that keeps
// losing costs ever fewer runs its loss (at 1,000 quads, a retry every 16
// frames made the frame 1.4 times as long: a wake-up costs more than the
// frame's work); a split that wins starts the count again.
inline constexpr std::uint32_t split_retry_runs = 16;
inline constexpr std::uint32_t split_retry_most_runs = 1024;

// What splitting one piece of work (a parallel system's rows, or a batch's
// systems at once) last took, in wall time, and whether to split it again.
// serial_below says what a hand-off costs where the threads are running;
// where they sleep between frames, waking them costs more (tens of
// microseconds on a virtual machine), which only a split's own wall time
// shows.
class split_record {
public:
    // Whether to split work that takes serial on the calling thread, over rows.
    [[nodiscard]] bool split(std::chrono::nanoseconds serial, std::size_t rows,
                             std::chrono::nanoseconds serial_below) noexcept {
        if (!worth_splitting(serial, serial_below)) {
            return false;
        }
        if (serial_below.count() == 0 || last_.time.count() == 0 || last_.over(rows) < serial) {
            retry_after_ = split_retry_runs; // split everything, never split yet, or faster split
            return true;
        }
        if (++runs_since_split_ < retry_after_) {
            return false;
        }
        retry_after_ = std::min(retry_after_ * 2, split_retry_most_runs);
        return true;
    }

    void record(std::size_t rows, std::chrono::nanoseconds wall) noexcept {
        last_ = {wall, rows};
        runs_since_split_ = 0;
    }

private:
    measured_time last_;
    std::uint32_t runs_since_split_ = 0;
    std::uint32_t retry_after_ = split_retry_runs;
};

template <std::size_t Count>
class work_estimates {
public:
    // What system's work over rows should take: its last run's time per row,
    // times rows. Zero before its first run.
    [[nodiscard]] std::chrono::nanoseconds estimate(std::size_t system, std::size_t rows) const noexcept {
        return last_[system].over(rows);
    }

    void record(std::size_t system, std::size_t rows, std::chrono::nanoseconds work) noexcept {
        last_[system] = {work, rows};
    }

    // The splits of system's rows into chunks.
    [[nodiscard]] split_record& chunks_of(std::size_t system) noexcept { return chunks_[system]; }

    // The splits of the batch whose first system is first: its systems at once.
    [[nodiscard]] split_record& batch_from(std::size_t first) noexcept { return batches_[first]; }

private:
    std::array<measured_time, Count> last_{};
    std::array<split_record, Count> chunks_{};
    std::array<split_record, Count> batches_{};
};

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

// How long function took to run, by the clock on the wall.
template <class Function>
std::chrono::nanoseconds wall_time(Function&& function) {
    const auto start = std::chrono::steady_clock::now();
    function();
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start);
}

// Adds up the time spent in the pieces of one system's run, which may run on
// several threads at once: the run's CPU time, whatever the threads.
class work_meter {
public:
    template <class Function>
    void time(Function&& function) {
        nanoseconds_.fetch_add(wall_time(function).count(), std::memory_order_relaxed);
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
