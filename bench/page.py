"""The Markdown page of docs/performance.md: the summary, each case's table, the machine and the
commands, with the sections the other modules write (the issues' targets, the other binaries,
other libraries, the compile-time table) in their places."""

from __future__ import annotations

import shlex

import peers
from cases import Case, CompileTargets
from compile_table import compile_cost_lines
from formatting import caches_text, format_ns
from results import IMPLEMENTATIONS, case_implementations, holds, ratio, sizes_of


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


def handle_floor_lines(results) -> list[str]:
    """Why get's target is out of reach, from this run: what a hand-written
    checked handle costs against the rows get's soa baseline is handed.

    >>> from results import Result
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
    cases: tuple[Case, ...],
    compile_targets: CompileTargets,
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
    measured = [case for case in cases if sizes_of(results, case.name)]
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
        "soa baseline. The save and load cases compare kiln with `memcpy` of as many bytes",
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
        "kiln / soa (kiln / memcpy for the save and load cases) at each N, against the target:",
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
        *([*compile_cost_lines(compile_cost, compile_targets), ""] if compile_cost is not None else []),
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
