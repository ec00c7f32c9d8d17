// Events against a hand-written std::vector (docs/events.md):
//
// events/vector/N              push N values into a std::vector, walk it
//                              summing, clear it: the baseline
// events/kiln/serial/N         one run of a stage where Send emits N Pings
//                              and Sum reads them (bench/worlds/events/)
// events_per_entity/<executor>/N
//                              one run of a stage where Spray, a parallel
//                              system, emits a Pong for each of N entities
//                              and Gather reads them; <executor> is serial
//                              or parallel (oneTBB)
//
// Run: build/release/bench/kiln_bench_events
#include <cstddef>
#include <cstdint>
#include <tuple>
#include <vector>

#include <benchmark/benchmark.h>
#include <bench/events/world.hpp>

namespace {

namespace ev = bench::events;

void count_events(benchmark::State& state, std::size_t n) {
    state.counters["events"] = static_cast<double>(n);
    state.counters["s_per_event"] = benchmark::Counter(
        static_cast<double>(n), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void vector_baseline(benchmark::State& state) {
    const auto n = static_cast<std::uint32_t>(state.range(0));
    std::vector<ev::Ping> pings;
    std::uint64_t sum = 0;
    for (auto _ : state) {
        for (std::uint32_t i = 0; i < n; ++i) {
            pings.push_back(ev::Ping{i});
        }
        for (const ev::Ping& ping : pings) {
            sum += ping.value;
        }
        pings.clear();
        benchmark::DoNotOptimize(sum);
    }
    count_events(state, n);
}

void kiln_serial(benchmark::State& state) {
    const auto n = static_cast<std::uint32_t>(state.range(0));
    ev::World world;
    world.resource<ev::Load>().count = n;
    for (auto _ : state) {
        world.run(ev::stage::update);
        benchmark::DoNotOptimize(world.resource<ev::Total>().sum);
    }
    count_events(state, n);
}

template <class Executor>
void per_entity(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    ev::World world;
    world.create_n<ev::Dot>(n, [](std::size_t i) { return std::tuple{ev::Position{static_cast<float>(i)}}; });
    for (auto _ : state) {
        world.run(ev::stage::render, Executor{});
        benchmark::DoNotOptimize(world.resource<ev::Total>().sum);
    }
    count_events(state, n);
}

} // namespace

// The bodies, here so that they inline into the world's loops as a game's would with LTO.
void ev::Send::run(const Load& load, kiln::event_writer<Ping>& emit_ping) {
    const std::uint32_t count = load.count; // read once: a Ping's value could alias it
    for (std::uint32_t i = 0; i < count; ++i) {
        emit_ping(Ping{i});
    }
}

void ev::Sum::run(Total& total, kiln::event_reader<Ping> ping_events) {
    for (const Ping& ping : ping_events) {
        total.sum += ping.value;
    }
}

void ev::Spray::run(const Position& position, kiln::event_writer<Pong>& emit_pong) {
    emit_pong(Pong{static_cast<std::uint32_t>(position.x)});
}

void ev::Gather::run(Total& total, kiln::event_reader<Pong> pong_events) {
    for (const Pong& pong : pong_events) {
        total.sum += pong.value;
    }
}

BENCHMARK(vector_baseline)->Name("events/vector")->Arg(10'000)->Arg(1'000'000)->UseRealTime();
BENCHMARK(kiln_serial)->Name("events/kiln/serial")->Arg(10'000)->Arg(1'000'000)->UseRealTime();
BENCHMARK(per_entity<kiln::serial_executor>)
    ->Name("events_per_entity/serial")
    ->Arg(10'000)
    ->Arg(1'000'000)
    ->UseRealTime();
#if KILN_HAS_TBB
BENCHMARK(per_entity<kiln::parallel_executor>)
    ->Name("events_per_entity/parallel")
    ->Arg(10'000)
    ->Arg(1'000'000)
    ->UseRealTime();
#endif

BENCHMARK_MAIN();
