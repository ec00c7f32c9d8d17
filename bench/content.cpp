// Spawning a prefab against the same entities created by hand, with the
// values inline, in the same binary (issue #39; docs/content.md). The prefab,
// Cruiser (bench/worlds/content/), is a root and 4 children of 3 components
// each, each child's Owner naming the root, each child parented to it:
//
// spawn_prefab/spawn/N     world.spawn<Cruiser>() N times
// spawn_prefab/create/N    the same N roots and 4N children made by hand:
//                          create<Ship>, then per child create<Turret or
//                          Light> with its values and its owner, and
//                          set_parent
// spawn_prefab/spawn_n/N   world.spawn_n<Cruiser>(N): each part's rows laid
//                          down at once
// spawn_prefab/create_n/N  the same by hand: create_n of the roots, then of
//                          each child with its owner, then set_parent
// spawn_prefab/paired/N    spawn and create alternated, each pass timed:
//                          spawn's time, and spawn over create as the
//                          counter spawn_over_create
// spawn_prefab/paired_n/N  the same of spawn_n and create_n: the counter
//                          spawn_n_over_create_n
//
// N counts roots; the time per root covers its 5 entities. Each iteration
// (each pass, paired) starts from an empty world, made while the timer is
// paused.
//
// Loading the same world three ways (where kiln::scene exists), N entities
// (N / 5 Cruisers, each at a position of its own), the text or bytes made
// before the timer starts; the counter entities_per_second:
//
// load_scene/scene/N   kiln::load_scene_text of a scene file of N / 5
//                      [entity.NAME] instances of Cruiser with a Position
//                      override each: parsing the TOML, checking, spawning
// load_scene/save/N    kiln::load of a save of the world that scene made
// load_scene/json/N    kiln::from_json_text of its JSON
//
// Run: build/release/bench/kiln_bench_content
#include <chrono>
#include <cstddef>
#include <memory>
#include <span>
#include <tuple>
#include <vector>

#include <benchmark/benchmark.h>
#include <bench/content/world.hpp>

#include "alternated.hpp"

#if KILN_BENCH_SCENES
#include <bench/content/reflection.hpp>
#include <kiln/json.hpp>
#include <kiln/save.hpp>
#include <kiln/scene.hpp>

#include <cstdio>
#include <string>
#endif

namespace {

namespace ct = bench::content;

enum class way { spawn, create, spawn_n, create_n };

void create_by_hand(ct::World& world) {
    const kiln::handle<ct::Ship> root =
        world.create<ct::Ship>(ct::Position{1.0f, 2.0f}, ct::Health{300, 300}, ct::Armor{12, 2});
    auto tree = world.hierarchy();
    const auto bow = world.create<ct::Turret>(ct::Position{0.0f, 3.0f}, ct::Aim{40.0f, 0.5f}, ct::Owner{root});
    static_cast<void>(tree.set_parent(bow, root));
    const auto stern = world.create<ct::Turret>(ct::Position{0.0f, -3.0f}, ct::Aim{25.0f, 0.25f}, ct::Owner{root});
    static_cast<void>(tree.set_parent(stern, root));
    const auto port = world.create<ct::Light>(ct::Position{-1.0f, 0.0f}, ct::Glow{255, 0, 0, 2.0f}, ct::Owner{root});
    static_cast<void>(tree.set_parent(port, root));
    const auto starboard =
        world.create<ct::Light>(ct::Position{1.0f, 0.0f}, ct::Glow{0, 255, 0, 2.0f}, ct::Owner{root});
    static_cast<void>(tree.set_parent(starboard, root));
}

template <class A, class... Values>
std::span<const kiln::entity> children_by_hand(ct::World& world, std::span<const kiln::entity> roots,
                                               const Values&... values) {
    return world.create_n<A>(roots.size(), [&roots, &values...](std::size_t i) {
        return std::tuple<Values..., ct::Owner>{values..., ct::Owner{roots[i]}};
    });
}

void create_n_by_hand(ct::World& world, std::size_t n) {
    const std::span<const kiln::entity> roots =
        world.create_n<ct::Ship>(n, ct::Position{1.0f, 2.0f}, ct::Health{300, 300}, ct::Armor{12, 2});
    auto tree = world.hierarchy();
    const auto parent = [&tree, &roots](std::span<const kiln::entity> children) {
        for (std::size_t i = 0; i < children.size(); ++i) {
            static_cast<void>(tree.set_parent(children[i], roots[i]));
        }
    };
    parent(children_by_hand<ct::Turret>(world, roots, ct::Position{0.0f, 3.0f}, ct::Aim{40.0f, 0.5f}));
    parent(children_by_hand<ct::Turret>(world, roots, ct::Position{0.0f, -3.0f}, ct::Aim{25.0f, 0.25f}));
    parent(children_by_hand<ct::Light>(world, roots, ct::Position{-1.0f, 0.0f}, ct::Glow{255, 0, 0, 2.0f}));
    parent(children_by_hand<ct::Light>(world, roots, ct::Position{1.0f, 0.0f}, ct::Glow{0, 255, 0, 2.0f}));
}

// n roots and their children made in world, one way.
template <way Way>
void make(ct::World& world, std::size_t n) {
    if constexpr (Way == way::spawn) {
        for (std::size_t i = 0; i < n; ++i) {
            benchmark::DoNotOptimize(world.spawn<ct::Cruiser>());
        }
    } else if constexpr (Way == way::create) {
        for (std::size_t i = 0; i < n; ++i) {
            create_by_hand(world);
        }
    } else if constexpr (Way == way::spawn_n) {
        benchmark::DoNotOptimize(world.spawn_n<ct::Cruiser>(n).data());
    } else {
        create_n_by_hand(world, n);
    }
    benchmark::ClobberMemory();
}

void publish(benchmark::State& state, std::size_t n) {
    state.counters["entities"] = static_cast<double>(5 * n);
    state.counters["s_per_root"] = benchmark::Counter(
        static_cast<double>(n), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

template <way Way>
void spawn_prefab(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    for (auto _ : state) {
        state.PauseTiming();
        auto world = std::make_unique<ct::World>();
        state.ResumeTiming();
        make<Way>(*world, n);
        state.PauseTiming();
        world.reset();
        state.ResumeTiming();
    }
    publish(state, n);
}

// One pass of Way on a new world, which is made and dropped untimed: its seconds.
template <way Way>
double timed_pass(std::size_t n) {
    auto world = std::make_unique<ct::World>();
    const auto start = std::chrono::steady_clock::now();
    make<Way>(*world, n);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    world.reset();
    return seconds;
}

// Kiln's way and the hand-written one alternated, pass by pass, each on a
// new world (alternated.hpp). The time reported is kiln's pass; the counter
// named counter (bench/suite.toml's target) is the sum of kiln's times over
// the sum of the hand-written ones'.
template <way Kiln, way Hand>
void spawn_prefab_paired(benchmark::State& state, const char* counter) {
    const auto n = static_cast<std::size_t>(state.range(0));
    state.counters[counter] =
        kiln_bench::alternated(state, [n] { return timed_pass<Kiln>(n); }, [n] { return timed_pass<Hand>(n); });
    publish(state, n);
}

void spawn_prefab_paired_one(benchmark::State& state) {
    spawn_prefab_paired<way::spawn, way::create>(state, "spawn_over_create");
}

void spawn_prefab_paired_n(benchmark::State& state) {
    spawn_prefab_paired<way::spawn_n, way::create_n>(state, "spawn_n_over_create_n");
}

#if KILN_BENCH_SCENES
enum class source { scene, save, json };

// A scene of roots Cruisers, each at a position of its own.
std::string cruiser_scene(std::size_t roots) {
    std::string text = "[scene]\nschema = \"bench::content\"\n";
    char entity[160];
    for (std::size_t i = 0; i < roots; ++i) {
        std::snprintf(entity, sizeof entity,
                      "\n[entity.cruiser%zu]\nprefab = \"Cruiser\"\nPosition = { x = %zu.0, y = %zu.5 }\n", i,
                      i % 1000, i / 1000);
        text += entity;
    }
    return text;
}

template <source Source>
void load_scene(benchmark::State& state) {
    const auto n = static_cast<std::size_t>(state.range(0));
    const std::string scene = cruiser_scene(n / 5);
    std::vector<std::byte> save;
    std::string json;
    {
        ct::World world;
        kiln::loaded_scene<ct::schema> loaded;
        if (const kiln::scene_error error = kiln::load_scene_text(world, scene, "bench.toml", loaded)) {
            state.SkipWithError(error.text().c_str());
            return;
        }
        if (const kiln::save_error error = kiln::save(world, save)) {
            state.SkipWithError(error.message.c_str());
            return;
        }
        json = kiln::to_json(world).dump();
    }
    for (auto _ : state) {
        state.PauseTiming();
        auto world = std::make_unique<ct::World>();
        kiln::loaded_scene<ct::schema> loaded;
        state.ResumeTiming();
        bool failed = false;
        if constexpr (Source == source::scene) {
            failed = static_cast<bool>(kiln::load_scene_text(*world, scene, "bench.toml", loaded));
        } else if constexpr (Source == source::save) {
            failed = static_cast<bool>(kiln::load(*world, save));
        } else {
            failed = static_cast<bool>(kiln::from_json_text(*world, json));
        }
        benchmark::ClobberMemory();
        state.PauseTiming();
        if (failed || world->size() != n) {
            state.SkipWithError("the load failed, or made another number of entities");
        }
        world.reset();
        state.ResumeTiming();
    }
    state.counters["entities"] = static_cast<double>(n);
    state.counters["entities_per_second"] =
        benchmark::Counter(static_cast<double>(n), benchmark::Counter::kIsIterationInvariantRate);
    state.counters["bytes"] = static_cast<double>(Source == source::scene  ? scene.size()
                                                  : Source == source::save ? save.size()
                                                                           : json.size());
}
#endif

} // namespace

#if KILN_BENCH_SCENES
BENCHMARK(load_scene<source::scene>)->Name("load_scene/scene")->Arg(10'000)->Arg(100'000)->UseRealTime();
BENCHMARK(load_scene<source::save>)->Name("load_scene/save")->Arg(10'000)->Arg(100'000)->UseRealTime();
BENCHMARK(load_scene<source::json>)->Name("load_scene/json")->Arg(10'000)->Arg(100'000)->UseRealTime();
#endif
BENCHMARK(spawn_prefab<way::spawn>)->Name("spawn_prefab/spawn")->Arg(10'000)->Arg(100'000)->UseRealTime();
BENCHMARK(spawn_prefab<way::create>)->Name("spawn_prefab/create")->Arg(10'000)->Arg(100'000)->UseRealTime();
BENCHMARK(spawn_prefab<way::spawn_n>)->Name("spawn_prefab/spawn_n")->Arg(10'000)->Arg(100'000)->UseRealTime();
BENCHMARK(spawn_prefab<way::create_n>)->Name("spawn_prefab/create_n")->Arg(10'000)->Arg(100'000)->UseRealTime();
BENCHMARK(spawn_prefab_paired_one)->Name("spawn_prefab/paired")->Arg(10'000)->Arg(100'000)->UseManualTime();
BENCHMARK(spawn_prefab_paired_n)->Name("spawn_prefab/paired_n")->Arg(10'000)->Arg(100'000)->UseManualTime();

BENCHMARK_MAIN();
