"""The sizes past which a world no longer compiles in reasonable time, said by kilnc before the
C++ compiler is left to struggle with them.

Measured with g++ 12 at -O2 (docs/compile_time.md): a game's busiest file over one archetype of
256 components compiles in about 5 s of CPU, and over 4,096 components in 2,048 archetypes in
about a minute and a half, growing faster than the archetypes. The limits sit at four times those
sizes, where by that curve the compile takes minutes; one archetype of 10,000 components did not
finish in ten minutes.
"""

from collections.abc import Sequence
from typing import Any

from ..errors import Diagnostic, Location

# The most components one archetype may hold.
MAX_COMPONENTS_PER_ARCHETYPE = 1024
# The most components one world may declare.
MAX_COMPONENTS = 16384


def archetype_too_large(label: str, listed: Sequence[Any]) -> str | None:
    """The message for an archetype's components list that is over the limit, or None.

    >>> archetype_too_large("archetype 'Everything'", ["C"] * 1025)  # doctest: +ELLIPSIS
    "archetype 'Everything' holds 1025 components, more than the 1024 an archetype may hold ... into \
archetypes of fewer components..."
    >>> archetype_too_large("archetype 'Ship'", ["Position", "Velocity"]) is None
    True
    """
    if len(listed) <= MAX_COMPONENTS_PER_ARCHETYPE:
        return None
    return (f"{label} holds {len(listed)} components, more than the {MAX_COMPONENTS_PER_ARCHETYPE} an archetype "
            "may hold (past that, the C++ compiler takes minutes on the world's translation unit); split it "
            "into archetypes of fewer components, or fold components that are always together into one "
            "component of several fields")


def too_many_components(declared: Sequence[tuple[str, Location]]) -> list[Diagnostic]:
    """An error at the first component past the limit of a world, given each component by name and
    where it is declared; none when the world is within it.

    >>> names = [(f"C{index}", Location("game.toml", index + 4, 1)) for index in range(MAX_COMPONENTS + 2)]
    >>> [str(error) for error in too_many_components(names)]  # doctest: +ELLIPSIS
    ["game.toml:16388:1: error: component 'C16384' is component 16385 of this world, more than the 16384 a \
world may declare ..."]
    """
    if len(declared) <= MAX_COMPONENTS:
        return []
    name, location = declared[MAX_COMPONENTS]
    return [Diagnostic(location, f"component '{name}' is component {MAX_COMPONENTS + 1} of this world, more than "
                       f"the {MAX_COMPONENTS} a world may declare ({len(declared)} are declared; past the limit, "
                       "the C++ compiler takes minutes on the world's translation unit); split the game into "
                       "worlds of fewer components, or fold components that are always together into one "
                       "component of several fields")]
