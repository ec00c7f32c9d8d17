// get: the Position of each of N entities, read by handle in a shuffled
// order, accumulating p.x + p.y.
//
// The world and the shuffled handles are made before timing starts; every
// iteration reads all N. The baselines' handles are their rows (soa, aos) or
// the entities' indices (direct).
//
// get_batched: the same reads through world.gather, a batch of handles at a
// time; the baselines are get's, soa_checked, gather's pipeline written by
// hand over a soa behind checked handles, and soa_unchained, the same three
// lines per handle read with no read waiting on another.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <vector>

#include <benchmark/benchmark.h>
#include <bench/world.hpp>
#include <kiln/entity/huge_pages.hpp>

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
// generation, then index the row. Its slots are on the pages kiln's entity
// table uses (huge ones from a million entities on: kiln/entity/huge_pages.hpp), so
// that kiln is compared with the same lookup on the same memory, not with
// more page walks.
struct checked_soa {
    struct slot {
        std::uint32_t generation;
        std::uint32_t row;
    };
    struct handle {
        std::uint32_t index;
        std::uint32_t generation;
    };

    explicit checked_soa(std::size_t n) : slots(kiln::internal::allocate_random_access<slot>(n).elements) {
        add_moving(rows, n);
        for (std::uint32_t i = 0; i < n; ++i) {
            slots[i] = {0, i};
        }
        for (const std::uint32_t row : shuffled_rows(n)) {
            handles.push_back({row, 0});
        }
    }

    [[nodiscard]] std::uint32_t row_of(handle h) const {
        const slot s = slots[h.index];
        if (s.generation != h.generation) [[unlikely]] {
            std::abort();
        }
        return s.row;
    }

    soa::moving rows;
    kiln::internal::random_access_ptr<slot> slots;
    std::vector<handle> handles; // shuffled
};

void get_soa_checked(benchmark::State& state, std::size_t n) {
    const checked_soa soa{n};
    for (auto _ : state) {
        float sum = 0;
        for (const checked_soa::handle h : soa.handles) {
            const std::uint32_t row = soa.row_of(h);
            sum += soa.rows.px[row] + soa.rows.py[row];
        }
        benchmark::DoNotOptimize(sum);
    }
    publish(state, n);
}

// get_batched by hand over the checked soa: the pipeline world.gather runs
// (kiln/world/gather.hpp), written for one layout: the slot of the handle
// 2 * distance ahead prefetched, the row of the handle distance ahead
// prefetched from its slot, the current handle's row copied. What a batched
// lookup through a checked handle costs at best, against which gather's
// overhead is read.
void get_batched_soa_checked(benchmark::State& state, std::size_t n) {
    constexpr std::size_t distance = kiln::internal::gather_distance;
    const checked_soa soa{n};
    std::vector<bench::Position> positions(batch);
    std::array<std::uint32_t, distance> ahead{};
    for (auto _ : state) {
        float sum = 0;
        for (std::size_t first = 0; first < n; first += batch) {
            const std::size_t count = std::min(batch, n - first);
            const checked_soa::handle* handles = soa.handles.data() + first;
            for (std::size_t i = 0; i < std::min(2 * distance, count); ++i) {
                __builtin_prefetch(&soa.slots[handles[i].index]);
            }
            for (std::size_t i = 0; i < std::min(distance, count); ++i) {
                ahead[i] = soa.row_of(handles[i]);
            }
            for (std::size_t i = 0; i < count; ++i) {
                const std::uint32_t row = ahead[i % distance];
                if (i + 2 * distance < count) {
                    __builtin_prefetch(&soa.slots[handles[i + 2 * distance].index]);
                }
                if (i + distance < count) {
                    const std::uint32_t next = soa.row_of(handles[i + distance]);
                    __builtin_prefetch(&soa.rows.px[next]);
                    __builtin_prefetch(&soa.rows.py[next]);
                    ahead[i % distance] = next;
                }
                positions[i] = {soa.rows.px[row], soa.rows.py[row]};
            }
            for (std::size_t i = 0; i < count; ++i) {
                sum += positions[i].x + positions[i].y;
            }
        }
        benchmark::DoNotOptimize(sum);
    }
    publish(state, n);
}

// The lines get_checked's soa reads for each handle (its slot, then px and py
// at the slot's row, which in checked_soa is the handle's index), each read
// straight from the handle, no read waiting on another, and prefetched as far
// ahead. What three random lines per handle cost with no chain between
// them, beside soa's two: a checked lookup reads three, however it hides
// their latency (gather measured a little under it: it prefetches the slots
// further ahead than the rows, and so keeps fewer lines in flight at once).
void get_batched_soa_unchained(benchmark::State& state, std::size_t n) {
    constexpr std::size_t distance = kiln::internal::gather_distance;
    const checked_soa soa{n};
    const auto prefetch = [&soa](checked_soa::handle h) {
        __builtin_prefetch(&soa.slots[h.index]);
        __builtin_prefetch(&soa.rows.px[h.index]);
        __builtin_prefetch(&soa.rows.py[h.index]);
    };
    for (auto _ : state) {
        float sum = 0;
        for (std::size_t i = 0; i < std::min(distance, n); ++i) {
            prefetch(soa.handles[i]);
        }
        for (std::size_t i = 0; i < n; ++i) {
            if (i + distance < n) {
                prefetch(soa.handles[i + distance]);
            }
            const checked_soa::handle h = soa.handles[i];
            if (soa.slots[h.index].generation != h.generation) [[unlikely]] {
                std::abort();
            }
            sum += soa.rows.px[h.index] + soa.rows.py[h.index];
        }
        benchmark::DoNotOptimize(sum);
    }
    publish(state, n);
}

} // namespace

void add_get_cases() {
    add("get", {{"kiln", get_kiln}, {"soa", get_soa}, {"aos", get_aos}, {"direct", get_direct}});
    add("get_batched",
        {{"kiln", get_batched_kiln}, {"soa", get_soa}, {"direct", get_direct}, {"soa_checked", get_batched_soa_checked},
                        {"soa_unchained", get_batched_soa_unchained}});
    add("get_checked", {{"kiln", get_kiln}, {"soa", get_soa_checked}});
}

} // namespace kiln_bench
