// get: the Position of each of N entities, read by handle in a shuffled
// order, accumulating p.x + p.y.
//
// The world and the shuffled handles are made before timing starts; every
// iteration reads all N. The baselines' handles are their rows (soa, aos) or
// the entities' indices (direct).
//
// get_batched: the same reads through world.gather, a batch of handles at a
// time; the baselines are get's.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <vector>

#include <benchmark/benchmark.h>
#include <bench/world.hpp>

#include "aos.hpp"
#include "direct.hpp"
#include "harness.hpp"
#include "setup.hpp"
#include "soa.hpp"
#include "values.hpp"

namespace kiln_bench {
namespace {

void get_kiln(benchmark::State& state, std::size_t n) {
    bench::World world;
    const std::vector<kiln::entity> handles = shuffled(add_moving(world, n));
    for (auto _ : state) {
        float sum = 0;
        for (const kiln::entity e : handles) {
            const bench::Position::cref p = world.get<const bench::Position>(e);
            sum += p.x + p.y;
        }
        benchmark::DoNotOptimize(sum);
    }
    publish(state, n);
}

// The handles in batches of this many, gathered into a buffer that stays in
// the cache while it is summed.
constexpr std::size_t batch = 2048;

void get_batched_kiln(benchmark::State& state, std::size_t n) {
    bench::World world;
    const std::vector<kiln::entity> handles = shuffled(add_moving(world, n));
    std::vector<bench::Position> positions(batch);
    for (auto _ : state) {
        float sum = 0;
        for (std::size_t first = 0; first < n; first += batch) {
            const std::size_t count = std::min(batch, n - first);
            world.gather<bench::Position>(std::span{handles}.subspan(first, count), positions);
            for (std::size_t i = 0; i < count; ++i) {
                sum += positions[i].x + positions[i].y;
            }
        }
        benchmark::DoNotOptimize(sum);
    }
    publish(state, n);
}

void get_soa(benchmark::State& state, std::size_t n) {
    soa::moving rows;
    add_moving(rows, n);
    const std::vector<std::uint32_t> handles = shuffled_rows(n);
    for (auto _ : state) {
        float sum = 0;
        for (const std::uint32_t row : handles) {
            sum += rows.px[row] + rows.py[row];
        }
        benchmark::DoNotOptimize(sum);
    }
    publish(state, n);
}

void get_aos(benchmark::State& state, std::size_t n) {
    std::vector<aos::moving> rows;
    add_moving(rows, n);
    const std::vector<std::uint32_t> handles = shuffled_rows(n);
    for (auto _ : state) {
        float sum = 0;
        for (const std::uint32_t row : handles) {
            const bench::Position& p = rows[row].position;
            sum += p.x + p.y;
        }
        benchmark::DoNotOptimize(sum);
    }
    publish(state, n);
}

void get_direct(benchmark::State& state, std::size_t n) {
    const direct::moving entities{n};
    const std::vector<std::uint32_t> handles = shuffled_rows(n);
    for (auto _ : state) {
        float sum = 0;
        for (const std::uint32_t index : handles) {
            const bench::Position& p = entities.position_of(index);
            sum += p.x + p.y;
        }
        benchmark::DoNotOptimize(sum);
    }
    publish(state, n);
}

// A hand-written soa behind generational handles, the least a program that
// keeps handles across destroys must do: find the handle's slot, check its
// generation, then index the row.
void get_soa_checked(benchmark::State& state, std::size_t n) {
    struct slot {
        std::uint32_t generation;
        std::uint32_t row;
    };
    struct handle {
        std::uint32_t index;
        std::uint32_t generation;
    };
    soa::moving rows;
    add_moving(rows, n);
    std::vector<slot> slots(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        slots[i] = {0, i};
    }
    std::vector<handle> handles;
    for (const std::uint32_t row : shuffled_rows(n)) {
        handles.push_back({row, 0});
    }
    for (auto _ : state) {
        float sum = 0;
        for (const handle h : handles) {
            const slot s = slots[h.index];
            if (s.generation != h.generation) [[unlikely]] {
                std::abort();
            }
            sum += rows.px[s.row] + rows.py[s.row];
        }
        benchmark::DoNotOptimize(sum);
    }
    publish(state, n);
}

} // namespace

void add_get_cases() {
    add("get", {{"kiln", get_kiln}, {"soa", get_soa}, {"aos", get_aos}, {"direct", get_direct}});
    add("get_batched", {{"kiln", get_batched_kiln}, {"soa", get_soa}, {"direct", get_direct}});
    add("get_checked", {{"kiln", get_kiln}, {"soa", get_soa_checked}});
}

} // namespace kiln_bench
