// The soa baseline: one std::vector per field and plain loops, as a careful
// programmer writes it by hand. One struct per group of entities that share
// their components: the hand-written counterpart of an archetype.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include <bench/components.hpp>

#include "baseline.hpp"

namespace kiln_bench::soa {

// Entities with Position and Velocity.
struct moving {
    std::vector<float> px, py;
    std::vector<float> vx, vy;

    [[nodiscard]] std::size_t size() const noexcept { return px.size(); }

    void reserve(std::size_t count) {
        px.reserve(count);
        py.reserve(count);
        vx.reserve(count);
        vy.reserve(count);
    }

    void push_back(const bench::Position& p, const bench::Velocity& v) {
        px.push_back(p.x);
        py.push_back(p.y);
        vx.push_back(v.x);
        vy.push_back(v.y);
    }

    void swap_remove(std::size_t row) {
        kiln_bench::swap_remove(px, row);
        kiln_bench::swap_remove(py, row);
        kiln_bench::swap_remove(vx, row);
        kiln_bench::swap_remove(vy, row);
    }
};

// Entities with Position, Velocity and Data.
struct moving_data {
    std::vector<float> px, py;
    std::vector<float> vx, vy;
    std::vector<std::int32_t> a;
    std::vector<float> b;
    std::vector<double> c;

    [[nodiscard]] std::size_t size() const noexcept { return px.size(); }

    void push_back(const bench::Position& p, const bench::Velocity& v, const bench::Data& d) {
        px.push_back(p.x);
        py.push_back(p.y);
        vx.push_back(v.x);
        vy.push_back(v.y);
        a.push_back(d.a);
        b.push_back(d.b);
        c.push_back(d.c);
    }
};

// Entities with Position only.
struct still {
    std::vector<float> px, py;

    void push_back(const bench::Position& p) {
        px.push_back(p.x);
        py.push_back(p.y);
    }
};

// Entities with Position, Velocity and Frozen.
struct moving_frozen {
    std::vector<float> px, py;
    std::vector<float> vx, vy;
    std::vector<std::int32_t> frozen;

    void push_back(const bench::Position& p, const bench::Velocity& v, const bench::Frozen& f) {
        px.push_back(p.x);
        py.push_back(p.y);
        vx.push_back(v.x);
        vy.push_back(v.y);
        frozen.push_back(f.v);
    }

    void swap_remove(std::size_t row) {
        kiln_bench::swap_remove(px, row);
        kiln_bench::swap_remove(py, row);
        kiln_bench::swap_remove(vx, row);
        kiln_bench::swap_remove(vy, row);
        kiln_bench::swap_remove(frozen, row);
    }
};

// The world of iterate2_mixed: three groups.
struct mixed {
    soa::moving moving;
    soa::moving_data moving_data;
    soa::still still;
};

} // namespace kiln_bench::soa
