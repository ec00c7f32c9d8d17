// save and load: N entities of MovingData (Position, Velocity, Data) saved
// into a buffer allocated beforehand, and loaded back into the world, against
// memcpy of as many bytes as the save holds.
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <tuple>
#include <vector>

#include <benchmark/benchmark.h>
#include <bench/reflection.hpp>
#include <kiln/save.hpp>

#include "harness.hpp"
#include "values.hpp"

namespace kiln_bench {
namespace {

void fill(bench::World& world, std::size_t n) {
    world.create_n<bench::MovingData>(n, [](std::size_t i) { return std::tuple{position(i), velocity(i), data(i)}; });
}

std::vector<std::byte> save_of(const bench::World& world) {
    std::vector<std::byte> bytes;
    if (const kiln::save_error error = kiln::save(world, bytes)) {
        std::fprintf(stderr, "save bench: %s\n", error.message.c_str());
        std::abort();
    }
    return bytes;
}

void save_kiln(benchmark::State& state, std::size_t n) {
    bench::World world;
    fill(world, n);
    std::vector<std::byte> buffer = save_of(world); // allocated once, and its pages touched
    for (auto _ : state) {
        buffer.clear();
        const kiln::save_error error = kiln::save(world, buffer);
        benchmark::DoNotOptimize(error);
        benchmark::DoNotOptimize(buffer.data());
    }
    publish(state, n);
}

// Copies as many bytes as kiln's save holds, from one buffer to another.
void copy_memcpy(benchmark::State& state, std::size_t n) {
    bench::World world;
    fill(world, n);
    const std::vector<std::byte> source = save_of(world);
    std::vector<std::byte> target(source.size());
    for (auto _ : state) {
        std::memcpy(target.data(), source.data(), source.size());
        benchmark::DoNotOptimize(target.data());
        benchmark::ClobberMemory();
    }
    publish(state, n);
}

void load_kiln(benchmark::State& state, std::size_t n) {
    bench::World world;
    fill(world, n);
    const std::vector<std::byte> bytes = save_of(world);
    for (auto _ : state) {
        const kiln::save_error error = kiln::load(world, bytes);
        benchmark::DoNotOptimize(error);
    }
    publish(state, n);
}

} // namespace

void add_save_cases() {
    add("save", {{"kiln", save_kiln}, {"memcpy", copy_memcpy}});
    add("load", {{"kiln", load_kiln}, {"memcpy", copy_memcpy}});
}

} // namespace kiln_bench
