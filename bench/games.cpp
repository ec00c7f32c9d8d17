// The ECS part of the drawn examples' frames (docs/games.md): their systems,
// the render systems that place the quads or fill the draw list included, and
// no drawing.
//
// quads_frame/<executor>/N   one frame of examples/quads with N quads (1,000
//                            to 1,000,000: the parallel executor's speed-up
//                            curve, bench/suite.toml's targets): Rise,
//                            Spin, UpdateModels, and DrawQuads writing each
//                            quad's Quad (all four parallel systems)
// invaders_step/<executor>   one step and frame of examples/invaders, its
//                            systems and its propagation, played by held
//                            keys: fire, and left or right in turn,
//                            restarting whenever the game ends
// quads_frame/serial_again/1000
//                            the serial frame at 1,000 quads once more: how
//                            far identical code spreads in one run
//
// <executor> is serial or parallel (oneTBB). There is no hand-written
// baseline: the quads' systems against hand-written loops are stress_quads
// of kiln_bench; these measure what a frame of the games costs, and what the
// parallel executor gives them. Run: build/release/bench/kiln_bench_games
#include <cstdint>

#include <benchmark/benchmark.h>
#include <game/world.hpp>
#include <invaders/world.hpp>
#include <screen/draw_list.hpp>

#include "scene.hpp"

namespace {

template <class Executor>
void quads_frame(benchmark::State& state) {
    const auto n = static_cast<std::int64_t>(state.range(0));
    game::World world;
    quads::build_scene(world, n, 3);
    const float dt = world.resource<game::Time>().dt;
    for (auto _ : state) {
        world.progress(dt, Executor{});
    }
    state.counters["entities"] = static_cast<double>(n);
    state.counters["s_per_entity"] = benchmark::Counter(
        static_cast<double>(n), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

template <class Executor>
void invaders_step(benchmark::State& state) {
    invaders::World world;
    std::uint64_t step = 0;
    for (auto _ : state) {
        auto& input = world.resource<invaders::Input>();
        input.fire = true;
        input.restart = true;
        input.left = (step / 60) % 2 == 0;
        input.right = !input.left;
        ++step;
        world.progress(invaders::schema::fixed_step, Executor{});
        benchmark::DoNotOptimize(world.resource<invaders::Draws>().quads.data());
    }
    state.counters["entities"] = static_cast<double>(world.size());
}

void quad_counts(benchmark::internal::Benchmark* benchmark) {
    for (const std::int64_t n : {1'000, 10'000, 30'000, 100'000, 300'000, 1'000'000}) {
        benchmark->Arg(n);
    }
}

} // namespace

BENCHMARK(quads_frame<kiln::serial_executor>)
    ->Name("quads_frame/serial")
    ->Apply(quad_counts)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
// The same serial frame again, at 1,000 quads: a frame that small never
// splits, and the parallel executor runs it with the serial executor's code,
// so how far two measurements of identical code differ in one run is the
// spread against which "never slower than serial" is judged there.
BENCHMARK(quads_frame<kiln::serial_executor>)
    ->Name("quads_frame/serial_again")
    ->Arg(1'000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(invaders_step<kiln::serial_executor>)->Name("invaders_step/serial")->Unit(benchmark::kMicrosecond)->UseRealTime();
#if KILN_HAS_TBB
BENCHMARK(quads_frame<kiln::parallel_executor>)
    ->Name("quads_frame/parallel")
    ->Apply(quad_counts)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(invaders_step<kiln::parallel_executor>)
    ->Name("invaders_step/parallel")
    ->Unit(benchmark::kMicrosecond)
    ->UseRealTime();
#endif

BENCHMARK_MAIN();
