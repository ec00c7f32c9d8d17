"""Checks what a system reaches beyond its row's declared components: its lookups
([system.NAME.lookup.LOOKUP], components of other entities), its own entity (`entity`), its
optional components (`optional`, `optional_write`) and the components whose presence it is told
per row (`has`); and what a parallel system may not do with them.

Chunks of a parallel system run at once. A lookup that writes could write one entity from two
chunks; a lookup that reads a component the system writes on its own rows, on an archetype both
reach, would read a row another chunk is writing. Both are rejected, with the fixes in the
sentence. Between systems, lookups and optional components are ordinary access (access.py).
"""

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..access import matched, matches
from ..cpp.names import name_problem, snake_case
from ..errors import joined, shown
from ..model import Access, Archetype, Component, Layout, Lookup
from ..vocabulary import LOOKUP_KEYS


def reach(checker: Any, declaration: Any, access: Access, parallel: bool, columns: bool) -> tuple[Access, bool]:
    """`access` with the system's optional components, has and lookups, and whether run() is handed
    the entity. `checker` is the systems.SystemChecker, whose checker and list readers
    this uses; each mistake is reported where it is written."""
    reader = _Reader(checker, declaration)
    entity = checker.flag(declaration, "entity")
    optional_write = reader.optional("optional_write", access)
    optional_read = reader.optional("optional", access, optional_write)
    has = reader.has(access, optional_write + optional_read)
    lookups = reader.lookups(access.required + access.without)
    extended = replace(access, optional_write=optional_write, optional_read=optional_read, has=has, lookups=lookups)
    per_row = bool(access.required)
    for key, value, what in (("entity", entity, "an entity"), ("optional", optional_read, "optional components"),
                             ("optional_write", optional_write, "optional components"), ("has", has, "has")):
        if not value:
            continue
        if not per_row:
            reader.error((key,), f"{key} gives run() {what} per row, but the system accesses no components "
                         "(write, read, with), so it runs once per run of its stage, with no row; remove "
                         f"{key}, or add the components it runs on")
        elif columns:
            reader.error((key,), f"{key} gives run() {what} per row, but columns = true hands it a chunk of "
                         f"rows at once; drop one")
    if parallel:
        reader.parallel_races(extended)
    return extended, entity


class _Reader:
    def __init__(self, checker: Any, declaration: Any):
        self.checker = checker
        self.declaration = declaration
        self.archetypes: Sequence[Archetype] | None = checker.archetypes

    def error(self, keys: tuple, message: str) -> None:
        declaration = self.declaration
        self.checker.checker.error(declaration.file, declaration.keys + keys, f"{declaration.label}: {message}")

    def optional(self, key: str, access: Access, taken: Sequence[Component] = ()) -> tuple[Component, ...]:
        """The components of `optional` or `optional_write`: data, packed, and in no other list."""
        found = []
        for entry in self.checker.component_entries(self.declaration, (key,), "access"):
            component, name = entry.component, entry.component.name
            listed = _listed_in(access, name) or ("optional_write" if _is_in(name, taken) else None)
            if listed:
                self.error(entry.keys, f"'{name}' is in both {listed} and {key}; keep it in one: in {listed} "
                           f"the system {'excludes' if listed == 'without' else 'requires'} it, in {key} it "
                           f"runs on rows with and without it")
            elif component.layout is Layout.SPLIT:
                self.error(entry.keys, f"'{name}' in {key} is a split component, stored as one array per field, "
                           f"so there is no {name}* to hand run(); make '{name}' packed, or require it (write or "
                           f"read) to get {name}::ref")
            elif key == "optional_write" and component.tracked:
                self.error(entry.keys, f"'{name}' in optional_write is tracked (kiln = {{ track = true }}), and "
                           "a written optional component does not stamp its rows' change ticks yet; write it "
                           "in a system that requires it (write), or through a lookup")
            else:
                found.append(component)
        return tuple(found)

    def has(self, access: Access, optional: Sequence[Component]) -> tuple[Component, ...]:
        found = []
        for name, where in self.checker.names_in(self.declaration, ("has",), "component"):
            component = self.checker.component(self.declaration, name, where[len(self.declaration.keys):], "has")
            if component is None:
                continue
            keys = where[len(self.declaration.keys):]
            listed = _listed_in(access, name)
            if listed:
                always = "false" if listed == "without" else "true"
                self.error(keys, f"'{name}' in has is in {listed} too, so has_{snake_case(name)} would always be "
                           f"{always}; remove it from has")
            elif _is_in(name, optional):
                self.error(keys, f"'{name}' in has is optional too, whose pointer is null where a row lacks it; "
                           "remove it from has and test the pointer")
            else:
                found.append(component)
        return tuple(found)

    # Lookups ---------------------------------------------------------------------------------

    def lookups(self, own: Sequence[Component]) -> tuple[Lookup, ...]:
        table = self.declaration.body.get("lookup")
        if table is None:
            return ()
        if not isinstance(table, dict) or not all(isinstance(value, dict) for value in table.values()):
            self.error(("lookup",), "lookup must hold a table per lookup, like [system.NAME.lookup.target] "
                       f'with read = ["Position"], not {shown(table)}')
            return ()
        found = []
        for name, body in table.items():
            lookup = self.lookup(name, body)
            if lookup is not None:
                found.append(lookup)
        return tuple(found)

    def lookup(self, name: str, body: dict[str, Any]) -> Lookup | None:
        keys = ("lookup", name)
        reported = len(self.checker.checker.errors)
        problem = name_problem(name)
        if problem:
            self.error(keys, f"the lookup's name '{name}' {problem}; it names run()'s parameter, so choose another")
        self.checker.checker.unknown_keys(self.declaration.file, self.declaration.keys + keys, body, LOOKUP_KEYS,
                                           self.declaration.label, f" in lookup '{name}'")
        lists: dict[str, list[Component]] = {}
        seen: dict[str, str] = {}
        for key, role in (("write", "access"), ("read", "access"), ("with", "with"), ("without", "without")):
            lists[key] = []
            for entry in self.checker.component_entries(self.declaration, keys + (key,), role):
                component = entry.component.name
                if component in seen:
                    both = f"'{component}' is in both {seen[component]} and {key} of lookup '{name}'"
                    self.error(entry.keys, both + ("; list it in write alone (writing includes reading)"
                                                   if key == "read" else "; remove one"))
                    continue
                seen[component] = key
                lists[key].append(entry.component)
        single = body.get("single", False)
        if not isinstance(single, bool):
            self.error(keys + ("single",), f"single must be true or false, not {shown(single)}")
            single = False
        access = Access(write=tuple(lists["write"]), read=tuple(lists["read"]), with_=tuple(lists["with"]),
                        without=tuple(lists["without"]))
        if len(self.checker.checker.errors) != reported:
            return None
        if not access.required:
            self.error(keys, f"lookup '{name}' reaches every entity and reads nothing; list the components it "
                       "reads (read) or writes (write), or those the entities it reaches hold (with)")
            return None
        if self.archetypes is not None and not matched(access, self.archetypes):
            required = joined([component.name for component in access.required])
            excluded = [component.name for component in access.without]
            reason = f"none holds {required}" + (f" without {joined(excluded, 'or')}" if excluded else "")
            self.error(keys, f"lookup '{name}' reaches no archetype: {reason}; fix its read, write, with and "
                       "without, or declare an archetype for the entities it should reach")
            return None
        return Lookup(name, access, single)

    def parallel_races(self, access: Access) -> None:
        """The races of a parallel system's lookups with its own rows and with each other."""
        for lookup in access.lookups:
            keys = ("lookup", lookup.name)
            if lookup.access.write:
                written = joined([component.name for component in lookup.access.write])
                self.error(keys + ("write",),
                           f"parallel = true, and lookup '{lookup.name}' writes {written}: the runtime runs "
                           "chunks of the system's rows at once, and two of them could write the same entity; "
                           "remove parallel (the rows then run one after another), or write each row's result "
                           "to its own components for a later system to apply")
                continue
            if self.archetypes is None:
                continue
            for component in lookup.access.read:
                shared = [archetype.name for archetype in self.archetypes
                          if matches(access, archetype) and matches(lookup.access, archetype)
                          and _writes_on(access, component, archetype)]
                if shared:
                    self.error(keys + ("read",),
                               f"parallel = true, and lookup '{lookup.name}' reads {component.name}, which the "
                               f"system writes on its own rows of {joined(shared)}: a chunk would read rows "
                               "another chunk is writing; add a with or without to the lookup or the system "
                               "so that they reach different archetypes, or remove parallel")


def _writes_on(access: Access, component: Component, archetype: Archetype) -> bool:
    held = {item.name for item in archetype.components}
    return _is_in(component.name, access.write) or (
        _is_in(component.name, access.optional_write) and component.name in held)


def _listed_in(access: Access, name: str) -> str | None:
    for key, items in (("write", access.write), ("read", access.read), ("with", access.with_),
                       ("without", access.without)):
        if _is_in(name, items):
            return key
    return None


def _is_in(name: str, items: Sequence[Component]) -> bool:
    return any(item.name == name for item in items)

