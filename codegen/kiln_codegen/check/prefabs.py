"""Checks [prefab.NAME] tables and turns them into the model's Prefab, resolved: a variant's base
applied field by field, its children merged by name, its entity fields turned into links between the
prefab's own parts (docs/content.md).

Each value is checked where it is written: a base's mistakes are reported at the base, once, and a
variant of a broken base is left out rather than reported again.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cpp.names import name_problem
from ..errors import a, closest, listing, shown
from ..front.declaration import Declaration
from ..front.key_positions import KeyPath
from ..model import (Archetype, Array, Component, ComponentValues, DefaultValue, Prefab, PrefabLink, PrefabPart,
                     Scalar, System)
from ..vocabulary import PREFAB_CHILD_KEYS, PREFAB_KEYS
from .checker import Checker
from .defaults import DefaultProblem, check_default

ROOT = "root"  # what an entity field of a prefab names its root by; no child may take the name
# The members of the generated prefab struct, which a child's struct, a member too, cannot be named.
PREFAB_MEMBERS = ("name", "archetype", "values", "children", "links", "origin")


@dataclass
class PartValues:
    """A part of a prefab while it is resolved: its values by component and field, and its links."""

    name: str
    archetype: Archetype
    values: dict[str, dict[str, DefaultValue]] = field(default_factory=dict)
    links: dict[tuple[str, str], str] = field(default_factory=dict)  # (component, field): the part named
    written_by: dict[tuple[str, str], str] = field(default_factory=dict)  # (component, field): the prefab

    def copy_onto(self, archetype: Archetype) -> "PartValues":
        """The part's values and links that `archetype` holds the components of."""
        held = {component.name for component in archetype.components}
        return PartValues(self.name, archetype,
                     {name: dict(values) for name, values in self.values.items() if name in held},
                     {key: target for key, target in self.links.items() if key[0] in held},
                     {key: prefab for key, prefab in self.written_by.items() if key[0] in held})


@dataclass
class _Resolved:
    root: PartValues
    children: dict[str, PartValues]


class PrefabChecker:
    def __init__(self, checker: Checker, components: Sequence[Component], archetypes: Sequence[Archetype] | None,
                 propagations: Sequence[System]):
        self.checker = checker
        self.components = {component.name: component for component in components}
        self.archetypes = {archetype.name: archetype for archetype in archetypes} if archetypes is not None else None
        self.propagations = [system.propagation for system in propagations if system.propagation is not None]
        self.declarations: dict[str, Declaration] = {}
        self.resolved: dict[str, _Resolved | None] = {}
        self.resolving: list[str] = []

    def prefabs(self, declarations: Sequence[Declaration]) -> list[Prefab]:
        """Every prefab that checks, in schema order. Without archetypes (some archetype is wrong),
        nothing is checked: a prefab's values depend on its archetype."""
        if self.archetypes is None:
            return []
        self.declarations = {declaration.name: declaration for declaration in declarations}
        prefabs = []
        for declaration in declarations:
            resolved = self._resolve(declaration.name)
            if resolved is not None:
                prefabs.append(self._model(declaration, resolved))
        return prefabs

    def _resolve(self, name: str) -> _Resolved | None:
        if name in self.resolved:
            return self.resolved[name]
        declaration = self.declarations[name]
        self.resolving.append(name)
        resolved = self._resolve_declaration(declaration)
        self.resolving.pop()
        self.resolved[name] = resolved
        return resolved

    def _resolve_declaration(self, declaration: Declaration) -> _Resolved | None:
        checker, file, keys, label, body = (self.checker, declaration.file, declaration.keys, declaration.label,
                                            declaration.body)
        checker.doc(file, keys + ("doc",), body.get("doc"), label)
        base = self._base(declaration)
        if base is False:
            return None
        archetype = self.archetype_of(declaration, keys, label, body, base.root.archetype if base else None)
        if archetype is None:
            return None
        root = base.root.copy_onto(archetype) if base else PartValues(ROOT, archetype)
        ok = self.check_values(declaration, keys, label, body, PREFAB_KEYS, root)
        children = {name: part for name, part in base.children.items()} if base else {}
        children = {name: part.copy_onto(part.archetype) for name, part in children.items()}
        written = body.get("children", {})
        if not isinstance(written, dict):
            checker.error(file, keys + ("children",),
                          f"{label}: children must be a table of children by name, each written "
                          f"[prefab.{declaration.name}.children.NAME]")
            return None
        for child_name, child_body in written.items():
            child_keys = keys + ("children", child_name)
            child_label = f"{label}: child '{child_name}'"
            if child_name == ROOT:
                checker.error(file, child_keys, f"{child_label}: the name '{ROOT}' names the prefab's root in "
                              "entity fields; give the child another name")
                ok = False
                continue
            problem = name_problem(child_name)
            if problem is None and child_name in PREFAB_MEMBERS + tuple(checker.declared):
                problem = ("is a member of the generated prefab struct" if child_name in PREFAB_MEMBERS else
                           f"is the name of {a(checker.declared[child_name].kind)}, which the child's struct "
                           "would hide inside the prefab's")
            if problem is not None:
                checker.error(file, child_keys, f"{child_label}: the name '{child_name}' {problem}; give the "
                              "child another name")
                ok = False
                continue
            if not isinstance(child_body, dict):
                checker.error(file, child_keys, f"{child_label} must be a table; write it as "
                              f"[prefab.{declaration.name}.children.{child_name}] with its archetype and values")
                ok = False
                continue
            inherited = children.get(child_name)
            child_archetype = self.archetype_of(declaration, child_keys, child_label, child_body,
                                              inherited.archetype if inherited else None)
            if child_archetype is None:
                ok = False
                continue
            child = inherited.copy_onto(child_archetype) if inherited else PartValues(child_name, child_archetype)
            ok &= self._in_hierarchy(declaration, child_keys, child_label, child_archetype)
            ok &= self.check_values(declaration, child_keys, child_label, child_body, PREFAB_CHILD_KEYS, child)
            children[child_name] = child
        ok &= self._check_links(declaration, keys, label, body, root, children)
        return _Resolved(root, children) if ok else None

    def _base(self, declaration: Declaration) -> "_Resolved | None | bool":
        """The base's resolution, None without a base, False when the base is wrong (reported here
        or, when the base itself is wrong, there)."""
        base = declaration.body.get("base")
        if base is None:
            return None
        where = declaration.keys + ("base",)
        if not isinstance(base, str) or base not in self.declarations:
            prefabs = [name for name in self.declarations if name != declaration.name]
            close = closest(base, prefabs) if isinstance(base, str) else None
            advice = (f"did you mean '{close}'?" if close else
                      "declare it as [prefab.NAME] or remove base" if prefabs else
                      "the schema declares no other prefab; remove base")
            self.checker.error(declaration.file, where,
                               f"{declaration.label}: base {shown(base)} is not a prefab; {advice}")
            return False
        if base in self.resolving:
            cycle = self.resolving[self.resolving.index(base):] + [base]
            self.checker.error(declaration.file, where,
                               f"{declaration.label}: its bases make a cycle ({' -> '.join(cycle)}); a prefab "
                               "cannot be its own base, so remove base from one of them")
            return False
        resolved = self._resolve(base)
        return False if resolved is None else resolved

    def archetype_of(self, declaration: Declaration, keys: KeyPath, label: str, body: dict[str, Any],
                   inherited: Archetype | None) -> Archetype | None:
        name = body.get("archetype")
        if name is None:
            if inherited is None:
                self.checker.error(declaration.file, keys, f'{label} has no archetype; add archetype = "NAME", '
                                   "naming the archetype its entity is made of")
            return inherited
        assert self.archetypes is not None
        archetype = self.archetypes.get(name) if isinstance(name, str) else None
        if archetype is None:
            close = closest(name, self.archetypes) if isinstance(name, str) else None
            advice = f"did you mean '{close}'?" if close else "declare it as [archetype.NAME] or fix the name"
            self.checker.error(declaration.file, keys + ("archetype",),
                               f"{label}: archetype {shown(name)} is not an archetype; {advice}")
        return archetype

    def _in_hierarchy(self, declaration: Declaration, keys: KeyPath, label: str, archetype: Archetype) -> bool:
        """A child follows its parent through the propagations: an archetype that holds a global part
        without its local part would never be computed from its parent."""
        held = {component.name for component in archetype.components}
        for propagation in self.propagations:
            if propagation.global_.name in held and propagation.local.name not in held:
                self.checker.error(
                    declaration.file, keys + (("archetype",) if "archetype" in declaration.body else ()),
                    f"{label}: archetype '{archetype.name}' holds '{propagation.global_.name}', the global part of "
                    f"propagation '{propagation.name}', without its local part '{propagation.local.name}', so as a "
                    f"child it would never follow its parent; give the child an archetype that holds "
                    f"'{propagation.local.name}' too, or spawn it as a prefab of its own")
                return False
        return True

    def check_values(self, declaration: Declaration, keys: KeyPath, label: str, body: dict[str, Any],
                own_keys: Sequence[str], part: PartValues) -> bool:
        """Checks the component values of a prefab's root or child and writes them onto `part`."""
        checker, file = self.checker, declaration.file
        ok = True
        held = {component.name for component in part.archetype.components}
        for name, values in body.items():
            if name in own_keys:
                continue
            where = keys + (name,)
            component = self.components.get(name)
            if component is None:
                close = closest(name, list(self.components) + list(own_keys))
                advice = (f"did you mean '{close}'?" if close else
                          f"its keys are {listing(own_keys, 'or')}, or a component of its archetype")
                checker.error(file, where, f"{label}: unknown key '{name}', neither a component nor a prefab's "
                              f"key; {advice}")
                ok = False
                continue
            if name not in held:
                checker.error(file, where, f"{label}: component '{name}' is not in archetype "
                              f"'{part.archetype.name}', whose components are "
                              f"{listing([c.name for c in part.archetype.components])}; remove it, or choose an "
                              "archetype that holds it")
                ok = False
                continue
            if not isinstance(values, dict):
                example = component.fields[0].name if component.fields else "field"
                checker.error(file, where, f"{label}: '{name}' must be a table of its fields' values, like "
                              f"{name} = {{ {example} = ... }}, not {shown(values)}")
                ok = False
                continue
            fields = {f.name: f for f in component.fields}
            given = part.values.setdefault(name, {})
            for field_name, value in values.items():
                field_where = where + (field_name,)
                field_ = fields.get(field_name)
                if field_ is None:
                    close = closest(field_name, fields)
                    advice = (f"did you mean '{close}'?" if close else
                              f"its fields are {listing(list(fields))}" if fields else
                              f"'{name}' is a tag and has no fields; write {name} = {{}}")
                    checker.error(file, field_where, f"{label}: component '{name}' has no field '{field_name}'; "
                                  f"{advice}")
                    ok = False
                    continue
                if field_.type is Scalar.ENTITY:
                    if not isinstance(value, str):
                        checker.error(file, field_where, f"{label}: {name}.{field_name} is an entity field; its "
                                      f"value names a part of the prefab, \"{ROOT}\" or a child's name, not "
                                      f"{shown(value)}")
                        ok = False
                    else:
                        part.links[(name, field_name)] = value
                        part.written_by[(name, field_name)] = declaration.name
                    continue
                if isinstance(field_.type, Array) and field_.type.element is Scalar.ENTITY:
                    checker.error(file, field_where, f"{label}: {name}.{field_name} is an array of entities, which "
                                  "a prefab cannot give values yet; set it after spawning")
                    ok = False
                    continue
                checked = check_default(value, field_.type, "value")
                if isinstance(checked, DefaultProblem):
                    checker.error(file, field_where + checked.element,
                                  f"{label}: {name}.{field_name}: {checked.clause}")
                    ok = False
                    continue
                given[field_name] = checked
                part.written_by[(name, field_name)] = declaration.name
        return ok

    def _check_links(self, declaration: Declaration, keys: KeyPath, label: str, body: dict[str, Any], root: PartValues,
                     children: dict[str, PartValues]) -> bool:
        """Each entity field written in this declaration names the root or a child the prefab has."""
        ok = True
        parts = [ROOT] + list(children)
        written = [((), label, body)] + [(("children", name), f"{label}: child '{name}'", child)
                                        for name, child in body.get("children", {}).items()
                                        if isinstance(child, dict) and name != ROOT]
        for inner, part_label, part_body in written:
            for component, values in part_body.items():
                if not isinstance(values, dict) or component in ("children",):
                    continue
                for field_name, value in values.items():
                    target = value if isinstance(value, str) else None
                    known = self.components.get(component)
                    is_link = known is not None and any(f.name == field_name and f.type is Scalar.ENTITY
                                                        for f in known.fields)
                    if is_link and target is not None and target not in parts:
                        close = closest(target, parts)
                        advice = f"did you mean '{close}'?" if close else f"its parts are {listing(parts)}"
                        self.checker.error(declaration.file, keys + inner + (component, field_name),
                                           f"{part_label}: {component}.{field_name} names '{target}', which is "
                                           f"not a part of the prefab; {advice}")
                        ok = False
        return ok

    def _model(self, declaration: Declaration, resolved: _Resolved) -> Prefab:
        parts = [resolved.root] + list(resolved.children.values())
        index = {part.name: position for position, part in enumerate(parts)}
        links = []
        for owner, part in enumerate(parts):
            for component in part.archetype.components:
                for field_ in component.fields:
                    target = part.links.get((component.name, field_.name))
                    if target is not None:
                        links.append(PrefabLink(owner, component, field_, index[target]))
        base = declaration.body.get("base")
        inherited = tuple((position, component, field_name, prefab) for position, part in enumerate(parts)
                          for (component, field_name), prefab in part.written_by.items()
                          if prefab != declaration.name)
        return Prefab(declaration.name, _part(resolved.root), tuple(_part(child) for child in parts[1:]),
                      tuple(links), base if isinstance(base, str) else None, declaration.body.get("doc"),
                      declaration.origin, inherited)


def _part(part: PartValues) -> PrefabPart:
    values = []
    for component in part.archetype.components:
        given = part.values.get(component.name)
        if given is None:
            continue
        values.append(ComponentValues(component, tuple((f, given[f.name]) for f in component.fields
                                                       if f.name in given)))
    return PrefabPart(part.name, part.archetype, tuple(values))
