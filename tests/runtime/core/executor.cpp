#include <kiln/core/executor.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <mutex>
#include <utility>
#include <vector>

namespace {

// Every index of [0, count) once, in pieces of at most grain rows, whatever
// the order the pieces came in.
void check_pieces_cover(std::vector<std::pair<std::size_t, std::size_t>> pieces, std::size_t count,
                        std::size_t grain) {
    std::vector<int> visits(count, 0);
    for (const auto& [begin, end] : pieces) {
        REQUIRE(begin < end);
        REQUIRE(end <= count);
        CHECK(end - begin <= grain);
        for (std::size_t i = begin; i < end; ++i) {
            ++visits[i];
        }
    }
    for (std::size_t i = 0; i < count; ++i) {
        INFO("index " << i);
        CHECK(visits[i] == 1);
    }
}

} // namespace

TEST_CASE("serial_executor runs each task once, in the order given") {
    std::vector<int> order;
    kiln::serial_executor{}.run_together([&] { order.push_back(1); }, [&] { order.push_back(2); },
                                         [&] { order.push_back(3); });
    CHECK(order == std::vector<int>{1, 2, 3});
}

TEST_CASE("serial_executor gives for_chunks the whole range in one piece, and none for an empty one") {
    std::vector<std::pair<std::size_t, std::size_t>> pieces;
    const auto record = [&](std::size_t begin, std::size_t end) { pieces.emplace_back(begin, end); };
    kiln::serial_executor{}.for_chunks(1000, 64, record);
    CHECK(pieces == std::vector<std::pair<std::size_t, std::size_t>>{{0, 1000}});

    pieces.clear();
    kiln::serial_executor{}.for_chunks(0, 64, record);
    CHECK(pieces.empty());
}

#if KILN_HAS_TBB
TEST_CASE("parallel_executor runs each task of a batch exactly once and returns after all of them") {
    std::atomic<int> runs[4] = {};
    kiln::parallel_executor{}.run_together([&] { ++runs[0]; }, [&] { ++runs[1]; }, [&] { ++runs[2]; },
                                           [&] { ++runs[3]; });
    for (const std::atomic<int>& count : runs) {
        CHECK(count.load() == 1);
    }

    int alone = 0; // one task runs on the calling thread: no atomics needed
    kiln::parallel_executor{}.run_together([&] { ++alone; });
    CHECK(alone == 1);
}

TEST_CASE("parallel_executor's for_chunks covers every row once, in pieces of at most grain, the same pieces every run") {
    const auto pieces_of = [](std::size_t count, std::size_t grain) {
        std::mutex lock;
        std::vector<std::pair<std::size_t, std::size_t>> pieces;
        kiln::parallel_executor{}.for_chunks(count, grain, [&](std::size_t begin, std::size_t end) {
            const std::lock_guard guard{lock};
            pieces.emplace_back(begin, end);
        });
        std::sort(pieces.begin(), pieces.end());
        return pieces;
    };
    for (const auto& [count, grain] : {std::pair<std::size_t, std::size_t>{10'000, 256}, {1, 256}, {257, 256},
                                       {100'003, 1'000}}) {
        INFO(count << " rows, grain " << grain);
        const auto pieces = pieces_of(count, grain);
        check_pieces_cover(pieces, count, grain);
        CHECK(pieces == pieces_of(count, grain));
    }
    CHECK(pieces_of(0, 256).empty());
}
#endif
