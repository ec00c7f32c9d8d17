"""Checks the `track` option of a component: whether its rows carry change ticks.

`[component.X] kiln = { track = true }` asks the runtime to keep, for each row of X, the tick at
which the row gained X and the tick at which a system or a writable each() last wrote it, so that
kiln::changed<X> and kiln::added<X> can find them (docs/changes.md). A component that is not
tracked keeps exactly the code and the memory it had before tracking existed.
"""

from typing import Any, Protocol

from ..errors import shown
from ..front.key_positions import KeyPath
from ..front.loader import SchemaFile


class Declaration(Protocol):
    body: dict[str, Any]
    file: SchemaFile
    keys: KeyPath
    label: str


class Reporter(Protocol):
    def error(self, file: SchemaFile, keys: KeyPath, message: str) -> None: ...


def tracked(reporter: Reporter, declaration: Declaration, options: dict[str, Any]) -> bool:
    """Whether the component `declaration` asks to be tracked; a wrong `track` is reported."""
    track = options.get("track", False)
    keys = declaration.keys + ("kiln", "track")
    if not isinstance(track, bool):
        reporter.error(declaration.file, keys,
                       f"{declaration.label}: track must be true or false, not {shown(track)}; "
                       "kiln = { track = true } keeps a change tick per row (docs/changes.md)")
        return False
    if track and not any(key != "kiln" for key in declaration.body):
        reporter.error(declaration.file, keys,
                       f"{declaration.label} has no fields, so it is a tag and has no value that could change; "
                       "remove kiln.track")
        return False
    return track
