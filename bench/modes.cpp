// What changing an entity's mode costs when modes are tags
// (bench/worlds/conditions/: Ghost holds Pos and Vel, GhostChase and
// GhostScared hold them and the tag Chase or Scared; docs/states.md, "Modes"):
//
// modes/replace/N      replace<Chase, Scared> on each of N chasing ghosts:
//                      one move each, GhostChase to GhostScared
// modes/add/N          add<Chase> on each of N ghosts without a mode: one
//                      move each, Ghost to GhostChase (an add as it is today)
// modes/remove_add/N   remove<Chase> then add<Scared> on each of N chasing
//                      ghosts: the two moves a game made before replace,
//                      through Ghost, which had to be declared for it
//
// The same two moves recorded as commands into the world's buffer, then
// applied (world.flush()), the time of both:
//
// modes/replace_commands/N       replace<Chase, Scared>, recorded typed, as
//                                a file that includes world.hpp records it
// modes/replace_commands_data/N  the same recorded as data, as a file of
//                                system bodies without world.hpp records it
//                                (kiln/system/recorded_change.hpp)
// modes/add_commands/N           add<Chase>, recorded typed
// modes/add_commands_data/N      add<Chase>, recorded as data
//
// Each iteration starts from a new world of N entities, made while the timer
// is paused, and changes them in creation order.
//
// The same modes as the value of a field (GhostModed holds Pos, Vel and
// Mode, a u8; 1 is scared), the other way issue #44 weighed:
//
// modes/set_field/N     a mode changed by writing Mode through world.get on
//                       each of N ghosts: no move
// modes/filter_tag/N    one run of FleeTag (with = ["Scared"]) over N ghosts
//                       of which a quarter, chosen at random, are scared:
//                       it visits GhostScared alone
// modes/filter_field/N  one run of FleeField over the same ghosts held as
//                       GhostModed: it visits all N and tests Mode in each
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include <benchmark/benchmark.h>
#include <bench/conditions/world.hpp>

namespace {

namespace game = bench::conditions;

enum class change { replace, add, remove_add, set_field };

// N ghosts for Change: without a mode for add, moded for set_field, chasing
// for the others.
template <change Change>
std::vector<kiln::entity> make_ghosts(game::World& world, std::size_t n) {
    std::vector<kiln::entity> ghosts(n);
    for (std::size_t i = 0; i < n; ++i) {
        const float f = static_cast<float>(i);
        if constexpr (Change == change::add) {
            ghosts[i] = world.create<game::Ghost>(game::Pos{f, f}, game::Vel{1, 1});
        } else if constexpr (Change == change::set_field) {
            ghosts[i] = world.create<game::GhostModed>(game::Pos{f, f}, game::Vel{1, 1}, game::Mode{0});
        } else {
            ghosts[i] = world.create<game::GhostChase>(game::Pos{f, f}, game::Vel{1, 1});
        }
    }
    return ghosts;
}

void count_entities(benchmark::State& state, std::size_t n) {
    state.counters["entities"] = static_cast<double>(n);
    state.counters["s_per_entity"] = benchmark::Counter(
        static_cast<double>(n), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

template <change Change>
void modes(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    for (auto _ : state) {
        state.PauseTiming();
        auto world = std::make_unique<game::World>();
        const std::vector<kiln::entity> ghosts = make_ghosts<Change>(*world, n);
        state.ResumeTiming();
        for (const kiln::entity e : ghosts) {
            if constexpr (Change == change::replace) {
                world->replace<game::Chase, game::Scared>(e);
            } else if constexpr (Change == change::add) {
                world->add<game::Chase>(e);
            } else if constexpr (Change == change::set_field) {
                world->get<game::Mode>(e).value = 1;
            } else {
                world->remove<game::Chase>(e);
                world->add<game::Scared>(e);
            }
        }
        benchmark::ClobberMemory();
        state.PauseTiming();
        world.reset();
        state.ResumeTiming();
    }
    count_entities(state, n);
}

// Change (replace or add) recorded into the world's buffer, typed or as
// data, then applied.
template <change Change, bool Typed>
void modes_by_commands(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    for (auto _ : state) {
        state.PauseTiming();
        auto world = std::make_unique<game::World>();
        const std::vector<kiln::entity> ghosts = make_ghosts<Change>(*world, n);
        state.ResumeTiming();
        game::World::commands_type& commands = world->commands();
        for (const kiln::entity e : ghosts) {
            if constexpr (Change == change::replace) {
                commands.replace<game::Chase, game::Scared, Typed>(e);
            } else {
                commands.add<game::Chase, Typed>(e);
            }
        }
        world->flush();
        benchmark::ClobberMemory();
        state.PauseTiming();
        world.reset();
        state.ResumeTiming();
    }
    count_entities(state, n);
}

// Whether the i-th ghost is scared: a quarter of them, at random (a fixed
// sequence, the same for both filters), so that the field's test of each
// row is not a pattern the branch predictor learns.
std::vector<bool> scared_quarter(std::size_t n) {
    std::vector<bool> scared(n);
    std::uint64_t x = 0x9E3779B97F4A7C15ull;
    for (std::size_t i = 0; i < n; ++i) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        scared[i] = (x & 3u) == 0;
    }
    return scared;
}

enum class filter { tag, field };

template <filter Filter>
void filter_scared(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    auto world = std::make_unique<game::World>();
    const std::vector<bool> scared = scared_quarter(n);
    for (std::size_t i = 0; i < n; ++i) {
        const float f = static_cast<float>(i);
        if constexpr (Filter == filter::tag) {
            if (scared[i]) {
                world->create<game::GhostScared>(game::Pos{f, f}, game::Vel{1, 1});
            } else {
                world->create<game::GhostChase>(game::Pos{f, f}, game::Vel{1, 1});
            }
        } else {
            world->create<game::GhostModed>(game::Pos{f, f}, game::Vel{1, 1},
                                            game::Mode{static_cast<std::uint8_t>(scared[i] ? 1 : 0)});
        }
    }
    benchmark::DoNotOptimize(world.get());
    const auto stage = Filter == filter::tag ? game::stage::flee_tag : game::stage::flee_field;
    for (auto _ : state) {
        world->run(stage, kiln::serial_executor{});
        benchmark::ClobberMemory();
    }
    count_entities(state, n);
}

} // namespace

BENCHMARK(modes<change::replace>)->Name("modes/replace")->Arg(10'000)->Arg(1'000'000)->UseRealTime();
BENCHMARK(modes<change::add>)->Name("modes/add")->Arg(10'000)->Arg(1'000'000)->UseRealTime();
BENCHMARK(modes<change::remove_add>)->Name("modes/remove_add")->Arg(10'000)->Arg(1'000'000)->UseRealTime();
BENCHMARK(modes_by_commands<change::replace, true>)
    ->Name("modes/replace_commands")
    ->Arg(10'000)
    ->Arg(1'000'000)
    ->UseRealTime();
BENCHMARK(modes_by_commands<change::replace, false>)
    ->Name("modes/replace_commands_data")
    ->Arg(10'000)
    ->Arg(1'000'000)
    ->UseRealTime();
BENCHMARK(modes_by_commands<change::add, true>)->Name("modes/add_commands")->Arg(10'000)->Arg(1'000'000)->UseRealTime();
BENCHMARK(modes_by_commands<change::add, false>)
    ->Name("modes/add_commands_data")
    ->Arg(10'000)
    ->Arg(1'000'000)
    ->UseRealTime();
BENCHMARK(modes<change::set_field>)->Name("modes/set_field")->Arg(10'000)->Arg(1'000'000)->UseRealTime();
BENCHMARK(filter_scared<filter::tag>)->Name("modes/filter_tag")->Arg(10'000)->Arg(1'000'000)->UseRealTime();
BENCHMARK(filter_scared<filter::field>)->Name("modes/filter_field")->Arg(10'000)->Arg(1'000'000)->UseRealTime();
