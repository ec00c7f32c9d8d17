// Two passes alternated in one benchmark: kiln's and a hand-written one,
// pass by pass, which goes first alternating too. What this host's memory
// does to a pass (it swings twofold with a world's allocations and with
// whatever else runs) it then does to both in turn, so their ratio holds
// where two separate benchmarks' does not.
#pragma once

#include <benchmark/benchmark.h>

namespace kiln_bench {

// Runs kiln_pass and other_pass once per iteration, each returning the
// seconds it took; reports kiln's as the iteration's time (the benchmark
// must use manual time) and returns the sum of kiln's seconds over the sum
// of the other's, the counter a paired target judges.
template <class KilnPass, class OtherPass>
double alternated(benchmark::State& state, KilnPass&& kiln_pass, OtherPass&& other_pass) {
    double kiln_seconds = 0;
    double other_seconds = 0;
    bool kiln_first = true;
    for (auto _ : state) {
        double kiln_time = 0;
        if (kiln_first) {
            kiln_time = kiln_pass();
            other_seconds += other_pass();
        } else {
            other_seconds += other_pass();
            kiln_time = kiln_pass();
        }
        kiln_first = !kiln_first;
        kiln_seconds += kiln_time;
        state.SetIterationTime(kiln_time);
    }
    return kiln_seconds / other_seconds;
}

} // namespace kiln_bench
