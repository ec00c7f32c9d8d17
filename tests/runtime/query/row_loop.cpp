#include <kiln/query/row_loop.hpp>

#include <catch2/catch.hpp>

#include <cstddef>
#include <cstdint>
#include <numeric>
#include <utility>
#include <vector>

namespace {

// A cursor that is no pointer, as a split component's is: the loop that is
// not unrolled runs over it.
struct index_cursor {
    const int* values;
    const int& operator[](std::size_t row) const noexcept { return values[row]; }
};

} // namespace

TEST_CASE("for_each_row calls the function once per row from begin up to end, in order, with each cursor's row") {
    // 4 rows unrolled at a time: 1, 4 and 7 rows cover no remainder, the whole and a partial batch.
    for (const auto& [begin, end] : {std::pair<std::size_t, std::size_t>{3, 4}, {0, 4}, {2, 9}, {5, 5}}) {
        INFO("rows [" << begin << ", " << end << ")");
        std::vector<int> written(10, 0);
        std::vector<float> read(10);
        std::iota(read.begin(), read.end(), 0.0f);
        std::vector<std::size_t> rows;
        auto add = [&](int& out, const float& in) {
            out += static_cast<int>(in) + 1;
            rows.push_back(static_cast<std::size_t>(&out - written.data()));
        };
        kiln::internal::for_each_row(add, begin, end, written.data(), static_cast<const float*>(read.data()));
        std::vector<std::size_t> expected(end - begin);
        std::iota(expected.begin(), expected.end(), begin);
        CHECK(rows == expected);
        for (std::size_t row = 0; row < written.size(); ++row) {
            CHECK(written[row] == (row >= begin && row < end ? static_cast<int>(row) + 1 : 0));
        }
    }
}

TEST_CASE("for_each_row over a written element of half a cache line or more, which it prefetches ahead, calls the "
          "function once per row up to the column's last") {
    // A packed component of 48 bytes, as systems7's Data: the loop prefetches 2 KiB past each row, past
    // the column's end for its last 42 rows, and must read and write no more than its rows (a load there,
    // in place of the prefetch, stops the sanitize build's run here: heap-buffer-overflow).
    struct wide {
        std::int64_t value[6];
    };
    static_assert(sizeof(wide) >= 32);
    for (const auto& [begin, end] : {std::pair<std::size_t, std::size_t>{0, 100}, {97, 100}, {1, 43}, {60, 61}}) {
        INFO("rows [" << begin << ", " << end << ")");
        std::vector<wide> rows(100, wide{});
        std::vector<std::size_t> visited;
        auto mark = [&](wide& row) {
            row.value[5] += 1;
            visited.push_back(static_cast<std::size_t>(&row - rows.data()));
        };
        kiln::internal::for_each_row(mark, begin, end, rows.data());
        std::vector<std::size_t> expected(end - begin);
        std::iota(expected.begin(), expected.end(), begin);
        CHECK(visited == expected);
        for (std::size_t row = 0; row < rows.size(); ++row) {
            CHECK(rows[row].value[5] == (row >= begin && row < end ? 1 : 0));
        }
    }
}

TEST_CASE("for_each_row runs over cursors that are not pointers, as over split columns") {
    const std::vector<int> values{10, 20, 30, 40, 50};
    int sum = 0;
    auto add = [&](const int& value) { sum += value; };
    kiln::internal::for_each_row(add, 1, 4, index_cursor{values.data()});
    CHECK(sum == 90);
}

TEST_CASE("for_each_row_with_entity hands each row's handle first, then its components") {
    const kiln::entity handles[] = {{0, 0}, {1, 3}, {2, 7}};
    int values[] = {1, 2, 3};
    std::vector<kiln::entity> seen;
    auto visit = [&](const kiln::entity& e, int& value) {
        seen.push_back(e);
        value *= 10;
    };
    kiln::internal::for_each_row_with_entity(visit, 1, 3, handles, &values[0]);
    CHECK(seen == std::vector<kiln::entity>{handles[1], handles[2]});
    CHECK(values[0] == 1);
    CHECK(values[1] == 20);
    CHECK(values[2] == 30);
}
