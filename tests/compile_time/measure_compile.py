#!/usr/bin/env python3
"""Compiles one translation unit and fails when it takes more CPU time or
memory than its budget.

Usage: measure_compile.py --seconds S --mebibytes M -- <compiler command...>

CPU time (user + system) is measured rather than wall time, so that other
work on the machine disturbs the figure less; peak memory is the compiler's
maximum resident set.
"""

import argparse
import resource
import subprocess
import sys


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, required=True)
    parser.add_argument("--mebibytes", type=float, required=True)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    arguments = parser.parse_args()
    command = arguments.command[1:] if arguments.command[:1] == ["--"] else arguments.command

    completed = subprocess.run(command)
    if completed.returncode != 0:
        print(f"the compile failed with exit code {completed.returncode}", file=sys.stderr)
        return 1
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = usage.ru_utime + usage.ru_stime
    mebibytes = usage.ru_maxrss / 1024  # ru_maxrss is in KiB on Linux
    print(f"compile: {seconds:.2f} s CPU (budget {arguments.seconds:g}), "
          f"{mebibytes:.0f} MiB peak (budget {arguments.mebibytes:g})")
    if seconds > arguments.seconds or mebibytes > arguments.mebibytes:
        print("over budget", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
