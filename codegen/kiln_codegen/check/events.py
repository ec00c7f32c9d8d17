"""Checks [event.NAME] tables and who emits and reads each event.

An event is declared like a component: fields, and options under the reserved key `kiln` (`doc`,
and `external = true` when game code sends it with world.emit). Systems name events in `emit` and
`events` (read); systems.py checks those lists. An event that no system emits (and that
is not external), or that no system reads, is most likely a mistake, so kilnc warns of it.
"""

from collections.abc import Sequence

from ..errors import joined, shown
from ..front.declaration import Declaration
from ..model import Event, System
from .checker import Checker
from .fields import check_size, fields_of, options_of


def event(checker: Checker, declaration: Declaration) -> Event:
    """The event a [event.NAME] table declares; its mistakes are reported."""
    options = options_of(checker, declaration)
    doc = checker.doc(declaration.file, declaration.keys + ("kiln", "doc"), options.get("doc"), declaration.label)
    external = options.get("external", False)
    if not isinstance(external, bool):
        checker.error(declaration.file, declaration.keys + ("kiln", "external"),
                      f"{declaration.label}: external must be true (game code sends it with world.emit) or false, "
                      f"not {shown(external)}")
        external = False
    fields = fields_of(checker, declaration)
    check_size(checker, declaration, fields)
    return Event(declaration.name, tuple(fields), doc, external, declaration.origin)


def warn_of_unused(checker: Checker, declarations: dict[str, Declaration], events: Sequence[Event],
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
        checker.diagnostics.warn(declarations[declared.name].location, message)


def _systems(names: Sequence[str]) -> str:
    quoted = joined([f"'{name}'" for name in names])
    return f"system {quoted}" if len(names) == 1 else f"systems {quoted}"
