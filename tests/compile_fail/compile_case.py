"""Compiles one must-not-compile case with the command the build would run, up to the compiler's
checks only (-fsyntax-only, which still instantiates every template, and so still reaches every
static_assert), without driving the build tree: ninja gives the command (`ninja -t commands -s`),
and the case runs it itself, so that two cases can compile at once and none pays for code
generation. The compiler's output and exit status are the case's; ctest matches the sentence.

Usage: compile_case.py --ninja NINJA --build-dir DIR --object OBJECT_FILE
"""

import argparse
import os
import subprocess
import sys


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ninja", required=True, help="the ninja that generated the build tree")
    parser.add_argument("--build-dir", required=True, help="the build tree")
    parser.add_argument("--object", required=True, help="the case's object file, as the build names it")
    arguments = parser.parse_args()

    target = os.path.relpath(arguments.object, arguments.build_dir)
    commands = subprocess.run([arguments.ninja, "-C", arguments.build_dir, "-t", "commands", "-s", target],
                              capture_output=True, text=True)
    lines = commands.stdout.strip().splitlines()
    if commands.returncode != 0 or not lines:
        print(f"compile_case.py: ninja gave no command for {target}:\n{commands.stderr}", file=sys.stderr)
        return 2
    compiled = subprocess.run(f"{lines[-1]} -fsyntax-only", shell=True, cwd=arguments.build_dir)
    return compiled.returncode


if __name__ == "__main__":
    sys.exit(main())
