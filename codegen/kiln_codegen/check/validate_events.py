"""Checks [event.NAME] tables and who emits and reads each event.

An event is declared like a component: fields, and options under the reserved key `kiln` (`doc`,
and `external = true` when game code sends it with world.emit). Systems name events in `emit` and
`events` (read); validate_systems.py checks those lists. An event that no system emits (and that
is not external), or that no system reads, is most likely a mistake, so kilnc warns of it.
"""

from collections.abc import Sequence
from typing import Any, Protocol

from ..errors import Diagnostic, Location, joined, shown
from ..front.key_positions import KeyPath
from ..front.loader import SchemaFile
from ..model import Event, Field, System


class Declaration(Protocol):
    name: str
    body: dict[str, Any]
    file: SchemaFile
    keys: KeyPath
    label: str
    location: Location

    @property
    def origin(self): ...


class Reporter(Protocol):
    warnings: list

    def error(self, file: SchemaFile, keys: KeyPath, message: str) -> None: ...

    def options(self, declaration: Declaration) -> dict[str, Any]: ...

    def fields(self, declaration: Declaration) -> list[Field]: ...

    def check_size(self, declaration: Declaration, fields: Sequence[Field]) -> None: ...

    def doc(self, file: SchemaFile, keys: KeyPath, doc: Any, owner: str) -> str | None: ...


def event(reporter: Reporter, declaration: Declaration) -> Event:
    """The event a [event.NAME] table declares; its mistakes are reported."""
    options = reporter.options(declaration)
    doc = reporter.doc(declaration.file, declaration.keys + ("kiln", "doc"), options.get("doc"), declaration.label)
    external = options.get("external", False)
    if not isinstance(external, bool):
        reporter.error(declaration.file, declaration.keys + ("kiln", "external"),
                       f"{declaration.label}: external must be true (game code sends it with world.emit) or false, "
                       f"not {shown(external)}")
        external = False
    fields = reporter.fields(declaration)
    reporter.check_size(declaration, fields)
    return Event(declaration.name, tuple(fields), doc, external, declaration.origin)


def warn_of_unused(reporter: Reporter, declarations: dict[str, Declaration], events: Sequence[Event],
                   systems: Sequence[System]) -> None:
    """A warning at each event that no system emits (unless external) or that no system reads."""
    for declared in events:
        emitters = [system.name for system in systems if any(e.name == declared.name for e in system.emit)]
        readers = [system.name for system in systems if any(e.name == declared.name for e in system.events)]
        label = f"event '{declared.name}'"
        if not emitters and not readers:
            message = (f"{label} is neither emitted nor read by any system; list it in a system's emit and "
                       "another's events, or remove it")
        elif not emitters and not declared.external:
            message = (f"{label} is read by {_systems(readers)} but no system emits it; list it in a system's emit, "
                       "or, if game code sends it with world.emit, say so with kiln = { external = true }")
        elif not readers:
            message = (f"{label} is emitted by {_systems(emitters)} but no system reads it, so every one is dropped "
                       "unread; list it in a system's events, or remove it")
        else:
            continue
        reporter.warnings.append(Diagnostic(declarations[declared.name].location, message, "warning"))


def _systems(names: Sequence[str]) -> str:
    quoted = joined([f"'{name}'" for name in names])
    return f"system {quoted}" if len(names) == 1 else f"systems {quoted}"
