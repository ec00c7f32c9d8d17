// iterate2, iterate3, iterate2_mixed and iterate2_system: one pass over
// every entity that a system reads and writes.
//
// Each benchmark runs one untimed pass first, counting the entities it
// visits, and publishes that count; the timed passes then run on the same
// world. Every pass is written once, with Count choosing whether it counts.
#include <cstddef>
#include <cstdint>
#include <tuple>
#include <vector>

#include <benchmark/benchmark.h>
#include <bench/world.hpp>

#include "aos.hpp"
#include "worlds/basic/systems.hpp"
#include "harness.hpp"
#include "setup.hpp"
#include "soa.hpp"
#include "values.hpp"

namespace kiln_bench {
namespace {

// iterate2's pass: p += v * dt for every entity with Position and Velocity.

template <bool Count>
std::size_t iterate2_pass(bench::World& world) {
    std::size_t visited = 0;
    world.each<bench::Position, const bench::Velocity>([&visited](bench::Position::ref p, bench::Velocity::cref v) {
        p.x += v.x * dt;
        p.y += v.y * dt;
        if constexpr (Count) {
            ++visited;
        }
    });
    return visited;
}

template <bool Count>
std::size_t iterate2_rows(float* px, float* py, const float* vx, const float* vy, std::size_t n) {
    std::size_t visited = 0;
    for (std::size_t i = 0; i < n; ++i) {
        px[i] += vx[i] * dt;
        py[i] += vy[i] * dt;
        if constexpr (Count) {
            ++visited;
        }
    }
    return visited;
}

template <bool Count, class Row>
std::size_t iterate2_rows(std::vector<Row>& rows) {
    std::size_t visited = 0;
    for (Row& row : rows) {
        row.position.x += row.velocity.x * dt;
        row.position.y += row.velocity.y * dt;
        if constexpr (Count) {
            ++visited;
        }
    }
    return visited;
}

template <bool Count>
std::size_t iterate2_pass(soa::moving& rows) {
    return iterate2_rows<Count>(rows.px.data(), rows.py.data(), rows.vx.data(), rows.vy.data(), rows.size());
}

template <bool Count>
std::size_t iterate2_pass(std::vector<aos::moving>& rows) {
    return iterate2_rows<Count>(rows);
}

// iterate2_mixed's worlds hold two groups that move.

template <bool Count>
std::size_t iterate2_pass(soa::mixed& world) {
    soa::moving& m = world.moving;
    soa::moving_data& md = world.moving_data;
    return iterate2_rows<Count>(m.px.data(), m.py.data(), m.vx.data(), m.vy.data(), m.size()) +
           iterate2_rows<Count>(md.px.data(), md.py.data(), md.vx.data(), md.vy.data(), md.size());
}

template <bool Count>
std::size_t iterate2_pass(aos::mixed& world) {
    return iterate2_rows<Count>(world.moving) + iterate2_rows<Count>(world.moving_data);
}

// iterate3's pass: p.x += v.x * dt + d.b; p.y += v.y * dt; ++d.a for every
// entity with Position, Velocity and Data.

template <bool Count>
std::size_t iterate3_pass(bench::World& world) {
    std::size_t visited = 0;
    world.each<bench::Position, const bench::Velocity, bench::Data>(
        [&visited](bench::Position::ref p, bench::Velocity::cref v, bench::Data::ref d) {
            p.x += v.x * dt + d.b;
            p.y += v.y * dt;
            ++d.a;
            if constexpr (Count) {
                ++visited;
            }
        });
    return visited;
}

template <bool Count>
std::size_t iterate3_pass(soa::moving_data& rows) {
    float* px = rows.px.data();
    float* py = rows.py.data();
    const float* vx = rows.vx.data();
    const float* vy = rows.vy.data();
    std::int32_t* a = rows.a.data();
    const float* b = rows.b.data();
    const std::size_t n = rows.size();
    std::size_t visited = 0;
    for (std::size_t i = 0; i < n; ++i) {
        px[i] += vx[i] * dt + b[i];
        py[i] += vy[i] * dt;
        ++a[i];
        if constexpr (Count) {
            ++visited;
        }
    }
    return visited;
}

template <bool Count>
std::size_t iterate3_pass(std::vector<aos::moving_data>& rows) {
    std::size_t visited = 0;
    for (aos::moving_data& row : rows) {
        row.position.x += row.velocity.x * dt + row.data.b;
        row.position.y += row.velocity.y * dt;
        ++row.data.a;
        if constexpr (Count) {
            ++visited;
        }
    }
    return visited;
}

// The benchmark loop: setup fills a World, one counted pass, then the timed
// passes. The world is made before timing starts and torn down after.

template <class World, class Setup>
void run_iterate2(benchmark::State& state, Setup setup) {
    World world;
    setup(world);
    const std::size_t visited = iterate2_pass<true>(world);
    for (auto _ : state) {
        iterate2_pass<false>(world);
        benchmark::DoNotOptimize(world);
    }
    publish(state, visited);
}

template <class World, class Setup>
void run_iterate3(benchmark::State& state, Setup setup) {
    World world;
    setup(world);
    const std::size_t visited = iterate3_pass<true>(world);
    for (auto _ : state) {
        iterate3_pass<false>(world);
        benchmark::DoNotOptimize(world);
    }
    publish(state, visited);
}

// iterate2: N entities with Position and Velocity.

void iterate2_kiln(benchmark::State& state, std::size_t n) {
    run_iterate2<bench::World>(state, [n](bench::World& world) { add_moving(world, n); });
}

void iterate2_soa(benchmark::State& state, std::size_t n) {
    run_iterate2<soa::moving>(state, [n](soa::moving& rows) { add_moving(rows, n); });
}

void iterate2_aos(benchmark::State& state, std::size_t n) {
    run_iterate2<std::vector<aos::moving>>(state, [n](std::vector<aos::moving>& rows) { add_moving(rows, n); });
}

// iterate2_system: iterate2's N entities, moved by the system Integrate,
// which world.run() runs for its stage; soa is iterate2's baseline.

void iterate2_system_kiln(benchmark::State& state, std::size_t n) {
    bench::World world;
    add_moving(world, n);
    for (auto _ : state) {
        world.run(bench::stage::fixed_update);
        benchmark::DoNotOptimize(world);
    }
    publish(state, world.count<bench::Position, const bench::Velocity>());
}

// iterate3: N entities with Position, Velocity and Data.

void iterate3_kiln(benchmark::State& state, std::size_t n) {
    run_iterate3<bench::World>(state, [n](bench::World& world) {
        world.create_n<bench::MovingData>(
            n, [](std::size_t i) { return std::tuple{position(i), velocity(i), data(i)}; });
    });
}

void iterate3_soa(benchmark::State& state, std::size_t n) {
    run_iterate3<soa::moving_data>(state, [n](soa::moving_data& rows) {
        for (std::size_t i = 0; i < n; ++i) {
            rows.push_back(position(i), velocity(i), data(i));
        }
    });
}

void iterate3_aos(benchmark::State& state, std::size_t n) {
    run_iterate3<std::vector<aos::moving_data>>(state, [n](std::vector<aos::moving_data>& rows) {
        for (std::size_t i = 0; i < n; ++i) {
            rows.push_back({position(i), velocity(i), data(i)});
        }
    });
}

// iterate2_mixed: entity i has Position and Velocity when i % 4 is 0 or 1,
// Position, Velocity and Data when it is 2, and Position only when it is 3;
// the entities are created in the order of i. The pass visits the 3N/4 that
// have Velocity.

enum class kind { moving, moving_data, still };

kind kind_of(std::size_t i) {
    switch (i % 4) {
    case 2:
        return kind::moving_data;
    case 3:
        return kind::still;
    default:
        return kind::moving;
    }
}

void iterate2_mixed_kiln(benchmark::State& state, std::size_t n) {
    run_iterate2<bench::World>(state, [n](bench::World& world) {
        for (std::size_t i = 0; i < n; ++i) {
            switch (kind_of(i)) {
            case kind::moving:
                world.create<bench::Moving>(position(i), velocity(i));
                break;
            case kind::moving_data:
                world.create<bench::MovingData>(position(i), velocity(i), data(i));
                break;
            case kind::still:
                world.create<bench::Still>(position(i));
                break;
            }
        }
    });
}

void iterate2_mixed_soa(benchmark::State& state, std::size_t n) {
    run_iterate2<soa::mixed>(state, [n](soa::mixed& world) {
        for (std::size_t i = 0; i < n; ++i) {
            switch (kind_of(i)) {
            case kind::moving:
                world.moving.push_back(position(i), velocity(i));
                break;
            case kind::moving_data:
                world.moving_data.push_back(position(i), velocity(i), data(i));
                break;
            case kind::still:
                world.still.push_back(position(i));
                break;
            }
        }
    });
}

void iterate2_mixed_aos(benchmark::State& state, std::size_t n) {
    run_iterate2<aos::mixed>(state, [n](aos::mixed& world) {
        for (std::size_t i = 0; i < n; ++i) {
            switch (kind_of(i)) {
            case kind::moving:
                world.moving.push_back({position(i), velocity(i)});
                break;
            case kind::moving_data:
                world.moving_data.push_back({position(i), velocity(i), data(i)});
                break;
            case kind::still:
                world.still.push_back({position(i)});
                break;
            }
        }
    });
}

} // namespace

void add_iterate_cases() {
    add("iterate2", {{"kiln", iterate2_kiln}, {"soa", iterate2_soa}, {"aos", iterate2_aos}});
    add("iterate3", {{"kiln", iterate3_kiln}, {"soa", iterate3_soa}, {"aos", iterate3_aos}});
    add("iterate2_mixed", {{"kiln", iterate2_mixed_kiln}, {"soa", iterate2_mixed_soa}, {"aos", iterate2_mixed_aos}});
    add("iterate2_system", {{"kiln", iterate2_system_kiln}, {"soa", iterate2_soa}});
}

} // namespace kiln_bench
