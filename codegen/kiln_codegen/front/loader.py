"""Reading schema files: TOML data plus where each key is written, for messages that point at keys."""

import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import Diagnostic, Location, SchemaError, in_report_order
from .key_positions import KeyPath, Position, key_positions

# tomllib puts the position into the message text: "Invalid value (at line 3, column 9)".
_TOML_POSITION = re.compile(r"(?P<message>.*) \(at (?:line (?P<line>\d+), column (?P<column>\d+)|end of document)\)")


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
        location = Location(path, int(match["line"]), int(match["column"]))
    else:
        lines = text.replace("\r\n", "\n").split("\n")
        location = Location(path, len(lines), len(lines[-1]) + 1)
    return Diagnostic(location, f"invalid TOML: {match['message']}")
