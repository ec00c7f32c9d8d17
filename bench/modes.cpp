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
// Each iteration starts from a new world of N entities, made while the timer
// is paused, and changes them in creation order.
#include <cstddef>
#include <memory>
#include <vector>

#include <benchmark/benchmark.h>
#include <bench/conditions/world.hpp>

namespace {

namespace game = bench::conditions;

enum class change { replace, add, remove_add };

template <change Change>
void modes(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    for (auto _ : state) {
        state.PauseTiming();
        auto world = std::make_unique<game::World>();
        std::vector<kiln::entity> ghosts(n);
        for (std::size_t i = 0; i < n; ++i) {
            const float f = static_cast<float>(i);
            ghosts[i] = Change == change::add ? kiln::entity{world->create<game::Ghost>(game::Pos{f, f}, game::Vel{1, 1})}
                                              : kiln::entity{world->create<game::GhostChase>(game::Pos{f, f},
                                                                                             game::Vel{1, 1})};
        }
        state.ResumeTiming();
        for (const kiln::entity e : ghosts) {
            if constexpr (Change == change::replace) {
                world->replace<game::Chase, game::Scared>(e);
            } else if constexpr (Change == change::add) {
                world->add<game::Chase>(e);
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
    state.counters["entities"] = static_cast<double>(n);
    state.counters["s_per_entity"] = benchmark::Counter(
        static_cast<double>(n), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

} // namespace

BENCHMARK(modes<change::replace>)->Name("modes/replace")->Arg(10'000)->Arg(1'000'000)->UseRealTime();
BENCHMARK(modes<change::add>)->Name("modes/add")->Arg(10'000)->Arg(1'000'000)->UseRealTime();
BENCHMARK(modes<change::remove_add>)->Name("modes/remove_add")->Arg(10'000)->Arg(1'000'000)->UseRealTime();
