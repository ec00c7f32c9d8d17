// The direct baseline: each component in an array indexed by the entity's
// index, as pico_ecs stores them (the library with the best structural figures
// in the public ecs_benchmark tables). No rows, so nothing moves: get indexes
// the array with the handle, destroy clears the entity's record and frees its
// index. What it gives up, and kiln keeps: dense columns for iteration (a loop
// over entities visits every index, alive or not, with or without the
// component) and generations (pico's release build checks neither).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include <bench/components.hpp>

#include "values.hpp"

namespace kiln_bench::direct {

// Entities with Position and Velocity, by index.
class moving {
public:
    // Creates n entities, index i with the initial values of entity i.
    explicit moving(std::size_t n) : positions_(n), velocities_(n), records_(n) {
        for (std::size_t i = 0; i < n; ++i) {
            positions_[i] = position(i);
            velocities_[i] = velocity(i);
            records_[i] = {position_bit | velocity_bit, true};
        }
        free_.reserve(n);
    }

    [[nodiscard]] const bench::Position& position_of(std::uint32_t index) const { return positions_[index]; }

    // pico_ecs's ecs_destroy with no system defined: the record says the
    // entity is gone and has no components, and its index is free for reuse.
    void destroy(std::uint32_t index) {
        record& r = records_[index];
        if (!r.alive) {
            return;
        }
        r = {0, false};
        free_.push_back(index);
    }

private:
    static constexpr std::uint32_t position_bit = 1;
    static constexpr std::uint32_t velocity_bit = 2;

    struct record {
        std::uint32_t components; // one bit per component the entity has
        bool alive;
    };

    std::vector<bench::Position> positions_;
    std::vector<bench::Velocity> velocities_;
    std::vector<record> records_;
    std::vector<std::uint32_t> free_;
};

} // namespace kiln_bench::direct
