"""Mistakes in a user's schema, reported in the compiler's format so editors can jump to them.

Only mistakes in the schema are SchemaErrors; anything else that goes wrong is a fault of the
tool, and the command line reports it differently (exit code 2 and a traceback).
"""

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Location:
    """A place in a schema file; line and column count from 1 and are absent for whole files."""

    path: str
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        if self.line is None:
            return self.path
        return f"{self.path}:{self.line}:{self.column}"


@dataclass(frozen=True)
class Diagnostic:
    """One mistake: where it is and a message that names the key and says what to do."""

    location: Location
    message: str

    def __str__(self) -> str:
        return f"{self.location}: error: {self.message}"


class SchemaError(Exception):
    """The schema has mistakes; `diagnostics` holds every one found, in report order."""

    def __init__(self, diagnostics: Iterable[Diagnostic]):
        self.diagnostics = tuple(diagnostics)
        super().__init__("\n".join(map(str, self.diagnostics)))


def in_report_order(diagnostics: Iterable[Diagnostic], paths: Sequence[str]) -> list[Diagnostic]:
    """Sorts diagnostics by file (in command-line order), then line, then column."""
    rank = {path: index for index, path in enumerate(paths)}

    def key(diagnostic: Diagnostic) -> tuple[int, int, int]:
        where = diagnostic.location
        return rank.get(where.path, len(rank)), where.line or 0, where.column or 0

    return sorted(diagnostics, key=key)


def shown(value: Any) -> str:
    """A TOML value for a message, spelled about as the user wrote it.

    >>> shown(True), shown(1.5), shown("f32"), shown([1, "a"]), shown({"type": "f32"})
    ('true', '1.5', '"f32"', '[1, "a"]', '{ ... }')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(map(shown, value)) + "]"
    if isinstance(value, dict):
        return "{ ... }"
    return str(value)
