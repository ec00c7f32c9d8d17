// Where a system's row loop compiles, for a game whose systems' bodies live
// in files of their own (docs/schema.md, "Where row loops compile"): the same
// systems in two worlds that differ only in row_loops, their run() defined in
// worlds/<world>/systems.cpp and run by world.run() from this file, which
// includes each world's world.hpp alone:
//
// row_loops_move/world/N        Move, p += v * dt (Position and Velocity
//                               packed, dt the resource Clock), over N
//                               entities, row_loops = "world": the loop
//                               compiles here and calls run() out of line,
//                               once per row
// row_loops_move/bodies/N       the same, row_loops = "bodies": the loop
//                               compiles in systems.cpp, run() inlined in it
// row_loops_move/soa/N          the same pass written by hand over one
//                               std::vector per field, dt passed in as a
//                               game passes its frame's: the floor
// row_loops_accelerate/<..>/N   the same three for Accelerate, a heavier body
//                               over N entities that also hold Force, Mass
//                               and Drag: v += (f * m - v * drag) * dt, then
//                               p += v * dt
// row_loops_accelerate/packed/N Accelerate by hand over kiln's packed layout
//                               (one std::vector per component, its fields
//                               side by side): how much of bodies over soa
//                               is the layout's, not the loop's
//
// Each kiln benchmark runs its system once untimed and checks that the
// positions then sum as the soa pass leaves them, so that all of them are
// known to do the same work.
//
// Run: build/release/bench/kiln_bench_schedule --benchmark_filter=row_loops
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <tuple>
#include <vector>

#include <benchmark/benchmark.h>
#include <bench/elsewhere_bodies/world.hpp>
#include <bench/elsewhere_world/world.hpp>

#include "values.hpp"

namespace {

// The names the benchmarks take from each world; the two declare the same.
struct out_of_line {
    using World = bench::elsewhere_world::World;
    using Body = bench::elsewhere_world::Body;
    using Pushed = bench::elsewhere_world::Pushed;
    using Position = bench::elsewhere_world::Position;
    using Velocity = bench::elsewhere_world::Velocity;
    using Force = bench::elsewhere_world::Force;
    using Mass = bench::elsewhere_world::Mass;
    using Drag = bench::elsewhere_world::Drag;
    using Clock = bench::elsewhere_world::Clock;
    static constexpr auto move = bench::elsewhere_world::stage::move;
    static constexpr auto accelerate = bench::elsewhere_world::stage::accelerate;
};

struct inlined {
    using World = bench::elsewhere_bodies::World;
    using Body = bench::elsewhere_bodies::Body;
    using Pushed = bench::elsewhere_bodies::Pushed;
    using Position = bench::elsewhere_bodies::Position;
    using Velocity = bench::elsewhere_bodies::Velocity;
    using Force = bench::elsewhere_bodies::Force;
    using Mass = bench::elsewhere_bodies::Mass;
    using Drag = bench::elsewhere_bodies::Drag;
    using Clock = bench::elsewhere_bodies::Clock;
    static constexpr auto move = bench::elsewhere_bodies::stage::move;
    static constexpr auto accelerate = bench::elsewhere_bodies::stage::accelerate;
};

enum class workload { move, accelerate };

// Entity i's Force, Mass and Drag, Accelerate's (its Position and Velocity
// are values.hpp's).
struct pushed_extras {
    float fx, fy, inverse_mass, drag;
};

pushed_extras pushed_extras_of(std::size_t i) {
    return {static_cast<float>(i % 3) - 1.0f, static_cast<float>(i % 5) - 2.0f,
            1.0f / static_cast<float>(1 + i % 4), 0.1f * static_cast<float>(1 + i % 3)};
}

// The hand-written floor: one std::vector per field, and each workload's loop.
struct soa_rows {
    std::vector<float> px, py, vx, vy;
    std::vector<float> fx, fy, inverse_mass, drag; // Accelerate's alone

    soa_rows(workload work, std::size_t n) : px(n), py(n), vx(n), vy(n) {
        for (std::size_t i = 0; i < n; ++i) {
            px[i] = kiln_bench::position(i).x;
            py[i] = kiln_bench::position(i).y;
            vx[i] = kiln_bench::velocity(i).x;
            vy[i] = kiln_bench::velocity(i).y;
        }
        if (work == workload::accelerate) {
            for (std::size_t i = 0; i < n; ++i) {
                const pushed_extras p = pushed_extras_of(i);
                fx.push_back(p.fx);
                fy.push_back(p.fy);
                inverse_mass.push_back(p.inverse_mass);
                drag.push_back(p.drag);
            }
        }
    }

    void move(float dt) {
        float* x = px.data();
        float* y = py.data();
        const float* u = vx.data();
        const float* v = vy.data();
        for (std::size_t i = 0, n = px.size(); i < n; ++i) {
            x[i] += u[i] * dt;
            y[i] += v[i] * dt;
        }
    }

    void accelerate(float dt) {
        float* x = px.data();
        float* y = py.data();
        float* u = vx.data();
        float* v = vy.data();
        const float* f = fx.data();
        const float* g = fy.data();
        const float* m = inverse_mass.data();
        const float* k = drag.data();
        for (std::size_t i = 0, n = px.size(); i < n; ++i) {
            u[i] += (f[i] * m[i] - u[i] * k[i]) * dt;
            v[i] += (g[i] * m[i] - v[i] * k[i]) * dt;
            x[i] += u[i] * dt;
            y[i] += v[i] * dt;
        }
    }

    void run(workload work, float dt) {
        if (work == workload::move) {
            move(dt);
        } else {
            accelerate(dt);
        }
    }

    [[nodiscard]] double position_sum() const {
        double sum = 0;
        for (std::size_t i = 0; i < px.size(); ++i) {
            sum += static_cast<double>(px[i]) + py[i];
        }
        return sum;
    }
};

// Accelerate's loop by hand over kiln's packed layout: one std::vector per
// component, a component's fields side by side.
struct packed_rows {
    struct pair {
        float x, y;
    };
    std::vector<pair> position, velocity, force;
    std::vector<float> inverse_mass, drag;

    explicit packed_rows(std::size_t n) {
        for (std::size_t i = 0; i < n; ++i) {
            position.push_back({kiln_bench::position(i).x, kiln_bench::position(i).y});
            velocity.push_back({kiln_bench::velocity(i).x, kiln_bench::velocity(i).y});
            const pushed_extras p = pushed_extras_of(i);
            force.push_back({p.fx, p.fy});
            inverse_mass.push_back(p.inverse_mass);
            drag.push_back(p.drag);
        }
    }

    void accelerate(float dt) {
        pair* p = position.data();
        pair* v = velocity.data();
        const pair* f = force.data();
        const float* m = inverse_mass.data();
        const float* k = drag.data();
        for (std::size_t i = 0, n = position.size(); i < n; ++i) {
            v[i].x += (f[i].x * m[i] - v[i].x * k[i]) * dt;
            v[i].y += (f[i].y * m[i] - v[i].y * k[i]) * dt;
            p[i].x += v[i].x * dt;
            p[i].y += v[i].y * dt;
        }
    }
};

void publish(benchmark::State& state, std::size_t entities) {
    state.counters["entities"] = static_cast<double>(entities);
    state.counters["s_per_entity"] = benchmark::Counter(
        static_cast<double>(entities), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

// A frame's time, as a game passes it to its hand-written loops: not a
// constant they could fold.
float frame_dt() {
    float dt = kiln_bench::dt;
    benchmark::DoNotOptimize(dt);
    return dt;
}

template <workload Work>
void soa(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    soa_rows rows(Work, n);
    const float dt = frame_dt();
    for (auto _ : state) {
        rows.run(Work, dt);
        benchmark::DoNotOptimize(rows.px.data());
        benchmark::ClobberMemory();
    }
    publish(state, n);
}

void packed(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    packed_rows rows(n);
    const float dt = frame_dt();
    for (auto _ : state) {
        rows.accelerate(dt);
        benchmark::DoNotOptimize(rows.position.data());
        benchmark::ClobberMemory();
    }
    publish(state, n);
}

template <class Names, workload Work>
void kiln_run(benchmark::State& state) {
    using Position = typename Names::Position;
    using Velocity = typename Names::Velocity;
    const auto n = static_cast<std::size_t>(state.range(0));
    typename Names::World world;
    world.template resource<typename Names::Clock>().dt = kiln_bench::dt;
    const auto moving = [](std::size_t i) {
        return std::tuple{Position{kiln_bench::position(i).x, kiln_bench::position(i).y},
                          Velocity{kiln_bench::velocity(i).x, kiln_bench::velocity(i).y}};
    };
    if constexpr (Work == workload::move) {
        world.template create_n<typename Names::Body>(n, moving);
    } else {
        world.template create_n<typename Names::Pushed>(n, [&moving](std::size_t i) {
            const pushed_extras p = pushed_extras_of(i);
            return std::tuple_cat(moving(i), std::tuple{typename Names::Force{p.fx, p.fy},
                                                         typename Names::Mass{p.inverse_mass},
                                                         typename Names::Drag{p.drag}});
        });
    }
    const auto stage = Work == workload::move ? Names::move : Names::accelerate;

    world.run(stage);
    double sum = 0;
    world.template each<const Position>([&sum](const Position& p) { sum += static_cast<double>(p.x) + p.y; });
    soa_rows reference(Work, n);
    reference.run(Work, kiln_bench::dt);
    const double expected = reference.position_sum();
    if (std::abs(sum - expected) > 1e-6 * std::abs(expected)) {
        state.SkipWithError("the system's pass and the hand-written one left different positions");
    }

    for (auto _ : state) {
        world.run(stage);
        benchmark::ClobberMemory();
    }
    publish(state, n);
}

void at_sizes(benchmark::internal::Benchmark* benchmark) {
    for (const std::size_t n : kiln_bench::sizes) {
        benchmark->Arg(static_cast<std::int64_t>(n));
    }
}

} // namespace

BENCHMARK(kiln_run<out_of_line, workload::move>)->Name("row_loops_move/world")->Apply(at_sizes)->UseRealTime();
BENCHMARK(kiln_run<inlined, workload::move>)->Name("row_loops_move/bodies")->Apply(at_sizes)->UseRealTime();
BENCHMARK(soa<workload::move>)->Name("row_loops_move/soa")->Apply(at_sizes)->UseRealTime();
BENCHMARK(kiln_run<out_of_line, workload::accelerate>)
    ->Name("row_loops_accelerate/world")
    ->Apply(at_sizes)
    ->UseRealTime();
BENCHMARK(kiln_run<inlined, workload::accelerate>)->Name("row_loops_accelerate/bodies")->Apply(at_sizes)->UseRealTime();
BENCHMARK(soa<workload::accelerate>)->Name("row_loops_accelerate/soa")->Apply(at_sizes)->UseRealTime();
BENCHMARK(packed)->Name("row_loops_accelerate/packed")->Apply(at_sizes)->UseRealTime();
