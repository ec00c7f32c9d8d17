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
The cases, their definitions and targets, and the compile-time targets are
bench/suite.toml's too (bench/cases.py).
Given a peerbench run, the page also lays kiln beside the other libraries of
that run, case by case, with their versions, the machine and the commands,
and a plot of it beside the report's own (performance_peers.png beside
performance.png; bench/peers.py).

The output depends on the input files and the arguments only: the same input
gives the same bytes.

This script reads the arguments and writes the files; the work is done by a
module per concern: cases.py (the cases and targets of the suite), results.py
(kiln_bench's JSON, a figure per case, implementation and N),
compile_table.py (the compile-time table), page.py (the page) and plot.py (its
plot); targets.py and peers.py write the sections on the issues' targets and
on other libraries.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import sys

import cases
import compile_table
import page
import peers
import plot
import results
import targets
from cases import ReportError

REPOSITORY = pathlib.Path(__file__).resolve().parent.parent


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
        suite_cases, compile_targets = cases.load(arguments.suite)
        case_names = tuple(case.name for case in suite_cases)
        context, figures = results.load(pathlib.Path(arguments.results), case_names)
        plot_link = pathlib.Path(os.path.relpath(arguments.plot, arguments.markdown.parent)).as_posix()
        compile_cost = None if arguments.compile_cost is None else compile_table.load_compile_cost(arguments.compile_cost)
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
        text = page.markdown(
            suite_cases,
            compile_targets,
            context,
            figures,
            sys.argv[1:],
            plot_link,
            compile_cost,
            target_section,
            other_section,
            peers_section,
        )
        plot.plot(suite_cases, figures, arguments.plot)
        if peer_run is not None:
            peers.plot(peer_run, peers_plot)
    except (ReportError, targets.TargetError, peers.PeerbenchError) as error:
        print(f"bench/report.py: {error}", file=sys.stderr)
        return 1
    arguments.markdown.parent.mkdir(parents=True, exist_ok=True)
    arguments.markdown.write_text(text)
    written = [arguments.markdown, arguments.plot, *([peers_plot] if peer_run is not None else [])]
    print("bench/report.py: wrote " + ", ".join(map(str, written[:-1])) + f" and {written[-1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
