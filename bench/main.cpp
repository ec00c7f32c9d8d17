// kiln_bench: every case of bench/README.md, for kiln and the hand-written
// baselines. Besides Google Benchmark's own context, the JSON output records
// how this binary was built and run, for bench/report.py: the command line,
// the compiler and flags, the CPU, the allocator's policy, the scheduling
// priority, and the bench/run command that started it (bench/run passes it in
// the environment variable KILN_BENCH_RUN).
#include <cstddef>
#include <cstdlib>
#include <fstream>
#include <string>

#include <sys/resource.h>
#include <sys/utsname.h>

#if defined(__GLIBC__)
#    include <malloc.h>
#endif

#include <benchmark/benchmark.h>

#include "harness.hpp"

namespace {

std::string compiler() {
#if defined(__clang__)
    return "clang " __clang_version__;
#elif defined(__GNUC__)
    return "g++ " __VERSION__;
#else
    return "unknown";
#endif
}

// The CPU's model name, from /proc/cpuinfo where there is one.
std::string cpu() {
    std::ifstream cpuinfo("/proc/cpuinfo");
    for (std::string line; std::getline(cpuinfo, line);) {
        if (line.starts_with("model name")) {
            const std::size_t start = line.find_first_not_of(" \t", line.find(':') + 1);
            return start == std::string::npos ? "unknown" : line.substr(start);
        }
    }
    return "unknown";
}

// What `uname -m` prints.
std::string machine() {
    utsname names{};
    return uname(&names) == 0 ? names.machine : "unknown";
}

// The scheduling priority this process runs at, as `nice` counts it.
std::string niceness() {
    return std::to_string(getpriority(PRIO_PROCESS, 0));
}

std::string command_line(int argc, char** argv) {
    std::string command = argv[0];
    for (int i = 1; i < argc; ++i) {
        command += ' ';
        command += argv[i];
    }
    return command;
}

// Makes the allocator keep the memory it frees, so that what a benchmark
// costs does not depend on which benchmarks ran before it. By default glibc
// returns large blocks to the system and adapts its thresholds as it goes;
// the next allocation of the same size then faults its pages in afresh,
// which in a virtual machine can cost more than the work measured.
std::string keep_freed_memory() {
#if defined(__GLIBC__)
    if (mallopt(M_MMAP_MAX, 0) == 1 && mallopt(M_TRIM_THRESHOLD, -1) == 1) {
        return "glibc, freed memory kept in the process (M_MMAP_MAX 0, M_TRIM_THRESHOLD -1)";
    }
    return "glibc, defaults (mallopt failed)";
#else
    return "the platform's default";
#endif
}

} // namespace

int main(int argc, char** argv) {
    benchmark::AddCustomContext("kiln_allocator", keep_freed_memory());
    benchmark::AddCustomContext("kiln_command", command_line(argc, argv));
    benchmark::AddCustomContext("kiln_compiler", compiler());
    benchmark::AddCustomContext("kiln_build", KILN_BENCH_BUILD);
    benchmark::AddCustomContext("kiln_cpu", cpu());
    benchmark::AddCustomContext("kiln_machine", machine());
    benchmark::AddCustomContext("kiln_nice", niceness());
    if (const char* run = std::getenv("KILN_BENCH_RUN")) {
        benchmark::AddCustomContext("kiln_run", run);
    }

    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) {
        return 1;
    }
    kiln_bench::add_create_cases();
    kiln_bench::add_iterate_cases();
    kiln_bench::add_addremove_cases();
    kiln_bench::add_destroy_cases();
    kiln_bench::add_get_cases();
    kiln_bench::add_stress_cases();
    kiln_bench::add_profile_cases();
    kiln_bench::add_save_cases();
    kiln_bench::add_systems7_cases();
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
