"""The warning for a component that no archetype holds: no entity can have it, and a query of it
does not compile, so it is most likely forgotten in an archetype's list, or left over."""

from collections.abc import Iterable, Sequence

from ..errors import Diagnostic, Location
from ..model import Archetype


def unheld_components(components: Iterable[tuple[str, Location]], archetypes: Sequence[Archetype]) -> list[Diagnostic]:
    """A warning at each component, given by name and where it is declared, that no archetype holds.

    A world without archetypes gets none: it is unfinished, or a fragment of the docs, and a
    warning for each of its components would say nothing.

    >>> from ..model import Component
    >>> position = Component("Position", 0, None, (), None)
    >>> mover = Archetype("Mover", 0, (position,), None)
    >>> [str(warning) for warning in unheld_components([("Position", Location("game.toml", 4, 12)),
    ...                                                  ("Lost", Location("game.toml", 7, 12))], [mover])]
    ["game.toml:7:12: warning: component 'Lost' is in no archetype, so no entity can have it and a query of it \
does not compile; add it to an archetype's components, or delete it"]
    """
    if not archetypes:
        return []
    held = {component.name for archetype in archetypes for component in archetype.components}
    return [Diagnostic(location, f"component '{name}' is in no archetype, so no entity can have it and a query "
                       "of it does not compile; add it to an archetype's components, or delete it", "warning")
            for name, location in components if name not in held]
