"""What every check of one world shares: its files, what was found wrong so far, each declaration by
name, the externs, and the rules that every table follows (no unknown key, a doc that C++ can hold).

The check modules take a Checker; check() (world.py) makes one per run and hands on what it found,
as values.
"""

import re
from collections.abc import Sequence
from typing import Any

from ..errors import Diagnostic, Diagnostics, closest, listing, shown
from ..front.declaration import Declaration
from ..front.key_positions import KeyPath
from ..front.loader import SchemaFile
from ..model import Extern

# C++17 dropped trigraphs, but GCC and Clang still warn of them (-Wtrigraphs, in -Wall), in comments too.
_TRIGRAPH = re.compile(r"\?\?[=/'()!<>-]")


class Checker:
    """One run's checks of one world: what they share, and what they have found wrong so far."""

    def __init__(self, files: Sequence[SchemaFile]):
        self.files = files
        self.diagnostics = Diagnostics()
        self.declared: dict[str, Declaration] = {}
        self.externs: dict[str, Extern] = {}

    @property
    def errors(self) -> list[Diagnostic]:
        return self.diagnostics.errors

    @property
    def warnings(self) -> list[Diagnostic]:
        return self.diagnostics.warnings

    def error(self, file: SchemaFile, keys: KeyPath, message: str) -> None:
        self.diagnostics.error(file.locate(keys), message)

    def unknown_keys(self, file: SchemaFile, keys: KeyPath, table: dict[str, Any], allowed: Sequence[str],
                     owner: str, place: str = "") -> bool:
        """Reports each key of `table` not in `allowed`; returns whether there was one."""
        unknown = [key for key in table if key not in allowed]
        for key in unknown:
            close = closest(key, allowed)
            advice = f"did you mean '{close}'?" if close else f"the keys allowed here are {listing(allowed)}"
            self.error(file, keys + (key,), f"{owner}: unknown key '{key}'{place}; {advice}")
        return bool(unknown)

    def doc(self, file: SchemaFile, keys: KeyPath, doc: Any, owner: str) -> str | None:
        if doc is None:
            return None
        if not isinstance(doc, str):
            self.error(file, keys, f"{owner}: doc must be a string, not {shown(doc)}")
            return None
        if any(line.endswith("\\") for line in doc.splitlines()):
            self.error(file, keys, f"{owner}: a line of doc ends with a backslash, which would continue the C++ "
                       "comment onto the next line; remove the backslash")
            return None
        trigraph = _TRIGRAPH.search(doc)
        if trigraph:
            self.error(file, keys, f"{owner}: doc holds '{trigraph.group()}', a trigraph, which C++ compilers warn "
                       "of (and before C++17 replaced with another character); put a space between the question "
                       "marks")
            return None
        return doc
