"""An archetype's exclusive modes (docs/states.md, "Modes"): `one_of = [["Chase", "Scatter"], ...]`
in [archetype.NAME] declares that each of its entities holds exactly one component of each group,
and kilnc writes the archetypes itself, one per choice, named by the archetype's name followed by
the chosen components' (Ghost with Chase and Home is GhostChaseHome).

This runs before the other checks, on the files as loaded: each archetype with one_of becomes the
archetypes it stands for, written where it is, so that everything after (names, stable ids, the
lock file, transitions, queries) sees plain archetypes. An entity changes mode with
world.replace<Chase, Scared>(e), one move, or the same command.
"""

import itertools
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..errors import Diagnostic, closest, shown
from ..front.key_positions import KeyPath
from ..front.loader import SchemaFile

MAX_EXPANDED = 256  # archetypes one declaration may stand for


def expand_modes(files: Sequence[SchemaFile]) -> tuple[list[SchemaFile], list[Diagnostic]]:
    """The files with each archetype's one_of expanded, and the mistakes in one_of lists."""
    components = {name for file in files if isinstance(file.data.get("component"), dict)
                  for name in file.data["component"]}
    problems: list[Diagnostic] = []
    expanded = []
    for file in files:
        archetypes = file.data.get("archetype")
        if not isinstance(archetypes, dict) or not any(isinstance(body, dict) and "one_of" in body
                                                        for body in archetypes.values()):
            expanded.append(file)
            continue
        positions = dict(file.positions)
        table: dict[str, Any] = {}
        for name, body in archetypes.items():
            if not isinstance(body, dict) or "one_of" not in body:
                table[name] = body
                continue
            groups = _groups(file, name, body, components, problems)
            rest = {key: value for key, value in body.items() if key != "one_of"}
            if groups is None:
                table[name] = rest  # reported; the archetype is checked without its modes
                continue
            listed = body.get("components", [])
            for choice in itertools.product(*groups):
                chosen = name + "".join(component for component, _ in choice)
                table[chosen] = {**rest, "components": list(listed) + [component for component, _ in choice]}
                _place(positions, ("archetype", name), ("archetype", chosen), len(listed), choice)
        data = dict(file.data)
        data["archetype"] = table
        expanded.append(replace(file, data=data, positions=positions))
    return expanded, problems


def _groups(file: SchemaFile, name: str, body: dict[str, Any], components: set[str],
            problems: list[Diagnostic]) -> list[list[tuple[str, KeyPath]]] | None:
    """The groups of one_of, each a list of (component, where written); None when one is wrong."""
    keys = ("archetype", name, "one_of")
    label = f"archetype '{name}'"
    value = body["one_of"]

    def report(where: KeyPath, message: str) -> None:
        problems.append(Diagnostic(file.locate(where), f"{label}: {message}"))

    if not isinstance(value, list) or not value or not all(isinstance(group, list) for group in value):
        report(keys, f'one_of must be a list of groups of components, like [["Chase", "Scatter"]], not {shown(value)}')
        return None
    listed = body.get("components", [])
    seen: dict[str, KeyPath] = {item: ("archetype", name, "components") for item in listed if isinstance(item, str)}
    groups = []
    ok = True
    for index, group in enumerate(value):
        if len(group) < 2:
            report(keys + (index,), f"one_of[{index}] must name at least two components, one of which each entity "
                   f"holds; a single one belongs in components")
            ok = False
            continue
        members = []
        for position, component in enumerate(group):
            where = keys + (index, position)
            if not isinstance(component, str):
                report(where, f"one_of[{index}][{position}] must be a component's name in quotes, not {shown(component)}")
                ok = False
            elif component not in components:
                close = closest(component, sorted(components))
                advice = f"did you mean '{close}'?" if close else f"declare it as [component.{component}]"
                report(where, f"unknown component '{component}' in one_of; {advice}")
                ok = False
            elif component in seen:
                report(where, f"'{component}' is listed twice among components and one_of; an entity holds it or "
                       "not, so list it once")
                ok = False
            else:
                seen[component] = where
                members.append((component, where))
        groups.append(members)
    count = 1
    for group in groups:
        count *= max(len(group), 1)
    if ok and count > MAX_EXPANDED:
        report(keys, f"one_of stands for {count} archetypes, more than {MAX_EXPANDED}; split the archetype")
        return None
    return groups if ok else None


def _place(positions: dict[KeyPath, tuple[int, int]], original: KeyPath, chosen: KeyPath, listed: int,
           choice: tuple[tuple[str, KeyPath], ...]) -> None:
    """Points the expanded archetype's keys at where the original's are written, and each chosen
    component at where one_of names it."""
    for path, position in list(positions.items()):
        if path[:len(original)] == original and not (len(path) > len(original) and path[len(original)] == "one_of"):
            positions.setdefault(chosen + path[len(original):], position)
    for offset, (_, where) in enumerate(choice):
        if where in positions:
            positions[chosen + ("components", listed + offset)] = positions[where]
