"""Jinja filters: the small pieces of C++ spelling the templates need, so templates stay declarative.

Those of systems and the schedule are in system_filters.py, those of the Graphviz file in
dot_filters.py; FILTERS gathers them all.
"""

import math
import textwrap
from collections.abc import Iterable

from ..cpp.floats import shortest_f32
from ..cpp.names import cpp_type, migration_function
from ..model import (Archetype, Array, Component, DefaultValue, Edge, Extern, Field, FieldType, Layout, Origin, Resource,
                     Scalar, schema_type)
from . import dot_filters, event_filters, header_filters, lookup_filters, prefab_filters, state_filters, system_filters

_STRING_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r"}
_INT64_MIN = -(2**63)
_INT64_MAX = 2**63 - 1
# kiln::scalar_type's enumerators; an extern is kiln::scalar_type::external.
_SCALAR_TYPES = {scalar: "boolean" if scalar is Scalar.BOOL else scalar.value for scalar in Scalar}
COMMENT_WIDTH = 100  # columns, counting the indentation and the "// "


def braced_default(field: Field) -> str:
    """A field's default member initialiser: its default in braces, or {} to value-initialise it.

    >>> braced_default(Field("x", Scalar.F32, None, None)), braced_default(Field("x", Scalar.F32, 0.5, None))
    ('{}', '{0.5f}')
    >>> braced_default(Field("xs", Array(Scalar.U8, 2), (1, 2), None))
    '{{1, 2}}'
    >>> braced_default(Field("v", Extern("Vec2", "glm::vec2", None), (1, 2), None))
    '{1, 2}'
    """
    if field.default is None:
        return "{}"
    value = cpp_value(field.default, field.type)
    # An extern's brace list is its initialiser, so `v{1, 2}` reaches an aggregate's members or a
    # constructor alike; a std::array needs braces of its own around the list for its inner array.
    return value if isinstance(field.type, Extern) else "{" + value + "}"


def cpp_value(value: DefaultValue, field_type: FieldType) -> str:
    """A validated default as a C++ expression of the field's type.

    >>> cpp_value(True, Scalar.BOOL), cpp_value(1, Scalar.F32), cpp_value(0.1, Scalar.F64)
    ('true', '1.0f', '0.1')
    >>> cpp_value(float("inf"), Scalar.F32), cpp_value(float("-inf"), Scalar.F64)
    ('std::numeric_limits<float>::infinity()', '-std::numeric_limits<double>::infinity()')
    >>> cpp_value(((1, 0), (0.5, 2)), Array(Extern("V2", "v2", None), 2))
    '{{1, 0}, {0.5, 2}}'
    """
    if isinstance(field_type, Array):
        return "{" + ", ".join(cpp_value(element, field_type.element) for element in value) + "}"
    if isinstance(field_type, Extern):
        return _brace_list(value)
    if field_type is Scalar.BOOL:
        return "true" if value else "false"
    if field_type is Scalar.F32:
        return _floating(value, "float", lambda finite: shortest_f32(finite) + "f")
    if field_type is Scalar.F64:
        return _floating(value, "double", lambda finite: repr(float(finite)))
    return cpp_integer(value)


def cpp_integer(value: int) -> str:
    """An integer literal that means `value` whatever type it initialises.

    >>> cpp_integer(255), cpp_integer(-5), cpp_integer(-2**63), cpp_integer(2**64 - 1)
    ('255', '-5', '(-9223372036854775807 - 1)', '18446744073709551615u')
    """
    if value == _INT64_MIN:
        # 9223372036854775808 fits no signed type, so negating that literal is not the minimum.
        return f"({_INT64_MIN + 1} - 1)"
    if value > _INT64_MAX:
        return f"{value}u"  # unsuffixed, it fits no signed type: the u makes it unsigned long long
    return str(value)


def names(items: Iterable, qualifier: str = "") -> str:
    """The names of schema items, comma-separated, each qualified by `qualifier::` if given.

    >>> position = Component("Position", 0, None, (), None)
    >>> names([position, position]), names([position], "game")
    ('Position, Position', 'game::Position')
    """
    prefix = f"{qualifier}::" if qualifier else ""
    return ", ".join(prefix + item.name for item in items)


def first_columns(components: Iterable[Component]) -> list[int]:
    """Where each component's columns start in an archetype holding `components` in this order, then
    the column count: numbers the runtime reads instead of working them out for each archetype.

    >>> position = Component("Position", 0, Layout.SPLIT, (Field("x", Scalar.F32, None, None),) * 2, None)
    >>> frozen = Component("Frozen", 1, Layout.TAG, (), None)
    >>> first_columns([position, frozen, Component("Health", 2, Layout.PACKED, (), None)])
    [0, 2, 2, 3]
    """
    starts = [0]
    for component in components:
        starts.append(starts[-1] + component.column_count)
    return starts


def column_layouts(component: Component) -> str:
    """The kiln::column_layout of each of a component's columns (see Component.column_count), as
    C++ initialisers: the compiler says the sizes, as only it knows an extern's or a struct's.

    >>> position = Component("Position", 0, Layout.SPLIT, (Field("x", Scalar.F32, None, None),) * 2, None)
    >>> column_layouts(position), column_layouts(Component("Health", 1, Layout.PACKED, (), None))
    ('{sizeof(float), alignof(float)}, {sizeof(float), alignof(float)}', '{sizeof(Health), alignof(Health)}')
    >>> column_layouts(Component("Frozen", 2, Layout.TAG, (), None))
    ''
    """
    if component.layout is Layout.TAG:
        return ""
    types = [cpp_type(field.type) for field in component.fields] if component.is_split else [component.name]
    return ", ".join(f"{{sizeof({name}), alignof({name})}}" for name in types)


def uint32_array(numbers: Iterable[int], name: str) -> str:
    """A static constexpr std::array of std::uint32_t named `name` holding `numbers`.

    >>> uint32_array([0, 2], "first_columns")
    'static constexpr std::array<std::uint32_t, 2> first_columns{0, 2};'
    """
    numbers = list(numbers)
    return f"static constexpr std::array<std::uint32_t, {len(numbers)}> {name}{{{', '.join(map(str, numbers))}}};"


def edges(items: Iterable[Edge], namespace: str) -> str:
    """Transition edges as kiln::edge types, comma-separated; nothing for none.

    >>> ship, frozen = Archetype("Ship", 0, (), None), Archetype("Frozen", 1, (), None)
    >>> edges([Edge(ship, frozen), Edge(frozen, ship)], "game"), edges([], "game")
    ('kiln::edge<game::Ship, game::Frozen>, kiln::edge<game::Frozen, game::Ship>', '')
    """
    return ", ".join(f"kiln::edge<{namespace}::{edge.source.name}, {namespace}::{edge.target.name}>" for edge in items)


def member_pointers(component: Component, namespace: str) -> str:
    """Pointers to every data member of a component, in field order.

    >>> r, g = Field("r", Scalar.U8, None, None), Field("g", Scalar.U8, None, None)
    >>> member_pointers(Component("Color", 0, None, (r, g), None), "game")
    '&game::Color::r, &game::Color::g'
    """
    return ", ".join(f"&{namespace}::{component.name}::{field.name}" for field in component.fields)


def cpp_string(text: str | None) -> str:
    """`text` as a C++ string literal; "" for None. Control characters are escaped, the rest kept.

    >>> print(cpp_string('Say "hi"'), cpp_string("two\\nlines"), cpp_string("C:\\\\"), cpp_string(None))
    "Say \\"hi\\"" "two\\nlines" "C:\\\\" ""
    >>> print(cpp_string("bell\\a1"))
    "bell\\0071"
    """
    if text is None:
        return '""'
    escaped = []
    for char in text:
        if char in _STRING_ESCAPES:
            escaped.append(_STRING_ESCAPES[char])
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            escaped.append(f"\\{ord(char):03o}")  # three octal digits: the escape cannot run on
        else:
            escaped.append(char)
    return '"' + "".join(escaped) + '"'


def default_text(field: Field) -> str:
    """A field's default as kilnc writes it in the member initialiser, without the initialiser's own
    braces; "" when the field has none (and is value-initialised).

    >>> default_text(Field("x", Scalar.F32, 0.5, None)), default_text(Field("xs", Array(Scalar.U8, 2), (1, 2), None))
    ('0.5f', '{1, 2}')
    >>> default_text(Field("x", Scalar.F32, None, None))
    ''
    """
    return "" if field.default is None else cpp_value(field.default, field.type)


def field_info(field: Field, record: Component | Resource, namespace: str) -> str:
    """One kiln::field_info initialiser: stable id, name, schema type (spelled, then as data: element
    and count), offset, size, default text and doc.

    >>> health = Component("Health", 0, None, (Field("hp", Scalar.I32, 100, "Hit points."),), None)
    >>> print(field_info(health.fields[0], health, "game"))
    {0, "hp", "i32", kiln::scalar_type::i32, 1, offsetof(game::Health, hp), sizeof(game::Health::hp), "100", "Hit points."}
    >>> print(field_info(Field("rgba", Array(Scalar.BOOL, 4), None, None), health, "game").split(", offsetof")[0])
    {0, "rgba", "bool[4]", kiln::scalar_type::boolean, 4
    """
    qualified = f"{namespace}::{record.name}"
    element, count = (field.type.element, field.type.length) if isinstance(field.type, Array) else (field.type, 1)
    return (f"{{{field.id}, {cpp_string(field.name)}, {cpp_string(schema_type(field.type))}, "
            f"kiln::scalar_type::{_SCALAR_TYPES.get(element, 'external')}, {count}, "
            f"offsetof({qualified}, {field.name}), sizeof({qualified}::{field.name}), "
            f"{cpp_string(default_text(field))}, {doc_string(field.doc)}}}")


def field_migration(old_type: FieldType, field: Field, record: Component | Resource, namespace: str) -> str:
    """One kiln::field_migration initialiser: the field's stable id, the type old saves hold, and the
    converter that calls the game's function.

    >>> health = Component("Health", 0, None, (Field("hp", Scalar.F32, None, None, 2, (Scalar.I32,)),), None)
    >>> print(field_migration(Scalar.I32, health.fields[0], health, "game"))
    {2, "i32", &kiln::migrate_value<std::int32_t, float, &game::migrations::Health_hp>}
    """
    function = f"{namespace}::migrations::{migration_function(record, field)}"
    return (f"{{{field.id}, {cpp_string(schema_type(old_type))}, "
            f"&kiln::migrate_value<{cpp_type(old_type)}, {cpp_type(field.type)}, &{function}>}}")


def doc_string(doc: str | None) -> str:
    """A declaration's doc as a C++ string literal, without the blank space around it; "" for none.

    >>> doc_string("  The clock.\\n"), doc_string(None)
    ('"The clock."', '""')
    """
    return cpp_string(doc.strip() if doc is not None else None)


def cpp_origin(origin: Origin, sources: list[str]) -> str:
    """Where a declaration is written, as a kiln::schema_origin initialiser; `sources` are the schema
    paths as the banner names them, in command-line order.

    >>> cpp_origin(Origin(1, 12), ["schema/core.toml", "schema/game.toml"])
    '{"schema/game.toml", 12}'
    """
    return f"{{{cpp_string(sources[origin.file])}, {origin.line}}}"


def comment(text: str, indent: int = 0) -> str:
    """`text` as // comment lines, indented; lines longer than COMMENT_WIDTH wrap at spaces.

    >>> print(comment("Where it is.\\n\\nMetres from the origin.", indent=4))
        // Where it is.
        //
        // Metres from the origin.
    """
    prefix = " " * indent + "//"
    lines = []
    for paragraph in text.strip().splitlines():
        wrapped = textwrap.wrap(paragraph, COMMENT_WIDTH - len(prefix) - 1, break_long_words=False,
                                break_on_hyphens=False)
        if wrapped:
            lines.extend(f"{prefix} {line}" for line in wrapped)
        else:
            lines.append(prefix)  # an empty line of text stays, as a bare //
    return "\n".join(lines)


def standard_headers(records: Iterable[Component | Resource]) -> list[str]:
    """Standard headers the records' generated code needs beyond <kiln/schema/component.hpp>: <limits> for inf and NaN.

    >>> infinite = Field("x", Scalar.F32, float("inf"), None)
    >>> standard_headers([Component("A", 0, None, (infinite,), None)])
    ['limits']
    """
    defaults = [field.default for record in records for field in record.fields]
    return ["limits"] if any(map(_has_non_finite, defaults)) else []


FILTERS = {
    **{filter.__name__: filter
       for filter in (cpp_type, braced_default, cpp_value, names, first_columns, column_layouts, uint32_array, edges,
                      member_pointers, schema_type, cpp_string, default_text, field_info, migration_function,
                      field_migration, doc_string, cpp_origin, comment, standard_headers)},
    **system_filters.FILTERS,
    **header_filters.FILTERS,
    **lookup_filters.FILTERS,
    **event_filters.FILTERS,
    **dot_filters.FILTERS,
    **state_filters.FILTERS,
    **prefab_filters.FILTERS,
}


def _floating(value: int | float, cpp: str, finite_literal) -> str:
    if isinstance(value, int) or math.isfinite(value):
        return finite_literal(value)
    if math.isnan(value):
        return f"std::numeric_limits<{cpp}>::quiet_NaN()"
    infinity = f"std::numeric_limits<{cpp}>::infinity()"
    return infinity if value > 0 else "-" + infinity


def _brace_list(value: DefaultValue) -> str:
    """An extern's default: nested tuples of numbers as nested braces; floats read as double."""
    if isinstance(value, tuple):
        return "{" + ", ".join(map(_brace_list, value)) + "}"
    if isinstance(value, float):
        return _floating(value, "double", repr)
    return cpp_integer(value)


def _has_non_finite(value: DefaultValue) -> bool:
    if isinstance(value, tuple):
        return any(map(_has_non_finite, value))
    return isinstance(value, float) and not math.isfinite(value)
