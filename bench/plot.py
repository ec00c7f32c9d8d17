"""The plot of docs/performance.png: ns per entity against N, one panel per case, one line per
implementation."""

from __future__ import annotations

import math
import pathlib

from cases import Case, ReportError
from results import IMPLEMENTATIONS, sizes_of


def plot(cases: tuple[Case, ...], results, path: pathlib.Path) -> None:
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
    measured = [case for case in cases if sizes_of(results, case.name)]
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
