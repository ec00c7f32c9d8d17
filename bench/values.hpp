// The workload every case shares (bench/README.md): the sizes, the time step,
// the initial values of entity i, and the shuffled order of get.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

#include <bench/components.hpp>

namespace kiln_bench {

// The entity counts N every case runs at.
inline constexpr std::array<std::size_t, 3> sizes{10'000, 100'000, 1'000'000};

inline constexpr float dt = 1.0f / 60.0f;

inline bench::Position position(std::size_t i) {
    return {static_cast<float>(i % 1024), static_cast<float>(i % 512)};
}

inline bench::Velocity velocity(std::size_t i) {
    return {1.0f + static_cast<float>(i % 7), 2.0f - static_cast<float>(i % 5)};
}

inline bench::Data data(std::size_t i) {
    return {static_cast<std::int32_t>(i % 100), static_cast<float>(0.001 * static_cast<double>(i % 13)),
            static_cast<double>(i)};
}

// values in the order std::shuffle gives with std::mt19937(12345): the same
// permutation for every vector of the same length.
template <class T>
std::vector<T> shuffled(std::vector<T> values) {
    std::mt19937 random(12345);
    std::shuffle(values.begin(), values.end(), random);
    return values;
}

// 0, ..., n - 1, shuffled as above: the rows of the hand-written baselines in
// the order that kiln's handles take.
inline std::vector<std::uint32_t> shuffled_rows(std::size_t n) {
    std::vector<std::uint32_t> rows(n);
    std::iota(rows.begin(), rows.end(), std::uint32_t{0});
    return shuffled(std::move(rows));
}

} // namespace kiln_bench
