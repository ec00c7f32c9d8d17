// The bodies of the systems of basic.toml, for each source
// that runs its schedule: world.run() instantiates every system of the
// schedule, and the row loop can inline a body only where it sees it (as a
// game's would where the file that runs the frame defines its systems, or
// under link-time optimization).
#pragma once

#include <cmath>

#include <bench/world.hpp>

#include "../../values.hpp"

// Orbit moves each entity along a short path, step by step: sixteen square
// roots and divisions per entity, so that the cores, not memory, set the pace.
inline void bench::Orbit::run(Position::ref position, Velocity::cref velocity) {
    float x = position.x;
    float y = position.y;
    for (int step = 0; step < 16; ++step) {
        const float radius = std::sqrt(x * x + y * y) + 1.0f;
        x += velocity.x / radius * kiln_bench::dt;
        y += velocity.y / radius * kiln_bench::dt;
    }
    position.x = x;
    position.y = y;
}

// iterate2_system's pass, as the schema's system Integrate declares it.
inline void bench::Integrate::run(Position::ref p, Velocity::cref v) {
    p.x += v.x * kiln_bench::dt;
    p.y += v.y * kiln_bench::dt;
}
