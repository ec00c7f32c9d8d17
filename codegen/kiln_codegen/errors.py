"""Mistakes in a user's schema, reported in the compiler's format so editors can jump to them.

Only mistakes in the schema are SchemaErrors; anything else that goes wrong is a fault of the
tool, and the command line reports it differently (exit code 2 and a traceback).
"""

import difflib
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
    """One mistake, or one doubt: where it is and a message that names the key and says what to do.

    A warning does not stop kilnc; `strict = true` in [kiln] makes the schedule's warnings errors.

    >>> str(Diagnostic(Location("game.toml", 3, 1), "something odd", "warning"))
    'game.toml:3:1: warning: something odd'
    """

    location: Location
    message: str
    severity: str = "error"  # or "warning"

    def __str__(self) -> str:
        return f"{self.location}: {self.severity}: {self.message}"


class SchemaError(Exception):
    """The schema has mistakes; `diagnostics` holds every one found, in report order, with any
    warnings among them."""

    def __init__(self, diagnostics: Iterable[Diagnostic]):
        self.diagnostics = tuple(diagnostics)
        super().__init__("\n".join(map(str, self.diagnostics)))


class Diagnostics:
    """What a stage has found wrong so far: errors and warnings apart, each in the order found.

    check/ and persistence/ add to one as they go and hand on `found`, as plan/ hands on its own;
    pipeline.py merges them and reports them all at once, in report order.
    """

    def __init__(self) -> None:
        self.errors: list[Diagnostic] = []
        self.warnings: list[Diagnostic] = []

    def error(self, location: Location, message: str) -> None:
        self.errors.append(Diagnostic(location, message))

    def warn(self, location: Location, message: str) -> None:
        self.warnings.append(Diagnostic(location, message, "warning"))

    @property
    def found(self) -> tuple[Diagnostic, ...]:
        """The errors, then the warnings."""
        return (*self.errors, *self.warnings)


def in_report_order(diagnostics: Iterable[Diagnostic], paths: Sequence[str]) -> list[Diagnostic]:
    """Sorts diagnostics by file (in command-line order), then line, then column."""
    rank = {path: index for index, path in enumerate(paths)}

    def key(diagnostic: Diagnostic) -> tuple[int, int, int]:
        where = diagnostic.location
        return rank.get(where.path, len(rank)), where.line or 0, where.column or 0

    return sorted(diagnostics, key=key)


def closest(word: str, choices: Iterable[str]) -> str | None:
    """The choice that `word` most likely misspells, for "did you mean": one that differs only in
    case, else the closest by difflib's measure, if any is close.

    difflib alone misses a short name typed in the wrong case: "HP" and "Hp" share one letter of two.

    >>> closest("HP", ["Speed", "Hp"]), closest("Vell", ["Vel", "Hp"]), closest("Zzz", ["Vel"])
    ('Hp', 'Vel', None)
    """
    choices = list(choices)
    same_letters = [choice for choice in choices if choice.casefold() == word.casefold()]
    if same_letters:
        return same_letters[0]
    close = difflib.get_close_matches(word, choices, n=1)
    return close[0] if close else None


def joined(items: Sequence[str], conjunction: str = "and") -> str:
    """Items joined for a sentence.

    >>> joined(["a"]), joined(["a", "b", "c"]), joined(["a", "b"], "or")
    ('a', 'a, b and c', 'a or b')
    """
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {conjunction} {items[-1]}"


def listing(words: Sequence[str], conjunction: str = "and") -> str:
    """Quoted words joined for a sentence.

    >>> listing(["type", "default", "doc"]), listing(["init", "update"], "or")
    ("'type', 'default' and 'doc'", "'init' or 'update'")
    """
    return joined([f"'{word}'" for word in words], conjunction)


def a(kind: str) -> str:
    """A kind of declaration with its article: "a component", "an extern"."""
    return f"an {kind}" if kind[0] in "aeiou" else f"a {kind}"


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
