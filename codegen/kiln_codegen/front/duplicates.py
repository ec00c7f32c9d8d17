"""The key or table that a TOML document declares twice, with both places, for kilnc's message.

tomllib rejects such a document in words of its own ("Cannot overwrite a value", "Cannot declare
('component', 'Vel') twice") that name neither the key, in the schema's spelling, nor where it
was first declared. This reads the text again, as key_positions does, and keeps the first place of
each key: a table header, a key set to a value, or a table that a dotted key (`a.b = 1`) makes.
"""

import json
from dataclasses import dataclass

from .key_positions import _BARE_KEY, KeyPath, Position, _Scanner


@dataclass(frozen=True)
class Duplicate:
    """`path` declared at `first`, then again at `second`; `header` says how each was declared,
    True for a `[table]` header, False for a key set to a value or a dotted key's table."""

    path: KeyPath
    first: Position
    first_header: bool
    second: Position
    second_header: bool


def first_duplicate(text: str) -> Duplicate | None:
    """The first key or table of `text` declared twice, or None.

    `text` must be valid TOML up to that second declaration, which holds for the text that tomllib
    stopped reading at it (loader.py passes no more than that).

    >>> first_duplicate('[a]\\nx = 1\\nx = 2\\n')
    Duplicate(path=('a', 'x'), first=(2, 1), first_header=False, second=(3, 1), second_header=False)
    >>> first_duplicate('[a]\\n[b]\\n[ a ]\\n').second
    (3, 3)
    >>> first_duplicate('[a.b]\\n[a]\\n') is None
    True
    """
    scanner = _DuplicateScanner(text)
    try:
        scanner.scan()
    except _Found as found:
        return found.duplicate
    return None


def dotted(path: KeyPath) -> str:
    """A key path as TOML spells it: bare keys as they are, others quoted.

    >>> dotted(("component", "Vel")), dotted(("a", "b c"))
    ('component.Vel', 'a."b c"')
    """
    return ".".join(part if _BARE_KEY.fullmatch(part) else json.dumps(part) for part in path)


class _Found(Exception):
    def __init__(self, duplicate: Duplicate):
        self.duplicate = duplicate


class _DuplicateScanner(_Scanner):
    # Each declared path, where, and whether by a header ("header"), a value ("value") or as the
    # table that a dotted key goes through ("dotted"). A table that a header only implies (`a`
    # of `[a.b]`) is not declared: `[a]` may still come later.
    def __init__(self, text: str):
        super().__init__(text)
        self.declared: dict[KeyPath, tuple[Position, str]] = {}

    def table_header(self, path: KeyPath, position: Position) -> None:
        for length in range(1, len(path)):
            self.clash(path[:length], position, True, ("value",))
        self.clash(path, position, True, ("header", "value", "dotted"))
        self.declared[path] = (position, "header")

    def value_key(self, table: KeyPath, path: KeyPath, position: Position) -> None:
        for length in range(len(table) + 1, len(path)):
            self.clash(path[:length], position, False, ("header", "value"))
            self.declared.setdefault(path[:length], (position, "dotted"))
        self.clash(path, position, False, ("header", "value", "dotted"))
        self.declared[path] = (position, "value")

    def clash(self, path: KeyPath, position: Position, header: bool, kinds: tuple[str, ...]) -> None:
        earlier = self.declared.get(path)
        if earlier is not None and earlier[1] in kinds:
            raise _Found(Duplicate(path, earlier[0], earlier[1] == "header", position, header))
