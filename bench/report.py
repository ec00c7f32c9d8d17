#!/usr/bin/python3
"""Writes the performance report from kiln_bench's JSON output.

Usage: bench/report.py RESULTS.json [--other JSON]... [--suite TOML] [--peerbench DIR]
                       [--markdown PATH] [--plot PATH] [--compile-cost PATH]

For every benchmark <case>/<implementation>/<N> it takes the median over the
repetitions (the one run when there was a single repetition), computes
nanoseconds per entity as real time per iteration divided by the `entities`
counter, and the ratios of kiln to the soa and aos baselines. It writes a
Markdown page (by default docs/performance.md) and a plot of ns per entity
against N, one panel per case (by default docs/performance.png). Given the
JSON of bench/compile_cost.py (--compile-cost), the page also carries a table
of what kiln costs the compiler, against its targets. The JSON of the other
benchmark binaries (--other, one each) adds their figures, and with those of
RESULTS.json and of a peerbench run (--peerbench) the section that judges each
target of the issues listed in bench/suite.toml (--suite; bench/targets.py).
Given a peerbench run, the page also lays kiln beside the other libraries of
that run, case by case, with their versions, the machine and the commands,
and a plot of it beside the report's own (performance_peers.png beside
performance.png; bench/peers.py).

The output depends on the input files and the arguments only: the same input
gives the same bytes.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import pathlib
import shlex
import sys

import peers
import targets
from formatting import caches_text, format_ns

REPOSITORY = pathlib.Path(__file__).resolve().parent.parent


@dataclasses.dataclass(frozen=True)
class Case:
    name: str
    target: float | None  # the most kiln/<baseline> may be, or None
    definition: str
    baseline: str = "soa"  # what the target and the summary compare kiln with
    target_sizes: tuple[int, ...] | None = None  # the N the target holds at; None: every N

    def judged_at(self, n: int) -> bool:
        """Whether the target applies at N.

        >>> Case("c", 2.0, "", target_sizes=(1000000,)).judged_at(10000)
        False
        >>> Case("c", 2.0, "").judged_at(10000)
        True
        """
        return self.target_sizes is None or n in self.target_sizes

    def target_text(self) -> str:
        """The target as the summary shows it.

        >>> Case("c", 2.0, "", target_sizes=(1000000,)).target_text()
        '≤ 2.00 at N = 1000000'
        >>> Case("c", None, "").target_text()
        '—'
        """
        if self.target is None:
            return "—"
        at = "" if self.target_sizes is None else " at N = " + ", ".join(str(n) for n in self.target_sizes)
        return f"≤ {self.target:.2f}{at}"


# The cases of bench/README.md, in its order, with their targets.
CASES = (
    Case("create", 2.0, "N entities with Position and Velocity created one at a time in an empty world."),
    Case("create_bulk", 1.2, "The same N entities created at once through the bulk API."),
    Case("iterate2", 1.05, "One pass `p.x += v.x*dt; p.y += v.y*dt` over N entities with Position and Velocity."),
    Case(
        "iterate3",
        1.05,
        "One pass `p.x += v.x*dt + d.b; p.y += v.y*dt; ++d.a` over N entities with Position, Velocity and Data.",
    ),
    Case(
        "iterate2_mixed",
        1.15,
        "The iterate2 pass over N interleaved entities of which 3N/4 have Position and Velocity "
        "(N/4 of those also Data) and N/4 Position only; time per matching entity.",
    ),
    Case(
        "iterate2_system",
        1.05,
        "The iterate2 pass as the schema's system Integrate, run by `world.run()` for its stage; "
        "the soa baseline is iterate2's.",
    ),
    Case(
        "addremove",
        2.0,
        "Frozen added to each of N entities with Position and Velocity, then removed from each, in creation order.",
    ),
    Case("destroy", 2.0, "N entities with Position and Velocity destroyed by handle in creation order."),
    Case("destroy_shuffled", None, "The same, destroyed in the shuffled order of get."),
    Case(
        "destroy_batched",
        None,
        "destroy_shuffled through one `world.destroy(span)` of the shuffled handles; the baselines are "
        "destroy_shuffled's.",
    ),
    Case(
        "destroy_deferred",
        None,
        "N entities destroyed through the deferred_world of a loop over them, applied when it returns (kiln only).",
    ),
    Case(
        "get",
        1.5,
        "The Position of each of N entities read by handle in a shuffled order, summing `p.x + p.y`. "
        "The soa baseline indexes with rows, not handles: a handle's slot must be read before its row, one more "
        "random read per lookup (see get_checked).",
    ),
    Case(
        "get_batched",
        1.5,
        "get through `world.gather`, 2,048 handles at a time into a buffer then summed; the baselines are get's, "
        "and soa_checked: gather's pipeline (prefetch the slot, then from it the row, some handles ahead) written by "
        "hand over a soa behind checked handles; and soa_unchained: the same three lines per handle (the slot, x "
        "and y) each read straight from the handle and prefetched, no read waiting on another: what three random "
        "lines per handle cost on this machine, against soa's two.",
        target_sizes=(1000000,),  # issue #22: ≤ 1.5x soa at a million entities
    ),
    Case(
        "get_checked",
        None,
        "get, against a hand-written soa that also checks a generational handle (slot table, then row): "
        "what any safe handle costs.",
    ),
    Case(
        "stress_quads",
        None,
        "The stress scene of examples/quads: 10,000 quads with Position, Angle, Color and Model, half Rising "
        "and half Rotating; one frame of the riser, the rotator and the model-matrix (4x4 from position and "
        "angle) systems. ns per quad; times 10,000, the time of a frame.",
    ),
    *(
        case
        for name, components, systems, archetypes, moving in (
            ("a", 32, 16, 16, 8),
            ("aa", 128, 32, 64, 32),
            ("aaa", 512, 64, 256, 128),
        )
        for case in (
            Case(
                f"profile_{name}_create",
                None,
                f"Profile {name.upper()} ({components} components, {systems} systems, {archetypes} archetypes): "
                f"N entities with Position and Velocity created one at a time, round-robin over the {moving} "
                "archetypes that hold both, their other components taking defaults; soa: one group of "
                "Position and Velocity.",
            ),
            Case(
                f"profile_{name}_iterate",
                None,
                f"Profile {name.upper()}: the system Move (`p.x += v.x*dt; p.y += v.y*dt`), run through "
                f"`world.run` over N entities spread over {moving} archetypes; soa: the same loop over one group.",
            ),
            Case(
                f"profile_{name}_create_destroy",
                None,
                f"Profile {name.upper()}: N entities created as in profile_{name}_create, then each destroyed by "
                "handle, in creation order.",
            ),
        )
    ),
    Case(
        "systems7",
        None,
        "A frame of abeimler/ecs_benchmark's seven systems over N mixed entities (half heroes and monsters), "
        "run by `world.run()` for their stage; soa: the same seven loops written by hand, one std::vector per "
        "component for each component set.",
    ),
    Case(
        "snapshot_save",
        2.0,
        "N entities of Position, Velocity and Data saved (kiln::save) into a buffer allocated beforehand; memcpy: "
        "as many bytes as the save holds, copied between two such buffers.",
        baseline="memcpy",
        target_sizes=(1000000,),  # the target is at a million entities
    ),
    Case(
        "snapshot_load",
        2.0,
        "That save loaded (kiln::load: every byte checked, then written into the world's memory) over the world it "
        "came from; memcpy: as for snapshot_save.",
        baseline="memcpy",
        target_sizes=(1000000,),
    ),
)
CASE_NAMES = tuple(case.name for case in CASES)
IMPLEMENTATIONS = ("kiln", "soa", "soa_checked", "soa_unchained", "aos", "direct", "memcpy")

# The targets of the compile-time table, by unit of bench/compile_cost.py:
# the most CPU seconds and peak MiB it may take (None: no target).
COMPILE_TARGETS = {"profile_aaa": (6.0, 768.0), "system_body": (1.5, None), "profile_aaa_system_body": (1.5, None)}
COMPILE_UNITS = {
    "profile_world.cpp": "world + 16 queries",
    "system_body.cpp": "one system body",
    "profile_system_body.cpp": "one system body",
}
NANOSECONDS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}


class ReportError(Exception):
    """A problem with the input, reported as one line."""


@dataclasses.dataclass(frozen=True)
class Result:
    ns_per_entity: float
    entities: int
    repetitions: int
    cv: float | None  # coefficient of variation of real time over the repetitions


def parse_name(run_name: str) -> tuple[str, str, int]:
    """Splits a run name into case, implementation and N.

    >>> parse_name("iterate2/kiln/10000/real_time")
    ('iterate2', 'kiln', 10000)
    >>> parse_name("get/soa/1000000")
    ('get', 'soa', 1000000)
    """
    parts = run_name.split("/")
    if parts[-1] == "real_time":
        parts = parts[:-1]
    if len(parts) != 3 or not parts[2].isdigit():
        raise ReportError(f"benchmark {run_name!r} is not named <case>/<implementation>/<N>")
    case, implementation, n = parts
    if case not in CASE_NAMES:
        raise ReportError(f"benchmark {run_name!r}: unknown case {case!r}; add it to CASES in bench/report.py")
    if implementation not in IMPLEMENTATIONS:
        raise ReportError(f"benchmark {run_name!r}: unknown implementation {implementation!r}")
    return case, implementation, int(n)


def read_json(path: pathlib.Path) -> dict:
    """The JSON document at path; unreadable or malformed files are a ReportError."""
    try:
        return json.loads(path.read_text())
    except OSError as error:
        raise ReportError(f"cannot read {path}: {error.strerror}") from None
    except json.JSONDecodeError as error:
        raise ReportError(f"{path}:{error.lineno}: not JSON: {error.msg}") from None


def load(path: pathlib.Path) -> tuple[dict, dict[tuple[str, str, int], Result]]:
    """Returns the JSON's context and one Result per (case, implementation, N)."""
    document = read_json(path)

    medians: dict[tuple[str, str, int], dict] = {}
    singles: dict[tuple[str, str, int], dict] = {}
    cvs: dict[tuple[str, str, int], float] = {}
    for benchmark in document.get("benchmarks", []):
        key = parse_name(benchmark["run_name"])
        if benchmark.get("error_occurred"):
            raise ReportError(f"{benchmark['name']} failed: {benchmark.get('error_message', 'no message')}")
        if benchmark["run_type"] == "aggregate":
            if benchmark["aggregate_name"] == "median":
                medians[key] = benchmark
            elif benchmark["aggregate_name"] == "cv":
                cvs[key] = benchmark["real_time"]
        else:
            singles.setdefault(key, benchmark)

    results = {}
    for key in sorted(medians.keys() | singles.keys()):
        benchmark = medians.get(key, singles.get(key))
        entities = benchmark.get("entities")
        if not entities:
            raise ReportError(f"{benchmark['name']} has no `entities` counter")
        real_ns = benchmark["real_time"] * NANOSECONDS[benchmark["time_unit"]]
        results[key] = Result(
            ns_per_entity=real_ns / entities,
            entities=round(entities),
            repetitions=benchmark["repetitions"] if key in medians else 1,
            cv=cvs.get(key),
        )
    if not results:
        raise ReportError(f"{path} holds no benchmark results")
    return document.get("context", {}), results


def ratio(results, case: str, n: int, baseline: str) -> float | None:
    kiln = results.get((case, "kiln", n))
    other = results.get((case, baseline, n))
    if kiln is None or other is None:
        return None
    return kiln.ns_per_entity / other.ns_per_entity


def holds(value: float | None, target: float | None) -> str:
    if target is None:
        return "no target"
    if value is None:
        return "no kiln figure"
    return "yes" if value <= target else "**no**"


def sizes_of(results, case: str) -> list[int]:
    return sorted({n for (name, _, n) in results if name == case})


def case_implementations(results, case: str) -> list[str]:
    """The implementations measured for case, in IMPLEMENTATIONS' order.

    >>> case_implementations({("snapshot_load", "memcpy", 10): None, ("snapshot_load", "kiln", 10): None}, "snapshot_load")
    ['kiln', 'memcpy']
    """
    return [name for name in IMPLEMENTATIONS if any(key[0] == case and key[1] == name for key in results)]


def machine_lines(context: dict) -> list[str]:
    scaling = context.get("cpu_scaling_enabled")
    rows = [
        ("CPU", context.get("kiln_cpu", "unknown")),
        ("CPUs", f"{context.get('num_cpus', '?')} at {context.get('mhz_per_cpu', '?')} MHz"),
        ("`uname -m`", context.get("kiln_machine", "unknown")),
        ("caches", caches_text(context)),
        ("frequency scaling", "unknown" if scaling is None else ("on" if scaling else "off")),
        ("compiler", context.get("kiln_compiler", "unknown")),
        ("build", context.get("kiln_build", "unknown")),
        ("allocator", context.get("kiln_allocator", "unknown")),
        ("Google Benchmark library", f"{context.get('library_build_type', 'unknown')} build"),
        ("run at", context.get("date", "unknown")),
        ("priority (nice)", context.get("kiln_nice", "unknown")),
        ("load average at the start", " ".join(f"{load:.2f}" for load in context.get("load_avg", [])) or "unknown"),
    ]
    lines = ["| | |", "|---|---|"]
    lines += [f"| {name} | {value} |" for name, value in rows]
    return lines


def command_lines(context: dict, report_arguments: list[str]) -> list[str]:
    kiln_bench = ["```sh", context.get("kiln_command", "kiln_bench"), "```"]
    report = ["```sh", shlex.join(["/usr/bin/python3", "bench/report.py", *report_arguments]), "```"]
    if "kiln_run" not in context:
        return ["The benchmarks ran with", "", *kiln_bench, "", "and this page and its plot were written with", "", *report]
    return [
        "```sh",
        context["kiln_run"],
        "```",
        "",
        "built the `release` preset (`cmake --preset release`, then",
        "`cmake --build --preset release --target` each binary of bench/suite.toml), ran",
        "",
        *kiln_bench,
        "",
        "and wrote this page and its plot with",
        "",
        *report,
    ]


def load_compile_cost(path: pathlib.Path) -> dict:
    """The JSON of bench/compile_cost.py, checked for what the table needs."""
    document = read_json(path)
    units = document.get("units")
    if not units or any(not unit.get("cpu_seconds") or not unit.get("peak_mebibytes") for unit in units):
        raise ReportError(f"{path} holds no compile figures; write it with bench/compile_cost.py")
    return document


def median(values: list[float]) -> float:
    """
    >>> median([3.0, 1.0, 2.0]), median([1.0, 2.0])
    (2.0, 1.5)
    """
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def compile_target_cells(name: str, seconds: float, mebibytes: float) -> tuple[str, str]:
    """The target of a unit and whether it holds.

    >>> compile_target_cells("profile_aaa", 5.2, 700)
    ('≤ 6 s, ≤ 768 MiB', 'yes')
    >>> compile_target_cells("system_body", 1.6, 80)
    ('≤ 1.5 s', '**no**')
    >>> compile_target_cells("profile_a", 1.0, 100)
    ('—', 'no target')
    """
    if name not in COMPILE_TARGETS:
        return "—", "no target"
    most_seconds, most_mebibytes = COMPILE_TARGETS[name]
    target = f"≤ {most_seconds:g} s"
    met = seconds <= most_seconds
    if most_mebibytes is not None:
        target += f", ≤ {most_mebibytes:g} MiB"
        met = met and mebibytes <= most_mebibytes
    return target, "yes" if met else "**no**"


def compile_cost_lines(document: dict) -> list[str]:
    context = document.get("context", {})
    repetitions = context.get("repetitions", 1)
    statistic = (
        "one compile" if repetitions == 1 else f"the median CPU time and the largest peak of {repetitions} compiles"
    )
    load = " ".join(f"{value:.2f}" for value in context.get("load_avg", [])) or "unknown"
    out = [
        "## Compile time",
        "",
        "What kiln costs the compiler: the CPU time (user + system) and the peak resident memory of",
        "compiling the translation units of the compile-time tests",
        "([tests/compile_time/](../tests/compile_time/CMakeLists.txt)), with their commands, for the",
        f"bench profiles. Each figure is {statistic}, measured with getrusage by",
        "[measure_compile.py](../tests/compile_time/measure_compile.py), the tests' own measurement;",
        f"compiler {context.get('compiler', 'unknown')}, at {context.get('date', 'unknown')}, load average",
        f"{load} at the start.",
        "",
        "- *world + 16 queries*: [profile_world.cpp](../tests/compile_time/profile_world.cpp), what a",
        "  game's busiest file does with its world: constructs it, creates an entity in 16 of its",
        "  archetypes and runs a query over each;",
        "- *one system body*: [system_body.cpp](../tests/compile_time/system_body.cpp) and",
        "  [profile_system_body.cpp](../tests/compile_time/profile_system_body.cpp), a file that",
        "  defines one system's `run()` and includes only the generated `systems.hpp`.",
        "",
        "| translation unit | schema | CPU s | peak MiB | target | holds |",
        "|---|---|---:|---:|---|---|",
    ]
    for unit in document["units"]:
        seconds = median(unit["cpu_seconds"])
        mebibytes = max(unit["peak_mebibytes"])
        source = pathlib.PurePosixPath(unit["source"]).name
        schema = pathlib.PurePosixPath(unit["schema"])
        label = schema.stem.removeprefix("profile_").upper() if schema.stem.startswith("profile_") else schema.stem
        counts = [
            f"{unit[kind]} {kind if unit[kind] != 1 else kind[:-1]}"
            for kind in ("components", "systems", "archetypes")
            if unit.get(kind)
        ]
        world = f"[{label}](../{schema}): " + ", ".join(counts)
        target, verdict = compile_target_cells(unit["name"], seconds, mebibytes)
        out.append(
            f"| {COMPILE_UNITS.get(source, source)} | {world} | {seconds:.2f} | {mebibytes:.0f} "
            f"| {target} | {verdict} |"
        )
    out += [
        "",
        "The targets: AAA's world in 6 s and 768 MiB, a system body in 1.5 s; this table is where",
        "the time targets are judged (the compile_time ctests hold every profile to AAA's memory",
        "budget, and time only against a blow-up, since one compile's CPU time varies by half on a",
        "virtual machine). The figures came from",
        "",
        "```sh",
        context.get("command", "bench/compile_cost.py"),
        "```",
        "",
        "which ran, from the repository's root, for each unit, the generator and then the compile:",
        "",
        "```sh",
        *(line for unit in document["units"] for line in (unit.get("generate", "# (not recorded)"), unit["command"])),
        "```",
    ]
    return out


def handle_floor_lines(results) -> list[str]:
    """Why get's target is out of reach, from this run: what a hand-written
    checked handle costs against the rows get's soa baseline is handed.

    >>> R = lambda ns: Result(ns, 10, 5, None)
    >>> lines = handle_floor_lines({("get", "soa", 10): R(1.0), ("get_checked", "soa", 10): R(1.6),
    ...                             ("get", "kiln", 10): R(1.8)})
    >>> lines[-1]
    '| 10 | 1.00 | 1.60 | 1.80 | 1.60 | 1.12 |'
    >>> handle_floor_lines({("get", "soa", 10): R(1.0)})
    []
    """
    sizes = [
        n for n in sizes_of(results, "get") if ("get", "soa", n) in results and ("get_checked", "soa", n) in results
    ]
    if not sizes:
        return []
    out = [
        "",
        "A handle that can be checked names a slot, and the slot names the row: every lookup reads the",
        "slot first, a read as random as the component's. The soa baseline is handed the rows, so no",
        "checked handle can match it. The same loop written by hand with a checked handle (get_checked's",
        "soa: a vector of {generation, row}, the generation compared) against the one that indexes rows",
        "(get's soa), in this run:",
        "",
        "| N | soa ns | checked soa ns | kiln ns | checked soa / soa | kiln / checked soa |",
        "|---:|---:|---:|---:|---:|---:|",
    ]
    for n in sizes:
        rows = results[("get", "soa", n)].ns_per_entity
        checked = results[("get_checked", "soa", n)].ns_per_entity
        kiln = results.get(("get", "kiln", n))
        cells = [
            str(n),
            format_ns(rows),
            format_ns(checked),
            "—" if kiln is None else format_ns(kiln.ns_per_entity),
            f"{checked / rows:.2f}",
            "—" if kiln is None else f"{kiln.ns_per_entity / checked:.2f}",
        ]
        out.append("| " + " | ".join(cells) + " |")
    return out


def markdown(
    context: dict,
    results,
    report_arguments: list[str],
    plot_link: str,
    compile_cost: dict | None = None,
    target_section: list[str] | None = None,
    other_section: list[str] | None = None,
    peers_section: list[str] | None = None,
) -> str:
    repetitions = sorted({result.repetitions for result in results.values()})
    statistic = (
        f"the median of {repetitions[0]} repetitions"
        if repetitions == [max(repetitions)] and repetitions[0] > 1
        else "one repetition"
        if repetitions == [1]
        else "the median of " + " or ".join(map(str, repetitions)) + " repetitions"
    )
    measured = [case for case in CASES if sizes_of(results, case.name)]
    all_sizes = sorted({n for (_, _, n) in results})

    out = [
        "# Performance",
        "",
        "<!-- Written by bench/report.py from the output of bench/run: do not edit, run bench/run. -->",
        "",
        "kiln against two hand-written baselines on the cases defined in",
        "[bench/README.md](../bench/README.md): `soa`, one `std::vector` per field with plain",
        "loops, and `aos`, one `std::vector` of a struct holding the components.",
        f"Every figure is {statistic} of the wall-clock time per iteration, divided",
        "by the number of entities an iteration processes: nanoseconds per entity, lower",
        "is better. A kiln/soa ratio of 1.10 means that kiln takes 10% longer than the",
        "soa baseline. The snapshot cases compare kiln with `memcpy` of as many bytes",
        "as its save holds instead.",
        *(
            [
                "",
                "kiln beside EnTT, flecs, gaia-ecs and pico_ecs, with the libraries' versions, the machine",
                f"and the commands: [{peers.SECTION_TITLE}](#{anchor(peers.SECTION_TITLE)}).",
            ]
            if peers_section
            else []
        ),
        "",
        "## Summary",
        "",
        "kiln / soa (kiln / memcpy for the snapshot cases) at each N, against the target:",
        "",
        "| case | target | " + " | ".join(f"N = {n}" for n in all_sizes) + " | holds |",
        "|---|---|" + "---|" * len(all_sizes) + "---|",
    ]
    for case in measured:
        ratios = [ratio(results, case.name, n, case.baseline) for n in all_sizes]
        present = [value for n, value in zip(all_sizes, ratios) if value is not None and case.judged_at(n)]
        if case.target is None:
            verdict = "no target"
        elif not present:
            verdict = "no kiln figure"
        else:
            verdict = "yes" if all(value <= case.target for value in present) else "**no**"
        cells = ["—" if value is None else f"{value:.2f}" for value in ratios]
        out.append(f"| {case.name} | {case.target_text()} | " + " | ".join(cells) + f" | {verdict} |")

    out += [
        "",
        *([*target_section, ""] if target_section else []),
        f"![ns per entity against N, one panel per case]({plot_link})",
        "",
        *([*peers_section, ""] if peers_section else []),
        *([*compile_cost_lines(compile_cost), ""] if compile_cost is not None else []),
        "## Machine",
        "",
        *machine_lines(context),
        "",
        "## Commands",
        "",
        *command_lines(context, report_arguments),
        "",
        "`entities` is the number of entities one iteration processes; for the iteration",
        "cases it is counted by an untimed pass before timing starts. `cv` is the largest",
        "coefficient of variation of the wall-clock time over the repetitions among the",
        "row's implementations: how far apart the repetitions were.",
    ]

    for case in measured:
        target = "no target" if case.target is None else f"target kiln/{case.baseline} {case.target_text()}"
        # The columns of the implementations this case has: soa and aos, or memcpy.
        others = [name for name in case_implementations(results, case.name) if name != "kiln"]
        out += [
            "",
            f"## {case.name}",
            "",
            f"{case.definition} ({target})",
            "",
            "| N | entities | kiln ns | "
            + " | ".join(f"{name} ns" for name in others)
            + " | "
            + " | ".join(f"kiln/{name}" for name in others)
            + " | holds | cv |",
            "|---:|---:|---:|" + "---:|" * (2 * len(others)) + "---|---:|",
        ]
        for n in sizes_of(results, case.name):
            row = {implementation: results.get((case.name, implementation, n)) for implementation in IMPLEMENTATIONS}
            present = [result for result in row.values() if result is not None]
            entities = sorted({result.entities for result in present})
            cvs = [result.cv for result in present if result.cv is not None]
            versus = {name: ratio(results, case.name, n, name) for name in others}
            cells = [
                str(n),
                " / ".join(map(str, entities)),
                *("—" if row[name] is None else format_ns(row[name].ns_per_entity) for name in ["kiln", *others]),
                *("—" if versus[name] is None else f"{versus[name]:.2f}" for name in others),
                holds(ratio(results, case.name, n, case.baseline), case.target if case.judged_at(n) else None),
                f"{100 * max(cvs):.1f}%" if cvs else "—",
            ]
            out.append("| " + " | ".join(cells) + " |")
        if case.name == "get":
            out += handle_floor_lines(results)
    if other_section:
        out += ["", *other_section]
    return "\n".join(out).rstrip("\n") + "\n"


def anchor(heading: str) -> str:
    """The anchor of a Markdown heading, as GitHub makes it.

    >>> anchor("Against other libraries")
    'against-other-libraries'
    """
    return "-".join(heading.lower().split())


def plot(results, path: pathlib.Path) -> None:
    try:
        import matplotlib
    except ImportError:
        raise ReportError(
            "the plot needs matplotlib: apt-get install python3-matplotlib (tools/setup-debian installs it), "
            "and run this script with /usr/bin/python3"
        ) from None
    matplotlib.use("Agg")
    from matplotlib import pyplot
    from matplotlib.ticker import FuncFormatter

    styles = {
        "kiln": ("tab:red", "o"),
        "soa": ("tab:blue", "s"),
        "soa_checked": ("tab:cyan", "P"),
        "soa_unchained": ("tab:olive", "X"),
        "aos": ("tab:green", "^"),
        "direct": ("tab:purple", "v"),
        "memcpy": ("tab:gray", "D"),
    }
    measured = [case for case in CASES if sizes_of(results, case.name)]
    columns = 3
    rows = math.ceil(len(measured) / columns)
    figure, axes = pyplot.subplots(rows, columns, figsize=(4.2 * columns, 3.3 * rows), squeeze=False)
    for index, case in enumerate(measured):
        ax = axes[index // columns][index % columns]
        sizes = sizes_of(results, case.name)
        for implementation in IMPLEMENTATIONS:
            points = [(n, results[(case.name, implementation, n)]) for n in sizes if (case.name, implementation, n) in results]
            if not points:
                continue
            color, marker = styles[implementation]
            ax.plot(
                [n for n, _ in points],
                [result.ns_per_entity for _, result in points],
                color=color,
                marker=marker,
                label=implementation,
            )
        ax.set_xscale("log")
        ax.set_xticks(sizes)
        ax.xaxis.set_major_formatter(FuncFormatter(lambda value, _: f"{value:,.0f}"))
        ax.xaxis.set_minor_locator(matplotlib.ticker.NullLocator())
        ax.set_ylim(bottom=0)
        ax.set_title(case.name)
        ax.set_xlabel("N")
        ax.set_ylabel("ns per entity")
        ax.grid(True, alpha=0.3)
    for index in range(len(measured), rows * columns):
        axes[index // columns][index % columns].axis("off")
    # One legend for the figure, naming every implementation some panel drew
    # (the first panel has no memcpy line).
    handle_of = {}
    for ax in axes.flat:
        for handle, label in zip(*ax.get_legend_handles_labels()):
            handle_of.setdefault(label, handle)
    labels = [implementation for implementation in IMPLEMENTATIONS if implementation in handle_of]
    figure.legend([handle_of[label] for label in labels], labels, loc="upper right", ncol=len(labels))
    figure.suptitle("kiln and hand-written baselines: ns per entity (lower is better)", x=0.02, ha="left")
    figure.tight_layout(rect=(0, 0, 1, 0.96))
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, dpi=100, metadata={"Software": None})
    pyplot.close(figure)


def shown_path(path: pathlib.Path) -> str:
    """A path as the page shows it: relative to the repository when inside it."""
    absolute = path.resolve()
    if absolute.is_relative_to(REPOSITORY):
        return absolute.relative_to(REPOSITORY).as_posix()
    return path.as_posix()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", help="kiln_bench's --benchmark_out JSON")
    parser.add_argument("--markdown", type=pathlib.Path, default=REPOSITORY / "docs" / "performance.md")
    parser.add_argument("--plot", type=pathlib.Path, default=REPOSITORY / "docs" / "performance.png")
    parser.add_argument(
        "--compile-cost", type=pathlib.Path, help="bench/compile_cost.py's JSON, for the compile-time table"
    )
    parser.add_argument(
        "--other", type=pathlib.Path, action="append", default=[], help="another benchmark binary's JSON"
    )
    parser.add_argument("--suite", type=pathlib.Path, default=REPOSITORY / "bench" / "suite.toml")
    parser.add_argument("--peerbench", type=pathlib.Path, help="the --out DIR of a ../shared/peerbench run")
    arguments = parser.parse_args()
    try:
        context, results = load(pathlib.Path(arguments.results))
        plot_link = pathlib.Path(os.path.relpath(arguments.plot, arguments.markdown.parent)).as_posix()
        compile_cost = None if arguments.compile_cost is None else load_compile_cost(arguments.compile_cost)
        suite = targets.load_suite(arguments.suite)
        timings = targets.load_timings([pathlib.Path(arguments.results), *arguments.other])
        peer_run = None if arguments.peerbench is None else peers.load_run(arguments.peerbench)
        if peer_run is not None:
            timings |= targets.peerbench_timings(peer_run)
        target_section = targets.target_lines(suite, timings, arguments.peerbench is not None)
        other_section = targets.other_lines(
            timings, {targets.binary_of(path): targets.names_in(path) for path in arguments.other}
        )
        peers_plot = peers.plot_path(arguments.plot)
        peers_section = None
        if peer_run is not None:
            peers_plot_link = pathlib.Path(os.path.relpath(peers_plot, arguments.markdown.parent)).as_posix()
            peers_section = peers.section_lines(peer_run, shown_path(arguments.peerbench), peers_plot_link)
        page = markdown(
            context, results, sys.argv[1:], plot_link, compile_cost, target_section, other_section, peers_section
        )
        plot(results, arguments.plot)
        if peer_run is not None:
            peers.plot(peer_run, peers_plot)
    except (ReportError, targets.TargetError, peers.PeerbenchError) as error:
        print(f"bench/report.py: {error}", file=sys.stderr)
        return 1
    arguments.markdown.parent.mkdir(parents=True, exist_ok=True)
    arguments.markdown.write_text(page)
    written = [arguments.markdown, arguments.plot, *([peers_plot] if peer_run is not None else [])]
    print("bench/report.py: wrote " + ", ".join(map(str, written[:-1])) + f" and {written[-1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
