// The cost of running systems, beside the cases of bench/README.md:
//
// schedule_dispatch/<executor>/64   one run of a stage of 64 systems over an
//                                    empty world (bench/worlds/dispatch/):
//                                    what the schedule itself costs a frame
// conditions/<executor>/skipped/S   one run of a stage of S systems (1 or 50)
//                                    whose run_if (Phase == playing) is false,
//                                    over 1,000 entities: what a skipped
//                                    system costs (docs/states.md)
// conditions/<executor>/running/50   the same stage with Phase == playing:
//                                    the work the condition spares
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
// fork_join/wake                     how long after a split starts a worker
//                                    that slept (1 ms without work) runs its
//                                    first chunk, while the calling thread
//                                    runs chunks of 1 us (200 us in all, the
//                                    time when none arrives): a stage of less
//                                    work is done before a woken worker
//                                    arrives; the parallel executor's
//                                    default_stage_serial_below comes from it
//
// <executor> is serial or parallel (oneTBB). Run: build/release/bench/kiln_bench_schedule
#include <atomic>
#include <chrono>
#include <cstddef>
#include <thread>

#include <benchmark/benchmark.h>
#include <bench/conditions/world.hpp>
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

// One run of stage update (50 systems) or single (1 system) of the
// conditions world, its 1,000 entities in phase title (every system
// skipped) or playing (every system runs).
template <class Executor, int Systems, bool Playing>
void conditions(benchmark::State& state) {
    namespace game = bench::conditions;
    constexpr bool single = Systems == 1;
    game::World world;
    for (int i = 0; i < 1000; ++i) {
        world.create<game::Everything>();
    }
    if (Playing) {
        world.state<game::Phase>().request(game::Phase::playing);
        world.run(game::stage::single, Executor{}); // applied at its end
    }
    benchmark::DoNotOptimize(&world);
    const auto stage = single ? game::stage::single : game::stage::update;
    for (auto _ : state) {
        world.run(stage, Executor{});
        benchmark::ClobberMemory();
    }
    constexpr double systems = Systems;
    state.counters["systems"] = systems;
    state.counters["s_per_system"] =
        benchmark::Counter(systems, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
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

void fork_join_wake(benchmark::State& state) {
    using clock = std::chrono::steady_clock;
    const kiln::parallel_executor executor{};
    for (auto _ : state) {
        std::this_thread::sleep_for(std::chrono::milliseconds{1}); // the workers fall asleep
        const std::thread::id caller = std::this_thread::get_id();
        std::atomic<clock::rep> arrived{0};
        const auto start = clock::now();
        executor.for_chunks(200, 1, [&](std::size_t, std::size_t) {
            if (std::this_thread::get_id() != caller) {
                clock::rep none = 0;
                arrived.compare_exchange_strong(none, (clock::now() - start).count());
            }
            const auto chunk_start = clock::now();
            while (clock::now() - chunk_start < std::chrono::microseconds{1}) {
            }
        });
        const clock::rep after = arrived.load() != 0 ? arrived.load() : (clock::now() - start).count();
        state.SetIterationTime(std::chrono::duration<double>(clock::duration{after}).count());
    }
}
#endif

} // namespace

BENCHMARK(schedule_dispatch<kiln::serial_executor>)->Name("schedule_dispatch/serial/64")->UseRealTime();
BENCHMARK(conditions<kiln::serial_executor, 1, false>)->Name("conditions/serial/skipped/1")->UseRealTime();
BENCHMARK(conditions<kiln::serial_executor, 50, false>)->Name("conditions/serial/skipped/50")->UseRealTime();
BENCHMARK(conditions<kiln::serial_executor, 50, true>)->Name("conditions/serial/running/50")->UseRealTime();
BENCHMARK(system_parallel<kiln::serial_executor>)
    ->Name("system_parallel/serial")
    ->Arg(100'000)
    ->Arg(1'000'000)
    ->UseRealTime();
#if KILN_HAS_TBB
BENCHMARK(schedule_dispatch<kiln::parallel_executor>)->Name("schedule_dispatch/parallel/64")->UseRealTime();
BENCHMARK(conditions<kiln::parallel_executor, 50, false>)->Name("conditions/parallel/skipped/50")->UseRealTime();
BENCHMARK(system_parallel<kiln::parallel_executor>)
    ->Name("system_parallel/parallel")
    ->Arg(100'000)
    ->Arg(1'000'000)
    ->UseRealTime();
BENCHMARK(fork_join_chunks)->Name("fork_join/chunks")->UseRealTime();
BENCHMARK(fork_join_tasks)->Name("fork_join/tasks")->UseRealTime();
BENCHMARK(fork_join_wake)->Name("fork_join/wake")->UseManualTime()->Iterations(300)->Unit(benchmark::kMicrosecond);
#endif

BENCHMARK_MAIN();
