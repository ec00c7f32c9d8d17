"""Checks [propagate.NAME] tables and turns each into the system that runs it (model.System with
model.Propagation set).

A propagation names its local part and its global part, two packed components that some archetype
holds together, the C++ function that combines a parent's global with a child's local, and the
stage it runs in. A component takes part in one propagation at most, and only the propagation
writes its global part: a system that writes it would be overwritten by the next pass, or
overwrite it after, depending on the schedule.
"""

import re
from collections.abc import Sequence

from ..cpp.names import is_header_path
from ..errors import a, closest, shown
from ..front.declaration import Declaration
from ..model import Access, Archetype, Component, Layout, Propagation, System
from ..vocabulary import PROPAGATE_KEYS
from .checker import Checker
from .systems import SystemChecker

PART_ROLES = {"local": "the entity's own part, which the game sets",
              "global": "the part the propagation computes"}
_QUALIFIED_NAME = re.compile(r"(::)?[A-Za-z_][A-Za-z0-9_]*(::[A-Za-z_][A-Za-z0-9_]*)*")


class PropagationChecker:
    def __init__(self, checker: Checker, systems: SystemChecker, components: Sequence[Component],
                 archetypes: Sequence[Archetype] | None):
        """`archetypes` is None when some archetype is broken, and then which hold the parts is not checked."""
        self.checker = checker
        self.systems = systems
        self.components = {component.name: component for component in components}
        self.archetypes = archetypes
        self.part_of: dict[str, tuple[str, Declaration]] = {}  # component: (its role, the propagation)
        self.implied_tracked: set[object] = set()

    def propagations(self, declarations: Sequence[Declaration]) -> list[System]:
        """The systems of the propagations without mistakes, in schema order."""
        # Tracked because they are named as a local part, not asked to be: what else is wrong with them is said.
        self.implied_tracked = {declaration.body.get("local") for declaration in declarations}
        found = []
        for declaration in declarations:
            reported = len(self.checker.errors)
            system = self.propagation(declaration)
            if system is not None and len(self.checker.errors) == reported:
                found.append(system)
        return found

    def propagation(self, declaration: Declaration) -> System | None:
        file, keys, label, body = declaration.file, declaration.keys, declaration.label, declaration.body
        misspelled = self.checker.unknown_keys(file, keys, body, PROPAGATE_KEYS, label)
        local = self.part(declaration, "local", misspelled)
        global_ = self.part(declaration, "global", misspelled)
        if local is not None and global_ is not None:
            if local.name == global_.name:
                self.checker.error(file, keys + ("global",),
                                   f"{label}: local and global are both '{local.name}'; the global part is "
                                   "computed from the local part, so they are two components, like "
                                   "LocalTransform and GlobalTransform")
            else:
                self.check_held_together(declaration, local, global_)
        for role, part in (("local", local), ("global", global_)):
            if part is not None and (local is None or global_ is None or local.name != global_.name):
                self.claim(declaration, role, part)
        combine = self.combine(declaration, misspelled)
        include = body.get("include")
        if include is not None and not is_header_path(include):
            self.checker.error(file, keys + ("include",),
                               f'{label}: include must be a header path like "game/transform_math.hpp" (kilnc '
                               "writes the #include <...> around it)")
        stage = self.systems.stage(declaration, misspelled)
        doc = self.checker.doc(file, keys + ("doc",), body.get("doc"), label)
        if local is None or global_ is None or combine is None or stage is None:
            return None
        propagation = Propagation(declaration.name, local, global_, combine,
                                  include if isinstance(include, str) else None, stage, doc, declaration.origin)
        return System(declaration.name, stage, Access(write=(global_,), read=(local,)), doc=doc,
                      propagation=propagation)

    def part(self, declaration: Declaration, role: str, misspelled: bool) -> Component | None:
        """The component named by local or global: declared, and packed."""
        file, keys, label = declaration.file, declaration.keys + (role,), declaration.label
        name = declaration.body.get(role)
        example = "LocalTransform" if role == "local" else "GlobalTransform"
        if name is None:
            if not misspelled:  # a misspelled key is already reported
                self.checker.error(file, declaration.keys,
                                   f'{label} has no {role}; add {role} = "{example}" (a component: '
                                   f"{PART_ROLES[role]})")
            return None
        if not isinstance(name, str):
            self.checker.error(file, keys, f'{label}: {role} must be a component\'s name in quotes, like '
                               f'"{example}", not {shown(name)}')
            return None
        component = self.components.get(name)
        if component is None:
            declared = self.checker.declared.get(name)
            if declared is not None:
                message = f"{role} '{name}' is {a(declared.kind)}, not a component"
            else:
                close = closest(name, list(self.components))
                advice = f"did you mean '{close}'?" if close else f"declare it as [component.{name}] or fix the name"
                message = f"unknown component '{name}' in {role}; {advice}"
            self.checker.error(file, keys, f"{label}: {message}")
            return None
        if component.layout is Layout.SPLIT:
            self.checker.error(file, keys,
                               f"{label}: {role} '{name}' is a split component (one array per field), but combine "
                               f"takes and returns whole values; make '{name}' packed (remove its kiln.layout)")
            return None
        if component.layout is Layout.TAG:
            self.checker.error(file, keys,
                               f"{label}: {role} '{name}' is a tag component, which holds no value to combine; "
                               f"give '{name}' fields, or name another component")
            return None
        if role == "global" and component.tracked and name not in self.implied_tracked:
            self.checker.error(file, keys,
                               f"{label}: global '{name}' is tracked (kiln.track), but the propagation rewrites "
                               f"every row of it each pass and marks no change; track the local part instead, "
                               f"whose writes are what changed, and remove kiln.track from '{name}'")
            return None
        return component

    def check_held_together(self, declaration: Declaration, local: Component, global_: Component) -> None:
        if self.archetypes is None:
            return
        for archetype in self.archetypes:
            held = {component.name for component in archetype.components}
            if local.name in held and global_.name in held:
                return
        self.checker.error(declaration.file, declaration.keys,
                           f"{declaration.label}: no archetype holds both '{local.name}' and '{global_.name}', so "
                           "there is nothing to compute; list both in the components of the archetypes whose "
                           "entities take part")

    def claim(self, declaration: Declaration, role: str, component: Component) -> None:
        """Takes `component` for this propagation; one that another propagation has is reported."""
        first = self.part_of.setdefault(component.name, (role, declaration))
        if first[1] is declaration:
            return
        first_role, first_declaration = first
        self.checker.error(declaration.file, declaration.keys + (role,),
                           f"{declaration.label}: '{component.name}' is already the {first_role} part of "
                           f"{first_declaration.label} at {first_declaration.file.locate(first_declaration.keys)}; "
                           "a component takes part in one propagation only, so declare another component for "
                           "this one")

    def combine(self, declaration: Declaration, misspelled: bool) -> str | None:
        file, keys, label = declaration.file, declaration.keys, declaration.label
        combine = declaration.body.get("combine")
        if combine is None:
            if not misspelled:
                self.checker.error(file, keys,
                                   f'{label} has no combine; add combine = "game::combine_transforms" (a C++ '
                                   "function G f(const G& parent, const L& local), declared in the header that "
                                   "include names)")
            return None
        if not isinstance(combine, str) or not _QUALIFIED_NAME.fullmatch(combine):
            self.checker.error(file, keys + ("combine",),
                               f'{label}: combine must name a C++ function, like "game::combine_transforms", '
                               f"not {shown(combine)}")
            return None
        return combine

    def check_writers(self, declarations: Sequence[Declaration]) -> set[str]:
        """Reports each system that writes the global part of a propagation, where it lists it;
        returns their names."""
        mistaken = set()
        for declaration in declarations:
            written = declaration.body.get("write")
            if not isinstance(written, list):
                continue
            for index, name in enumerate(written):
                role, propagation = self.part_of.get(name, ("", None)) if isinstance(name, str) else ("", None)
                if role != "global":
                    continue
                local = propagation.body.get("local")
                mistaken.add(declaration.name)
                self.checker.error(declaration.file, declaration.keys + ("write", index),
                                   f"{declaration.label} writes '{name}', the global part of {propagation.label} "
                                   f"at {propagation.file.locate(propagation.keys)}, which only the propagation "
                                   f"writes; write its local part {shown(local)} instead, or move '{name}' to read")
        return mistaken
