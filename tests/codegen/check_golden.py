#!/usr/bin/env python3
"""Checks that kilnc still generates the checked-in headers, byte for byte, and nothing else.

    tests/codegen/check_golden.py --expected generated [--update] examples/game/game.toml
    tests/codegen/check_golden.py --schemas examples/game/game.toml --expected generated   (the same)
    tests/codegen/check_golden.py --expected generated --built build/default/examples/game_ecs

With --built, kilnc is not run: what a build wrote (its kiln_generate OUTPUT_DIR, the build's own
files there, whose names begin with a dot, aside) is compared with --expected the same way.

Runs `kilnc generate` on the schema files (one world) into a temporary directory, with banner
paths relative to --root (default: the current directory, so run this from the repository root),
and compares each generated file with the file at the same path under --expected.
The schema's lock file must be current (kilnc generate --locked); --update updates it too.

--expected belongs to that one world: a file under it that kilnc did not write is an orphan, left
behind by a schema or a template that no longer produces it, and fails the check. Give another
world a directory of its own.

Exit status: 0 all the same; 1 something differs (a unified diff is printed) or an orphan was
found; 2 kilnc failed. With --update, the expected files kilnc writes are rewritten instead;
orphans are still reported, and left for you to delete, since deleting is not this tool's to do.
"""

import argparse
import difflib
import subprocess
import sys
import tempfile
from pathlib import Path

KILNC = Path(__file__).resolve().parents[2] / "codegen" / "kilnc"


def main() -> int:
    parser = argparse.ArgumentParser(description="Compares kilnc's output with checked-in headers.")
    parser.add_argument("schemas", nargs="*", metavar="FILE", help="the schema files of one world, in order")
    parser.add_argument("--schemas", nargs="+", default=[], dest="more_schemas", metavar="FILE",
                        help="more schema files, after those given without the option")
    parser.add_argument("--expected", required=True, type=Path, metavar="DIR", help="directory of expected output")
    parser.add_argument("--root", default=".", metavar="DIR", help="what banner paths are relative to (default: .)")
    parser.add_argument("--update", action="store_true", help="rewrite the expected files with kilnc's output")
    parser.add_argument("--built", type=Path, metavar="DIR", help="compare what a build wrote in DIR, not kilnc's output")
    args = parser.parse_args()
    schemas = args.schemas + args.more_schemas
    if not schemas and not args.built:
        parser.error("name the schema files")

    with tempfile.TemporaryDirectory() as scratch:
        generated = args.built or Path(scratch)
        if not args.built:
            locked = [] if args.update else ["--locked"]
            kilnc = subprocess.run([sys.executable, str(KILNC), "generate", "--out", str(generated),
                                    "--root", args.root, *locked, *schemas])
            if kilnc.returncode != 0:
                print(f"check_golden: kilnc failed with exit status {kilnc.returncode}", file=sys.stderr)
                return 2
        different = []
        written = sorted(path.relative_to(generated) for path in generated.rglob("*")
                         if path.is_file() and not path.name.startswith("."))
        for relative in written:
            actual = generated / relative
            expected = args.expected / relative
            if expected.is_file() and expected.read_bytes() == actual.read_bytes():
                continue
            if args.update:
                expected.parent.mkdir(parents=True, exist_ok=True)
                expected.write_bytes(actual.read_bytes())
                print(f"updated {expected}")
                continue
            different.append(expected)
            _print_diff(expected, actual, relative)
    if different:
        print(f"check_golden: {len(different)} file(s) differ from kilnc's output; if the change is intended, "
              "rerun with --update and commit the result", file=sys.stderr)
    orphans = _orphans(args.expected, set(written))
    for orphan in orphans:
        print(f"check_golden: {orphan}: kilnc wrote no such file for {' '.join(schemas) or args.built} (an orphan); "
              "delete it, or give the world that writes it a directory of its own", file=sys.stderr)
    return 1 if different or orphans else 0


def _orphans(expected: Path, written: set[Path]) -> list[Path]:
    """The files under expected that are not among written, the paths kilnc wrote relative to its output."""
    if not expected.is_dir():
        return []
    return sorted(path for path in expected.rglob("*") if path.is_file() and path.relative_to(expected) not in written)


def _print_diff(expected: Path, actual: Path, relative: Path) -> None:
    old = expected.read_text(encoding="utf-8").splitlines(keepends=True) if expected.is_file() else []
    new = actual.read_text(encoding="utf-8").splitlines(keepends=True)
    diff = list(difflib.unified_diff(old, new, fromfile=str(expected), tofile=f"kilnc output: {relative.as_posix()}"))
    if not diff:
        diff = [f"{expected}: same lines, different bytes (line endings or a final newline?)\n"]
    sys.stdout.writelines(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in diff)


if __name__ == "__main__":
    sys.exit(main())
