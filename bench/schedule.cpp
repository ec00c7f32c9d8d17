// The cost of running systems, beside the cases of bench/README.md:
//
// schedule_dispatch/<executor>/64   one run of a stage of 64 systems over an
//                                    empty world (bench/worlds/dispatch/):
//                                    what the schedule itself costs a frame
// system_parallel/<executor>/N       one run of Orbit, a parallel = true system
//                                    bound by computation, over N entities:
//                                    the speed-up of 2 cores over 1
//
// fork_join/chunks, fork_join/tasks
//                                    what handing work to the other core and
//                                    waiting for it costs: parallel_executor's
//                                    for_chunks over two chunks that do
//                                    nothing, and its run_together of two
//                                    tasks that do nothing; the parallel
//                                    executor's default_serial_below comes
//                                    from these (docs/systems.md)
//
// <executor> is serial or parallel (oneTBB). Run: build/release/bench/kiln_bench_schedule
#include <cstddef>

#include <benchmark/benchmark.h>
#include <bench/dispatch/world.hpp>
#include <bench/world.hpp>

#include "worlds/basic/systems.hpp"
#include "setup.hpp"
#include "values.hpp"

namespace {

template <class Executor>
void schedule_dispatch(benchmark::State& state) {
    bench::dispatch::World world;
    benchmark::DoNotOptimize(&world); // the world escapes: its sizes are read every run
    for (auto _ : state) {
        world.run(bench::dispatch::stage::update, Executor{});
        benchmark::ClobberMemory();
    }
    state.counters["systems"] = 64;
    state.counters["s_per_system"] =
        benchmark::Counter(64, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

template <class Executor>
void system_parallel(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    bench::World world;
    kiln_bench::add_moving(world, n);
    for (auto _ : state) {
        world.run(bench::stage::update, Executor{});
        benchmark::ClobberMemory();
    }
    state.counters["entities"] = static_cast<double>(n);
    state.counters["s_per_entity"] = benchmark::Counter(
        static_cast<double>(n), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

#if KILN_HAS_TBB
void fork_join_chunks(benchmark::State& state) {
    const kiln::parallel_executor executor{};
    for (auto _ : state) {
        executor.for_chunks(2, 1, [](std::size_t begin, std::size_t end) { benchmark::DoNotOptimize(begin + end); });
    }
}

void fork_join_tasks(benchmark::State& state) {
    const kiln::parallel_executor executor{};
    int one = 0;
    int other = 0;
    for (auto _ : state) {
        executor.run_together([&one] { benchmark::DoNotOptimize(++one); }, [&other] { benchmark::DoNotOptimize(++other); });
    }
}
#endif

} // namespace

BENCHMARK(schedule_dispatch<kiln::serial_executor>)->Name("schedule_dispatch/serial/64")->UseRealTime();
BENCHMARK(system_parallel<kiln::serial_executor>)
    ->Name("system_parallel/serial")
    ->Arg(100'000)
    ->Arg(1'000'000)
    ->UseRealTime();
#if KILN_HAS_TBB
BENCHMARK(schedule_dispatch<kiln::parallel_executor>)->Name("schedule_dispatch/parallel/64")->UseRealTime();
BENCHMARK(system_parallel<kiln::parallel_executor>)
    ->Name("system_parallel/parallel")
    ->Arg(100'000)
    ->Arg(1'000'000)
    ->UseRealTime();
BENCHMARK(fork_join_chunks)->Name("fork_join/chunks")->UseRealTime();
BENCHMARK(fork_join_tasks)->Name("fork_join/tasks")->UseRealTime();
#endif

BENCHMARK_MAIN();
