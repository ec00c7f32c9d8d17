#!/usr/bin/python3
"""Measures what kiln costs the compiler, for docs/performance.md.

Usage: bench/compile_cost.py [--build DIR] [--out PATH] [--repetitions R]

Compiles the translation units of the compile-time tests (tests/compile_time/)
with the commands their ctests use:

- profile_world.cpp, which constructs a world and runs 16 queries, once for
  each bench profile A, AA and AAA (bench/worlds/profile_*/profile_*.toml);
- system_body.cpp, which holds one system's body and includes only
  <bench/dispatch/systems.hpp> (bench/worlds/dispatch/dispatch.toml);
- profile_system_body.cpp, which holds one system's body (Move's) and
  includes only the profile's systems.hpp, once for each profile.

Each compile runs through tests/compile_time/measure_compile.py, the ctests'
own measurement: CPU time (user + system) and peak resident memory of the
compiler, from getrusage. Every unit is compiled R times (default 3); the
JSON (default <build>/bench/compile_cost.json, beside kiln_bench's results)
keeps every figure, and bench/report.py shows the median CPU time and the
largest peak.

The headers come from codegen/kilnc, written into <build>/bench/compile_cost/,
one directory per schema, as kiln_generate writes them for the ctests. The
compiler is the build's CMAKE_CXX_COMPILER (g++ when the build has none).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import pathlib
import re
import shlex
import subprocess
import sys
import tomllib

REPOSITORY = pathlib.Path(__file__).resolve().parent.parent
MEASURE = "tests/compile_time/measure_compile.py"
FLAGS = ["-std=c++20", "-O2", "-DNDEBUG", "-fno-rtti", "-fno-exceptions"]

# The units: (name, schema, source, the namespace a profile is in, the header
# of it that the source includes, budget in s, budget in MiB).
# The budgets are those of tests/compile_time/CMakeLists.txt: every profile's
# world is held to AAA's, the target; a system body to 1.5 s.
WORLD = "tests/compile_time/profile_world.cpp"
PROFILE_BODY = "tests/compile_time/profile_system_body.cpp"
UNITS = (
    ("profile_a", "bench/worlds/profile_a/profile_a.toml", WORLD, "bench::a", "world.hpp", 6.0, 768.0),
    ("profile_aa", "bench/worlds/profile_aa/profile_aa.toml", WORLD, "bench::aa", "world.hpp", 6.0, 768.0),
    ("profile_aaa", "bench/worlds/profile_aaa/profile_aaa.toml", WORLD, "bench::aaa", "world.hpp", 6.0, 768.0),
    ("system_body", "bench/worlds/dispatch/dispatch.toml", "tests/compile_time/system_body.cpp", None, None, 1.5, 768.0),
    ("profile_a_system_body", "bench/worlds/profile_a/profile_a.toml", PROFILE_BODY, "bench::a", "systems.hpp", 1.5, 768.0),
    ("profile_aa_system_body", "bench/worlds/profile_aa/profile_aa.toml", PROFILE_BODY, "bench::aa", "systems.hpp", 1.5, 768.0),
    ("profile_aaa_system_body", "bench/worlds/profile_aaa/profile_aaa.toml", PROFILE_BODY, "bench::aaa", "systems.hpp", 1.5, 768.0),
)
# The macro that names the included header, by header.
HEADER_MACRO = {"world.hpp": "KILN_PROFILE_HEADER", "systems.hpp": "KILN_PROFILE_SYSTEMS"}

# What measure_compile.py prints for a compile that succeeded.
MEASURED = re.compile(r"^compile: ([0-9.]+) s CPU .*?, ([0-9]+) MiB peak", re.MULTILINE)


class CostError(Exception):
    """A failure, reported as one line."""


def relative(path: pathlib.Path) -> str:
    """The path relative to the repository where it lies inside it, for readable commands."""
    try:
        return path.resolve().relative_to(REPOSITORY).as_posix()
    except ValueError:
        return str(path)


def cache_value(build: pathlib.Path, name: str) -> str | None:
    """A variable of the build's CMakeCache.txt, or None."""
    try:
        lines = (build / "CMakeCache.txt").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        key, _, value = line.partition("=")
        if key.split(":")[0] == name:
            return value
    return None


def describe(schema: str) -> dict:
    """How many components, archetypes and systems the schema declares."""
    with open(REPOSITORY / schema, "rb") as file:
        document = tomllib.load(file)
    return {kind: len(document.get(kind[:-1], {})) for kind in ("components", "archetypes", "systems")}


def generate(schema: str, out: pathlib.Path) -> str:
    """Writes the schema's headers into out; returns the command."""
    command = ["codegen/kilnc", "generate", "--out", relative(out), "--root", ".", schema]
    completed = subprocess.run([sys.executable, *command], cwd=REPOSITORY, capture_output=True, text=True)
    if completed.returncode != 0:
        raise CostError(f"kilnc failed on {schema}:\n{completed.stderr.strip()}")
    return shlex.join(command)


def measure(command: list[str], seconds: float, mebibytes: float) -> tuple[float, float]:
    """CPU seconds and peak MiB of one compile, as measure_compile.py reports them."""
    completed = subprocess.run(
        [sys.executable, MEASURE, "--seconds", str(seconds), "--mebibytes", str(mebibytes), "--attempts", "1", "--",
         *command],
        cwd=REPOSITORY,
        capture_output=True,
        text=True,
    )
    found = MEASURED.search(completed.stdout)
    if found is None:  # the compile failed, not the budget
        raise CostError(f"the compile failed: {shlex.join(command)}\n{completed.stderr.strip()}")
    return float(found.group(1)), float(found.group(2))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", type=pathlib.Path, default=REPOSITORY / "build" / "release")
    parser.add_argument("--out", type=pathlib.Path, help="the JSON to write (default <build>/bench/compile_cost.json)")
    parser.add_argument("--repetitions", type=int, default=3)
    arguments = parser.parse_args()
    if arguments.repetitions < 1:
        parser.error("--repetitions must be at least 1")
    arguments.build = arguments.build.resolve()
    out = arguments.out or arguments.build / "bench" / "compile_cost.json"
    compiler = cache_value(arguments.build, "CMAKE_CXX_COMPILER") or "g++"
    generated = arguments.build / "bench" / "compile_cost"

    try:
        version = subprocess.run([compiler, "--version"], capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError) as error:
        print(f"bench/compile_cost.py: cannot run the compiler {compiler}: {error}", file=sys.stderr)
        return 1

    units = []
    try:
        for name, schema, source, namespace, header, seconds, mebibytes in UNITS:
            include = generated / name
            generation = generate(schema, include)
            command = [compiler, *FLAGS]
            if namespace is not None:
                path = namespace.replace("::", "/") + "/" + header
                command += [f"-D{HEADER_MACRO[header]}=<{path}>", f"-DKILN_PROFILE_NS={namespace}"]
            command += [f"-I{relative(include)}", "-Iruntime/include", "-c", source, "-o", "/dev/null"]
            figures = [measure(command, seconds, mebibytes) for _ in range(arguments.repetitions)]
            units.append(
                {
                    "name": name,
                    "schema": schema,
                    "source": source,
                    **describe(schema),
                    "generate": generation,
                    "command": shlex.join(command),
                    "cpu_seconds": [cpu for cpu, _ in figures],
                    "peak_mebibytes": [peak for _, peak in figures],
                    "budget_seconds": seconds,
                    "budget_mebibytes": mebibytes,
                }
            )
            print(f"bench/compile_cost.py: {name}: {', '.join(f'{cpu:.2f} s {peak:.0f} MiB' for cpu, peak in figures)}")
    except CostError as error:
        print(f"bench/compile_cost.py: {error}", file=sys.stderr)
        return 1

    document = {
        "context": {
            "compiler": version.stdout.splitlines()[0],
            "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
            "load_avg": list(os.getloadavg()),
            "repetitions": arguments.repetitions,
            "command": shlex.join(["bench/compile_cost.py", *sys.argv[1:]]),
            "measure": MEASURE,
        },
        "units": units,
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(document, indent=2) + "\n")
    print(f"bench/compile_cost.py: wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
