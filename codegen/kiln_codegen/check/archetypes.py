"""Checks [archetype.NAME] tables and turns them into the model's Archetype: the components it lists,
each a declared component, each once, and no two archetypes of the same components."""

from ..errors import a, closest, shown
from ..front.declaration import Declaration
from ..front.key_positions import KeyPath
from ..model import Archetype, Component
from ..vocabulary import ARCHETYPE_KEYS
from .checker import Checker
from .limits import archetype_too_large

def archetypes_of(checker: Checker, declarations: list[Declaration], components: list[Component]) -> list[Archetype]:
    by_name = {component.name: component for component in components}
    by_component_set: dict[frozenset[str], Declaration] = {}
    archetypes = []
    for archetype_id, declaration in enumerate(declarations):
        doc = checker.doc(declaration.file, declaration.keys + ("doc",), declaration.body.get("doc"),
                          declaration.label)
        names = _component_names(checker, declaration)
        if names is None:
            continue
        first = by_component_set.setdefault(frozenset(names), declaration)
        if first is not declaration:
            checker.error(declaration.file, declaration.keys,
                          f"{declaration.label} holds the same components as {first.label} at {first.location}; "
                          "an entity's components decide its archetype, so merge the two or add a tag "
                          "component to one of them")
        members = tuple(by_name[name] for name in names if name in by_name)
        archetypes.append(Archetype(declaration.name, archetype_id, members, doc, declaration.origin))
    return archetypes


def _component_names(checker: Checker, declaration: Declaration) -> list[str] | None:
    """The names in an archetype's `components`, each once; reports those that name no component."""
    file, keys, label, body = declaration.file, declaration.keys, declaration.label, declaration.body
    misspelled = checker.unknown_keys(file, keys, body, ARCHETYPE_KEYS, label)
    listed = body.get("components")
    if listed is None:
        if not misspelled:  # a misspelled `components` is already reported
            checker.error(file, keys, f'{label} has no components; add components = ["Position", ...]')
        return None
    if not isinstance(listed, list):
        checker.error(file, keys + ("components",),
                      f'{label}: components must be an array of component names, like ["Position", "Velocity"]')
        return None
    if not listed:
        checker.error(file, keys + ("components",),
                      f"{label} has an empty components list; an archetype holds at least one component")
        return None
    too_large = archetype_too_large(label, listed)
    if too_large:
        checker.error(file, keys + ("components",), too_large)
    names = []
    for index, name in enumerate(listed):
        where = keys + ("components", index)
        if not isinstance(name, str):
            checker.error(file, where, f"{label}: components[{index}] must be a component's name in quotes, "
                          f"not {shown(name)}")
        elif name in names:
            checker.error(file, where, f"{label} lists component '{name}' twice; remove one")
        else:
            names.append(name)
            _check_component_name(checker, declaration, where, name)
    return names


def _check_component_name(checker: Checker, archetype: Declaration, keys: KeyPath, name: str) -> None:
    declared = checker.declared.get(name)
    if declared is not None and declared.kind == "component":
        return
    if declared is not None:
        message = f"'{name}' is {a(declared.kind)}, not a component; list only components"
    else:
        components = [other.name for other in checker.declared.values() if other.kind == "component"]
        close = closest(name, components)
        advice = f"did you mean '{close}'?" if close else f"declare it as [component.{name}] or fix the name"
        message = f"unknown component '{name}'; {advice}"
    checker.error(archetype.file, keys, f"{archetype.label}: {message}")
