// destroy and destroy_shuffled: N entities with Position and Velocity,
// destroyed one by one by handle, in creation order, then in the shuffled
// order of get.
//
// destroy_batched: destroy_shuffled through world.destroy(span), the whole
// shuffled list at once; the baselines are destroy_shuffled's.
//
// destroy_linked: destroy, in a world where two other entities are linked,
// parent and child: each destroy takes the hierarchy's path, which finds the
// entity without links and leaves a hole, as destroy does
// (kiln/hierarchy/hierarchy.hpp); the baselines are destroy's.
//
// Each iteration starts from a new world of N entities, made while the timer
// is paused, as is the list of handles in the order of destruction.
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <optional>
#include <vector>

#include <benchmark/benchmark.h>
#include <bench/world.hpp>

#include "aos.hpp"
#include "baseline.hpp"
#include "direct.hpp"
#include "harness.hpp"
#include "setup.hpp"
#include "soa.hpp"
#include "values.hpp"

namespace kiln_bench {
namespace {

enum class order { creation, shuffled };

// What else the world holds while it destroys: nothing, or a parent and
// its child beside the entities destroyed.
enum class links { none, elsewhere };

// The order of destruction: indices into the creation order.
template <order Order>
std::vector<std::uint32_t> destruction_order(std::size_t n) {
    if constexpr (Order == order::shuffled) {
        return shuffled_rows(n);
    } else {
        std::vector<std::uint32_t> indices(n);
        std::iota(indices.begin(), indices.end(), std::uint32_t{0});
        return indices;
    }
}

// handles[indices[0]], handles[indices[1]], ...
template <class Handle>
void gather(std::vector<Handle>& into, const std::vector<Handle>& handles, const std::vector<std::uint32_t>& indices) {
    into.resize(indices.size());
    for (std::size_t k = 0; k < indices.size(); ++k) {
        into[k] = handles[indices[k]];
    }
}

// One destroy per handle, or (Batched) one destroy of the whole list.
template <order Order, bool Batched = false, links Links = links::none>
void destroy_kiln(benchmark::State& state, std::size_t n) {
    const std::vector<std::uint32_t> indices = destruction_order<Order>(n);
    std::optional<bench::World> world;
    std::vector<kiln::entity> doomed;
    for (auto _ : state) {
        state.PauseTiming();
        world.emplace();
        gather(doomed, add_moving(*world, n), indices);
        if constexpr (Links == links::elsewhere) {
            const kiln::entity parent = world->create<bench::Still>();
            static_cast<void>(world->hierarchy().set_parent(world->create<bench::Still>(), parent));
        }
        state.ResumeTiming();
        if constexpr (Batched) {
            world->destroy(doomed);
        } else {
            for (const kiln::entity e : doomed) {
                world->destroy(e);
            }
        }
        benchmark::DoNotOptimize(*world);
    }
    publish(state, n);
}

// Every entity destroyed through the deferred_world of a loop over them,
// in creation order: recorded during the loop, applied when it returns.
void destroy_deferred_kiln(benchmark::State& state, std::size_t n) {
    std::optional<bench::World> world;
    for (auto _ : state) {
        state.PauseTiming();
        world.emplace();
        add_moving(*world, n);
        state.ResumeTiming();
        world->each<const bench::Position>(kiln::with<bench::Velocity>,
                                           [](bench::World::deferred_type& deferred, kiln::entity e,
                                              bench::Position::cref) { deferred.destroy(e); });
        benchmark::DoNotOptimize(*world);
    }
    publish(state, n);
}

// A baseline's rows with the handle table that destroys them by handle.
template <class Rows>
struct with_handles {
    Rows rows;
    row_table handles;
};

// Fills store with N entities; returns their handles in creation order.
template <class Rows>
std::vector<std::uint32_t> fill(with_handles<Rows>& store, std::size_t n) {
    add_moving(store.rows, n);
    store.handles.reserve(n);
    std::vector<std::uint32_t> created(n);
    for (std::uint32_t& handle : created) {
        handle = store.handles.create();
    }
    return created;
}

template <order Order>
void destroy_soa(benchmark::State& state, std::size_t n) {
    const std::vector<std::uint32_t> indices = destruction_order<Order>(n);
    with_handles<soa::moving> store;
    std::vector<std::uint32_t> doomed;
    for (auto _ : state) {
        state.PauseTiming();
        store = with_handles<soa::moving>{};
        gather(doomed, fill(store, n), indices);
        state.ResumeTiming();
        for (const std::uint32_t handle : doomed) {
            store.rows.swap_remove(store.handles.remove(handle));
        }
        benchmark::DoNotOptimize(store);
    }
    publish(state, n);
}

template <order Order>
void destroy_aos(benchmark::State& state, std::size_t n) {
    const std::vector<std::uint32_t> indices = destruction_order<Order>(n);
    with_handles<std::vector<aos::moving>> store;
    std::vector<std::uint32_t> doomed;
    for (auto _ : state) {
        state.PauseTiming();
        store = with_handles<std::vector<aos::moving>>{};
        gather(doomed, fill(store, n), indices);
        state.ResumeTiming();
        for (const std::uint32_t handle : doomed) {
            swap_remove(store.rows, store.handles.remove(handle));
        }
        benchmark::DoNotOptimize(store);
    }
    publish(state, n);
}

template <order Order>
void destroy_direct(benchmark::State& state, std::size_t n) {
    const std::vector<std::uint32_t> doomed = destruction_order<Order>(n);
    std::optional<direct::moving> entities;
    for (auto _ : state) {
        state.PauseTiming();
        entities.emplace(n);
        state.ResumeTiming();
        for (const std::uint32_t index : doomed) {
            entities->destroy(index);
        }
        benchmark::DoNotOptimize(*entities);
    }
    publish(state, n);
}

} // namespace

void add_destroy_cases() {
    add("destroy", {{"kiln", destroy_kiln<order::creation>},
                    {"soa", destroy_soa<order::creation>},
                    {"aos", destroy_aos<order::creation>},
                    {"direct", destroy_direct<order::creation>}});
    // Not a case of BENCH_CASES.md: the cost of a destroy recorded in the
    // world's command buffer while a loop runs and applied when it ends,
    // beside the direct one above. No baseline: hand-written code has no
    // deferral to compare with.
    add("destroy_deferred", {{"kiln", destroy_deferred_kiln}});
    add("destroy_shuffled", {{"kiln", destroy_kiln<order::shuffled>},
                             {"soa", destroy_soa<order::shuffled>},
                             {"aos", destroy_aos<order::shuffled>},
                             {"direct", destroy_direct<order::shuffled>}});
    add("destroy_batched", {{"kiln", destroy_kiln<order::shuffled, true>},
                            {"soa", destroy_soa<order::shuffled>},
                            {"direct", destroy_direct<order::shuffled>}});
    // Not a case of BENCH_CASES.md: destroy where the hierarchy is in use.
    add("destroy_linked", {{"kiln", destroy_kiln<order::creation, false, links::elsewhere>},
                           {"soa", destroy_soa<order::creation>},
                           {"aos", destroy_aos<order::creation>}});
}

} // namespace kiln_bench
