"""bench/peers.py: a peerbench run's figures, and the section of docs/performance.md made from them.

Each test writes a small peerbench --out directory (results/r<round>_<binary>.json, load.txt,
build/build.txt) with figures chosen so that the wrong statistic gives another number.
"""

import importlib.util
import json
import pathlib
import subprocess
import sys
import tempfile
import unittest

BENCH = pathlib.Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import peers  # noqa: E402  (bench/ is not a package: its scripts import each other by name)
import targets  # noqa: E402

CONTEXT = {
    "date": "2026-11-26T16:41:29+00:00",
    "host_name": "testhost",
    "num_cpus": 2,
    "mhz_per_cpu": 2445,
    "caches": [{"type": "Data", "level": 1, "size": 32768, "num_sharing": 1}],
    "peerbench_compiler": "g++ 12.2.0",
    "peerbench_allocator": "glibc",
}
LIBRARIES = {
    "kiln": "kiln",
    "baseline": "baseline (soa, aos)",
    "entt": "EnTT v3.16.0",
    "flecs": "flecs v4.1.6",
    "pico": "pico_ecs (pico_headers 2db8b9b)",
}


def repetitions(name: str, times_ns: list[float], entities: float) -> list[dict]:
    """A benchmark's repetitions as peerbench writes them (Google Benchmark's JSON), with the
    aggregates that --benchmark_report_aggregates_only=false adds after them."""
    runs = [
        {
            "name": f"{name}/real_time",
            "run_name": f"{name}/real_time",
            "run_type": "iteration",
            "repetitions": len(times_ns),
            "repetition_index": index,
            "real_time": time / 1000.0,
            "cpu_time": time / 1000.0,
            "time_unit": "us",
            "entities": entities,
        }
        for index, time in enumerate(times_ns)
    ]
    aggregate = {
        "name": f"{name}/real_time_median",
        "run_name": f"{name}/real_time",
        "run_type": "aggregate",
        "aggregate_name": "median",
        "real_time": 1e9,  # not what the section shows: it takes the repetitions
        "time_unit": "ns",
        "entities": entities,
    }
    return runs + [aggregate]


class PeerbenchDirectory:
    """A peerbench --out directory in a temporary folder."""

    def __init__(self):
        self.temporary = tempfile.TemporaryDirectory()
        self.path = pathlib.Path(self.temporary.name)
        (self.path / "results").mkdir()
        self.benchmarks: dict[tuple[int, str], list[dict]] = {}

    def add(self, round_: int, binary: str, name: str, times_ns: list[float], entities: float = 1.0):
        self.benchmarks.setdefault((round_, binary), []).extend(repetitions(name, times_ns, entities))

    def write(self, load: str | None = None, build: str | None = None) -> pathlib.Path:
        for (round_, binary), benchmarks in self.benchmarks.items():
            context = dict(CONTEXT, peerbench_library=LIBRARIES.get(binary, binary))
            document = {"context": context, "benchmarks": benchmarks}
            (self.path / "results" / f"r{round_}_{binary}.json").write_text(json.dumps(document))
        if load is not None:
            (self.path / "results" / "load.txt").write_text(load)
        if build is not None:
            (self.path / "build").mkdir()
            (self.path / "build" / "build.txt").write_text(build)
        return self.path

    def close(self):
        self.temporary.cleanup()


def table(lines: list[str], case: str) -> list[list[str]]:
    """The rows of case's table in the section, as lists of cells, heading first."""
    start = lines.index(f"### {case} beside other libraries") + 2
    rows = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return [rows[0], *rows[2:]]


def cell(rows: list[list[str]], n: str, column: str) -> str:
    return next(row for row in rows[1:] if row[0] == n)[rows[0].index(column)]


class MediansOverRounds(unittest.TestCase):
    def setUp(self):
        self.directory = PeerbenchDirectory()
        self.addCleanup(self.directory.close)

    def test_the_figure_is_the_median_over_rounds_of_each_rounds_median(self):
        # Round medians 2 and 20: their median is 11; the median of all six repetitions would be
        # 6.5 and their mean 21.
        self.directory.add(1, "kiln", "get/kiln/10", [1.0, 2.0, 3.0], entities=10)
        self.directory.add(2, "kiln", "get/kiln/10", [10.0, 20.0, 90.0], entities=10)
        run = peers.load_run(self.directory.write())
        figure = run.figure("get", "kiln", 10)
        self.assertEqual(figure.round_medians, (2.0, 20.0))
        self.assertAlmostEqual(figure.ns, 11.0)
        self.assertAlmostEqual(figure.ns_per_entity, 1.1)
        self.assertEqual(run.rounds, (1, 2))
        self.assertEqual(run.repetitions, (3,))

    def test_three_rounds_take_the_middle_one(self):
        for round_, times in ((1, [5.0, 5.0]), (2, [100.0, 100.0]), (3, [7.0, 7.0])):
            self.directory.add(round_, "flecs", "get/flecs/10", times)
        run = peers.load_run(self.directory.write())
        self.assertAlmostEqual(run.figure("get", "flecs", 10).ns, 7.0)
        self.assertIn("--rounds 3", "\n".join(peers.command_lines(run, "build/peerbench")))

    def test_the_targets_judge_the_same_figures(self):
        self.directory.add(1, "kiln", "get/kiln/10", [1.0, 2.0, 3.0])
        self.directory.add(2, "kiln", "get/kiln/10", [10.0, 20.0, 90.0])
        timings = targets.peerbench_timings(peers.load_run(self.directory.write()))
        self.assertAlmostEqual(timings["peerbench:get/kiln/10"].ns, 11.0)

    def test_a_directory_without_results_is_an_error(self):
        with self.assertRaisesRegex(peers.PeerbenchError, "no peerbench results"):
            peers.load_run(self.directory.path)

    def test_a_benchmark_not_named_case_implementation_n_is_an_error(self):
        self.directory.add(1, "kiln", "get/kiln", [1.0])
        with self.assertRaisesRegex(peers.PeerbenchError, "not named <case>/<implementation>/<N>"):
            peers.load_run(self.directory.write())


class Noise(unittest.TestCase):
    """A figure whose repetitions' CV exceeded 10% in some round is marked, as peerbench marks it."""

    def setUp(self):
        self.directory = PeerbenchDirectory()
        self.addCleanup(self.directory.close)
        steady, noisy = [10.0, 10.0, 10.0], [5.0, 10.0, 15.0]  # CV 0 and 0.5
        for round_, (kiln, flecs, pico) in enumerate(
            ((steady, noisy, noisy), (steady, steady, noisy), (steady, steady, steady)), start=1
        ):
            self.directory.add(round_, "kiln", "iterate2/kiln/10", kiln)
            self.directory.add(round_, "flecs", "iterate2/flecs/10", flecs)
            self.directory.add(round_, "pico", "iterate2/pico/10", pico)
        self.run_ = peers.load_run(self.directory.write())

    def test_noisy_in_one_round_of_three_is_one_star_in_two_of_three_two(self):
        rows = table(peers.section_lines(self.run_, "build/peerbench", "p.png"), "iterate2")
        self.assertEqual(cell(rows, "10", "flecs"), "10.0\\*")
        self.assertEqual(cell(rows, "10", "pico_ecs"), "10.0\\*\\*")

    def test_a_steady_figure_is_not_marked(self):
        rows = table(peers.section_lines(self.run_, "build/peerbench", "p.png"), "iterate2")
        self.assertNotIn("\\*", cell(rows, "10", "kiln"))

    def test_noisy_in_half_of_the_rounds_is_two_stars(self):
        self.assertEqual(peers.Figure((1.0, 1.0), (0.2, 0.01), 1).noise, "\\*\\*")
        self.assertEqual(peers.Figure((1.0,) * 4, (0.2, 0.01, 0.01, 0.01), 1).noise, "\\*")

    def test_ten_percent_exactly_is_not_noisy(self):
        self.assertEqual(peers.Figure((1.0,), (0.10,), 1).noise, "")
        self.assertEqual(peers.Figure((1.0,), (0.1001,), 1).noise, "\\*\\*")


class Tables(unittest.TestCase):
    def setUp(self):
        self.directory = PeerbenchDirectory()
        self.addCleanup(self.directory.close)

    def section(self, **files) -> list[str]:
        run = peers.load_run(self.directory.write(**files))
        return peers.section_lines(run, "build/peerbench", "performance_peers.png")

    def test_the_fastest_library_is_bold_and_the_baseline_never(self):
        self.directory.add(1, "kiln", "get/kiln/10", [30.0])
        self.directory.add(1, "kiln", "get/kiln_packed/10", [20.0])
        self.directory.add(1, "baseline", "get/soa/10", [5.0])  # faster than any library
        self.directory.add(1, "entt", "get/entt_storage/10", [25.0])
        self.directory.add(1, "pico", "get/pico/10", [40.0])
        rows = table(self.section(), "get")
        self.assertEqual(cell(rows, "10", "kiln packed"), "**20.0**")
        self.assertEqual(cell(rows, "10", "soa"), "5.00")
        self.assertEqual(cell(rows, "10", "kiln"), "30.0")
        # kiln (split) over the fastest peer, EnTT's storage, and over soa.
        self.assertEqual(cell(rows, "10", "kiln / best peer"), "1.20")
        self.assertEqual(cell(rows, "10", "best peer"), "EnTT storage")
        self.assertEqual(cell(rows, "10", "kiln / soa"), "6.00")

    def test_a_peer_can_be_the_fastest(self):
        self.directory.add(1, "kiln", "addremove/kiln/10", [30.0])
        self.directory.add(1, "pico", "addremove/pico/10", [15.0])
        rows = table(self.section(), "addremove")
        self.assertEqual(cell(rows, "10", "pico_ecs"), "**15.0**")
        self.assertEqual(cell(rows, "10", "kiln / best peer"), "2.00")

    def test_a_library_missing_from_a_case_has_no_column_and_one_missing_at_an_n_a_dash(self):
        self.directory.add(1, "kiln", "create_bulk/kiln/10", [4.0])
        self.directory.add(1, "kiln", "create_bulk/kiln/100", [4.0], entities=10)
        self.directory.add(1, "flecs", "create_bulk/flecs/10", [8.0])
        self.directory.add(1, "pico", "create/pico/10", [40.0])  # pico_ecs has no bulk creation
        self.directory.add(1, "kiln", "create/kiln/10", [10.0])
        lines = self.section()
        bulk = table(lines, "create_bulk")
        self.assertNotIn("pico_ecs", bulk[0])
        self.assertEqual(cell(bulk, "100", "flecs"), "—")
        self.assertEqual(cell(bulk, "100", "kiln / best peer"), "—")
        self.assertEqual(cell(bulk, "10", "kiln / best peer"), "0.50")
        self.assertIn("pico_ecs", table(lines, "create")[0])

    def test_a_case_with_no_peer_shows_no_ratio(self):
        self.directory.add(1, "kiln", "destroy/kiln/10", [4.0])
        self.directory.add(1, "baseline", "destroy/soa/10", [2.0])
        rows = table(self.section(), "destroy")
        self.assertEqual(cell(rows, "10", "kiln / best peer"), "—")
        self.assertEqual(cell(rows, "10", "kiln / soa"), "2.00")

    def test_systems7_compares_the_schedule_with_the_peers(self):
        self.directory.add(1, "kiln", "systems7/kiln_systems/10", [12.0])
        self.directory.add(1, "kiln", "systems7/kiln_each/10", [11.0])
        self.directory.add(1, "flecs", "systems7/flecs/10", [10.0])
        rows = table(self.section(), "systems7")
        self.assertEqual(rows[0][:4], ["N", "kiln systems", "kiln each", "flecs"])
        self.assertEqual(cell(rows, "10", "kiln systems / best peer"), "1.20")
        self.assertEqual(cell(rows, "10", "flecs"), "**10.0**")
        self.assertNotIn("kiln systems / soa", rows[0])

    def test_cases_follow_the_reports_order_and_aos_is_left_out(self):
        self.directory.add(1, "kiln", "get/kiln/10", [1.0])
        self.directory.add(1, "kiln", "create/kiln/10", [1.0])
        self.directory.add(1, "baseline", "create/aos/10", [1.0])
        lines = self.section()
        headings = [line for line in lines if line.startswith("### ")]
        self.assertEqual(headings, ["### create beside other libraries", "### get beside other libraries"])
        self.assertNotIn("aos", table(lines, "create")[0])

    def test_versions_machine_date_load_and_commands(self):
        for round_ in (1, 2):  # peerbench's defaults: two rounds of five repetitions
            self.directory.add(round_, "kiln", "get/kiln/10", [1.0] * 5)
            self.directory.add(round_, "entt", "get/entt/10", [2.0] * 5)
        text = "\n".join(
            self.section(
                load="round=1 lib=kiln start=1795711289 seconds=71 load_before=1.60 1.53 1.73 "
                "load_after=1.58 1.51 1.71\n",
                build="compiler: g++ (Debian 12.2.0-14+deb12u1) 12.2.0\ncxxflags: -O3 -fno-rtti\n"
                "kiln: 55443599cb7d (/work/kiln)\n",
            )
        )
        self.assertIn("| entt | [EnTT v3.16.0](https://github.com/skypjack/entt) | `entt` |", text)
        self.assertIn("| compiler | g++ (Debian 12.2.0-14+deb12u1) 12.2.0 |", text)
        self.assertIn("| flags | -O3 -fno-rtti |", text)
        self.assertIn("| kiln | 55443599cb7d |", text)
        self.assertIn("| host | testhost |", text)
        self.assertIn("2026-11-26T16:41:29+00:00", text)
        self.assertIn("| 1 | kiln | 71 | 1.60 1.53 1.73 | 1.58 1.51 1.71 |", text)
        self.assertIn(
            "../shared/peerbench/run --kiln . --peers ../shared/peers --out build/peerbench\n"
            "bench/run --peerbench build/peerbench",
            text,
        )
        self.assertIn("![ns per entity against N beside other libraries, one panel per case](performance_peers.png)", text)

    def test_without_load_txt_the_section_says_so(self):
        self.directory.add(1, "kiln", "get/kiln/10", [1.0])
        self.assertIn("load averages are unknown", "\n".join(self.section()))

    def test_a_malformed_load_txt_names_its_line(self):
        self.directory.add(1, "kiln", "get/kiln/10", [1.0])
        with self.assertRaisesRegex(peers.PeerbenchError, r"load\.txt:1: not a line"):
            self.section(load="round=1 garbage\n")


@unittest.skipUnless(importlib.util.find_spec("matplotlib"), "the plot needs matplotlib (/usr/bin/python3 has it)")
class Report(unittest.TestCase):
    """bench/report.py given --peerbench: the section on the page, a link to it, and the plot."""

    def test_report_writes_the_section_and_the_plot(self):
        directory = PeerbenchDirectory()
        self.addCleanup(directory.close)
        for round_ in (1, 2):
            directory.add(round_, "kiln", "get/kiln/10000", [20000.0, 21000.0], entities=10000)
            directory.add(round_, "pico", "get/pico/10000", [30000.0, 31000.0], entities=10000)
        peerbench = directory.write()
        output = pathlib.Path(directory.path / "out")
        kiln_bench = output / "kiln_bench.json"
        output.mkdir()
        kiln_bench.write_text(
            json.dumps(
                {
                    "context": CONTEXT,
                    "benchmarks": [
                        {
                            "name": f"get/{implementation}/10000/real_time",
                            "run_name": f"get/{implementation}/10000/real_time",
                            "run_type": "iteration",
                            "real_time": ns,
                            "time_unit": "us",
                            "entities": 10000,
                        }
                        for implementation, ns in (("kiln", 20.0), ("soa", 10.0))
                    ],
                }
            )
        )
        completed = subprocess.run(
            [
                sys.executable,
                str(BENCH / "report.py"),
                str(kiln_bench),
                "--peerbench",
                str(peerbench),
                "--markdown",
                str(output / "performance.md"),
                "--plot",
                str(output / "performance.png"),
            ],
            capture_output=True,
            text=True,
        )
        self.assertEqual(completed.returncode, 0, completed.stderr)
        page = (output / "performance.md").read_text()
        self.assertIn("[Against other libraries](#against-other-libraries)", page)
        self.assertIn("## Against other libraries", page)
        self.assertIn("| 10,000 | **2.05** | 3.05 | 0.67 | pico_ecs |", page)
        self.assertTrue((output / "performance_peers.png").stat().st_size > 0)

    def test_without_peerbench_the_page_has_no_section(self):
        with tempfile.TemporaryDirectory() as temporary:
            output = pathlib.Path(temporary)
            (output / "kiln_bench.json").write_text(
                json.dumps(
                    {
                        "context": CONTEXT,
                        "benchmarks": [
                            {
                                "name": "get/kiln/10000/real_time",
                                "run_name": "get/kiln/10000/real_time",
                                "run_type": "iteration",
                                "real_time": 20.0,
                                "time_unit": "us",
                                "entities": 10000,
                            }
                        ],
                    }
                )
            )
            subprocess.run(
                [
                    sys.executable,
                    str(BENCH / "report.py"),
                    str(output / "kiln_bench.json"),
                    "--markdown",
                    str(output / "performance.md"),
                    "--plot",
                    str(output / "performance.png"),
                ],
                check=True,
                capture_output=True,
            )
            self.assertNotIn("Against other libraries", (output / "performance.md").read_text())
            self.assertFalse((output / "performance_peers.png").exists())


if __name__ == "__main__":
    unittest.main()
