"""A prefab's values after its bases and the schema's defaults, as `kilnc prefab NAME` prints them
(docs/content.md)."""

from ..errors import shown
from ..model import Array, Component, DefaultValue, Extern, FieldType, Prefab, PrefabPart, Scalar


def describe(prefab: Prefab) -> str:
    """A prefab's resolved values, as `kilnc prefab` prints them: every part, every component, every
    field, given or default (a default marked so, and a value a base gave marked with the base), entity
    fields naming the part they link to.

    >>> from ..model import Archetype, Field, Layout
    >>> hp = Component("Health", 0, Layout.PACKED, (Field("hp", Scalar.I32, 100, None),), None)
    >>> print(describe(Prefab("Grunt", PrefabPart("root", Archetype("Enemy", 0, (hp,), None), ()), (), ())))
    prefab Grunt: archetype Enemy
      Health.hp = 100  (default)
    """
    lines = [f"prefab {prefab.name}: archetype {prefab.root.archetype.name}"
             + (f", base {prefab.base}" if prefab.base else "")]
    names = [part.name for part in prefab.parts]
    for position, part in enumerate(prefab.parts):
        indent = "  "
        if position:
            lines.append(f"  child {part.name}: archetype {part.archetype.name}")
            indent = "    "
        for component in part.archetype.components:
            if not component.fields:
                lines.append(f"{indent}{component.name}  (tag)")
            given = part.values_of(component)
            written = {f.name for f, _ in given.values}
            for field_ in component.fields:
                link = next((link for link in prefab.links if link.owner == position
                             and link.component.name == component.name and link.field.name == field_.name), None)
                base = prefab.written_by(position, component.name, field_.name)
                if link is not None:
                    value, note = names[link.target], f"  (from {base})" if base else ""
                elif field_.type is Scalar.ENTITY or (isinstance(field_.type, Array)
                                                      and field_.type.element is Scalar.ENTITY):
                    value, note = "null", "  (default)"
                else:
                    value = _shown(given.value_of(field_), field_.type)
                    note = ("  (default)" if field_.name not in written else f"  (from {base})" if base else "")
                lines.append(f"{indent}{component.name}.{field_.name} = {value}{note}")
    return "\n".join(lines)


def _shown(value: DefaultValue, field_type: FieldType) -> str:
    """A value as TOML spells it; None, a value-initialised field, as its type's zero."""
    if isinstance(field_type, Array):
        if value is None:
            return "[" + ", ".join([_shown(None, field_type.element)] * field_type.length) + "]"
        return "[" + ", ".join(_shown(element, field_type.element) for element in value) + "]"
    if value is None:
        return "false" if field_type is Scalar.BOOL else "{}" if isinstance(field_type, Extern) else \
            "0.0" if isinstance(field_type, Scalar) and field_type.is_floating else "0"
    if isinstance(value, tuple):  # an extern's brace list
        return "{" + ", ".join(map(str, value)) + "}"
    return shown(value)

