// How every benchmark is registered and what it reports.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>

#include <benchmark/benchmark.h>

#include "values.hpp"

namespace kiln_bench {

// Runs one case for one implementation on n entities.
using body = void (*)(benchmark::State& state, std::size_t n);

struct implementation {
    std::string_view name; // kiln, soa, aos or memcpy
    body run;
};

// Registers <case>/<implementation>/<N> for every N of counts (by default
// sizes) and every implementation given, timed in wall-clock time (Google
// Benchmark appends /real_time to the name). Implementations alternate at
// each N, so that a change in the machine's state over a run hits them alike.
inline void add(std::string_view case_name, std::initializer_list<implementation> implementations,
                std::span<const std::size_t> counts = sizes) {
    for (const std::size_t n : counts) {
        for (const implementation& each : implementations) {
            const std::string name =
                std::string(case_name) + "/" + std::string(each.name) + "/" + std::to_string(n);
            benchmark::RegisterBenchmark(name.c_str(), each.run, n)->UseRealTime();
        }
    }
}

// Publishes the number of entities one iteration processed, `entities`, and
// the wall-clock time per entity, `s_per_entity`, in seconds.
inline void publish(benchmark::State& state, std::size_t entities) {
    const auto count = static_cast<double>(entities);
    state.counters["entities"] = count;
    state.counters["s_per_entity"] =
        benchmark::Counter(count, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

// The cases, one function per source file, each registering its benchmarks.
void add_create_cases();    // create.cpp: create, create_bulk
void add_iterate_cases();   // iterate.cpp: iterate2, iterate3, iterate2_mixed, iterate2_system
void add_addremove_cases(); // addremove.cpp: addremove
void add_destroy_cases();   // destroy.cpp: destroy, destroy_shuffled
void add_get_cases();       // get.cpp: get
void add_stress_cases();    // stress_quads.cpp: stress_quads
void add_profile_cases();   // profiles.cpp: profile_{a,aa,aaa}_{create,iterate,create_destroy}
void add_save_cases();      // save.cpp: save, load
void add_systems7_cases();  // systems7.cpp: systems7

} // namespace kiln_bench
