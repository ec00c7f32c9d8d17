"""Checks the fields of components, resources and events, their types and defaults, the options under
their reserved key `kiln`, and their size."""

import re
from collections.abc import Iterable, Sequence
from typing import Any

from ..cpp.names import name_problem
from ..errors import a, shown
from ..front.declaration import Declaration
from ..front.key_positions import KeyPath
from ..front.loader import SchemaFile
from ..model import Array, Extern, Field, FieldType, Scalar
from ..vocabulary import FIELD_KEYS, OPTION_KEYS
from .checker import Checker
from .defaults import DefaultProblem, check_default

SCALARS = {scalar.value: scalar for scalar in Scalar}
# Limits far below what the runtime's 32-bit sizes could take, and far above what game data needs:
# the runtime copies a component whole whenever its entity moves between archetypes; a world holds
# its resources inside itself, so they may be larger (a 320x240 frame buffer is 75 KiB) but not so
# large that a world made on the stack overflows it.
MAX_ARRAY_LENGTH = 1 << 20  # elements of a fixed array
MAX_RECORD_SIZE = {"component": (1 << 16, "64 KiB"), "event": (1 << 16, "64 KiB"),  # bytes, and as said
                   "resource": (1 << 20, "1 MiB")}

_TYPE_CHOICES = (
    f"use one of {', '.join(SCALARS)}, a fixed array like 'f32[4]', or a type declared in [extern]"
)
_ARRAY_LENGTH = re.compile(r"[0-9]+")


def options_of(checker: Checker, declaration: Declaration) -> dict[str, Any]:
    """The reserved key `kiln` of a component or resource: its options, not a field."""
    options = declaration.body.get("kiln", {})
    keys = declaration.keys + ("kiln",)
    if not isinstance(options, dict):
        checker.error(declaration.file, keys,
                      f"{declaration.label}: the key 'kiln' is reserved for options and must be a table, like "
                      'kiln = { doc = "..." }; give the field another name')
        return {}
    checker.unknown_keys(declaration.file, keys, options, OPTION_KEYS[declaration.kind], declaration.label, " in kiln")
    return options


def fields_of(checker: Checker, declaration: Declaration) -> list[Field]:
    """The valid fields, in declaration order; the others are reported."""
    fields = (_field(checker, declaration, name, spec) for name, spec in declaration.body.items() if name != "kiln")
    return [field for field in fields if field is not None]


def _field(checker: Checker, declaration: Declaration, name: str, spec: Any) -> Field | None:
    file, label = declaration.file, declaration.label
    keys = declaration.keys + (name,)
    owner = f"{label}: field '{name}'"
    problem = name_problem(name)
    if problem is None and name == declaration.name:
        problem = f"is the name of its own {declaration.kind}"
    if problem is not None:
        checker.error(file, keys, f"{label}: field name '{name}' {problem}; choose another name")
    if isinstance(spec, str):
        type_name, type_keys, doc = spec, keys, None
    elif isinstance(spec, dict):
        misspelled = checker.unknown_keys(file, keys, spec, FIELD_KEYS, label, f" in field '{name}'")
        doc = checker.doc(file, keys + ("doc",), spec.get("doc"), owner)
        type_name, type_keys = spec.get("type"), keys + ("type",)
        if type_name is None:
            if not misspelled:  # a misspelled `type` is already reported
                checker.error(file, keys, f'{owner} has no type; add type = "f32" (or another field type)')
            return None
        if not isinstance(type_name, str):
            checker.error(file, type_keys, f'{owner}: type must be a string like "f32", not {shown(type_name)}')
            return None
    else:
        checker.error(file, keys, f'{owner} must be a type like "f32" or a table like {{ type = "f32", '
                      f"default = 0.0 }}, not {shown(spec)}")
        return None
    resolved = field_type(checker, file, type_keys, owner, type_name)
    if resolved is None:
        return None
    default = None
    if isinstance(spec, dict) and "default" in spec:
        default = check_default(spec["default"], resolved)
        if isinstance(default, DefaultProblem):
            checker.error(file, keys + ("default",) + default.element, f"{owner}: {default.clause}")
            return None
    return Field(name, resolved, default, doc) if problem is None else None


def field_type(checker: Checker, file: SchemaFile, keys: KeyPath, owner: str, spelled: str) -> FieldType | None:
    element_name, bracket, rest = spelled.partition("[")
    element = SCALARS.get(element_name) or checker.externs.get(element_name)
    if not bracket:
        if element is None:
            checker.error(file, keys, _unknown_type(checker, owner, spelled, spelled))
        return element
    length, closing, tail = rest.partition("]")
    if tail.startswith("["):
        checker.error(file, keys, f"{owner} has type '{spelled}', but arrays of arrays are not supported; use one "
                      "array of the whole length, or an extern type")
        return None
    if not closing or tail or not _ARRAY_LENGTH.fullmatch(length) or int(length) < 1:
        checker.error(file, keys, f"{owner} has type '{spelled}', which is not a fixed array; write an element "
                      "type and a length of at least 1, like 'f32[4]'")
        return None
    if element is None:
        checker.error(file, keys, _unknown_type(checker, owner, element_name, spelled))
        return None
    if int(length) > MAX_ARRAY_LENGTH:
        checker.error(file, keys, f"{owner} has type '{spelled}', but an array holds at most {MAX_ARRAY_LENGTH} "
                      f"elements; make it shorter, or spread the data over several fields or components")
        return None
    return Array(element, int(length))


def _unknown_type(checker: Checker, owner: str, name: str, spelled: str) -> str:
    declared = checker.declared.get(name)
    if declared is not None:
        return (f"{owner} has type '{spelled}', but '{name}' is {a(declared.kind)}, not a field type; "
                f"{_TYPE_CHOICES}")
    if name != spelled:
        return f"{owner} has unknown element type '{name}' in '{spelled}'; {_TYPE_CHOICES}"
    return f"{owner} has unknown type '{spelled}'; {_TYPE_CHOICES}"


def check_size(checker: Checker, declaration: Declaration, fields: Sequence[Field]) -> None:
    size = _known_size(fields)
    limit, said = MAX_RECORD_SIZE[declaration.kind]
    if size > limit:
        checker.error(declaration.file, declaration.keys,
                      f"{declaration.label} takes {size} bytes, but {_article(declaration.kind)} {declaration.kind} "
                      f"takes at most {limit} ({said}); make its arrays shorter, or spread its fields over several "
                      f"{declaration.kind}s")


def _article(noun: str) -> str:
    return "an" if noun[0] in "aeiou" else "a"


def _known_size(fields: Iterable[Field]) -> int:
    """The bytes of a struct of `fields`, laid out as C++ does on 64-bit platforms, with externs counted
    as nothing (kilnc does not know their size): the generated struct takes at least as many.

    >>> _known_size([Field("alive", Scalar.BOOL, None, None), Field("hp", Array(Scalar.F64, 2), None, None)])
    24
    >>> _known_size([Field("who", Scalar.ENTITY, None, None), Field("tag", Scalar.U8, None, None)])
    12
    """
    offset, alignment = 0, 1
    for field in fields:
        element, count = (field.type.element, field.type.length) if isinstance(field.type, Array) else (field.type, 1)
        if isinstance(element, Extern):
            continue
        offset = _rounded_up(offset, element.alignment) + element.size * count
        alignment = max(alignment, element.alignment)
    return _rounded_up(offset, alignment)


def _rounded_up(offset: int, alignment: int) -> int:
    return -(-offset // alignment) * alignment
