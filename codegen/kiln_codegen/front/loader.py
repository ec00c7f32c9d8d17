"""Reading schema files: TOML data plus where each key is written, for messages that point at keys."""

import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import Diagnostic, Location, SchemaError, in_report_order
from .duplicates import Duplicate, dotted, first_duplicate
from .key_positions import KeyPath, Position, key_positions

# tomllib puts the position into the message text: "Invalid value (at line 3, column 9)".
_TOML_POSITION = re.compile(r"(?P<message>.*) \(at (?:line (?P<line>\d+), column (?P<column>\d+)|end of document)\)")
# What tomllib says of a key or table declared twice; kilnc finds which, and where first, itself.
_TOML_DUPLICATE = re.compile(r"Cannot overwrite a value|Cannot declare .* twice|Cannot redefine namespace .*|"
                             r"Duplicate inline table key .*")


@dataclass(frozen=True)
class SchemaFile:
    """One parsed schema file; `path` is spelled as on the command line."""

    path: str
    data: dict[str, Any]
    positions: dict[KeyPath, Position]

    def locate(self, keys: KeyPath) -> Location:
        """Where the key at `keys` is written; falls back to its closest enclosing key, then 1:1."""
        for length in range(len(keys), 0, -1):
            position = self.positions.get(keys[:length])
            if position is not None:
                return Location(self.path, *position)
        return Location(self.path, 1, 1)


def load_all(paths: Sequence[str]) -> list[SchemaFile]:
    """Reads and parses every file, reporting the problems of all of them at once."""
    files = []
    diagnostics = []
    for path in paths:
        try:
            files.append(load(path))
        except SchemaError as error:
            diagnostics.extend(error.diagnostics)
    if diagnostics:
        raise SchemaError(in_report_order(diagnostics, paths))
    return files


def load(path: str) -> SchemaFile:
    """Reads and parses one file; a file that cannot be read, decoded or parsed is a SchemaError."""
    try:
        raw = Path(path).read_bytes()
    except OSError as error:
        raise SchemaError([Diagnostic(Location(path), f"cannot read this schema file: {error.strerror}")]) from None
    try:
        # utf-8-sig: editors on Windows may start the file with a byte order mark.
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        column = error.start - (raw.rfind(b"\n", 0, error.start) + 1) + 1
        message = "the file is not valid UTF-8; save it as UTF-8"
        raise SchemaError([Diagnostic(Location(path, line, column), message)]) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise SchemaError([_syntax_error(path, text, str(error))]) from None
    return SchemaFile(path, data, key_positions(text))


def _syntax_error(path: str, text: str, message: str) -> Diagnostic:
    match = _TOML_POSITION.fullmatch(message)
    if match is None:
        return Diagnostic(Location(path, 1, 1), f"invalid TOML: {message}")
    if match["line"]:
        line, column = int(match["line"]), int(match["column"])
        if _TOML_DUPLICATE.fullmatch(match["message"]):
            # tomllib read the text up to here; the second declaration is in it.
            end = sum(len(text_line) for text_line in text.splitlines(keepends=True)[:line - 1]) + column - 1
            duplicate = first_duplicate(text[:end])
            if duplicate is not None:
                return _duplicate_error(path, duplicate)
        location = Location(path, line, column)
    else:
        lines = text.replace("\r\n", "\n").split("\n")
        location = Location(path, len(lines), len(lines[-1]) + 1)
    return Diagnostic(location, f"invalid TOML: {match['message']}")


def _duplicate_error(path: str, duplicate: Duplicate) -> Diagnostic:
    """Names what is declared twice, where first, and what to do.

    >>> print(_duplicate_error("game.toml", Duplicate(("component", "Vel"), (4, 2), True, (9, 2), True)))
    game.toml:9:2: error: table [component.Vel] is declared twice; the first [component.Vel] is at \
game.toml:4:2: put all of its keys under one of the two and delete the other
    """
    first = Location(path, *duplicate.first)
    name = dotted(duplicate.path)
    if duplicate.first_header and duplicate.second_header:
        message = (f"table [{name}] is declared twice; the first [{name}] is at {first}: "
                   "put all of its keys under one of the two and delete the other")
    elif duplicate.first_header or duplicate.second_header:
        message = (f"'{name}' is declared twice, as a [table] and as a key set to a value; the first is at "
                   f"{first}: keep one of the two")
    else:
        where = f" in [{dotted(duplicate.path[:-1])}]" if len(duplicate.path) > 1 else ""
        message = (f"key '{duplicate.path[-1]}'{where} is set twice; it is first set at {first}: "
                   "keep one of the two, or rename one")
    return Diagnostic(Location(path, *duplicate.second), message)
