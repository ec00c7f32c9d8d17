"""kiln beside other ECS libraries: the section of docs/performance.md and its
plot, from the results of a ../shared/peerbench run.

peerbench (kept beside this repository, in ../shared/peerbench) builds one
Google Benchmark binary per library from a kiln checkout and the peers'
sources, all with the same flags, and runs them round after round. Its --out
DIR holds:

- results/r<round>_<binary>.json: every repetition of every benchmark,
  named <case>/<implementation>/<N>/real_time, with an `entities` counter,
  and a context naming the library and its version (`peerbench_library`),
  the compiler, the allocator, the machine and the date;
- results/load.txt: the load averages before and after each binary ran;
- build/build.txt: the compiler, the flags and the kiln commit built.

A figure is ns per entity: the median over the rounds of each round's median
of the repetitions, as peerbench's own tables take it; a figure is marked
noisy when its repetitions' coefficient of variation (sample standard
deviation over mean) exceeded 10% in some round. bench/report.py calls
load_run and section_lines when bench/run is given --peerbench DIR, and
bench/targets.py judges the issues' peerbench: targets on the same figures.
"""

from __future__ import annotations

import dataclasses
import json
import math
import pathlib
import re
import shlex
import statistics

from formatting import caches_text, format_ns

NANOSECONDS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}
NOISY_CV = 0.10  # as peerbench's report.py marks a figure
SECTION_TITLE = "Against other libraries"

# The cases in the order of the report's tables; a case of the run missing
# here comes after them, in the order of its name.
CASES = (
    "create",
    "create_bulk",
    "iterate2",
    "iterate3",
    "iterate2_mixed",
    "addremove",
    "destroy",
    "destroy_shuffled",
    "get",
    "systems7",
)


@dataclasses.dataclass(frozen=True)
class Implementation:
    name: str  # as the benchmarks name it
    heading: str  # the table's column
    kind: str  # "kiln", "baseline" or "peer"
    what: str  # one line for the legend


# peerbench's implementations (its README.md, "Implementations" and
# "systems7"), in the order of the tables' columns. An implementation of the
# run missing here is shown after them, under its own name, as a peer unless
# its name starts with kiln.
IMPLEMENTATIONS = (
    Implementation("kiln", "kiln", "kiln", "kiln, Position, Velocity and Data `layout = \"split\"` (as bench/'s world)"),
    Implementation("kiln_packed", "kiln packed", "kiln", "kiln, every component packed"),
    Implementation("kiln_batched", "kiln batched", "kiln", "kiln split, through `world.gather` / `world.destroy(span)`"),
    Implementation("kiln_packed_batched", "kiln packed batched", "kiln", "kiln packed, batched likewise"),
    Implementation("kiln_systems", "kiln systems", "kiln", "systems7: the seven systems of a schema, one `world.run(stage)`"),
    Implementation("kiln_each", "kiln each", "kiln", "systems7: seven `world.each` loops with the same bodies"),
    Implementation("soa", "soa", "baseline", "hand-written: one `std::vector` per field (not a library, not ranked)"),
    Implementation("entt", "EnTT view", "peer", "EnTT `registry`, iteration through `view<...>().each` (systems7: views)"),
    Implementation("entt_group", "EnTT group", "peer", "EnTT, iteration through a full-owning `group<...>()`"),
    Implementation("entt_storage", "EnTT storage", "peer", "EnTT, `get` through the Position storage"),
    Implementation("flecs", "flecs", "peer", "flecs C++ API, cached queries (systems7: systems and `progress`)"),
    Implementation("gaia", "gaia-ecs", "peer", "gaia-ecs, cached queries"),
    Implementation("pico", "pico_ecs", "peer", "pico_ecs, systems run by `ecs_run_system`"),
)

# Where each library's sources come from (peerbench's README.md, "The peers'
# sources"), by the binary of its results (r<round>_<binary>.json); its
# version is the results' own `peerbench_library`.
REPOSITORIES = {
    "entt": "https://github.com/skypjack/entt",
    "flecs": "https://github.com/SanderMertens/flecs",
    "gaia": "https://github.com/richardbiely/gaia-ecs",
    "pico": "https://github.com/empyreanx/pico_headers",
}

# Implementations measured but not shown: aos, the second hand-written
# baseline, adds nothing beside soa here (the tables below kiln's own show it).
HIDDEN = frozenset({"aos"})

RESULT_FILE = re.compile(r"^r(?P<round>\d+)_(?P<binary>[A-Za-z0-9_]+)\.json$")
BENCHMARK_NAME = re.compile(r"^(?P<case>[a-z0-9_]+)/(?P<implementation>[a-z0-9_]+)/(?P<n>\d+)$")
LOAD_LINE = re.compile(
    r"^round=(?P<round>\d+) lib=(?P<binary>\S+) start=\d+ seconds=(?P<seconds>\d+) "
    r"load_before=(?P<before>[\d.]+ [\d.]+ [\d.]+) load_after=(?P<after>[\d.]+ [\d.]+ [\d.]+)$"
)


class PeerbenchError(Exception):
    """A problem with a peerbench run's results, reported as one line."""


@dataclasses.dataclass(frozen=True)
class Figure:
    """One benchmark over the rounds of a run."""

    round_medians: tuple[float, ...]  # ns per iteration: the median of the repetitions, one a round
    round_cvs: tuple[float, ...]  # the repetitions' coefficient of variation, one a round
    entities: float

    @property
    def ns(self) -> float:
        """ns per iteration: the median over the rounds."""
        return statistics.median(self.round_medians)

    @property
    def ns_per_entity(self) -> float:
        return self.ns / self.entities

    @property
    def noise(self) -> str:
        r"""`*` when the CV exceeded 10% in some round, `**` in at least half of them; escaped, for
        Markdown, since a figure may be bold too.

        >>> Figure((1.0,) * 4, (0.02, 0.12, 0.03, 0.01), 1).noise, Figure((1.0,) * 2, (0.2, 0.01), 1).noise
        ('\\*', '\\*\\*')
        >>> Figure((1.0,), (0.10,), 1).noise
        ''
        """
        noisy = sum(1 for cv in self.round_cvs if cv > NOISY_CV)
        if noisy and 2 * noisy >= len(self.round_cvs):
            return "\\*\\*"
        return "\\*" if noisy else ""


@dataclasses.dataclass(frozen=True)
class Binary:
    name: str  # <binary> of r<round>_<binary>.json
    library: str  # its context's peerbench_library, e.g. "EnTT v3.16.0"
    implementations: tuple[str, ...]


@dataclasses.dataclass(frozen=True)
class Load:
    round: int
    binary: str
    seconds: int
    before: str  # the 1, 5 and 15 minute load averages
    after: str


@dataclasses.dataclass(frozen=True)
class Run:
    figures: dict[str, Figure]  # by benchmark name, <case>/<implementation>/<N>
    binaries: tuple[Binary, ...]
    rounds: tuple[int, ...]
    repetitions: tuple[int, ...]  # each count of repetitions that occurs
    context: dict  # the first results file's: the machine
    dates: tuple[str, str]  # the first and the last binary's start
    load: tuple[Load, ...]
    build: dict[str, str]  # build/build.txt, by key; empty without it

    def figure(self, case: str, implementation: str, n: int) -> Figure | None:
        return self.figures.get(f"{case}/{implementation}/{n}")


def split_name(name: str) -> tuple[str, str, int]:
    """
    >>> split_name("get/entt_storage/10000")
    ('get', 'entt_storage', 10000)
    """
    match = BENCHMARK_NAME.match(name)
    if match is None:
        raise PeerbenchError(f"benchmark {name!r} is not named <case>/<implementation>/<N>")
    return match["case"], match["implementation"], int(match["n"])


def read_results(path: pathlib.Path) -> dict:
    try:
        return json.loads(path.read_text())
    except OSError as error:
        raise PeerbenchError(f"cannot read {path}: {error.strerror}") from None
    except json.JSONDecodeError as error:
        raise PeerbenchError(f"{path}:{error.lineno}: not JSON: {error.msg}") from None


def coefficient_of_variation(values: list[float]) -> float:
    """Sample standard deviation over mean, as peerbench's report.py takes it; 0 for one value.

    >>> round(coefficient_of_variation([9.0, 10.0, 11.0]), 3), coefficient_of_variation([4.0])
    (0.1, 0.0)
    """
    mean = statistics.fmean(values)
    return statistics.stdev(values) / mean if len(values) > 1 and mean else 0.0


def load_run(directory: pathlib.Path) -> Run:
    """The run whose peerbench --out was directory."""
    results = directory / "results"
    paths = sorted(results.glob("r*_*.json"))
    if not paths:
        raise PeerbenchError(f"{directory}: no peerbench results (results/r<round>_<library>.json)")
    repetitions_of: dict[tuple[int, str], list[float]] = {}
    entities: dict[str, float] = {}
    binaries: dict[str, Binary] = {}
    contexts = []
    for path in paths:
        match = RESULT_FILE.match(path.name)
        if match is None:
            continue  # not a round's results, e.g. a copy
        document = read_results(path)
        context = document.get("context", {})
        contexts.append(context)
        implementations = []
        for benchmark in document.get("benchmarks", []):
            if benchmark.get("run_type", "iteration") != "iteration":
                continue  # peerbench's aggregates: taken here from the repetitions
            if benchmark.get("error_occurred"):
                raise PeerbenchError(f"{path}: {benchmark['name']} failed: {benchmark.get('error_message', '')}")
            name = benchmark["run_name"].removesuffix("/real_time")
            implementations.append(split_name(name)[1])
            if not benchmark.get("entities"):
                raise PeerbenchError(f"{path}: {benchmark['name']} has no entities counter")
            entities[name] = benchmark["entities"]
            time = benchmark["real_time"] * NANOSECONDS[benchmark["time_unit"]]
            repetitions_of.setdefault((int(match["round"]), name), []).append(time)
        binary = match["binary"]
        binaries.setdefault(
            binary, Binary(binary, context.get("peerbench_library", binary), tuple(dict.fromkeys(implementations)))
        )
    if not repetitions_of:
        raise PeerbenchError(f"{results}: the results hold no benchmark runs")
    rounds = tuple(sorted({round_ for round_, _ in repetitions_of}))
    figures = {}
    for name in sorted({name for _, name in repetitions_of}):
        per_round = [repetitions_of[(round_, name)] for round_ in rounds if (round_, name) in repetitions_of]
        figures[name] = Figure(
            tuple(statistics.median(values) for values in per_round),
            tuple(coefficient_of_variation(values) for values in per_round),
            entities[name],
        )
    dates = sorted(context["date"] for context in contexts if "date" in context)
    return Run(
        figures=figures,
        binaries=tuple(binaries.values()),
        rounds=rounds,
        repetitions=tuple(sorted({len(values) for values in repetitions_of.values()})),
        context=contexts[0],
        dates=(dates[0], dates[-1]) if dates else ("unknown", "unknown"),
        load=read_load(results / "load.txt"),
        build=read_build(directory / "build" / "build.txt"),
    )


def read_load(path: pathlib.Path) -> tuple[Load, ...]:
    """load.txt's lines; none when the run has no such file."""
    if not path.exists():
        return ()
    loads = []
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        match = LOAD_LINE.match(line.strip())
        if match is None:
            raise PeerbenchError(f"{path}:{number}: not a line of peerbench's load.txt: {line!r}")
        loads.append(Load(int(match["round"]), match["binary"], int(match["seconds"]), match["before"], match["after"]))
    return tuple(loads)


def read_build(path: pathlib.Path) -> dict[str, str]:
    """build.txt's `key: value` lines; empty when the run has no such file."""
    if not path.exists():
        return {}
    pairs = (line.split(":", 1) for line in path.read_text().splitlines() if ":" in line)
    return {key.strip(): value.strip() for key, value in pairs}


def implementation_of(name: str) -> Implementation:
    """
    >>> implementation_of("pico").heading, implementation_of("kiln_sparse").kind, implementation_of("bevy").kind
    ('pico_ecs', 'kiln', 'peer')
    """
    for implementation in IMPLEMENTATIONS:
        if implementation.name == name:
            return implementation
    return Implementation(name, name, "kiln" if name.startswith("kiln") else "peer", name)


def cases_of(run: Run) -> list[str]:
    present = {split_name(name)[0] for name in run.figures}
    return [case for case in CASES if case in present] + sorted(present - set(CASES))


def columns_of(run: Run, case: str) -> list[Implementation]:
    """The implementations the run measured for case, as the table's columns."""
    present = {split_name(name)[1] for name in run.figures if split_name(name)[0] == case}
    return in_order(present)


def in_order(names: set[str]) -> list[Implementation]:
    """The implementations named, but for HIDDEN's, known ones in IMPLEMENTATIONS' order, then the others
    by name.

    >>> [implementation.name for implementation in in_order({"pico", "aos", "kiln", "bevy"})]
    ['kiln', 'pico', 'bevy']
    """
    names = set(names) - HIDDEN
    known = [implementation for implementation in IMPLEMENTATIONS if implementation.name in names]
    return known + [implementation_of(name) for name in sorted(names - {i.name for i in IMPLEMENTATIONS})]


def sizes_of(run: Run, case: str) -> list[int]:
    return sorted({split_name(name)[2] for name in run.figures if split_name(name)[0] == case})


def reference_kiln(columns: list[Implementation]) -> Implementation | None:
    """The kiln a case's ratio column shows: the first kiln column (the split layout, or
    systems7's schedule)."""
    return next((column for column in columns if column.kind == "kiln"), None)


def fastest(run: Run, case: str, n: int, columns: list[Implementation]) -> Implementation | None:
    """The fastest of the columns at N that has a figure."""
    measured = [column for column in columns if run.figure(case, column.name, n) is not None]
    return min(measured, key=lambda column: run.figure(case, column.name, n).ns_per_entity, default=None)


def case_table(run: Run, case: str) -> list[str]:
    """One row per N: each implementation's ns per entity, the fastest library in bold, and kiln over
    the fastest peer and over soa."""
    columns = columns_of(run, case)
    libraries = [column for column in columns if column.kind != "baseline"]
    peers = [column for column in columns if column.kind == "peer"]
    kiln = reference_kiln(columns)
    soa = next((column for column in columns if column.name == "soa"), None)
    kiln_label = "kiln" if kiln is None else kiln.heading
    ratio_headings = [f"{kiln_label} / best peer", "best peer"] + ([f"{kiln_label} / soa"] if soa else [])
    out = [
        "| N | " + " | ".join(column.heading for column in columns) + " | " + " | ".join(ratio_headings) + " |",
        "|---:|" + "---:|" * len(columns) + "---:|---|" + ("---:|" if soa else ""),
    ]
    for n in sizes_of(run, case):
        winner = fastest(run, case, n, libraries)
        cells = [f"{n:,}"]
        for column in columns:
            figure = run.figure(case, column.name, n)
            if figure is None:
                cells.append("—")
                continue
            shown = format_ns(figure.ns_per_entity)
            cells.append((f"**{shown}**" if column == winner else shown) + figure.noise)
        best_peer = fastest(run, case, n, peers)
        kiln_figure = None if kiln is None else run.figure(case, kiln.name, n)
        if kiln_figure is None or best_peer is None:
            cells += ["—", "—" if best_peer is None else best_peer.heading]
        else:
            peer_figure = run.figure(case, best_peer.name, n)
            cells += [f"{kiln_figure.ns_per_entity / peer_figure.ns_per_entity:.2f}", best_peer.heading]
        if soa:
            soa_figure = run.figure(case, soa.name, n)
            both = kiln_figure is not None and soa_figure is not None
            cells.append(f"{kiln_figure.ns_per_entity / soa_figure.ns_per_entity:.2f}" if both else "—")
        out.append("| " + " | ".join(cells) + " |")
    return out


def command_lines(run: Run, directory_shown: str) -> list[str]:
    """The commands that made the run and this section, from the repository's root."""
    peerbench = ["../shared/peerbench/run", "--kiln", ".", "--peers", "../shared/peers", "--out", directory_shown]
    if len(run.rounds) != 2:
        peerbench += ["--rounds", str(len(run.rounds))]
    if run.repetitions != (5,):
        peerbench += ["--repetitions", "/".join(map(str, run.repetitions))]
    return ["```sh", shlex.join(peerbench), shlex.join(["bench/run", "--peerbench", directory_shown]), "```"]


def load_lines(run: Run) -> list[str]:
    if not run.load:
        return ["The run's results/load.txt is missing: its load averages are unknown."]
    out = [
        "The load averages (1, 5 and 15 minutes) before and after each binary ran, from the run's",
        "results/load.txt:",
        "",
        "| round | binary | seconds | load before | load after |",
        "|---:|---|---:|---|---|",
    ]
    out += [f"| {load.round} | {load.binary} | {load.seconds} | {load.before} | {load.after} |" for load in run.load]
    return out


def machine_lines(run: Run) -> list[str]:
    context = run.context
    compiler = run.build.get("compiler") or context.get("peerbench_compiler", "unknown")
    rows = [
        ("host", context.get("host_name", "unknown")),
        ("CPUs", f"{context.get('num_cpus', '?')} at {context.get('mhz_per_cpu', '?')} MHz"),
        ("caches", caches_text(context)),
        ("compiler", compiler),
        ("flags", run.build.get("cxxflags", "unknown")),
        ("allocator", context.get("peerbench_allocator", "unknown")),
        ("kiln", run.build.get("kiln", "unknown").split(" ")[0]),
        ("run", f"from {run.dates[0]} to {run.dates[1]}"),
    ]
    return ["| | |", "|---|---|", *(f"| {name} | {value} |" for name, value in rows)]


def library_lines(run: Run) -> list[str]:
    """One row per binary, in the order of their implementations' columns."""
    out = ["| binary | library | implementations |", "|---|---|---|"]
    shown = {binary.name: in_order(set(binary.implementations)) for binary in run.binaries}
    order = {implementation.name: index for index, implementation in enumerate(in_order(set(run_names(run))))}
    for binary in sorted(run.binaries, key=lambda binary: min((order[i.name] for i in shown[binary.name]), default=0)):
        if not shown[binary.name]:
            continue
        library = binary.library
        if binary.name in REPOSITORIES:
            library = f"[{library}]({REPOSITORIES[binary.name]})"
        out.append(f"| {binary.name} | {library} | " + ", ".join(f"`{i.name}`" for i in shown[binary.name]) + " |")
    return out


def run_names(run: Run) -> set[str]:
    """Every implementation of the run."""
    return {split_name(name)[1] for name in run.figures}


def section_lines(run: Run, directory_shown: str, plot_link: str) -> list[str]:
    """The section of docs/performance.md: where the figures come from, a table per case, the plot."""
    rounds = f"{len(run.rounds)} round{'s' if len(run.rounds) != 1 else ''}"
    repetitions = " or ".join(map(str, run.repetitions)) + (" repetition" if run.repetitions == (1,) else " repetitions")
    legend = [f"- `{column.name}` ({column.heading}): {column.what}" for column in in_order(run_names(run))]
    out = [
        f"## {SECTION_TITLE}",
        "",
        "kiln beside other ECS libraries on the same cases, from one run of peerbench",
        "(../shared/peerbench, kept beside this repository): one Google Benchmark binary per library,",
        "each built with the same compiler and flags, run one after the other, round after round.",
        "The cases are those of the tables below ([bench/README.md](../bench/README.md)); systems7 is",
        "abeimler/ecs_benchmark's frame of seven systems over mixed entities, a frame's time over N.",
        "",
        "A figure is nanoseconds per entity, lower is better: the median over the run's",
        f"{rounds} of each round's median of {repetitions}, as peerbench's own tables take it.",
        f"\\* marks a figure whose repetitions varied by more than {NOISY_CV:.0%} (coefficient of",
        "variation) in some round, \\*\\* in at least half of them. **Bold**: the fastest library at that",
        "N (soa, written by hand, is not a library and is not ranked). *kiln / best peer*: kiln's",
        "figure over the fastest peer's (EnTT, flecs, gaia-ecs or pico_ecs, in any of their variants);",
        "below 1, kiln is faster. Ratios are quotients of the figures shown.",
        "",
        *library_lines(run),
        "",
        *legend,
        "",
        *machine_lines(run),
        "",
        *load_lines(run),
        "",
        "The run and this section came from, at the repository's root:",
        "",
        *command_lines(run, directory_shown),
        "",
        f"![ns per entity against N beside other libraries, one panel per case]({plot_link})",
    ]
    for case in cases_of(run):
        out += ["", f"### {case} beside other libraries", "", *case_table(run, case)]
    return out


# The plot's styles: kiln in red and drawn thick, the peers in colours of
# their own, the soa baseline grey and dashed.
STYLES = {
    "kiln": ("tab:red", "o", "-"),
    "kiln_packed": ("tab:red", "s", "--"),
    "kiln_batched": ("darkred", "^", "-."),
    "kiln_packed_batched": ("darkred", "v", ":"),
    "kiln_systems": ("tab:red", "o", "-"),
    "kiln_each": ("tab:red", "s", "--"),
    "soa": ("tab:gray", "", "--"),
    "entt": ("tab:blue", "o", "-"),
    "entt_group": ("tab:blue", "s", "--"),
    "entt_storage": ("tab:blue", "^", ":"),
    "flecs": ("tab:green", "o", "-"),
    "gaia": ("tab:orange", "o", "-"),
    "pico": ("tab:purple", "o", "-"),
}


def plot(run: Run, path: pathlib.Path) -> None:
    """ns per entity against N, log-log, one panel per case, one line per implementation."""
    import matplotlib  # bench/report.py has checked that it is there

    matplotlib.use("Agg")
    from matplotlib import pyplot
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter, NullLocator

    cases = cases_of(run)
    columns_per_row = 3
    rows = math.ceil(len(cases) / columns_per_row)
    figure, axes = pyplot.subplots(
        rows, columns_per_row, figsize=(4.4 * columns_per_row, 3.4 * rows), squeeze=False
    )
    handle_of = {}
    for index, case in enumerate(cases):
        ax = axes[index // columns_per_row][index % columns_per_row]
        sizes = sizes_of(run, case)
        for column in columns_of(run, case):
            points = [(n, run.figure(case, column.name, n)) for n in sizes if run.figure(case, column.name, n)]
            color, marker, line = STYLES.get(column.name, (None, "x", "-"))
            (handle,) = ax.plot(
                [n for n, _ in points],
                [figure.ns_per_entity for _, figure in points],
                color=color,
                marker=marker,
                linestyle=line,
                linewidth=2.6 if column.kind == "kiln" else 1.2,
                zorder=3 if column.kind == "kiln" else 2,
                label=column.heading,
            )
            handle_of.setdefault(column.heading, handle)
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xticks(sizes)
        ax.xaxis.set_major_formatter(FuncFormatter(lambda value, _: f"{value:,.0f}"))
        ax.xaxis.set_minor_locator(NullLocator())
        # Plain numbers at 1, 2 and 5 of each decade: a panel may span less than one.
        ax.yaxis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
        ax.yaxis.set_major_formatter(FuncFormatter(lambda value, _: f"{value:g}"))
        ax.yaxis.set_minor_formatter(NullFormatter())
        ax.set_title(case)
        ax.set_xlabel("N")
        ax.set_ylabel("ns per entity")
        ax.grid(True, which="both", alpha=0.3)
    spare = [axes[index // columns_per_row][index % columns_per_row] for index in range(len(cases), rows * columns_per_row)]
    for ax in spare:
        ax.axis("off")
    labels = [column.heading for column in in_order(run_names(run)) if column.heading in handle_of]
    handles = [handle_of[label] for label in labels]
    figure.suptitle("kiln beside other ECS libraries: ns per entity (lower is better)", x=0.02, ha="left")
    if spare:  # the legend in the first empty panel
        spare[0].legend(handles, labels, loc="center", ncol=2 if len(spare) > 1 else 1)
        figure.tight_layout(rect=(0, 0, 1, 0.97))
    else:
        figure.legend(handles, labels, loc="lower center", ncol=min(len(labels), 7))
        figure.tight_layout(rect=(0, 0.06, 1, 0.97))
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, dpi=100, metadata={"Software": None})
    pyplot.close(figure)


def plot_path(report_plot: pathlib.Path) -> pathlib.Path:
    """Where the peers' plot goes, beside the report's own.

    >>> plot_path(pathlib.Path("docs/performance.png")).as_posix()
    'docs/performance_peers.png'
    """
    return report_plot.with_name(report_plot.stem + "_peers" + report_plot.suffix)
