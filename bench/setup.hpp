// The untimed setup most cases share: N entities with Position and Velocity,
// entity i taking the initial values of values.hpp, in kiln and in each
// baseline.
#pragma once

#include <cstddef>
#include <span>
#include <tuple>
#include <vector>

#include <bench/world.hpp>

#include "aos.hpp"
#include "soa.hpp"
#include "values.hpp"

namespace kiln_bench {

// Returns the handles of the new entities, in creation order.
inline std::vector<kiln::entity> add_moving(bench::World& world, std::size_t n) {
    const std::span<const kiln::entity> created =
        world.create_n<bench::Moving>(n, [](std::size_t i) { return std::tuple{position(i), velocity(i)}; });
    return {created.begin(), created.end()};
}

inline void add_moving(soa::moving& rows, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
        rows.push_back(position(i), velocity(i));
    }
}

inline void add_moving(std::vector<aos::moving>& rows, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
        rows.push_back({position(i), velocity(i)});
    }
}

} // namespace kiln_bench
