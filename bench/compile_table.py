"""The compile-time table of docs/performance.md: what kiln costs the compiler, from the JSON of
bench/compile_cost.py, against the compile targets of bench/suite.toml."""

from __future__ import annotations

import pathlib

from cases import CompileTargets, ReportError
from results import read_json

# What each source file of bench/compile_cost.py's units compiles, as the table names it.
COMPILE_UNITS = {
    "profile_world.cpp": "world + 16 queries",
    "system_body.cpp": "one system body",
    "profile_system_body.cpp": "one system body",
}


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


def compile_target_cells(
    targets: CompileTargets, name: str, seconds: float, mebibytes: float
) -> tuple[str, str]:
    """The target of a unit and whether it holds.

    >>> targets = {"profile_aaa": (6.0, 768.0), "system_body": (1.5, None)}
    >>> compile_target_cells(targets, "profile_aaa", 5.2, 700)
    ('≤ 6 s, ≤ 768 MiB', 'yes')
    >>> compile_target_cells(targets, "system_body", 1.6, 80)
    ('≤ 1.5 s', '**no**')
    >>> compile_target_cells(targets, "profile_a", 1.0, 100)
    ('—', 'no target')
    """
    if name not in targets:
        return "—", "no target"
    most_seconds, most_mebibytes = targets[name]
    target = f"≤ {most_seconds:g} s"
    met = seconds <= most_seconds
    if most_mebibytes is not None:
        target += f", ≤ {most_mebibytes:g} MiB"
        met = met and mebibytes <= most_mebibytes
    return target, "yes" if met else "**no**"


def compile_cost_lines(document: dict, targets: CompileTargets) -> list[str]:
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
        target, verdict = compile_target_cells(targets, unit["name"], seconds, mebibytes)
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
