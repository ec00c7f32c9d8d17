#!/usr/bin/env python3
"""Checks that code shown in the documentation is code the build compiles.

A fenced code block preceded by a line `<!-- snippet: path/to/file -->` must
appear in that file (relative to the repository root): each of its non-blank
lines, stripped of indentation, must be found in the file in the same order,
so a snippet may leave lines out but not change or reorder them.

Usage: check_snippets.py FILE.md...   (run from the repository root)
Exit status: 0 when every snippet is found, 1 otherwise.
"""

import pathlib
import re
import sys

MARKER = re.compile(r"<!--\s*snippet:\s*(\S+)\s*-->")


def snippets(markdown: str):
    """Yields (line number, source path, code lines) for each marked block.

    >>> text = "<!-- snippet: a.cpp -->\\n```cpp\\nint x;\\n```\\n"
    >>> list(snippets(text))
    [(1, 'a.cpp', ['int x;'])]
    """
    lines = markdown.splitlines()
    for number, line in enumerate(lines):
        match = MARKER.search(line)
        if not match or number + 1 >= len(lines) or not lines[number + 1].startswith("```"):
            continue
        code = []
        for body in lines[number + 2:]:
            if body.startswith("```"):
                break
            code.append(body)
        yield number + 1, match.group(1), code


def missing_line(code: list[str], source: list[str]) -> str | None:
    """The first line of code not found, in order, in source; None if all are.

    >>> missing_line(["a", "  c"], ["a", "b", "c"])
    >>> missing_line(["c", "a"], ["a", "b", "c"])
    'a'
    """
    stripped = [line.strip() for line in source]
    position = 0
    for line in (line.strip() for line in code):
        if not line:
            continue
        try:
            position = stripped.index(line, position) + 1
        except ValueError:
            return line
    return None


def main(paths: list[str]) -> int:
    failures = 0
    for path in paths:
        for number, source_path, code in snippets(pathlib.Path(path).read_text(encoding="utf-8")):
            source = pathlib.Path(source_path)
            if not source.is_file():
                print(f"{path}:{number}: error: the snippet's source {source_path} does not exist")
                failures += 1
                continue
            line = missing_line(code, source.read_text(encoding="utf-8").splitlines())
            if line is not None:
                print(f"{path}:{number}: error: `{line}` is not in {source_path} (or not in this order); "
                      "the documentation shows code the build does not compile")
                failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
