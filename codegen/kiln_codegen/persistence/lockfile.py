"""The lock file: the stable ids kilnc has given a schema's components, resources, archetypes and
fields, kept beside the schema and checked in, the way package managers keep their lock files.

Save files name everything by these ids, so they must survive every allowed edit of the schema;
stable_ids.py decides each run's ids from the lock, and updated() records them back. The lock also
keeps what the schema no longer says: the ids of removed entries (reserved, never given again),
the names an entry had before a rename and the types a field had before a migration, so that a
`renamed_from` or `migrate_from` left in the schema stays valid once the lock has recorded it.
"""

import json
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePath
from typing import Any

from ..errors import Diagnostic, SchemaError
from ..front.key_positions import KeyPath
from ..front.loader import SchemaFile, load
from ..model import Component, Resource, Schema, schema_type
from ..vocabulary import MAX_ID

KINDS = ("component", "resource", "archetype")  # what has a stable id of its own
LOCK_SUFFIX = ".kiln.lock"
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


@dataclass(frozen=True)
class LockedField:
    id: int
    type: str  # as the schema spells it: "f32", "u8[4]", an extern's name
    past_types: tuple[str, ...] = ()  # earlier types, oldest first: what `migrate_from` may name
    past_names: tuple[str, ...] = ()  # earlier names, oldest first: what `renamed_from` may name


@dataclass(frozen=True)
class LockedEntry:
    """A component, resource or archetype as the lock records it; archetypes have no fields."""

    id: int
    past_names: tuple[str, ...] = ()
    fields: Mapping[str, LockedField] = field(default_factory=dict)
    next_field_id: int = 0
    removed_fields: Mapping[int, str] = field(default_factory=dict)  # reserved id -> the name it had

    @property
    def field_ids(self) -> set[int]:
        """Every field id this entry has given out: those in use and those reserved."""
        return {locked.id for locked in self.fields.values()} | set(self.removed_fields)


@dataclass(frozen=True)
class Lock:
    """A lock file's content; `path` is where it is (or will be) written, as messages name it."""

    path: str
    entries: Mapping[str, Mapping[str, LockedEntry]]  # kind -> name -> entry
    next_ids: Mapping[str, int]  # kind -> the id the next new entry gets
    removed: Mapping[str, Mapping[int, str]]  # kind -> reserved id -> the name it had

    @classmethod
    def empty(cls, path: str) -> "Lock":
        """The lock of a schema generated for the first time: every id is still free."""
        return cls(path, {kind: {} for kind in KINDS}, {kind: 0 for kind in KINDS}, {kind: {} for kind in KINDS})


def default_lock_path(first_schema: str) -> str:
    """Where a world's lock goes unless told: beside its first schema file, named after it.

    >>> default_lock_path("schema/game.toml"), default_lock_path("world")
    ('schema/game.kiln.lock', 'world.kiln.lock')
    """
    path = PurePath(first_schema)
    return str(path.with_name(path.stem + LOCK_SUFFIX) if path.suffix else path.with_name(path.name + LOCK_SUFFIX))


def read_lock(path: str) -> Lock:
    """The lock at `path`; an empty one when there is no file (the first generation). A lock that is
    not what kilnc writes (a bad merge, a hand edit) is a SchemaError pointing into it."""
    if not os.path.exists(path):
        return Lock.empty(path)
    return _LockReader(load(path)).lock()


def updated(previous: Lock, schema: Schema) -> Lock:
    """The lock after generating `schema`, whose ids were assigned from `previous`.

    Entries are matched by id, so renames and type changes carry over: an entry's name or a field's
    type that differs from the previous lock's joins its past names or types. Entries of the
    previous lock that the schema no longer has become reserved ids.
    """
    current = {"component": schema.components, "resource": schema.resources, "archetype": schema.archetypes}
    entries: dict[str, dict[str, LockedEntry]] = {}
    next_ids: dict[str, int] = {}
    removed: dict[str, dict[int, str]] = {}
    for kind in KINDS:
        before = {entry.id: (name, entry) for name, entry in previous.entries[kind].items()}
        entries[kind] = {}
        for record in current[kind]:
            old_name, old = before.get(record.stable_id, (record.name, None))
            past_names = _with_past(old.past_names, old_name, record.name) if old else ()
            if kind == "archetype":
                entries[kind][record.name] = LockedEntry(record.stable_id, past_names)
            else:
                entries[kind][record.name] = _locked_record(record, past_names, old)
        kept = {record.stable_id for record in current[kind]}
        # An id in use again (an archetype restored under its old name) is no longer reserved.
        removed[kind] = dict(sorted({old_id: name for old_id, name in {
            **previous.removed[kind],
            **{entry.id: name for name, entry in previous.entries[kind].items() if entry.id not in kept}}.items()
            if old_id not in kept}.items()))
        next_ids[kind] = max([previous.next_ids[kind]] + [record.stable_id + 1 for record in current[kind]])
    return Lock(previous.path, entries, next_ids, removed)


def _locked_record(record: Component | Resource, past_names: tuple[str, ...], old: LockedEntry | None) -> LockedEntry:
    old_fields = {locked.id: (name, locked) for name, locked in old.fields.items()} if old else {}
    fields = {}
    for declared in record.fields:
        spelled = schema_type(declared.type)
        old_name, old_field = old_fields.get(declared.id, (declared.name, None))
        fields[declared.name] = LockedField(declared.id, spelled) if old_field is None else LockedField(
            declared.id, spelled, _with_past(old_field.past_types, old_field.type, spelled),
            _with_past(old_field.past_names, old_name, declared.name))
    kept = {declared.id for declared in record.fields}
    removed = dict(old.removed_fields) if old else {}
    removed.update((locked.id, name) for name, locked in (old.fields.items() if old else ()) if locked.id not in kept)
    next_field_id = max([old.next_field_id if old else 0] + [declared.id + 1 for declared in record.fields])
    return LockedEntry(record.stable_id, past_names, fields, next_field_id, dict(sorted(removed.items())))


def _with_past(past: tuple[str, ...], old: str, new: str) -> tuple[str, ...]:
    """`past` with `old` added when the value moved on from it to `new`, each value once.

    >>> _with_past((), "i32", "i32"), _with_past(("i16",), "i32", "f32"), _with_past(("f32",), "i32", "f32")
    ((), ('i16', 'i32'), ('i32',))
    """
    if old == new:
        return past
    return tuple(value for value in past if value != new) + ((old,) if old not in past else ())


# Writing ----------------------------------------------------------------------------------------


def lock_text(lock: Lock) -> str:
    """The lock file as kilnc writes it: entries by kind, each kind in id order (new entries come
    last, so diffs stay small), one line per field. It names no file, the schema's or its own, so
    that a lock copied with its schema to another folder, or renamed with it, stays current.

    >>> print(lock_text(Lock("game.kiln.lock", {"component": {"Hp": LockedEntry(0, (), {"x": LockedField(0, "f32")}, 1)},
    ...                                         "resource": {}, "archetype": {}},
    ...                  {"component": 1, "resource": 0, "archetype": 0}, {"component": {}, "resource": {}, "archetype": {5: "Old"}})
    ...                 ).split("\\n\\n", 1)[1], end="")
    [next_id]
    component = 1
    resource = 0
    archetype = 0
    <BLANKLINE>
    [component.Hp]
    id = 0
    next_field_id = 1
    field.x = { id = 0, type = "f32" }
    <BLANKLINE>
    [removed]
    archetype.5 = "Old"
    """
    lines = [
        "# kiln lock file: the stable ids that save files name the schema's components, resources,",
        "# archetypes and fields by. Written by kilnc generate; check it in beside the schema and do",
        "# not edit it. Edit the schema instead: renamed_from renames, migrate_from changes a field's",
        "# type, id = N chooses an id (docs/schema.md, \"Evolving a schema\").",
        "",
        "[next_id]",
        *(f"{kind} = {lock.next_ids[kind]}" for kind in KINDS),
    ]
    for kind in KINDS:
        for name, entry in sorted(lock.entries[kind].items(), key=lambda item: item[1].id):
            lines += ["", f"[{kind}.{_key(name)}]", f"id = {entry.id}"]
            if entry.past_names:
                lines.append(f"past_names = {_strings(entry.past_names)}")
            if kind == "archetype":
                continue
            lines.append(f"next_field_id = {entry.next_field_id}")
            for field_name, locked in sorted(entry.fields.items(), key=lambda item: item[1].id):
                parts = [f"id = {locked.id}", f"type = {json.dumps(locked.type)}"]
                if locked.past_types:
                    parts.append(f"past_types = {_strings(locked.past_types)}")
                if locked.past_names:
                    parts.append(f"past_names = {_strings(locked.past_names)}")
                lines.append(f"field.{_key(field_name)} = {{ {', '.join(parts)} }}")
            lines += [f"removed_field.{field_id} = {json.dumps(name)}" for field_id, name in entry.removed_fields.items()]
    removed = [f"{kind}.{removed_id} = {json.dumps(name)}" for kind in KINDS
               for removed_id, name in lock.removed[kind].items()]
    if removed:
        lines += ["", "[removed]", *removed]
    return "\n".join(lines) + "\n"


def _key(name: str) -> str:
    return name if _BARE_KEY.fullmatch(name) else json.dumps(name)


def _strings(values: Sequence[str]) -> str:
    return "[" + ", ".join(map(json.dumps, values)) + "]"


# What changed -----------------------------------------------------------------------------------


def changes(old: Lock, new: Lock) -> list[str]:
    """What `new` records that `old` does not, in words, for the message that a lock is out of date.

    >>> old = Lock.empty("l")
    >>> new = Lock("l", {"component": {"Hp": LockedEntry(0)}, "resource": {}, "archetype": {}},
    ...            {"component": 1, "resource": 0, "archetype": 0}, old.removed)
    >>> changes(old, new)
    ["component 'Hp' is new"]
    """
    found = []
    for kind in KINDS:
        def field_changes(name: str, old_entry: LockedEntry, new_entry: LockedEntry, kind=kind) -> list[str]:
            return [f"{kind} '{name}': {change}"
                    for change in _changes("field", old_entry.fields, new_entry.fields, _type_change)]

        found += _changes(kind, old.entries[kind], new.entries[kind], field_changes)
    return found


def _changes(noun: str, old: Mapping[str, Any], new: Mapping[str, Any], details) -> list[str]:
    """The entries or fields of `new` that `old` lacks, those renamed, those removed, and what
    `details(name, old, new)` finds of each one kept, matched by id."""
    before = {entry.id: (name, entry) for name, entry in old.items()}
    found = []
    for name, entry in sorted(new.items(), key=lambda item: item[1].id):
        if entry.id not in before:
            found.append(f"{noun} '{name}' is new")
            continue
        old_name, old_entry = before[entry.id]
        if old_name != name:
            found.append(f"{noun} '{old_name}' is renamed to '{name}'")
        found += details(name, old_entry, entry)
    kept = {entry.id for entry in new.values()}
    return found + [f"{noun} '{name}' is removed" for name, entry in old.items() if entry.id not in kept]


def _type_change(name: str, old: LockedField, new: LockedField) -> list[str]:
    return [f"field '{name}' changes type from {old.type} to {new.type}"] if old.type != new.type else []


# Reading ----------------------------------------------------------------------------------------


class _LockReader:
    """Reads a parsed lock file back into a Lock, reporting every part that kilnc would not write."""

    def __init__(self, file: SchemaFile):
        self.file = file
        self.diagnostics: list[Diagnostic] = []

    def lock(self) -> Lock:
        data = self.file.data
        self.only_keys((), data, ("next_id", "removed") + KINDS)
        next_ids = {kind: self.whole(("next_id", kind), self.table(("next_id",), data.get("next_id")).get(kind, 0))
                    for kind in KINDS}
        removed_table = self.table(("removed",), data.get("removed", {}))
        removed = {kind: self.names_by_id(("removed", kind), removed_table.get(kind, {})) for kind in KINDS}
        entries = {kind: {name: self.entry(kind, name, body)
                          for name, body in self.table((kind,), data.get(kind, {})).items()} for kind in KINDS}
        if self.diagnostics:
            raise SchemaError(self.diagnostics)
        return Lock(self.file.path, entries, next_ids, removed)

    def entry(self, kind: str, name: str, body: Any) -> LockedEntry:
        keys = (kind, name)
        body = self.table(keys, body)
        allowed = ("id", "past_names") + (() if kind == "archetype" else ("next_field_id", "field", "removed_field"))
        self.only_keys(keys, body, allowed)
        if "id" not in body:
            self.damaged(keys, f"{kind} '{name}' has no id")
        fields = {field_name: self.field(keys + ("field", field_name), spec)
                  for field_name, spec in self.table(keys + ("field",), body.get("field", {})).items()}
        return LockedEntry(self.whole(keys + ("id",), body.get("id", 0)), self.strings(keys + ("past_names",), body),
                           fields, self.whole(keys + ("next_field_id",), body.get("next_field_id", 0)),
                           self.names_by_id(keys + ("removed_field",), body.get("removed_field", {})))

    def field(self, keys: KeyPath, spec: Any) -> LockedField:
        spec = self.table(keys, spec)
        self.only_keys(keys, spec, ("id", "type", "past_types", "past_names"))
        if not isinstance(spec.get("type"), str) or "id" not in spec:
            self.damaged(keys, f"field '{keys[-1]}' needs an id and a type")
        return LockedField(self.whole(keys + ("id",), spec.get("id", 0)), str(spec.get("type", "")),
                           self.strings(keys + ("past_types",), spec), self.strings(keys + ("past_names",), spec))

    def table(self, keys: KeyPath, value: Any) -> dict[str, Any]:
        if isinstance(value, dict):
            return value
        self.damaged(keys, f"'{'.'.join(map(str, keys))}' must be a table")
        return {}

    def whole(self, keys: KeyPath, value: Any) -> int:
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_ID + 1:
            return value
        self.damaged(keys, f"'{keys[-1]}' must be a whole number from 0 to {MAX_ID + 1}, not {value!r}")
        return 0

    def strings(self, keys: KeyPath, table: dict[str, Any]) -> tuple[str, ...]:
        value = table.get(keys[-1], [])
        if isinstance(value, list) and all(isinstance(item, str) for item in value):
            return tuple(value)
        self.damaged(keys, f"'{keys[-1]}' must be an array of strings")
        return ()

    def names_by_id(self, keys: KeyPath, value: Any) -> dict[int, str]:
        names = {}
        for key, name in self.table(keys, value).items():
            if not key.isdigit() or not isinstance(name, str):
                self.damaged(keys + (key,), f"'{key}' must be an id with the name it had, like 3 = \"Health\"")
                continue
            names[int(key)] = name
        return names

    def only_keys(self, keys: KeyPath, table: dict[str, Any], allowed: Sequence[str]) -> None:
        for key in table:
            if key not in allowed:
                self.damaged(keys + (key,), f"unknown key '{key}'")

    def damaged(self, keys: KeyPath, problem: str) -> None:
        self.diagnostics.append(Diagnostic(
            self.file.locate(keys),
            f"this lock file is not as kilnc writes it: {problem}; restore it from version control (or finish "
            "the merge by taking either side and running kilnc generate), and change ids through the schema"))
