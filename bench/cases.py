#!/usr/bin/python3
"""kiln_bench's cases and the compile-time table's targets, read from bench/suite.toml.

Usage: bench/cases.py [--write] [--suite TOML] [--readme PATH]

bench/suite.toml is the one home of every benchmark target: `targets`, the
issues' (targets.py judges them); `case`, kiln_bench's cases, each with its
definition and its target over a baseline (the report's main tables), or the
issue's target that bounds the same ratio; and `compile_targets`, the
compile-time table's. This module reads the last two
for bench/report.py, and writes the table of bench/README.md's "Targets"
section from them, between its two marker comments: without --write it checks
that the table is what the suite says (the test docs.bench_targets), with
--write it rewrites it.
"""

from __future__ import annotations

import argparse
import dataclasses
import pathlib
import sys
import tomllib

REPOSITORY = pathlib.Path(__file__).resolve().parent.parent
BEGIN = "<!-- The table below is written by bench/cases.py --write from bench/suite.toml: do not edit it. -->"
END = "<!-- End of the table written by bench/cases.py. -->"


class ReportError(Exception):
    """A problem with the input, reported as one line."""


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


# A compile-time target: the most CPU seconds and peak MiB (None: no target) a unit may take.
CompileTargets = dict[str, tuple[float, float | None]]


def issue_target(document: dict, name: str, baseline: str) -> dict | None:
    """The target of `targets` that judges case name over baseline with a bound, if one does: a
    case's target may be an issue's, stated there once.

    >>> issue_target({"targets": [{"measured": "get/kiln/{n}", "over": "get/soa/{n}", "n": [10]},
    ...                           {"measured": "get/kiln/{n}", "over": "get/soa/{n}", "at_most": 1.5, "n": [10]}]},
    ...              "get", "soa")["at_most"]
    1.5
    >>> issue_target({"targets": [{"measured": "get/kiln/{n}", "over": ["get/soa/{n}"], "at_most": 1}]}, "get", "soa")
    """
    for target in document.get("targets", []):
        if (
            target.get("measured") == f"{name}/kiln/{{n}}"
            and target.get("over") == f"{name}/{baseline}/{{n}}"
            and "at_most" in target
        ):
            return target
    return None


def parse_cases(document: dict, source: str) -> tuple[Case, ...]:
    """The `case` tables of a parsed suite, checked. A case without at_most whose kiln/<baseline>
    ratio an issue's target bounds takes that target (its at_most and its n); a case may not state a
    target an issue's already states.

    >>> parse_cases({"case": [{"name": "get", "at_most": 1.5, "n": [10], "what": "w"}]}, "s")
    (Case(name='get', target=1.5, definition='w', baseline='soa', target_sizes=(10,)),)
    >>> issue = {"measured": "get/kiln/{n}", "over": "get/soa/{n}", "at_most": 1.5, "n": [10]}
    >>> parse_cases({"targets": [issue], "case": [{"name": "get", "what": "w"}]}, "s")
    (Case(name='get', target=1.5, definition='w', baseline='soa', target_sizes=(10,)),)
    >>> parse_cases({"targets": [issue], "case": [{"name": "get", "what": "w", "at_most": 2.0}]}, "s")
    Traceback (most recent call last):
    cases.ReportError: s: case 1 ('get'): its target is also an issue's, in `targets`; state it there only
    >>> parse_cases({"case": [{"name": "get", "over": "aos"}]}, "s")
    Traceback (most recent call last):
    cases.ReportError: s: case 1 ('get') lacks what
    >>> parse_cases({"case": [{"name": "a", "what": "w"}, {"name": "a", "what": "w", "below": 1}]}, "s")
    Traceback (most recent call last):
    cases.ReportError: s: case 2 ('a'): unknown key below
    """
    cases = []
    for index, entry in enumerate(document.get("case", []), start=1):
        missing = [key for key in ("name", "what") if key not in entry]
        if missing:
            raise ReportError(f"{source}: case {index} ({entry.get('name', '?')!r}) lacks {', '.join(missing)}")
        unknown = sorted(set(entry) - {"name", "what", "at_most", "over", "n"})
        if unknown:
            raise ReportError(f"{source}: case {index} ({entry['name']!r}): unknown key {', '.join(unknown)}")
        if any(case.name == entry["name"] for case in cases):
            raise ReportError(f"{source}: case {index} ({entry['name']!r}) is listed twice")
        baseline = entry.get("over", "soa")
        issue = issue_target(document, entry["name"], baseline)
        if issue is not None and ("at_most" in entry or "n" in entry):
            raise ReportError(
                f"{source}: case {index} ({entry['name']!r}): its target is also an issue's, in `targets`; "
                "state it there only"
            )
        bound = issue if issue is not None else entry
        cases.append(
            Case(
                name=entry["name"],
                target=bound.get("at_most"),
                definition=entry["what"],
                baseline=baseline,
                target_sizes=tuple(bound["n"]) if "n" in bound else None,
            )
        )
    if not cases:
        raise ReportError(f"{source}: no `case`: kiln_bench's cases are listed there")
    return tuple(cases)


def parse_compile_targets(document: dict, source: str) -> CompileTargets:
    """The `compile_targets` of a parsed suite, by unit.

    >>> parse_compile_targets({"compile_targets": [{"unit": "u", "cpu_seconds": 6.0, "peak_mebibytes": 768.0},
    ...                                            {"unit": "v", "cpu_seconds": 1.5}]}, "s")
    {'u': (6.0, 768.0), 'v': (1.5, None)}
    >>> parse_compile_targets({"compile_targets": [{"unit": "u"}]}, "s")
    Traceback (most recent call last):
    cases.ReportError: s: compile target 1 ('u') lacks cpu_seconds
    """
    targets: CompileTargets = {}
    for index, entry in enumerate(document.get("compile_targets", []), start=1):
        missing = [key for key in ("unit", "cpu_seconds") if key not in entry]
        if missing:
            raise ReportError(
                f"{source}: compile target {index} ({entry.get('unit', '?')!r}) lacks {', '.join(missing)}"
            )
        unknown = sorted(set(entry) - {"unit", "cpu_seconds", "peak_mebibytes"})
        if unknown:
            raise ReportError(f"{source}: compile target {index} ({entry['unit']!r}): unknown key {', '.join(unknown)}")
        targets[entry["unit"]] = (entry["cpu_seconds"], entry.get("peak_mebibytes"))
    return targets


def load(path: pathlib.Path) -> tuple[tuple[Case, ...], CompileTargets]:
    """The cases and the compile targets of the suite at path."""
    try:
        document = tomllib.loads(path.read_text())
    except OSError as error:
        raise ReportError(f"cannot read {path}: {error.strerror}") from None
    except tomllib.TOMLDecodeError as error:
        raise ReportError(f"{path}: {error}") from None
    return parse_cases(document, str(path)), parse_compile_targets(document, str(path))


def readme_table(cases: tuple[Case, ...], compile_targets: CompileTargets) -> list[str]:
    """bench/README.md's table of targets: the cases that have one, those of the same target on one
    line, in the suite's order, then the compile-time targets.

    >>> print("\\n".join(readme_table((Case("a", 2.0, ""), Case("b", None, ""), Case("c", 2.0, ""),
    ...                                 Case("d", 2.0, "", "memcpy", (10,))), {"u": (1.5, None)})))
    | case | kiln over | at most | at N |
    |---|---|---|---|
    | `a`, `c` | soa | 2.00 | every N |
    | `d` | memcpy | 2.00 | 10 |
    <BLANKLINE>
    | compile-time unit (bench/compile_cost.py) | CPU s at most | peak MiB at most |
    |---|---|---|
    | `u` | 1.5 | — |
    """
    rows: dict[tuple, list[str]] = {}
    for case in cases:
        if case.target is not None:
            rows.setdefault((case.baseline, case.target, case.target_sizes), []).append(case.name)
    out = ["| case | kiln over | at most | at N |", "|---|---|---|---|"]
    for (baseline, target, sizes), names in rows.items():
        at = "every N" if sizes is None else ", ".join(str(n) for n in sizes)
        out.append(f"| {', '.join(f'`{name}`' for name in names)} | {baseline} | {target:.2f} | {at} |")
    out += ["", "| compile-time unit (bench/compile_cost.py) | CPU s at most | peak MiB at most |", "|---|---|---|"]
    for unit, (seconds, mebibytes) in compile_targets.items():
        out.append(f"| `{unit}` | {seconds:g} | {'—' if mebibytes is None else f'{mebibytes:g}'} |")
    return out


def with_table(readme: str, table: list[str], source: str) -> str:
    """readme with the text between its markers replaced by table.

    >>> with_table(f"a\\n{BEGIN}\\nold\\n{END}\\nb\\n", ["new"], "r") == f"a\\n{BEGIN}\\nnew\\n{END}\\nb\\n"
    True
    """
    before, begin, rest = readme.partition(BEGIN + "\n")
    _, end, after = rest.partition(END)
    if not begin or not end:
        raise ReportError(f"{source}: lacks the markers of the table of targets ({BEGIN} ... {END})")
    return before + begin + "\n".join(table) + "\n" + end + after


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite the table instead of checking it")
    parser.add_argument("--suite", type=pathlib.Path, default=REPOSITORY / "bench" / "suite.toml")
    parser.add_argument("--readme", type=pathlib.Path, default=REPOSITORY / "bench" / "README.md")
    arguments = parser.parse_args()
    try:
        cases, compile_targets = load(arguments.suite)
        readme = arguments.readme.read_text()
        written = with_table(readme, readme_table(cases, compile_targets), str(arguments.readme))
    except (ReportError, OSError) as error:
        print(f"bench/cases.py: {error}", file=sys.stderr)
        return 1
    if written == readme:
        return 0
    if arguments.write:
        arguments.readme.write_text(written)
        print(f"bench/cases.py: wrote the table of targets of {arguments.readme}")
        return 0
    print(
        f"bench/cases.py: {arguments.readme}'s table of targets is not what {arguments.suite} says; "
        "run bench/cases.py --write",
        file=sys.stderr,
    )
    return 1


if __name__ == "__main__":
    sys.exit(main())
