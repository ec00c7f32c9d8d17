#!/usr/bin/python3
"""Measures how the compile time of a world's translation unit grows with the schema.

Usage: bench/compile_scale.py [--build DIR] [--sizes NAME...] [--repetitions R] [--time-report]
                              [--compiler CXX] [--runtime DIR] [--prefabs P]

For each size, tests/compile_time/scale_schema.py writes a schema and kilnc's headers into
<build>/bench/compile_scale/<name>/, and the compiler compiles tests/compile_time/scale_world.cpp
against them, at the flags of the compile-time tests (-std=c++20 -O2 -DNDEBUG -fno-rtti
-fno-exceptions), under /usr/bin/time -v: wall time, user and system CPU time, peak resident
memory. The sizes (default: all), by name:

    one256    one archetype of 256 components (issue #22's target: 5 s)
    one512    one archetype of 512
    one1024   one archetype of 1,024, the most kilnc allows (codegen/kiln_codegen/check/limits.py)
    s512      512 components in 256 archetypes of at most 32
    s1024     1,024 in 512
    s2048     2,048 in 1,024
    s4096     4,096 in 2,048 (the target: 12 s, 2 GiB)

Each is compiled R times (default 1); the table shows the least CPU time (user + system: the
figure that others' work on the machine disturbs least), the wall time of that compile and the
largest peak, with the load average before each compile. --time-report adds g++'s -ftime-report
of the last compile of each size to <build>/bench/compile_scale/<name>/time_report.txt. --runtime
names another copy of runtime/include (say, an earlier commit's, from git archive), to compare.
--prefabs adds P prefabs to each schema (scale_schema.py says which), into
<build>/bench/compile_scale/<name>_p<P>/: what declaring them costs the world's unit (issue #39
holds 200 to 10% of it: docs/compile_time.md).

The compile-time tests (tests/compile_time/CMakeLists.txt) hold the budget of the smallest size
in ctest; this script is the opt-in measure of the whole curve, for docs/performance.md.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import re
import shlex
import subprocess
import sys

REPOSITORY = pathlib.Path(__file__).resolve().parent.parent
FLAGS = ["-std=c++20", "-O2", "-DNDEBUG", "-fno-rtti", "-fno-exceptions"]
SOURCE = "tests/compile_time/scale_world.cpp"

# name: (components, archetypes, the most components in one archetype)
SIZES = {
    "one256": (256, 1, 256),
    "one512": (512, 1, 512),
    "one1024": (1024, 1, 1024),
    "s512": (512, 256, 32),
    "s1024": (1024, 512, 32),
    "s2048": (2048, 1024, 32),
    "s4096": (4096, 2048, 32),
}

TIME_FIELDS = {
    "user": re.compile(r"User time \(seconds\): ([0-9.]+)"),
    "system": re.compile(r"System time \(seconds\): ([0-9.]+)"),
    "wall": re.compile(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): ([0-9:.]+)"),
    "peak_kib": re.compile(r"Maximum resident set size \(kbytes\): ([0-9]+)"),
}


def seconds_of(clock: str) -> float:
    """h:mm:ss or m:ss.ss as seconds."""
    total = 0.0
    for part in clock.split(":"):
        total = total * 60 + float(part)
    return total


def compile_once(command: list[str]) -> dict[str, float]:
    load = os.getloadavg()[0]
    completed = subprocess.run(["/usr/bin/time", "-v", *command], cwd=REPOSITORY, capture_output=True, text=True)
    if completed.returncode != 0:
        raise RuntimeError(f"the compile failed: {shlex.join(command)}\n{completed.stderr[-4000:]}")
    figures = {name: pattern.search(completed.stderr).group(1) for name, pattern in TIME_FIELDS.items()}
    return {
        "cpu": float(figures["user"]) + float(figures["system"]),
        "wall": seconds_of(figures["wall"]),
        "peak_mib": int(figures["peak_kib"]) / 1024,
        "load": load,
        "report": completed.stderr,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", type=pathlib.Path, default=REPOSITORY / "build" / "release")
    parser.add_argument("--sizes", nargs="+", choices=SIZES, default=list(SIZES))
    parser.add_argument("--repetitions", type=int, default=1)
    parser.add_argument("--time-report", action="store_true")
    parser.add_argument("--compiler", default="g++")
    parser.add_argument("--runtime", type=pathlib.Path, default=REPOSITORY / "runtime" / "include")
    parser.add_argument("--prefabs", type=int, default=0)
    arguments = parser.parse_args()
    root = arguments.build.resolve() / "bench" / "compile_scale"

    print("| size | components | archetypes | largest | prefabs | CPU s (user+sys) | wall s | peak MiB | load | "
          "each run's CPU s |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name in arguments.sizes:
        components, archetypes, largest = SIZES[name]
        out = root / (f"{name}_p{arguments.prefabs}" if arguments.prefabs else name)
        subprocess.run([sys.executable, "tests/compile_time/scale_schema.py", "--out", str(out), "--components",
                        str(components), "--archetypes", str(archetypes), "--max-components", str(largest),
                        "--prefabs", str(arguments.prefabs)],
                       cwd=REPOSITORY, check=True)
        command = [arguments.compiler, *FLAGS, f"-I{out}", f"-I{arguments.runtime.resolve()}", "-c", SOURCE, "-o", "/dev/null"]
        runs = []
        for repetition in range(arguments.repetitions):
            last = arguments.time_report and repetition == arguments.repetitions - 1
            runs.append(compile_once(command + (["-ftime-report"] if last else [])))
            if last:
                (out / "time_report.txt").write_text(runs[-1]["report"])
        best = min(runs, key=lambda run: run["cpu"])
        peak = max(run["peak_mib"] for run in runs)
        every = ", ".join(f"{run['cpu']:.2f}" for run in runs)
        print(f"| {name} | {components} | {archetypes} | {largest} | {arguments.prefabs} | {best['cpu']:.2f} | "
              f"{best['wall']:.2f} | "
              f"{peak:.0f} | {best['load']:.2f} | {every} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
