"""The issues' targets of bench/suite.toml, judged on the results of a run.

bench/report.py imports this module: it reads the suite (the binaries
bench/run runs, and the targets), the JSON output of every binary, and
optionally a peerbench run, and writes the section of docs/performance.md
that says, target by target, whether it holds.
"""

from __future__ import annotations

import dataclasses
import json
import math
import pathlib
import re
import tomllib

import peers

NANOSECONDS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}
PEERBENCH = "peerbench:"


class TargetError(Exception):
    """A problem with the suite or the results, reported as one line."""


@dataclasses.dataclass(frozen=True)
class Target:
    issue: int
    what: str
    measured: str
    over: tuple[str, ...]  # the fastest of these is the denominator; none for a target of time
    at_most: float | None
    sizes: tuple[int, ...]
    # A counter of the measured benchmark that says the least the ratio can
    # be (the share of the work any correct implementation does, counted by
    # the benchmark itself), or None.
    floor: str | None = None
    # A target of time, not of a ratio: the most nanoseconds one iteration of
    # `measured` may take (an issue's "a skipped system costs at most 20 ns").
    at_most_ns: float | None = None
    # A ratio the measured benchmark takes itself, as a counter of this name:
    # both sides alternated in one run on the same data (lookup_read/paired),
    # where the host's memory makes two separately run benchmarks differ by
    # more than the target's margin. No `over`.
    counter: str | None = None

    def names(self, n: int) -> tuple[str, tuple[str, ...]]:
        """The benchmarks compared at N.

        >>> Target(1, "", "a/kiln/{n}", ("a/soa/{n}",), 1.0, (10,)).names(10)
        ('a/kiln/10', ('a/soa/10',))
        """
        return self.measured.format(n=n), tuple(name.format(n=n) for name in self.over)


@dataclasses.dataclass(frozen=True)
class Suite:
    binaries: tuple[str, ...]
    targets: tuple[Target, ...]


def parse_suite(text: str, source: str = "bench/suite.toml") -> Suite:
    """The suite in text, checked.

    >>> s = parse_suite('binaries = ["b"]\\ntargets = [{ issue = 1, what = "w", measured = "m/{n}", '
    ...                 'over = "o/{n}", at_most = 1.5, n = [10] }]')
    >>> s.binaries, s.targets[0].over, s.targets[0].at_most
    (('b',), ('o/{n}',), 1.5)
    >>> parse_suite('binaries = []\\ntargets = [{ issue = 1, what = "w", measured = "m" }]')
    Traceback (most recent call last):
    targets.TargetError: bench/suite.toml: target 1 ('w') lacks over (or at_most_ns), n
    >>> t = parse_suite('binaries = []\\ntargets = [{ issue = 1, what = "w", measured = "m/{n}", '
    ...                 'at_most_ns = 20, n = [1] }]').targets[0]
    >>> t.over, t.at_most_ns
    ((), 20)
    >>> parse_suite('binaries = []\\ntargets = [{ issue = 1, what = "w", measured = "m", over = "o", '
    ...             'at_most_ns = 20, n = [1] }]')
    Traceback (most recent call last):
    targets.TargetError: bench/suite.toml: target 1 ('w'): a target has over (a ratio) or at_most_ns (a time), not both
    >>> t = parse_suite('binaries = []\\ntargets = [{ issue = 1, what = "w", measured = "m/{n}", '
    ...                 'counter = "a_over_b", at_most = 1.1, n = [1] }]').targets[0]
    >>> t.over, t.counter
    ((), 'a_over_b')
    """
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise TargetError(f"{source}: {error}") from None
    binaries = document.get("binaries")
    if not isinstance(binaries, list) or not all(isinstance(name, str) for name in binaries):
        raise TargetError(f"{source}: binaries must be a list of CMake target names")
    targets = []
    for index, entry in enumerate(document.get("targets", []), start=1):
        missing = [key for key in ("issue", "what", "measured", "over", "n") if key not in entry]
        if "at_most_ns" in entry and "over" in entry:
            raise TargetError(
                f"{source}: target {index} ({entry['what']!r}): a target has over (a ratio) or at_most_ns (a time),"
                " not both"
            )
        if "counter" in entry and ("over" in entry or "at_most_ns" in entry):
            raise TargetError(
                f"{source}: target {index} ({entry['what']!r}): a target with a counter (a ratio the benchmark"
                " takes itself) has no over and no at_most_ns"
            )
        if "at_most_ns" in entry or "counter" in entry:
            missing.remove("over")
        missing = [key if key != "over" else "over (or at_most_ns)" for key in missing]
        if missing:
            raise TargetError(f"{source}: target {index} ({entry.get('what', '?')!r}) lacks {', '.join(missing)}")
        unknown = sorted(set(entry) - {"issue", "what", "measured", "over", "at_most", "n", "floor", "at_most_ns", "counter"})
        if unknown:
            raise TargetError(f"{source}: target {index} ({entry['what']!r}): unknown key {', '.join(unknown)}")
        over = entry.get("over", ())
        targets.append(
            Target(
                issue=entry["issue"],
                what=entry["what"],
                measured=entry["measured"],
                over=(over,) if isinstance(over, str) else tuple(over),
                at_most=entry.get("at_most"),
                sizes=tuple(entry["n"]),
                floor=entry.get("floor"),
                at_most_ns=entry.get("at_most_ns"),
                counter=entry.get("counter"),
            )
        )
    return Suite(tuple(binaries), tuple(targets))


def load_suite(path: pathlib.Path) -> Suite:
    try:
        return parse_suite(path.read_text(), str(path))
    except OSError as error:
        raise TargetError(f"cannot read {path}: {error.strerror}") from None


@dataclasses.dataclass(frozen=True)
class Timing:
    ns: float  # wall-clock time of one iteration, the median over the repetitions (or rounds)
    cv: float | None  # the largest coefficient of variation of its repetitions
    counters: dict[str, float] = dataclasses.field(default_factory=dict)  # the benchmark's own, of its median


def timings_of(document: dict) -> dict[str, Timing]:
    """Each benchmark's time per iteration in one binary's JSON, by run name.

    >>> doc = {"benchmarks": [
    ...     {"run_name": "a/1/real_time", "run_type": "aggregate", "aggregate_name": "median",
    ...      "real_time": 2.0, "time_unit": "us", "covered": 0.25},
    ...     {"run_name": "a/1/real_time", "run_type": "aggregate", "aggregate_name": "cv",
    ...      "real_time": 0.05, "time_unit": "us"},
    ...     {"run_name": "b/1", "run_type": "iteration", "real_time": 3.0, "time_unit": "ns"}]}
    >>> timings_of(doc)
    {'a/1': Timing(ns=2000.0, cv=0.05, counters={'covered': 0.25}), 'b/1': Timing(ns=3.0, cv=None, counters={})}
    """
    medians: dict[str, float] = {}
    singles: dict[str, float] = {}
    cvs: dict[str, float] = {}
    counters: dict[str, dict[str, float]] = {}
    for benchmark in document.get("benchmarks", []):
        if benchmark.get("error_occurred"):
            raise TargetError(f"{benchmark['name']} failed: {benchmark.get('error_message', 'no message')}")
        name = benchmark["run_name"].removesuffix("/real_time")
        if benchmark.get("run_type") == "aggregate":
            if benchmark["aggregate_name"] == "median":
                medians[name] = benchmark["real_time"] * NANOSECONDS[benchmark["time_unit"]]
                counters[name] = counters_of(benchmark)
            elif benchmark["aggregate_name"] == "cv":
                cvs[name] = benchmark["real_time"]
        elif name not in singles:
            singles[name] = benchmark["real_time"] * NANOSECONDS[benchmark["time_unit"]]
            counters.setdefault(name, counters_of(benchmark))
    names = dict.fromkeys([*medians, *singles])  # in the file's order, each once
    return {name: Timing(medians.get(name, singles.get(name)), cvs.get(name), counters[name]) for name in names}


# The keys of a benchmark's JSON object that are Google Benchmark's own; the
# other numbers are the benchmark's counters.
BENCHMARK_KEYS = {"iterations", "real_time", "cpu_time", "repetitions", "repetition_index", "threads",
                  "family_index", "per_family_instance_index"}


def counters_of(benchmark: dict) -> dict[str, float]:
    """
    >>> counters_of({"real_time": 1.0, "iterations": 3, "covered": 0.5, "name": "a"})
    {'covered': 0.5}
    """
    return {
        key: float(value)
        for key, value in benchmark.items()
        if key not in BENCHMARK_KEYS and isinstance(value, (int, float)) and not isinstance(value, bool)
    }


def load_timings(paths: list[pathlib.Path]) -> dict[str, Timing]:
    """Every benchmark of every binary's JSON; a name twice is an error."""
    timings: dict[str, Timing] = {}
    for path in paths:
        try:
            document = json.loads(path.read_text())
        except OSError as error:
            raise TargetError(f"cannot read {path}: {error.strerror}") from None
        except json.JSONDecodeError as error:
            raise TargetError(f"{path}:{error.lineno}: not JSON: {error.msg}") from None
        for name, timing in timings_of(document).items():
            if name in timings:
                raise TargetError(f"{path}: benchmark {name} is also in another binary's results")
            timings[name] = timing
    return timings


def peerbench_timings(run: peers.Run) -> dict[str, Timing]:
    """A peerbench run's benchmarks, named peerbench:<name>: the median over
    the rounds of each round's median, as peerbench's own tables take it, and
    the largest CV of a round (bench/peers.py reads the run)."""
    return {PEERBENCH + name: Timing(figure.ns, max(figure.round_cvs)) for name, figure in run.figures.items()}


@dataclasses.dataclass(frozen=True)
class Verdict:
    target: Target
    n: int
    ratio: float | None
    against: str | None  # which of `over` was the fastest
    missing: str | None  # the first benchmark the run lacks
    cv: float | None
    floor: float | None = None  # the least the ratio can be, from the target's floor counter
    ns: float | None = None  # a target of time's measured nanoseconds per iteration

    @property
    def holds(self) -> str:
        if self.target.at_most_ns is not None:
            if self.ns is None:
                return "not measured"
            return "yes" if self.ns <= self.target.at_most_ns else "**no**"
        if self.ratio is None:
            return "not measured"
        if self.target.at_most is None:
            return "reported"
        return "yes" if self.ratio <= self.target.at_most else "**no**"


def judge(target: Target, timings: dict[str, Timing]) -> list[Verdict]:
    """The target at each of its N.

    >>> t = Target(1, "", "a/{n}", ("b/{n}", "c/{n}"), 1.0, (10, 20))
    >>> v = judge(t, {"a/10": Timing(3.0, 0.01), "b/10": Timing(4.0, None), "c/10": Timing(2.0, 0.2)})
    >>> [(x.n, x.ratio, x.against, x.missing, x.holds, x.cv) for x in v]
    [(10, 1.5, 'c/10', None, '**no**', 0.2), (20, None, None, 'a/20', 'not measured', None)]
    >>> t = Target(1, "", "a/{n}", ("b/{n}",), 0.05, (10,), floor="covered")
    >>> judge(t, {"a/10": Timing(3.0, None, {"covered": 0.08}), "b/10": Timing(30.0, None)})[0].floor
    0.08
    >>> t = Target(1, "", "a/{n}", (), None, (1, 50), at_most_ns=20.0)
    >>> [(x.ns, x.holds) for x in judge(t, {"a/1": Timing(12.0, 0.01), "a/50": Timing(25.0, None)})]
    [(12.0, 'yes'), (25.0, '**no**')]
    >>> t = Target(1, "", "p/{n}", (), 1.1, (1, 2), counter="k_over_c")
    >>> v = judge(t, {"p/1": Timing(5.0, 0.3, {"k_over_c": 0.98}), "p/2": Timing(5.0, None, {})})
    >>> [(x.ratio, x.holds, x.missing) for x in v]
    [(0.98, 'yes', None), (None, 'not measured', 'p/2 counter k_over_c')]
    """
    verdicts = []
    for n in target.sizes:
        measured, over = target.names(n)
        missing = next((name for name in (measured, *over) if name not in timings), None)
        if missing is not None:
            verdicts.append(Verdict(target, n, None, None, missing, None))
            continue
        if target.counter is not None:
            ratio = timings[measured].counters.get(target.counter)
            missing = None if ratio is not None else f"{measured} counter {target.counter}"
            verdicts.append(Verdict(target, n, ratio, None, missing, timings[measured].cv))
            continue
        if not over:
            verdicts.append(Verdict(target, n, None, None, None, timings[measured].cv, ns=timings[measured].ns))
            continue
        fastest = min(over, key=lambda name: timings[name].ns)
        cvs = [timings[name].cv for name in (measured, fastest) if timings[name].cv is not None]
        floor = None if target.floor is None else timings[measured].counters.get(target.floor)
        verdicts.append(
            Verdict(
                target, n, timings[measured].ns / timings[fastest].ns, fastest, None, max(cvs, default=None), floor
            )
        )
    return verdicts


def target_lines(suite: Suite, timings: dict[str, Timing], peerbench_given: bool) -> list[str]:
    """The section of the report: one row per target and N."""
    out = [
        "## Targets of the issues",
        "",
        "Each target of [bench/suite.toml](../bench/suite.toml): the wall-clock time of one benchmark",
        "over another's (over the fastest, where it names several), at each N, against the most it may be;",
        "a target of time (no `over`) gives the measured time per iteration in the ratio's column.",
        "Where a benchmark counts the least share of the work any correct implementation must do, the",
        "floor column gives it: the ratio at that share, at the baseline's own cost per unit of work.",
        "Rows named `peerbench:` come from a run of ../shared/peerbench, both sides from that run"
        + ("." if peerbench_given else "; none was given to bench/run (--peerbench DIR), so they are not measured."),
        "",
        "| issue | target | N | measured | over | ratio | at most | floor | holds | cv |",
        "|---:|---|---:|---|---|---:|---:|---:|---|---:|",
    ]
    for target in suite.targets:
        for verdict in judge(target, timings):
            measured, over = target.names(verdict.n)
            if target.counter is not None:
                shown_over = f"itself (counter `{target.counter}`)"
            else:
                shown_over = code(verdict.against or " or ".join(over) or "—")
            if target.at_most_ns is not None:
                ratio = "—" if verdict.ns is None else f"{verdict.ns:,.1f} ns"
                limit = f"{target.at_most_ns:g} ns"
            else:
                ratio = "—" if verdict.ratio is None else f"{verdict.ratio:.3f}"
                limit = "—" if target.at_most is None else f"{target.at_most:g}"
            floor = "—" if verdict.floor is None else f"{verdict.floor:.3f}"
            holds = verdict.holds if verdict.missing is None else f"not measured (no {verdict.missing})"
            cv = "—" if verdict.cv is None or math.isnan(verdict.cv) else f"{100 * verdict.cv:.1f}%"
            out.append(
                f"| #{target.issue} | {target.what} | {verdict.n} | `{measured}` | {shown_over} "
                f"| {ratio} | {limit} | {floor} | {holds} | {cv} |"
            )
    return out


def code(name: str) -> str:
    """A benchmark's name as code, or the dash of a target with none.

    >>> code("a/10"), code("—")
    ('`a/10`', '—')
    """
    return name if name == "—" else f"`{name}`"


def other_lines(timings: dict[str, Timing], binaries: dict[str, list[str]]) -> list[str]:
    """Every benchmark of the binaries other than kiln_bench, as measured."""
    out = ["## The other binaries", ""]
    for binary, names in binaries.items():
        out += [f"### {binary}", "", "| benchmark | ns per iteration | cv |", "|---|---:|---:|"]
        for name in names:
            timing = timings[name]
            cv = "—" if timing.cv is None else f"{100 * timing.cv:.1f}%"
            out.append(f"| `{name}` | {timing.ns:,.0f} | {cv} |")
        out.append("")
    return out


def names_in(path: pathlib.Path) -> list[str]:
    """The run names of one binary's JSON, in its order, each once."""
    names = []
    for benchmark in json.loads(path.read_text()).get("benchmarks", []):
        name = benchmark["run_name"].removesuffix("/real_time")
        if name not in names:
            names.append(name)
    return names


def binary_of(path: pathlib.Path) -> str:
    """
    >>> binary_of(pathlib.Path("build/release/bench/results/kiln_bench_games.json"))
    'kiln_bench_games'
    """
    return re.sub(r"\.json$", "", path.name)
