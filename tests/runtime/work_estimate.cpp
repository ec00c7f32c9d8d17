#include <kiln/work_estimate.hpp>

#include <fixture/world.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <thread>

using namespace std::chrono_literals;

TEST_CASE("work_estimates know nothing before a run, then scale the last run's time by the rows") {
    kiln::internal::work_estimates<2> estimates;
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

TEST_CASE("split_record: splits work worth it until a split measures slower, then tries again every so many runs") {
    using kiln::internal::split_retry_runs;
    kiln::internal::split_record record;
    CHECK_FALSE(record.split(3us, 100, 4us)); // not worth it
    CHECK(record.split(8us, 100, 4us));       // worth it, never split: try
    record.record(100, 5us);                  // faster than 8 us on one thread
    CHECK(record.split(8us, 100, 4us));
    CHECK(record.split(16us, 200, 4us)); // per row: 10 us split over 200 rows, against 16 us
    record.record(100, 9us);            // slower than 8 us
    for (std::uint32_t run = 1; run < split_retry_runs; ++run) {
        INFO("run " << run);
        CHECK_FALSE(record.split(8us, 100, 4us));
    }
    CHECK(record.split(8us, 100, 4us)); // the retry
    record.record(100, 9us);            // slower again: twice as many runs before the next
    for (std::uint32_t run = 1; run < 2 * split_retry_runs; ++run) {
        INFO("run " << run);
        CHECK_FALSE(record.split(8us, 100, 4us));
    }
    CHECK(record.split(8us, 100, 4us));
    record.record(100, 9us);
    CHECK(record.split(9us * 2, 100, 4us)); // the work grew past the split's time: split, and the wait starts over
    record.record(100, 9us);
    for (std::uint32_t run = 1; run < split_retry_runs; ++run) {
        INFO("run " << run);
        CHECK_FALSE(record.split(8us, 100, 4us));
    }
    CHECK(record.split(8us, 100, 4us));
    CHECK(record.split(1ns, 100, 0ns)); // a zero threshold splits everything
}

TEST_CASE("split_record: the wait between retries of a losing split stops doubling at split_retry_most_runs") {
    using kiln::internal::split_retry_most_runs;
    kiln::internal::split_record record;
    REQUIRE(record.split(8us, 100, 4us));
    std::uint32_t waited = 0;
    for (int retry = 0; retry < 12; ++retry) {
        record.record(100, 9us);
        waited = 1;
        while (!record.split(8us, 100, 4us)) {
            ++waited;
        }
    }
    CHECK(waited == split_retry_most_runs);
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

TEST_CASE("the runner runs work below the executor's threshold on the calling thread, and splits what is worth it") {
    int together = 0;
    int chunked = 0;
    fixture::World world;
    populate(world);
    fixture::World serial;
    populate(serial);

    SECTION("below the threshold, nothing is split") {
        const counting_executor executor{1h, &together, &chunked};
        for (int frame = 0; frame < 3; ++frame) {
            world.run(fixture::stage::update, executor);
            serial.run(fixture::stage::update);
        }
        CHECK(together == 0);
        CHECK(chunked == 0);
    }
    SECTION("nothing is split before a run has measured the work; then what took longer than the threshold is") {
        const counting_executor executor{1ns, &together, &chunked};
        world.run(fixture::stage::update, executor);
        serial.run(fixture::stage::update);
        CHECK(together == 0);
        CHECK(chunked == 0);
        world.run(fixture::stage::update, executor);
        serial.run(fixture::stage::update);
        CHECK(together > 0);
        CHECK(chunked > 0);
    }
    SECTION("a split that took longer than the work on one thread is not made again until its retry") {
        // 3,000 rows of a few arithmetic operations take microseconds; a hand-off of 20 ms is slower, under
        // any sanitizer.
        const counting_executor executor{1ns, &together, &chunked, 20ms};
        world.run(fixture::stage::update, executor); // measures the work
        serial.run(fixture::stage::update);
        world.run(fixture::stage::update, executor); // splits, never split before
        serial.run(fixture::stage::update);
        const int together_once = together;
        const int chunked_once = chunked;
        CHECK(chunked_once > 0);
        for (std::uint32_t run = 1; run < kiln::internal::split_retry_runs; ++run) {
            world.run(fixture::stage::update, executor);
            serial.run(fixture::stage::update);
        }
        CHECK(together == together_once);
        CHECK(chunked == chunked_once);
        world.run(fixture::stage::update, executor); // the retry
        serial.run(fixture::stage::update);
        CHECK(chunked > chunked_once);
    }
    SECTION("a zero threshold splits from the first run") {
        const counting_executor executor{0ns, &together, &chunked};
        world.run(fixture::stage::update, executor);
        serial.run(fixture::stage::update);
        CHECK(together > 0);
        CHECK(chunked > 0);
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
