#include <kiln/core/work_estimate.hpp>

#include <fixture/world.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <thread>

using namespace std::chrono_literals;

TEST_CASE("work_estimates know nothing before a run, then scale the last run's time by the rows") {
    kiln::internal::work_estimates<2, 1> estimates;
    CHECK(estimates.estimate(0, 1'000) == 0ns);
    estimates.record(0, 100, 1'000ns);
    CHECK(estimates.estimate(0, 100) == 1'000ns);
    CHECK(estimates.estimate(0, 250) == 2'500ns);
    CHECK(estimates.estimate(0, 0) == 0ns);
    CHECK(estimates.estimate(1, 100) == 0ns); // each system its own
    estimates.record(1, 0, 700ns);            // no rows: the time as it was
    CHECK(estimates.estimate(1, 5) == 700ns);
    estimates.record(0, 10, 50ns); // the last run counts, not the first
    CHECK(estimates.estimate(0, 20) == 100ns);
}

TEST_CASE("worth_splitting: work of at least the threshold, or everything when the threshold is zero") {
    using kiln::internal::worth_splitting;
    CHECK_FALSE(worth_splitting(19us, 20us));
    CHECK(worth_splitting(20us, 20us));
    CHECK(worth_splitting(1ms, 20us));
    CHECK_FALSE(worth_splitting(0ns, 1ns)); // not measured yet
    CHECK(worth_splitting(0ns, 0ns));
}

TEST_CASE("chunk_rows_for: chunks of about half the threshold's work, or the fallback with nothing to go by") {
    using kiln::internal::chunk_rows_for;
    CHECK(chunk_rows_for(40us, 1'000, 20us, 1024) == 250); // 40 ns a row, 10 us a chunk: four chunks
    CHECK(chunk_rows_for(20us, 1'000, 20us, 1024) == 500); // just worth splitting: two
    CHECK(chunk_rows_for(1s, 10, 20us, 1024) == 1);        // rows longer than a chunk: one row each
    CHECK(chunk_rows_for(1s, 64'000, 4us, 1024) == 1'000); // long work: no more than max_chunks
    CHECK(chunk_rows_for(0ns, 1'000, 20us, 1024) == 1024);  // not measured
    CHECK(chunk_rows_for(40us, 1'000, 0ns, 1024) == 1024);  // split everything: the runner's chunks
}

namespace {

using kiln::internal::stage_retry_most_runs;
using kiln::internal::stage_retry_runs;
using kiln::internal::stage_splits;
using kiln::internal::stage_trial_runs;

// Runs of a stage of 1,000 rows that take serial when not split and split
// when split, under a threshold of 40 us, recorded when timed as the runner
// does; returns how many of them split.
int run_stage(stage_splits& stage, std::uint32_t runs, std::chrono::nanoseconds serial,
              std::chrono::nanoseconds split) {
    int splits = 0;
    for (std::uint32_t run = 0; run < runs; ++run) {
        if (!stage.timed()) {
            CHECK_FALSE(stage.measure()); // an untimed run is serial and measures nothing
            stage.skip();
            continue;
        }
        const bool splitting = stage.split();
        CHECK((!splitting || stage.measure())); // a split run times its systems
        splits += splitting ? 1 : 0;
        stage.record(1'000, splitting ? split : serial, 40us);
    }
    return splits;
}

// Serial runs of a stage before the first trial: the settled runs, then the
// one that times each system.
void settle_serial(stage_splits& stage, std::chrono::nanoseconds serial) {
    for (std::uint32_t run = 0; run < stage_trial_runs; ++run) {
        REQUIRE_FALSE(stage.split());
        REQUIRE_FALSE(stage.measure()); // a serial run times the stage alone
        stage.record(1'000, serial, 40us);
    }
    REQUIRE_FALSE(stage.split());
    REQUIRE(stage.measure()); // the run before a trial times each system, for the split runs
    stage.record(1'000, serial, 40us);
    REQUIRE(stage.split());
}

} // namespace

TEST_CASE("stage_splits: a stage runs serially, and one whose runs take less than the threshold never tries split") {
    stage_splits stage;
    CHECK(run_stage(stage, 10 * stage_retry_most_runs, 39us, 1us) == 0);
    CHECK_FALSE(stage.measure());
    stage.record(1'000, 10ms, 40us); // a run another process interrupted: the median stays below
    CHECK_FALSE(stage.measure());
    CHECK(run_stage(stage, stage_retry_runs, 39us, 1us) == 0);
}

TEST_CASE("stage_splits: a trial of split runs faster by more than the margin settles the stage on splitting") {
    stage_splits stage;
    settle_serial(stage, 100us);
    CHECK(run_stage(stage, stage_trial_runs, 100us, 93us) == static_cast<int>(stage_trial_runs)); // 7% faster
    CHECK(run_stage(stage, stage_retry_runs, 100us, 93us) == static_cast<int>(stage_retry_runs)); // kept
    // Then a trial of serial runs, which are no faster: splitting stays, and the next trial waits twice as long.
    CHECK(run_stage(stage, stage_trial_runs, 100us, 93us) == 0);
    CHECK(run_stage(stage, 2 * stage_retry_runs, 100us, 93us) == static_cast<int>(2 * stage_retry_runs));
    CHECK(run_stage(stage, 1, 100us, 93us) == 0);
}

TEST_CASE("stage_splits: a trial slower by more than the margin keeps the stage serial, and the waits double up to "
          "the most") {
    stage_splits stage;
    settle_serial(stage, 100us);
    CHECK(run_stage(stage, stage_trial_runs, 100us, 107us) == static_cast<int>(stage_trial_runs));
    std::uint32_t wait = stage_retry_runs;
    for (int trial = 0; trial < 6; ++trial) {
        INFO("trial " << trial);
        CHECK(run_stage(stage, wait, 100us, 107us) == 0);
        REQUIRE_FALSE(stage.split());
        REQUIRE(stage.measure());
        stage.record(1'000, 100us, 40us);
        CHECK(run_stage(stage, stage_trial_runs, 100us, 107us) == static_cast<int>(stage_trial_runs));
        wait = std::min(wait * 2, stage_retry_most_runs);
    }
    CHECK(wait == stage_retry_most_runs);
}

TEST_CASE("stage_splits: a trial within the margin either way keeps the stage serial and tries again after the "
          "first wait") {
    stage_splits stage;
    settle_serial(stage, 100us);
    for (const auto split : {95us, 105us, 95us}) { // 5% faster, then slower: ties, noise or a passing load
        INFO("split runs of " << split.count() << " us");
        CHECK(run_stage(stage, stage_trial_runs, 100us, split) == static_cast<int>(stage_trial_runs));
        CHECK(run_stage(stage, stage_retry_runs, 100us, split) == 0); // the same wait each time
        REQUIRE(stage.measure());
        stage.record(1'000, 100us, 40us);
    }
    CHECK(stage.split());
}

TEST_CASE("stage_splits: trials judge by medians, so one run interrupted by another process decides nothing") {
    stage_splits stage;
    for (std::uint32_t run = 0; run < stage_trial_runs; ++run) {
        stage.record(1'000, run == 1 ? 10ms : 100us, 40us); // one serial run interrupted
    }
    stage.record(1'000, 100us, 40us); // the measuring run
    REQUIRE(stage.split());
    for (std::uint32_t run = 0; run < stage_trial_runs; ++run) {
        stage.record(1'000, run == 0 ? 150us : 97us, 40us); // the first split run wakes the worker: slower
    }
    CHECK_FALSE(stage.split()); // 97 against 100 us: not faster by the margin, whatever the interruption
}

TEST_CASE("stage_splits: compares times per row, so a trial over more rows is judged fairly") {
    stage_splits stage;
    settle_serial(stage, 100us);
    for (std::uint32_t run = 0; run < stage_trial_runs; ++run) {
        stage.record(2'000, 180us, 40us); // split over twice the rows: 90 us per 1,000, 10% faster
    }
    CHECK(stage.split());
}

TEST_CASE("stage_splits: rows grown to twice those of the last trial start a trial at once") {
    stage_splits stage;
    settle_serial(stage, 100us);
    CHECK(run_stage(stage, stage_trial_runs, 100us, 100us) == static_cast<int>(stage_trial_runs)); // no faster
    CHECK(run_stage(stage, stage_retry_runs / 2, 100us, 100us) == 0);
    stage.record(1'999, 200us, 40us); // not yet twice
    CHECK_FALSE(stage.measure());
    stage.record(2'000, 200us, 40us);
    CHECK(stage.measure());
    stage.record(2'000, 200us, 40us);
    CHECK(stage.split());
}

TEST_CASE("stage_splits: a stage settled on splitting tries serial runs whatever its work, with no measuring run") {
    stage_splits stage;
    settle_serial(stage, 100us);
    REQUIRE(run_stage(stage, stage_trial_runs + stage_retry_runs - 1, 100us, 30us) ==
            static_cast<int>(stage_trial_runs + stage_retry_runs - 1));
    // Split runs take 30 us, below the threshold; the trial of serial runs comes all the same, and wins.
    stage.record(1'000, 30us, 40us);
    CHECK_FALSE(stage.split());
    CHECK_FALSE(stage.measure());
    CHECK(run_stage(stage, stage_trial_runs, 10us, 30us) == 0);
    CHECK(run_stage(stage, stage_retry_most_runs, 10us, 30us) == 0); // and below the threshold, it stays
}

TEST_CASE("stage_splits: a serial stage whose runs take less than half the threshold is timed in one run of every "
          "stage_sample_runs, and its waits count the runs not timed") {
    using kiln::internal::stage_sample_runs;
    stage_splits stage;
    for (int timed = 0; timed < 3; ++timed) {
        REQUIRE(stage.timed());
        stage.record(1'000, 10us, 40us);
        for (std::uint32_t run = 1; run < stage_sample_runs; ++run) {
            REQUIRE_FALSE(stage.timed());
            stage.skip();
        }
    }
    for (int run = 0; run < 8; ++run) { // nearer the threshold, every run: one may start a trial
        REQUIRE(stage.timed());
        stage.record(1'000, 20us, 40us);
    }
    for (int run = 0; run < 8; ++run) { // at the threshold, every run: a trial may be due
        REQUIRE(stage.timed());
        stage.record(1'000, 40us, 40us);
    }

    stage_splits slower;
    settle_serial(slower, 100us);
    REQUIRE(run_stage(slower, stage_trial_runs, 100us, 107us) == static_cast<int>(stage_trial_runs)); // lost
    REQUIRE(slower.timed()); // a stage over the threshold is timed every run
    CHECK(run_stage(slower, stage_retry_runs, 10us, 107us) == 0); // the wait, mostly untimed below the threshold
    // Back over the threshold: the next trial as soon as the latest timed runs' median is, not a wait later.
    CHECK(run_stage(slower, 2 * stage_trial_runs, 100us, 107us) > 0);
}

TEST_CASE("work_meter adds up the time of pieces run on several threads") {
    kiln::internal::work_meter meter;
    std::thread one{[&] { meter.time([] { std::this_thread::sleep_for(2ms); }); }};
    std::thread other{[&] { meter.time([] { std::this_thread::sleep_for(2ms); }); }};
    one.join();
    other.join();
    CHECK(meter.total() >= 4ms); // both pieces, though they overlapped
}

namespace {

// An executor that splits by work, as parallel_executor does, and counts what
// it is asked to run at once; it runs everything on the calling thread, after
// waiting hand_off, what it makes handing work to other threads cost.
struct counting_executor {
    std::chrono::nanoseconds serial_below;
    std::chrono::nanoseconds stage_serial_below;
    int* batches_together;
    int* systems_chunked;
    std::chrono::nanoseconds hand_off{0};

    template <class... Tasks>
    void run_together(Tasks&&... tasks) const {
        ++*batches_together;
        std::this_thread::sleep_for(hand_off);
        (tasks(), ...);
    }

    template <class Body>
    void for_chunks(std::size_t count, std::size_t grain, Body&& body) const {
        ++*systems_chunked;
        std::this_thread::sleep_for(hand_off);
        for (std::size_t begin = 0; begin < count; begin += grain) {
            body(begin, std::min(count, begin + grain));
        }
    }
};

void populate(fixture::World& world) {
    for (int i = 0; i < 3'000; ++i) {
        const fixture::Velocity velocity{static_cast<float>(i % 7), 1};
        if (i % 2 == 0) {
            world.create<fixture::Particle>(velocity);
        } else {
            world.create<fixture::Ship>(velocity, fixture::Health{100, true});
        }
    }
}

} // namespace

static_assert(kiln::internal::splits_by_work_v<counting_executor>);
static_assert(!kiln::internal::splits_by_work_v<kiln::serial_executor>);

TEST_CASE("the runner splits a stage's work in the runs its trials found faster, and only what is worth it") {
    int together = 0;
    int chunked = 0;
    fixture::World world;
    populate(world);
    fixture::World serial;
    populate(serial);
    const auto run = [&](const counting_executor& executor, std::uint32_t runs) {
        for (std::uint32_t i = 0; i < runs; ++i) {
            world.run(fixture::stage::update, executor);
            serial.run(fixture::stage::update);
        }
    };
    using kiln::internal::stage_trial_runs;

    SECTION("a stage runs serially until its settled runs and the run that measures its systems; then a trial splits") {
        const counting_executor executor{1ns, 0ns, &together, &chunked};
        run(executor, stage_trial_runs + 1);
        CHECK(together == 0);
        CHECK(chunked == 0);
        run(executor, 1);
        CHECK(together > 0);
        CHECK(chunked > 0);
    }
    SECTION("in a trial, work below the executor's threshold is not split") {
        const counting_executor executor{1h, 0ns, &together, &chunked};
        run(executor, 2 * stage_trial_runs + 1);
        CHECK(together == 0);
        CHECK(chunked == 0);
    }
    SECTION("a stage whose work is below the stage threshold is never tried split") {
        const counting_executor executor{1ns, 1h, &together, &chunked};
        run(executor, 2 * kiln::internal::stage_retry_runs);
        CHECK(together == 0);
        CHECK(chunked == 0);
    }
    SECTION("a stage whose split runs were slower runs serially until its next trial") {
        // 3,000 rows of a few arithmetic operations take microseconds; a hand-off of 20 ms is slower, under
        // any sanitizer.
        const counting_executor executor{1ns, 0ns, &together, &chunked, 20ms};
        run(executor, 2 * stage_trial_runs + 1); // settled runs, the measuring run, the trial
        const int together_once = together;
        const int chunked_once = chunked;
        CHECK(chunked_once > 0);
        run(executor, kiln::internal::stage_retry_runs + 1); // the wait, and the measuring run
        CHECK(together == together_once);
        CHECK(chunked == chunked_once);
        run(executor, 1); // the next trial
        CHECK(chunked > chunked_once);
    }
    SECTION("a zero threshold splits from the first run") {
        const counting_executor executor{0ns, 1h, &together, &chunked};
        run(executor, 1);
        CHECK(together > 0);
        CHECK(chunked > 0);
    }
    SECTION("frames below the stage threshold are never tried split, timed or not") {
        const counting_executor executor{1ns, 1h, &together, &chunked};
        for (std::uint32_t frame = 0; frame < 2 * kiln::internal::stage_retry_runs; ++frame) {
            world.progress(0.25, executor);
            serial.progress(0.25);
        }
        CHECK(together == 0);
        CHECK(chunked == 0);
    }
    SECTION("progress chooses for the whole frame, by frames; a stage run alone keeps its own choice") {
        const counting_executor executor{1ns, 0ns, &together, &chunked};
        for (std::uint32_t frame = 0; frame < stage_trial_runs + 1; ++frame) {
            world.progress(0.25, executor);
            serial.progress(0.25);
        }
        CHECK(together == 0);
        CHECK(chunked == 0);
        world.progress(0.25, executor); // the frame's trial
        serial.progress(0.25);
        CHECK(together > 0);
        CHECK(chunked > 0);
        const int together_in_frames = together;
        const int chunked_in_frames = chunked;
        run(executor, stage_trial_runs + 1); // the stage's own serial runs, however many frames ran it
        CHECK(together == together_in_frames);
        CHECK(chunked == chunked_in_frames);
    }
    // Whichever it chose, the world is the one the serial executor leaves.
    const auto left = serial.storage<fixture::Ship>();
    const auto right = world.storage<fixture::Ship>();
    REQUIRE(left.size() == right.size());
    for (std::size_t row = 0; row < left.size(); ++row) {
        INFO("row " << row);
        CHECK(left.at<fixture::Position>(row).y == right.at<fixture::Position>(row).y);
        CHECK(left.at<fixture::Health>(row).hp == right.at<fixture::Health>(row).hp);
    }
}
