// What work costs, as the parallel executor measures it: each system's CPU
// time in its last timed run and the rows it ran over, and each stage's wall
// time in runs split and not. A stage whose split runs were not faster, or a
// system or batch whose work is smaller than handing it to other threads
// costs, gains nothing from them (docs/systems.md, "The parallel executor"),
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

// Whether the runs of a frame's stages (world.progress), or of a stage run on
// its own (world.run), split their work over threads (what each run finds
// worth splitting), chosen by timing whole runs both ways. A split's own wall
// time does not show all it costs: a worker that slept between splits takes
// ~40 us to wake on this project's virtual machine, so that a lone split
// meets a sleeping worker where splits run after run keep it awake; and the
// rows a worker wrote are in its core's cache when the next system reads them
// on this one. Only the whole run's time shows both (docs/systems.md, "The
// parallel executor"). Below, "a stage" is what is timed: a frame, or a stage.
//
// A stage settles on one way, serial at first, and every so many runs tries
// the other for stage_trial_runs runs; the trial's median time per row
// against the median of the settled way's last stage_trial_runs runs decides
// (medians, as a run another process interrupted is a time far too long,
// and the first run of a trial finds the worker asleep). The other way is
// kept only if faster by more than a stage_trial_margin-th, so that noise
// does not flip it. A trial slower by more than that doubles the wait for the
// next, from stage_retry_runs up to stage_retry_most_runs, so that a losing
// way costs ever fewer runs; a tie (within the margin either way) waits
// stage_retry_runs, as it costs little, and another program busy on the
// other core for a while makes ties of trials that would win; a switch starts
// the wait over, as do rows grown to twice those of the last trial (the load
// and the work change, and the verdict with them). A serial stage tries splitting only when its
// last run and the median of its runs take at least the executor's
// stage_serial_below, and times each system's work in the run before, which
// the split runs go by; its other runs time only the whole stage, and while
// they take less than half of stage_serial_below, far from a trial, only one
// run in every stage_sample_runs is timed: a run of 1,000 quads takes 10 us,
// and two clock reads in each cost it ~0.4%, what the parallel executor must
// not lose against the serial one. Runs nearer the threshold are all timed,
// so that the few slow enough to start a trial are seen (a frame of 3,000
// quads takes 35 us, and its trials split it a little faster).
inline constexpr std::uint32_t stage_trial_runs = 4;
inline constexpr std::uint32_t stage_trial_margin = 16;
inline constexpr std::uint32_t stage_retry_runs = 64;
inline constexpr std::uint32_t stage_retry_most_runs = 1024;
inline constexpr std::uint32_t stage_sample_runs = 16;

class stage_splits {
public:
    // Whether the stage's next run splits its work.
    [[nodiscard]] bool split() const noexcept { return (phase_ == phase::trying) != settled_split_; }

    // Whether the stage's next run times each system's work (work_estimates).
    [[nodiscard]] bool measure() const noexcept { return split() || phase_ == phase::measuring; }

    // Whether the stage's next run is timed and recorded; when not, it runs
    // serially and measures nothing (split() and measure() are false), and
    // skip() says it ran.
    [[nodiscard]] bool timed() const noexcept { return untimed_runs_ == 0; }

    void skip() noexcept {
        --untimed_runs_;
        if (runs_to_trial_ > 0) {
            --runs_to_trial_; // the waits count runs, timed or not
        }
    }

    // The run split() was asked for took wall, over rows (its systems' rows
    // summed, 1 for a system without components); a serial stage whose runs
    // take less than serial_below is not tried split, and one whose runs take
    // less than half of it is timed in one run of every stage_sample_runs.
    void record(std::size_t rows, std::chrono::nanoseconds wall, std::chrono::nanoseconds serial_below) noexcept {
        judge(rows, wall, serial_below);
        if (phase_ == phase::settled && !settled_split_ && wall < serial_below / 2) {
            untimed_runs_ = stage_sample_runs - 1;
        }
    }

private:
    enum class phase : std::uint8_t { settled, measuring, trying };

    void judge(std::size_t rows, std::chrono::nanoseconds wall, std::chrono::nanoseconds serial_below) noexcept {
        const double per_row = static_cast<double>(wall.count()) / static_cast<double>(std::max<std::size_t>(rows, 1));
        if (phase_ == phase::trying) {
            trial_[trial_count_++] = per_row;
            if (trial_count_ == stage_trial_runs) {
                end_trial(rows);
            }
            return;
        }
        settled_[settled_count_++ % stage_trial_runs] = per_row;
        if (phase_ == phase::measuring) {
            phase_ = phase::trying;
            trial_count_ = 0;
            return;
        }
        if (trial_rows_ > 0 && rows >= 2 * trial_rows_) {
            wait_ = stage_retry_runs;
            runs_to_trial_ = 0; // the work doubled since the last trial: its verdict is stale
        } else if (runs_to_trial_ > 0) {
            --runs_to_trial_;
        }
        if (runs_to_trial_ > 0 || settled_count_ < stage_trial_runs) {
            return;
        }
        if (settled_split_) {
            phase_ = phase::trying;
            trial_count_ = 0;
        } else if (wall >= serial_below &&
                   median(settled_) * static_cast<double>(rows) >= static_cast<double>(serial_below.count())) {
            phase_ = phase::measuring; // the median only then: a stage far below costs a clock read, not a sort
        }
    }

    static double median(std::array<double, stage_trial_runs> times) noexcept {
        std::sort(times.begin(), times.end());
        return (times[(stage_trial_runs - 1) / 2] + times[stage_trial_runs / 2]) / 2;
    }

    void end_trial(std::size_t rows) noexcept {
        phase_ = phase::settled;
        trial_rows_ = rows;
        const double settled = median(settled_);
        const double trial = median(trial_);
        if (trial < settled - settled / stage_trial_margin) {
            settled_split_ = !settled_split_;
            settled_ = trial_; // the new way's runs are its latest
            wait_ = stage_retry_runs;
        } else if (trial < settled + settled / stage_trial_margin) {
            runs_to_trial_ = stage_retry_runs; // a tie costs little to try again, and a passing load makes ties
            return;
        }
        runs_to_trial_ = wait_;
        wait_ = std::min(wait_ * 2, stage_retry_most_runs);
    }

    std::array<double, stage_trial_runs> settled_{}; // ns per row of the settled way's latest runs
    std::array<double, stage_trial_runs> trial_{};
    std::uint32_t settled_count_ = 0;
    std::uint32_t trial_count_ = 0;
    std::uint32_t runs_to_trial_ = 0;       // the first trial as soon as the settled way has its runs
    std::uint32_t wait_ = stage_retry_runs; // the runs before the trial after next, if the next keeps the way
    std::size_t trial_rows_ = 0;
    std::uint32_t untimed_runs_ = 0; // the runs before the next timed one
    phase phase_ = phase::settled;
    bool settled_split_ = false;
};

template <std::size_t Count, std::size_t Stages>
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

    // Whether the runs of the schedule's plan-th stage plan split their work
    // (world.run).
    [[nodiscard]] stage_splits& stage(std::size_t plan) noexcept { return stages_[plan]; }

    // Whether a frame's stages split their work (world.progress): all of
    // them or none, chosen by timing whole frames.
    [[nodiscard]] stage_splits& frame() noexcept { return frame_; }

private:
    std::array<measured_time, Count> last_{};
    std::array<stage_splits, Stages> stages_{};
    stage_splits frame_;
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
// calling thread: one with thresholds, serial_below for a system's or a
// batch's work and stage_serial_below for a stage's (parallel_executor).
template <class Executor>
inline constexpr bool splits_by_work_v = requires(const Executor& executor) {
    { executor.serial_below } -> std::convertible_to<std::chrono::nanoseconds>;
    { executor.stage_serial_below } -> std::convertible_to<std::chrono::nanoseconds>;
};

// Whether an executor wants to be told what each run took: one that has
// `static constexpr bool times_runs = true` (the inspector's, kiln::inspector
// in inspector/) is handed each stage's wall time, through
// stage_ran<Plan>(time), and each system's or fused pass's, through
// ran<type_list<Systems...>>(time), which may come from several threads at
// once. Every other executor compiles to what it did without this.
template <class Executor>
inline constexpr bool times_runs_v = requires {
    requires Executor::times_runs;
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
