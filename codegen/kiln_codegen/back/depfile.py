"""Makefile-style depfiles, so that builds rerun kilnc when a schema or kilnc itself changes."""

import os
from collections.abc import Iterable
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


def tool_files() -> list[Path]:
    """Every file whose change can change the output: kilnc, the package's modules, the templates."""
    return [_PACKAGE.parent / "kilnc", *sorted(_PACKAGE.rglob("*.py")), *sorted(_PACKAGE.rglob("*.j2"))]


def depfile_text(target: str, dependencies: Iterable[Path]) -> str:
    """`target: dependency ...` on one line, dependencies as absolute paths.

    >>> depfile_text("out/a b.hpp", [Path("/s/x#1.toml"), Path("/s/$y.toml")])
    'out/a\\\\ b.hpp: /s/x\\\\#1.toml /s/$$y.toml\\n'
    """
    paths = [_escaped(target)] + [_escaped(os.path.abspath(dependency)) for dependency in dependencies]
    return f"{paths[0]}: {' '.join(paths[1:])}\n"


def _escaped(path: str) -> str:
    """A path as make reads it: spaces and # escaped with a backslash, $ doubled."""
    return path.replace("$", "$$").replace(" ", "\\ ").replace("#", "\\#")
