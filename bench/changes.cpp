// Change tracking against hand-written loops (docs/changes.md):
//
// changes_iterate2/soa/N        iterate2's pass (p += v * dt) over std::vectors:
//                               the baseline
// changes_iterate2/untracked/N  the pass over Position, which no one tracks
// changes_iterate2/tracked/N    the pass over Place, which the schema tracks:
//                               the loop, then its rows' changed ticks
// changes_filter/soa/N          the soa pass over all N rows
// changes_filter/full/N         kiln's tracked pass over all N rows
// changes_filter/changed_1pct/N the pass through kiln::changed<Place>(since)
//                               when 1% of the rows (those with Awake, an
//                               archetype of their own) were written since
//
// Run: build/release/bench/kiln_bench_changes
#include <cstddef>
#include <tuple>
#include <vector>

#include <benchmark/benchmark.h>
#include <bench/changes/world.hpp>

namespace {

namespace ch = bench::changes;

constexpr float dt = 1.0f / 60.0f;

ch::Velocity velocity(std::size_t i) {
    return {1.0f + static_cast<float>(i % 7), 2.0f - static_cast<float>(i % 5)};
}

void publish(benchmark::State& state, std::size_t entities) {
    state.counters["entities"] = static_cast<double>(entities);
}

// The pass, for a split component written (P is Position or Place).
template <class P>
struct integrate {
    void operator()(typename P::ref p, ch::Velocity::cref v) const {
        p.x += v.x * dt;
        p.y += v.y * dt;
    }
};

struct soa_rows {
    std::vector<float> px, py, vx, vy;

    explicit soa_rows(std::size_t n) : px(n), py(n), vx(n), vy(n) {
        for (std::size_t i = 0; i < n; ++i) {
            px[i] = static_cast<float>(i % 1024);
            py[i] = static_cast<float>(i % 512);
            vx[i] = velocity(i).x;
            vy[i] = velocity(i).y;
        }
    }

    void pass() {
        float* x = px.data();
        float* y = py.data();
        const float* u = vx.data();
        const float* v = vy.data();
        for (std::size_t i = 0, n = px.size(); i < n; ++i) {
            x[i] += u[i] * dt;
            y[i] += v[i] * dt;
        }
    }
};

void soa(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    soa_rows rows(n);
    for (auto _ : state) {
        rows.pass();
        benchmark::DoNotOptimize(rows.px.data());
        benchmark::ClobberMemory();
    }
    publish(state, n);
}

template <class A, class P>
void kiln_pass(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    ch::World world;
    world.create_n<A>(n, [](std::size_t i) {
        return std::tuple{P{static_cast<float>(i % 1024), static_cast<float>(i % 512)}, velocity(i)};
    });
    for (auto _ : state) {
        world.each<P, const ch::Velocity>(integrate<P>{});
        benchmark::ClobberMemory();
    }
    publish(state, world.count<P>());
}

// N rows of Place, 1% of them Awake; only the awake ones are written after since.
void changed_one_percent(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    const std::size_t awake = n / 100;
    ch::World world;
    const auto place = [](std::size_t i) {
        return std::tuple{ch::Place{static_cast<float>(i % 1024), static_cast<float>(i % 512)}, velocity(i)};
    };
    world.create_n<ch::Placed>(n - awake, place);
    world.create_n<ch::PlacedAwake>(awake, place);
    const kiln::change_tick since = world.advance_tick();
    world.each<ch::Place, const ch::Velocity>(kiln::with<ch::Awake>, integrate<ch::Place>{});
    std::size_t visited = 0;
    world.each<const ch::Place>(kiln::changed<ch::Place>(since), [&](ch::Place::cref) { ++visited; });
    if (visited != awake) {
        state.SkipWithError("the filter did not find exactly the awake rows");
    }
    for (auto _ : state) {
        world.each<ch::Place, const ch::Velocity>(kiln::changed<ch::Place>(since), integrate<ch::Place>{});
        benchmark::ClobberMemory();
    }
    publish(state, visited);
}

} // namespace

BENCHMARK(soa)->Name("changes_iterate2/soa")->Arg(10'000)->Arg(1'000'000)->UseRealTime();
BENCHMARK(kiln_pass<ch::Moving, ch::Position>)
    ->Name("changes_iterate2/untracked")
    ->Arg(10'000)
    ->Arg(1'000'000)
    ->UseRealTime();
BENCHMARK(kiln_pass<ch::Placed, ch::Place>)->Name("changes_iterate2/tracked")->Arg(10'000)->Arg(1'000'000)->UseRealTime();
BENCHMARK(soa)->Name("changes_filter/soa")->Arg(1'000'000)->Arg(10'000)->UseRealTime();
BENCHMARK(kiln_pass<ch::Placed, ch::Place>)->Name("changes_filter/full")->Arg(1'000'000)->Arg(10'000)->UseRealTime();
BENCHMARK(changed_one_percent)->Name("changes_filter/changed_1pct")->Arg(1'000'000)->Arg(10'000)->UseRealTime();

BENCHMARK_MAIN();
