"""kiln_bench's results: the JSON of a run, one figure per case, implementation and N.

For every benchmark <case>/<implementation>/<N> it takes the median over the
repetitions (the one run when there was a single repetition), and computes
nanoseconds per entity as real time per iteration divided by the `entities`
counter; the ratios of kiln to a baseline are made from those.
"""

from __future__ import annotations

import dataclasses
import json
import pathlib

from cases import ReportError

# The implementations kiln_bench measures, in the order of the tables' columns and the plot's legend.
IMPLEMENTATIONS = ("kiln", "soa", "soa_checked", "soa_unchained", "aos", "direct", "memcpy")
NANOSECONDS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}


@dataclasses.dataclass(frozen=True)
class Result:
    ns_per_entity: float
    entities: int
    repetitions: int
    cv: float | None  # coefficient of variation of real time over the repetitions


def parse_name(run_name: str, case_names: tuple[str, ...]) -> tuple[str, str, int]:
    """Splits a run name into case, implementation and N.

    >>> parse_name("iterate2/kiln/10000/real_time", ("iterate2",))
    ('iterate2', 'kiln', 10000)
    >>> parse_name("get/soa/1000000", ("get",))
    ('get', 'soa', 1000000)
    >>> parse_name("got/soa/10", ("get",))
    Traceback (most recent call last):
    cases.ReportError: benchmark 'got/soa/10': unknown case 'got'; add it to the cases of bench/suite.toml
    """
    parts = run_name.split("/")
    if parts[-1] == "real_time":
        parts = parts[:-1]
    if len(parts) != 3 or not parts[2].isdigit():
        raise ReportError(f"benchmark {run_name!r} is not named <case>/<implementation>/<N>")
    case, implementation, n = parts
    if case not in case_names:
        raise ReportError(f"benchmark {run_name!r}: unknown case {case!r}; add it to the cases of bench/suite.toml")
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


def load(path: pathlib.Path, case_names: tuple[str, ...]) -> tuple[dict, dict[tuple[str, str, int], Result]]:
    """Returns the JSON's context and one Result per (case, implementation, N)."""
    document = read_json(path)

    medians: dict[tuple[str, str, int], dict] = {}
    singles: dict[tuple[str, str, int], dict] = {}
    cvs: dict[tuple[str, str, int], float] = {}
    for benchmark in document.get("benchmarks", []):
        key = parse_name(benchmark["run_name"], case_names)
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

    >>> case_implementations({("load", "memcpy", 10): None, ("load", "kiln", 10): None}, "load")
    ['kiln', 'memcpy']
    """
    return [name for name in IMPLEMENTATIONS if any(key[0] == case and key[1] == name for key in results)]
