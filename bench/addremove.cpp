// addremove: N entities with Position and Velocity; Frozen{1} is added to
// every entity, then removed from every entity, in creation order. Each
// change moves the entity between the group without Frozen and the group
// with it, so that both stay dense.
//
// Each iteration starts from a new world of N entities, made while the timer
// is paused.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include <benchmark/benchmark.h>

#include "aos.hpp"
#include "baseline.hpp"
#include "harness.hpp"
#include "setup.hpp"
#include "soa.hpp"
#include "values.hpp"

namespace kiln_bench {
namespace {

// The groups of a baseline's world, as numbered in its location_table.
enum group : std::uint32_t { moving_group, frozen_group };

// A baseline's world: the group without Frozen, the group with it, and the
// table of where each handle lives.
template <class Moving, class Frozen>
struct frozen_world {
    Moving moving;
    Frozen frozen;
    location_table<2> handles;
};

using soa_world = frozen_world<soa::moving, soa::moving_frozen>;
using aos_world = frozen_world<std::vector<aos::moving>, std::vector<aos::moving_frozen>>;

// Fills world with N entities without Frozen; returns their handles in
// creation order.
template <class World>
std::vector<std::uint32_t> fill(World& world, std::size_t n) {
    add_moving(world.moving, n);
    std::vector<std::uint32_t> created(n);
    for (std::uint32_t& handle : created) {
        handle = world.handles.create(moving_group);
    }
    return created;
}

void add_frozen(soa_world& world, std::uint32_t handle, bench::Frozen value) {
    const std::uint32_t row = world.handles[handle].row;
    soa::moving& from = world.moving;
    world.frozen.push_back({from.px[row], from.py[row]}, {from.vx[row], from.vy[row]}, value);
    from.swap_remove(row);
    world.handles.move(handle, frozen_group);
}

void remove_frozen(soa_world& world, std::uint32_t handle) {
    const std::uint32_t row = world.handles[handle].row;
    soa::moving_frozen& from = world.frozen;
    world.moving.push_back({from.px[row], from.py[row]}, {from.vx[row], from.vy[row]});
    from.swap_remove(row);
    world.handles.move(handle, moving_group);
}

void add_frozen(aos_world& world, std::uint32_t handle, bench::Frozen value) {
    const std::uint32_t row = world.handles[handle].row;
    const aos::moving& moved = world.moving[row];
    world.frozen.push_back({moved.position, moved.velocity, value});
    swap_remove(world.moving, row);
    world.handles.move(handle, frozen_group);
}

void remove_frozen(aos_world& world, std::uint32_t handle) {
    const std::uint32_t row = world.handles[handle].row;
    const aos::moving_frozen& moved = world.frozen[row];
    world.moving.push_back({moved.position, moved.velocity});
    swap_remove(world.frozen, row);
    world.handles.move(handle, moving_group);
}

template <class World>
void addremove_baseline(benchmark::State& state, std::size_t n) {
    World world;
    std::vector<std::uint32_t> handles;
    for (auto _ : state) {
        state.PauseTiming();
        world = World{};
        handles = fill(world, n);
        state.ResumeTiming();
        for (const std::uint32_t handle : handles) {
            add_frozen(world, handle, bench::Frozen{1});
        }
        for (const std::uint32_t handle : handles) {
            remove_frozen(world, handle);
        }
        benchmark::DoNotOptimize(world);
    }
    publish(state, n);
}

// kiln: world.add moves each entity from Moving to MovingFrozen through the
// generated transition table, world.remove moves it back.
void addremove_kiln(benchmark::State& state, std::size_t n) {
    std::optional<bench::World> world;
    std::vector<kiln::entity> handles;
    for (auto _ : state) {
        state.PauseTiming();
        world.emplace();
        handles = add_moving(*world, n);
        state.ResumeTiming();
        for (const kiln::entity e : handles) {
            world->add<bench::Frozen>(e, bench::Frozen{1});
        }
        for (const kiln::entity e : handles) {
            world->remove<bench::Frozen>(e);
        }
        benchmark::DoNotOptimize(*world);
    }
    publish(state, n);
}

} // namespace

void add_addremove_cases() {
    add("addremove", {{"kiln", addremove_kiln},
                      {"soa", addremove_baseline<soa_world>},
                      {"aos", addremove_baseline<aos_world>}});
}

} // namespace kiln_bench
