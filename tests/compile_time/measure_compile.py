#!/usr/bin/env python3
"""Compiles one translation unit and fails when it takes more CPU time or
memory than its budget.

Usage: measure_compile.py --seconds S --mebibytes M [--attempts N] -- <compiler command...>

CPU time (user + system) is measured rather than wall time, so that other
work on the machine disturbs the figure less; peak memory is the compiler's
maximum resident set. A virtual machine's CPU time still varies by a quarter
from one compile to the next (seen here: 4.9 to 6.5 s for the same file on
an idle machine), so the compile is tried up to N times (default 3) and
passes when one attempt is within budget: the best attempt is the figure
closest to what the code itself costs.
"""

import argparse
import resource
import subprocess
import sys


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, required=True)
    parser.add_argument("--mebibytes", type=float, required=True)
    parser.add_argument("--attempts", type=int, default=3)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    arguments = parser.parse_args()
    command = arguments.command[1:] if arguments.command[:1] == ["--"] else arguments.command

    for attempt in range(1, arguments.attempts + 1):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        completed = subprocess.run(command)
        if completed.returncode != 0:
            print(f"the compile failed with exit code {completed.returncode}", file=sys.stderr)
            return 1
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        mebibytes = after.ru_maxrss / 1024  # ru_maxrss is in KiB on Linux, the largest child so far
        print(f"compile: {seconds:.2f} s CPU (budget {arguments.seconds:g}), "
              f"{mebibytes:.0f} MiB peak (budget {arguments.mebibytes:g}), attempt {attempt}")
        if seconds <= arguments.seconds and mebibytes <= arguments.mebibytes:
            return 0
    print(f"over budget in all {arguments.attempts} attempts", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
