"""A named table of a schema file, as check finds it: [component.Position], [system.Move]."""

from dataclasses import dataclass
from typing import Any

from ..errors import Location
from ..model import Origin
from .key_positions import KeyPath
from .loader import SchemaFile


@dataclass(frozen=True)
class Declaration:
    """A named table: [extern.X], [component.X], [resource.X], [event.X], [archetype.X], [system.X],
    [observer.X], [propagate.X] or [fuse.X]."""

    kind: str
    name: str
    body: dict[str, Any]
    file: SchemaFile
    location: Location
    order: tuple[int, int, int]  # file on the command line, line, column

    @property
    def keys(self) -> KeyPath:
        return self.kind, self.name

    @property
    def label(self) -> str:
        return f"{self.kind} '{self.name}'"

    @property
    def origin(self) -> Origin:
        """Where the generated metadata says the declaration is: its file and its table header's line."""
        return Origin(self.order[0], self.location.line)
