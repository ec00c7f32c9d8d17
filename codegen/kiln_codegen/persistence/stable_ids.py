"""Stable ids: what save files name components, resources, archetypes and fields by, kept across
schema edits through the lock file (lockfile.py), and the rules an edit must follow so that saves
written before it still load.

An entry of the schema continues the lock's entry of the same name, or the one its `renamed_from`
names, and keeps that entry's id; a new entry takes the `id` the schema gives it, or else the next
free one. The lock's entries that nothing continues are removed, and their ids stay reserved. The
same goes for the fields of each component and resource, with one more rule: a field keeps its
type unless `migrate_from` names the type that saves hold it as. docs/schema.md, "Evolving a
schema", is the user's side of this.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..cpp.names import cpp_type, macro_origin, migration_function
from ..errors import Diagnostics, shown
from ..front.declaration import Declaration
from ..front.key_positions import KeyPath
from ..front.loader import SchemaFile
from ..model import Archetype, Array, Component, Field, FieldType, Resource, Scalar, schema_type
from ..vocabulary import MAX_ID
from .lockfile import Lock, LockedEntry, LockedField

_SCALARS = {scalar.value: scalar for scalar in Scalar}


@dataclass(frozen=True)
class _Claim:
    """Something of the schema that needs an id: a component, resource or archetype, or a field."""

    name: str
    label: str  # how messages name it: "component 'Health'", "component 'Health': field 'hp'"
    noun: str  # what it is: "component", "resource", "archetype" or "field"
    declaration: Declaration  # that holds it
    keys: KeyPath  # where the options `id` and `renamed_from` are written
    options: Mapping[str, Any]  # the table that holds them


class StableIds:
    """Gives the ids of one run, continuing `lock`, and reports each edit that breaks old saves into
    `diagnostics`, among every other mistake in the schema."""

    def __init__(self, diagnostics: Diagnostics, declared: Mapping[str, Declaration], lock: Lock,
                 field_type: Callable[[SchemaFile, KeyPath, str, str], FieldType | None]):
        """`declared` is every declaration by name; `field_type` reads a type as a field's type is
        read (check/fields.py), reporting a wrong one."""
        self.diagnostics = diagnostics
        self.declared = declared
        self.lock = lock
        self.field_type = field_type

    def records(self, kind: str, records: Sequence[Component | Resource]) -> list[Component | Resource]:
        """Components or resources with their stable ids, field ids and migrations."""
        declarations = [declaration for declaration in self.declared.values() if declaration.kind == kind]
        claims = [_Claim(declaration.name, declaration.label, kind, declaration, declaration.keys + ("kiln",),
                         _table(declaration.body.get("kiln"))) for declaration in declarations]
        ids, continued = self.assign(claims, self.lock.entries[kind], self.lock.removed[kind], self.lock.next_ids[kind],
                                     f"{kind}s")
        by_name = {claim.name: (ids[index], continued[index]) for index, claim in enumerate(claims)}
        result = []
        for record in records:
            stable_id, entry = by_name[record.name]
            fields = self.fields(self.declared[record.name], record.fields, entry)
            result.append(replace(record, stable_id=stable_id, fields=tuple(fields)))
        return result

    def archetypes(self, archetypes: Sequence[Archetype]) -> list[Archetype]:
        declarations = [declaration for declaration in self.declared.values()
                        if declaration.kind == "archetype"]
        claims = [_Claim(declaration.name, declaration.label, "archetype", declaration, declaration.keys,
                         declaration.body) for declaration in declarations]
        ids, _ = self.assign(claims, self.lock.entries["archetype"], self.lock.removed["archetype"],
                             self.lock.next_ids["archetype"], "archetypes")
        by_name = {claim.name: ids[index] for index, claim in enumerate(claims)}
        return [replace(archetype, stable_id=by_name[archetype.name]) for archetype in archetypes]

    def fields(self, declaration, fields: Sequence[Field], entry: LockedEntry | None) -> list[Field]:
        names = [name for name in declaration.body if name != "kiln"]
        claims = [_Claim(name, f"{declaration.label}: field '{name}'", "field", declaration,
                         declaration.keys + (name,), _table(declaration.body[name])) for name in names]
        ids, continued = self.assign(claims, entry.fields if entry else {}, entry.removed_fields if entry else {},
                                     entry.next_field_id if entry else 0, f"fields of {declaration.label}")
        by_name = {claim.name: (ids[index], continued[index]) for index, claim in enumerate(claims)}
        result = []
        for field in fields:
            field_id, locked = by_name[field.name]
            keys = declaration.keys + (field.name,)
            migrate_from = self.migrate_from(declaration, keys, field, locked)
            result.append(replace(field, id=field_id, migrate_from=migrate_from))
        return result

    def check_migration_names(self, records: Sequence[Component | Resource]) -> None:
        """Reports a migration function whose name and parameter another's has too: <Record>_<field>
        can be spelled two ways ("A_b" "c" and "A" "b_c"), and the game could define only one; and
        one whose name is a macro ("INT" "MAX")."""
        seen: dict[tuple[str, str], str] = {}
        for record in records:
            for field in record.fields:
                function = migration_function(record, field)
                owner = f"{self.declared[record.name].label}: field '{field.name}'"
                origin = macro_origin(function)
                if field.migrate_from and origin is not None:
                    self.report(self.declared[record.name].file,
                                self.declared[record.name].keys + (field.name, "migrate_from"),
                                f"{owner}: its migration function would be migrations::{function}, but "
                                f"{function} is a macro {origin}, which the preprocessor would replace; "
                                "rename the field or its component")
                for old_type in field.migrate_from:
                    first = seen.setdefault((function, cpp_type(old_type)), owner)
                    if first != owner:
                        self.report(self.declared[record.name].file,
                                    self.declared[record.name].keys + (field.name, "migrate_from"),
                                    f"{owner}: its migration function, migrations::{function}, from "
                                    f"{schema_type(old_type)}, is also that of {first}; rename one of the "
                                    "fields or components")

    # Ids -------------------------------------------------------------------------------------

    def assign(self, claims: Sequence[_Claim], locked: Mapping[str, LockedEntry | LockedField],
               reserved: Mapping[int, str], next_id: int, what: str) -> tuple[list[int], list[Any]]:
        """Each claim's id and the lock entry it continues (None for a new one), in claim order.

        `locked` are the lock's entries of this kind (or fields of this component) by name,
        `reserved` the ids of those removed before, `next_id` the lock's next free id, `what` how
        messages name the whole kind ("components", "fields of component 'Health'").
        """
        declared = {claim.name: claim for claim in claims}
        renamed: dict[str, _Claim] = {}  # old name -> the claim whose renamed_from continues it
        continued: list[Any] = [self.continues(claim, declared, renamed, locked, what) for claim in claims]
        holders = {entry.id: claim for claim, entry in zip(claims, continued) if entry is not None}
        dropped = {entry.id: name for name, entry in locked.items()
                   if all(entry is not other for other in continued)}
        unavailable = {**reserved, **dropped}
        ids: list[int | None] = []
        for claim, entry in zip(claims, continued):
            wanted = self.explicit_id(claim)
            if entry is not None:
                if wanted is not None and wanted != entry.id:
                    self.error(claim, ("id",),
                               f"{claim.label}: id = {wanted} disagrees with the lock {self.lock.path}, which gives it "
                               f"id {entry.id}; remove id or write id = {entry.id} (saves name it by its id, so the id "
                               "cannot change)")
                ids.append(entry.id)
            elif wanted is None and claim.noun == "archetype" and claim.name in reserved.values():
                # An archetype removed and declared again under its name is restored, with its id: an
                # archetype is its name and its components, and old saves' rows map onto its
                # components now as they would had it never left.
                restored = next(old for old, name in reserved.items() if name == claim.name)
                holders[restored] = claim
                ids.append(restored)
            elif wanted is None:
                ids.append(None)
            elif wanted in holders:
                self.error(claim, ("id",), f"{claim.label}: id = {wanted} is taken by {holders[wanted].label}; "
                           f"choose a free id, like {_first_free(next_id, holders, unavailable)}, or leave id out "
                           "and kilnc picks one")
                ids.append(wanted)
            elif wanted in unavailable:
                self.error(claim, ("id",),
                           f"{claim.label}: id = {wanted} is reserved: it belonged to '{unavailable[wanted]}', which "
                           f"was removed from the {what}, and old saves may still hold its data under it; choose "
                           f"a free id, like {_first_free(next_id, holders, unavailable)}, or leave id out and kilnc "
                           "picks one")
                ids.append(wanted)
            else:
                holders[wanted] = claim
                ids.append(wanted)
        free = _first_free(next_id, holders, unavailable)
        for index, claim in enumerate(claims):
            if ids[index] is None:
                ids[index] = free
                holders[free] = claim
                free += 1
            if continued[index] is None and claim.name in unavailable.values() and ids[index] not in reserved:
                old_id = next(old for old, name in unavailable.items() if name == claim.name)
                self.diagnostics.warn(
                    claim.declaration.file.locate(claim.keys), f"{claim.label} has the name of one removed from the "
                    f"{what} (id {old_id}), but is new: it gets id {ids[index]}, and old saves' data of the removed "
                    "one does not load into it")
        return ids, continued

    def continues(self, claim: _Claim, declared: Mapping[str, _Claim], renamed: dict[str, _Claim],
                  locked: Mapping[str, Any], what: str) -> Any:
        """The lock entry `claim` continues: the one its renamed_from names, else the one of its name
        (also when renamed_from is reported, so that the report stops there).
        `renamed` holds the old names that claims before this one continue, and gains this one's."""
        if "renamed_from" not in claim.options:
            return locked.get(claim.name)
        old_name = claim.options["renamed_from"]
        keys = ("renamed_from",)
        if not isinstance(old_name, str):
            self.error(claim, keys, f"{claim.label}: renamed_from must be the old name in quotes, not {shown(old_name)}")
            return locked.get(claim.name)
        if old_name == claim.name:
            self.error(claim, keys, f"{claim.label}: renamed_from names the {claim.noun} itself; remove it")
        elif old_name in declared:
            self.error(claim, keys,
                       f"{claim.label}: renamed_from = {shown(old_name)}, but {declared[old_name].label} is still "
                       f"declared; a rename leaves the old name behind, so remove one of the two (or remove "
                       f"renamed_from to keep both, the new one with an id of its own)")
        elif old_name in locked:
            if old_name in renamed:
                self.error(claim, keys, f"{claim.label}: renamed_from = {shown(old_name)}, as does "
                           f"{renamed[old_name].label}; only one of them can continue '{old_name}'")
                return locked.get(claim.name)
            renamed[old_name] = claim
            return locked[old_name]
        elif claim.name in locked and old_name in locked[claim.name].past_names:
            return locked[claim.name]  # the lock has recorded this rename already
        else:
            recorded = ", ".join(sorted(locked)) or "none"
            self.error(claim, keys,
                       f"{claim.label}: renamed_from = {shown(old_name)} names none of the {what} in the lock "
                       f"{self.lock.path} (it records {recorded}); name one of those, or remove renamed_from to "
                       "declare a new one")
        return locked.get(claim.name)

    def explicit_id(self, claim: _Claim) -> int | None:
        if "id" not in claim.options:
            return None
        wanted = claim.options["id"]
        if isinstance(wanted, bool) or not isinstance(wanted, int) or not 0 <= wanted <= MAX_ID:
            self.error(claim, ("id",), f"{claim.label}: id must be a whole number from 0 to {MAX_ID}, not "
                       f"{shown(wanted)}; or leave it out, and kilnc picks the next free id")
            return None
        return wanted

    # Types -----------------------------------------------------------------------------------

    def migrate_from(self, declaration, keys: KeyPath, field: Field, locked: LockedField | None) -> tuple[FieldType, ...]:
        """The earlier types the schema's migrate_from names, each checked against the lock; reports a
        type change that names none of them."""
        spec = declaration.body[field.name]
        owner = f"{declaration.label}: field '{field.name}'"
        current = schema_type(field.type)
        old_types = self.old_types(declaration, keys, owner, spec.get("migrate_from") if isinstance(spec, dict) else None)
        history = (locked.type,) + tuple(reversed(locked.past_types)) if locked else ()  # newest first
        for index, old_type in old_types:
            spelled = schema_type(old_type)
            where = keys + ("migrate_from",) + ((index,) if index is not None else ())
            if spelled == current:
                self.report(declaration.file, where, f"{owner}: migrate_from names {spelled}, the field's "
                            "current type; name the type it had before, or remove migrate_from")
            elif locked is None:
                self.report(declaration.file, where,
                            f"{owner}: migrate_from = {shown(spelled)}, but the field is new to the lock "
                            f"{self.lock.path}, so no save holds it as another type; remove migrate_from (or "
                            "add renamed_from, if the field had another name)")
            elif spelled not in history:
                self.report(declaration.file, where,
                            f"{owner}: migrate_from = {shown(spelled)} names a type the field never had; the lock "
                            f"{self.lock.path} records {_types(history)}; name one of those, or remove it")
        if locked is not None and locked.type != current and locked.type not in [schema_type(old) for _, old in old_types]:
            function = f"{declaration.name}_{field.name}"
            example = f'{{ type = "{current}", migrate_from = "{locked.type}" }}'
            self.report(declaration.file, keys + (("type",) if isinstance(spec, dict) else ()),
                        f"{owner} changes type from {locked.type} to {current}, and old saves hold it as "
                        f"{locked.type}; a field keeps its type unless the schema names a migration: write "
                        f"{field.name} = {example} and define {cpp_type(field.type)} "
                        f"migrations::{function}({_cpp_or_name(locked.type)} old) in the game, or give the "
                        f"field a new name to start it afresh (old saves' values are then dropped)")
        return tuple(old for _, old in old_types)

    def old_types(self, declaration, keys: KeyPath, owner: str, value: Any) -> list[tuple[int | None, FieldType]]:
        """migrate_from's types with their index in its array (None when it is one string), each once."""
        if value is None:
            return []
        listed = [(None, value)] if isinstance(value, str) else list(enumerate(value)) if isinstance(value, list) else []
        if not listed or not all(isinstance(name, str) for _, name in listed):
            self.report(declaration.file, keys + ("migrate_from",),
                        f'{owner}: migrate_from must be the type saves hold the field as, like "i32", or an '
                        f'array of such types, not {shown(value)}')
            return []
        resolved = []
        for index, name in listed:
            where = keys + ("migrate_from",) + ((index,) if index is not None else ())
            old_type = self.field_type(declaration.file, where, f"{owner}: migrate_from", name)
            if old_type is None:
                continue
            if any(schema_type(old_type) == schema_type(seen) for _, seen in resolved):
                self.report(declaration.file, where, f"{owner}: migrate_from names {name} twice; remove one")
                continue
            resolved.append((index, old_type))
        return resolved

    def error(self, claim: _Claim, keys: KeyPath, message: str) -> None:
        self.report(claim.declaration.file, claim.keys + keys, message)

    def report(self, file: SchemaFile, keys: KeyPath, message: str) -> None:
        self.diagnostics.error(file.locate(keys), message)


def _table(value: Any) -> Mapping[str, Any]:
    """A field's or a declaration's options; a field written as a plain type string has none."""
    return value if isinstance(value, dict) else {}


def _types(history: Sequence[str]) -> str:
    """A field's types for a message, newest first.

    >>> _types(("f32",)), _types(("f64", "f32", "i32"))
    ('f32', 'f64 (and before it f32, i32)')
    """
    if len(history) == 1:
        return history[0]
    return f"{history[0]} (and before it {', '.join(history[1:])})"


def _first_free(next_id: int, *taken: Mapping[int, Any]) -> int:
    """The id a new entry gets: past every id the lock has given and every one taken now."""
    return max([next_id] + [taken_id + 1 for ids in taken for taken_id in ids])


def _cpp_or_name(spelled: str) -> str:
    """The C++ of a built-in schema type (or an array of one); an extern's schema name otherwise, since
    the extern may be gone from the schema.

    >>> _cpp_or_name("i32"), _cpp_or_name("u8[4]"), _cpp_or_name("Mat4")
    ('std::int32_t', 'std::array<std::uint8_t, 4>', 'Mat4')
    """
    element, bracket, length = spelled.partition("[")
    scalar = _SCALARS.get(element)
    if scalar is None:
        return spelled
    return cpp_type(Array(scalar, int(length[:-1]))) if bracket else cpp_type(scalar)
