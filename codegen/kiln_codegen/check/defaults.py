"""Which default values each field type accepts, as TOML gives them.

check_default() answers with a problem (a clause for the message and where in the default it is)
or with the value kept in the model: TOML arrays become tuples so that the model stays frozen.
"""

import math
import sys
from dataclasses import dataclass
from typing import Any

from ..errors import shown
from ..model import Array, DefaultValue, Extern, FieldType, Scalar
from ..cpp.floats import fits_f32

_INT64_RANGE = (-(2**63), 2**64 - 1)  # what an integer in an extern's brace list may hold
_LARGEST = {Scalar.F32: "3.4028235e+38", Scalar.F64: repr(sys.float_info.max)}


@dataclass(frozen=True)
class DefaultProblem:
    clause: str  # completes "component 'C': field 'f': ..."
    element: tuple[int, ...]  # where in a (nested) array default, () for the whole default


def check_default(value: Any, field_type: FieldType, subject: str = "default") -> DefaultValue | DefaultProblem:
    """The model's value for a TOML default of a field of `field_type`, or why it does not fit.

    >>> check_default(255, Scalar.U8), check_default([1, 2], Array(Scalar.F32, 2))
    (255, (1, 2))
    >>> check_default(256, Scalar.U8, "value").clause
    'value 256 is out of range for u8; use a whole number from 0 to 255'
    >>> check_default(256, Scalar.U8).clause
    'default 256 is out of range for u8; use a whole number from 0 to 255'
    >>> check_default([1, 300], Array(Scalar.U8, 2))
    DefaultProblem(clause='default[1] = 300 is out of range for u8; use a whole number from 0 to 255', element=(1,))

    A `u8[N]` also takes text, one byte a character: a string, or the rows of a grid (docs/schema.md,
    "Text for a byte array"):

    >>> check_default(["#.", "o "], Array(Scalar.U8, 4), "value")
    (35, 46, 111, 32)
    """
    if isinstance(field_type, Array):
        return _array_default(value, field_type, subject)
    if isinstance(field_type, Extern):
        return _extern_default(value, field_type, subject)
    clause = _scalar_problem(value, field_type, subject)
    if clause is not None:
        return DefaultProblem(clause, ())
    return value


def _array_default(value: Any, array: Array, subject: str) -> DefaultValue | DefaultProblem:
    spelled = f"{_type_name(array.element)}[{array.length}]"
    if array.element is Scalar.ENTITY:
        return DefaultProblem(_ENTITY_HAS_NO_DEFAULT, ())
    if array.element is Scalar.U8 and _is_text(value):
        return _text_default(value, array, subject)
    if not isinstance(value, list):
        clause = f"{subject} {shown(value)} is not an array; '{spelled}' needs an array of {array.length} values"
        return DefaultProblem(clause, ())
    if len(value) != array.length:
        return DefaultProblem(f"{subject} has {len(value)} values but '{spelled}' needs {array.length}", ())
    elements = []
    for index, element in enumerate(value):
        if isinstance(array.element, Extern):
            checked = _extern_default(element, array.element, f"{subject}[{index}]")
        else:
            clause = _scalar_problem(element, array.element, f"{subject}[{index}] =")
            checked = DefaultProblem(clause, ()) if clause else element
        if isinstance(checked, DefaultProblem):
            return DefaultProblem(checked.clause, (index,) + checked.element)
        elements.append(checked)
    return tuple(elements)


def _is_text(value: Any) -> bool:
    return isinstance(value, str) or (isinstance(value, list) and bool(value) and
                                      all(isinstance(row, str) for row in value))


def _text_default(value: str | list[str], array: Array, subject: str) -> DefaultValue | DefaultProblem:
    """A u8[N] written as text: a string, or rows of one length, their characters one byte each.

    >>> _text_default("ab", Array(Scalar.U8, 3), "value").clause
    "value has 2 characters, but 'u8[3]' needs 3"
    >>> _text_default(["ab", "c"], Array(Scalar.U8, 4), "value")
    DefaultProblem(clause='value[1] has 1 character, but the rows before it have 2; write the rows of a grid of one length', element=(1,))
    >>> _text_default(["ab", "cd"], Array(Scalar.U8, 6), "value").clause
    "value is 2 rows of 2 characters, 4 in all, but 'u8[6]' needs 6"
    >>> _text_default("a\u00e9", Array(Scalar.U8, 2), "value").clause
    "value has a character at 1 that is not ASCII; text for 'u8[2]' takes one byte a character"
    """
    spelled = f"u8[{array.length}]"
    rows = [value] if isinstance(value, str) else value
    where = (lambda i: ()) if isinstance(value, str) else (lambda i: (i,))
    named = (lambda i: subject) if isinstance(value, str) else (lambda i: f"{subject}[{i}]")
    for index, row in enumerate(rows):
        for column, character in enumerate(row):
            if ord(character) > 127:
                return DefaultProblem(f"{named(index)} has a character at {column} that is not ASCII; text for "
                                      f"'{spelled}' takes one byte a character", where(index))
        if len(row) != len(rows[0]):
            return DefaultProblem(f"{named(index)} has {len(row)} character{'' if len(row) == 1 else 's'}, but the "
                                  f"rows before it have {len(rows[0])}; write the rows of a grid of one length",
                                  where(index))
    total = sum(len(row) for row in rows)
    if total != array.length:
        if isinstance(value, str):
            clause = f"{subject} has {total} characters, but '{spelled}' needs {array.length}"
        else:
            clause = (f"{subject} is {len(rows)} rows of {len(rows[0])} characters, {total} in all, but '{spelled}' "
                      f"needs {array.length}")
        return DefaultProblem(clause, ())
    return tuple(ord(character) for row in rows for character in row)


def _extern_default(value: Any, extern: Extern, subject: str) -> DefaultValue | DefaultProblem:
    """An extern's default is a brace list of numbers (nested as deep as the type needs)."""
    if not isinstance(value, list) or not _all_numbers(value):
        return DefaultProblem(
            f"{subject} {shown(value)} does not fit extern type '{extern.name}'; an extern's {subject.split('[')[0]} is an "
            f"array of numbers, like [1.0, 0.0], which becomes the brace list {{1.0, 0.0}}",
            (),
        )
    return _frozen(value)


def _scalar_problem(value: Any, scalar: Scalar, subject: str) -> str | None:
    spelled = shown(value)
    if scalar is Scalar.ENTITY:
        return _ENTITY_HAS_NO_DEFAULT
    if scalar is Scalar.BOOL:
        return None if isinstance(value, bool) else f"{subject} {spelled} is not a bool; use true or false"
    if scalar.is_floating:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return f"{subject} {spelled} is not a number; {scalar.value} needs a number such as 1.0 (or inf, nan)"
        if not _fits_floating(value, scalar):
            return (
                f"{subject} {spelled} is out of range for {scalar.value}, whose largest value is "
                f"{_LARGEST[scalar]}; use inf for infinity"
            )
        return None
    low, high = scalar.integer_range
    if isinstance(value, bool) or not isinstance(value, int):
        return f"{subject} {spelled} is not an integer; {scalar.value} needs a whole number from {low} to {high}"
    if not low <= value <= high:
        return f"{subject} {spelled} is out of range for {scalar.value}; use a whole number from {low} to {high}"
    return None


def _fits_floating(value: int | float, scalar: Scalar) -> bool:
    if isinstance(value, float) and not math.isfinite(value):
        return True  # infinity and NaN are spelled with std::numeric_limits
    if scalar is Scalar.F32:
        return fits_f32(value)
    try:
        float(value)
    except OverflowError:
        return False
    return True


_ENTITY_HAS_NO_DEFAULT = (
    "an entity field cannot have a default: it starts as the null entity (kiln::entity{}); remove 'default'"
)


def _all_numbers(values: list) -> bool:
    for value in values:
        if isinstance(value, list):
            if not _all_numbers(value):
                return False
        elif isinstance(value, bool) or not isinstance(value, (int, float)):
            return False
        elif isinstance(value, int) and not _INT64_RANGE[0] <= value <= _INT64_RANGE[1]:
            return False
    return True


def _frozen(value: Any) -> DefaultValue:
    return tuple(map(_frozen, value)) if isinstance(value, list) else value


def _type_name(element: Scalar | Extern) -> str:
    return element.value if isinstance(element, Scalar) else element.name
