// The suites of the benchmark profiles A, AA and AAA: create, iterate with
// one system, and create then destroy, in the large generated worlds of
// bench/worlds/profile_*/ (32, 128 and 512 components; 16, 32 and 64
// systems; 16, 64 and 256 archetypes, half of them holding Position and
// Velocity).
//
// kiln works in the profile's whole world: entities spread round-robin over
// every archetype that holds Position and Velocity, the other components
// taking their defaults, and the iteration runs the profile's Move system
// through the schedule, world.run(stage::fixed_update), where Move is alone.
// The soa baseline is a hand-written program that holds only what the
// workload touches: one group of Position and Velocity vectors.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <benchmark/benchmark.h>
#include <bench/a/world.hpp>
#include <bench/aa/world.hpp>
#include <bench/aaa/world.hpp>

#include "baseline.hpp"
#include "harness.hpp"
#include "soa.hpp"
#include "values.hpp"

namespace kiln_bench {
namespace {

// Move's work on one entity, for every profile: p and v are references to
// the fields of Position and Velocity, which the profiles split into columns.
template <class PositionRef, class VelocityRef>
inline void move(PositionRef p, VelocityRef v) {
    p.x += v.x * dt;
    p.y += v.y * dt;
}

} // namespace
} // namespace kiln_bench

// Move's bodies: the profiles declare it, and the other systems' bodies are in
// bench/worlds/profile_*/systems.cpp. Move's sit here, so that the compiler may
// inline them into the world's loop, as it inlines the baseline's.

void bench::a::Move::run(Position::ref position, Velocity::cref velocity) {
    kiln_bench::move(position, velocity);
}

void bench::aa::Move::run(Position::ref position, Velocity::cref velocity) {
    kiln_bench::move(position, velocity);
}

void bench::aaa::Move::run(Position::ref position, Velocity::cref velocity) {
    kiln_bench::move(position, velocity);
}

namespace kiln_bench {
namespace {

// What the cases need of a profile's generated world.
template <class World, class Position, class Velocity, auto MoveStage>
struct profile {
    using world = World;
    using position = Position;
    using velocity = Velocity;
    // The stage in which Move runs alone.
    static constexpr auto move_stage = MoveStage;
};

using profile_a = profile<bench::a::World, bench::a::Position, bench::a::Velocity, bench::a::stage::fixed_update>;
using profile_aa =
    profile<bench::aa::World, bench::aa::Position, bench::aa::Velocity, bench::aa::stage::fixed_update>;
using profile_aaa =
    profile<bench::aaa::World, bench::aaa::Position, bench::aaa::Velocity, bench::aaa::stage::fixed_update>;

// kiln: N entities with Position and Velocity, entity i taking the initial
// values of values.hpp, created one at a time, round-robin over the
// archetypes that hold both (in schema order); created(e) is told each
// handle.
template <class Profile, class Created>
void create_moving(typename Profile::world& world, std::size_t n, Created created) {
    using position_type = typename Profile::position;
    using velocity_type = typename Profile::velocity;
    std::size_t i = 0;
    while (i < n) {
        kiln::for_each_type(kiln::archetypes_with_t<position_type>{}, [&]<class A>() {
            if constexpr (kiln::contains_v<velocity_type, typename A::components>) {
                if (i < n) {
                    const bench::Position p = position(i);
                    const bench::Velocity v = velocity(i);
                    created(kiln::entity{world.template create<A>(position_type{p.x, p.y}, velocity_type{v.x, v.y})});
                    ++i;
                }
            }
        });
    }
}

// The soa baseline's N entities: one group of Position and Velocity.
void create_moving(soa::moving& rows, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
        rows.push_back(position(i), velocity(i));
    }
}

// create: N entities created one at a time in an empty world.

template <class Profile>
void create_kiln(benchmark::State& state, std::size_t n) {
    std::optional<typename Profile::world> world;
    for (auto _ : state) {
        state.PauseTiming();
        world.emplace();
        state.ResumeTiming();
        create_moving<Profile>(*world, n, [](kiln::entity) {});
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
        create_moving(rows, n);
        benchmark::DoNotOptimize(rows);
    }
    publish(state, n);
}

// iterate: Move over N entities. One untimed run first; then the number of
// entities that Move's query (Position, Velocity) visits is counted by an
// untimed pass over the same query, since Move's body cannot count.

template <class Profile>
void iterate_kiln(benchmark::State& state, std::size_t n) {
    using position_type = typename Profile::position;
    using velocity_type = typename Profile::velocity;
    std::optional<typename Profile::world> world;
    world.emplace();
    create_moving<Profile>(*world, n, [](kiln::entity) {});
    world->run(Profile::move_stage);
    std::size_t visited = 0;
    world->template each<const position_type, const velocity_type>(
        [&visited](typename position_type::cref, typename velocity_type::cref) { ++visited; });
    for (auto _ : state) {
        world->run(Profile::move_stage);
        benchmark::DoNotOptimize(*world);
    }
    publish(state, visited);
}

template <bool Count>
std::size_t move_rows(soa::moving& rows) {
    float* px = rows.px.data();
    float* py = rows.py.data();
    const float* vx = rows.vx.data();
    const float* vy = rows.vy.data();
    const std::size_t n = rows.size();
    std::size_t visited = 0;
    for (std::size_t i = 0; i < n; ++i) {
        px[i] += vx[i] * dt;
        py[i] += vy[i] * dt;
        if constexpr (Count) {
            ++visited;
        }
    }
    return visited;
}

void iterate_soa(benchmark::State& state, std::size_t n) {
    soa::moving rows;
    create_moving(rows, n);
    const std::size_t visited = move_rows<true>(rows);
    for (auto _ : state) {
        move_rows<false>(rows);
        benchmark::DoNotOptimize(rows);
    }
    publish(state, visited);
}

// create_destroy: N entities created as in create, then every one destroyed
// by handle, in creation order; both timed. The vector that keeps the
// handles is reserved before timing starts.

template <class Profile>
void create_destroy_kiln(benchmark::State& state, std::size_t n) {
    std::optional<typename Profile::world> world;
    std::vector<kiln::entity> handles;
    handles.reserve(n);
    for (auto _ : state) {
        state.PauseTiming();
        world.emplace();
        handles.clear();
        state.ResumeTiming();
        create_moving<Profile>(*world, n, [&handles](kiln::entity e) { handles.push_back(e); });
        for (const kiln::entity e : handles) {
            world->destroy(e);
        }
        benchmark::DoNotOptimize(*world);
    }
    publish(state, n);
}

// The baseline keeps the handle table that lets it destroy by handle, as the
// destroy case's does.
void create_destroy_soa(benchmark::State& state, std::size_t n) {
    soa::moving rows;
    row_table table;
    std::vector<std::uint32_t> handles;
    handles.reserve(n);
    for (auto _ : state) {
        state.PauseTiming();
        rows = soa::moving{};
        table = row_table{};
        handles.clear();
        state.ResumeTiming();
        for (std::size_t i = 0; i < n; ++i) {
            rows.push_back(position(i), velocity(i));
            handles.push_back(table.create());
        }
        for (const std::uint32_t handle : handles) {
            rows.swap_remove(table.remove(handle));
        }
        benchmark::DoNotOptimize(rows);
        benchmark::DoNotOptimize(table);
    }
    publish(state, n);
}

template <class Profile>
void add_profile(std::string_view name) {
    const std::string prefix(name);
    add(prefix + "_create", {{"kiln", create_kiln<Profile>}, {"soa", create_soa}});
    add(prefix + "_iterate", {{"kiln", iterate_kiln<Profile>}, {"soa", iterate_soa}});
    add(prefix + "_create_destroy", {{"kiln", create_destroy_kiln<Profile>}, {"soa", create_destroy_soa}});
}

} // namespace

void add_profile_cases() {
    add_profile<profile_a>("profile_a");
    add_profile<profile_aa>("profile_aa");
    add_profile<profile_aaa>("profile_aaa");
}

} // namespace kiln_bench
