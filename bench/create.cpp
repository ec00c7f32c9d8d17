// create and create_bulk: N entities with Position and Velocity, made in an
// empty world one at a time, then all at once.
#include <cstddef>
#include <optional>
#include <tuple>
#include <vector>

#include <benchmark/benchmark.h>
#include <bench/world.hpp>

#include "aos.hpp"
#include "harness.hpp"
#include "soa.hpp"
#include "values.hpp"

namespace kiln_bench {
namespace {

// Each iteration starts from an empty world: the last iteration's world is
// torn down, and the new one made, while the timer is paused (a kiln world
// stays where it was built, so it is remade in place).

void create_kiln(benchmark::State& state, std::size_t n) {
    std::optional<bench::World> world;
    for (auto _ : state) {
        state.PauseTiming();
        world.emplace();
        state.ResumeTiming();
        for (std::size_t i = 0; i < n; ++i) {
            world->create<bench::Moving>(position(i), velocity(i));
        }
        benchmark::DoNotOptimize(*world);
    }
    publish(state, n);
}

void create_soa(benchmark::State& state, std::size_t n) {
    soa::moving rows;
    for (auto _ : state) {
        state.PauseTiming();
        rows = soa::moving{};
        state.ResumeTiming();
        for (std::size_t i = 0; i < n; ++i) {
            rows.push_back(position(i), velocity(i));
        }
        benchmark::DoNotOptimize(rows);
    }
    publish(state, n);
}

void create_aos(benchmark::State& state, std::size_t n) {
    std::vector<aos::moving> rows;
    for (auto _ : state) {
        state.PauseTiming();
        rows = std::vector<aos::moving>{};
        state.ResumeTiming();
        for (std::size_t i = 0; i < n; ++i) {
            rows.push_back({position(i), velocity(i)});
        }
        benchmark::DoNotOptimize(rows);
    }
    publish(state, n);
}

void create_bulk_kiln(benchmark::State& state, std::size_t n) {
    std::optional<bench::World> world;
    for (auto _ : state) {
        state.PauseTiming();
        world.emplace();
        state.ResumeTiming();
        world->create_n<bench::Moving>(n, [](std::size_t i) { return std::tuple{position(i), velocity(i)}; });
        benchmark::DoNotOptimize(*world);
    }
    publish(state, n);
}

void create_bulk_soa(benchmark::State& state, std::size_t n) {
    soa::moving rows;
    for (auto _ : state) {
        state.PauseTiming();
        rows = soa::moving{};
        state.ResumeTiming();
        rows.reserve(n);
        for (std::size_t i = 0; i < n; ++i) {
            rows.push_back(position(i), velocity(i));
        }
        benchmark::DoNotOptimize(rows);
    }
    publish(state, n);
}

void create_bulk_aos(benchmark::State& state, std::size_t n) {
    std::vector<aos::moving> rows;
    for (auto _ : state) {
        state.PauseTiming();
        rows = std::vector<aos::moving>{};
        state.ResumeTiming();
        rows.reserve(n);
        for (std::size_t i = 0; i < n; ++i) {
            rows.push_back({position(i), velocity(i)});
        }
        benchmark::DoNotOptimize(rows);
    }
    publish(state, n);
}

} // namespace

void add_create_cases() {
    add("create", {{"kiln", create_kiln}, {"soa", create_soa}, {"aos", create_aos}});
    add("create_bulk", {{"kiln", create_bulk_kiln}, {"soa", create_bulk_soa}, {"aos", create_bulk_aos}});
}

} // namespace kiln_bench
