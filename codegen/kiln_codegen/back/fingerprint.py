"""The schema fingerprint: one number that changes whenever what a save file holds would.

A save records the fingerprint of the schema that wrote it; a loader whose schema has the same one
knows that every column it reads has the layout it expects, and copies them whole.
"""

from ..model import Schema, schema_type

_FNV_OFFSET = 0xCBF29CE484222325
_FNV_PRIME = 0x100000001B3


def fnv1a64(text: str) -> int:
    """The 64-bit FNV-1a hash of text's UTF-8 bytes: small, and the same in every Python.

    >>> hex(fnv1a64("")), hex(fnv1a64("a"))
    ('0xcbf29ce484222325', '0xaf63dc4c8601ec8c')
    """
    value = _FNV_OFFSET
    for byte in text.encode():
        value = ((value ^ byte) * _FNV_PRIME) & 0xFFFFFFFFFFFFFFFF
    return value


def fingerprint(schema: Schema) -> int:
    """The hash of what a save holds of the schema: each component, resource and archetype by stable
    id with its layout, and each field by stable id with its type, in schema order. Names and docs
    are left out: renaming changes nothing that is saved."""
    lines = []
    for component in schema.components:
        lines.append(f"component {component.stable_id} {component.layout.value}")
        lines += [f" field {field.id} {schema_type(field.type)}" for field in component.fields]
    for resource in schema.saved_resources:  # the others are in no save
        lines.append(f"resource {resource.stable_id}")
        lines += [f" field {field.id} {schema_type(field.type)}" for field in resource.fields]
    for archetype in schema.archetypes:
        members = " ".join(str(component.stable_id) for component in archetype.components)
        lines.append(f"archetype {archetype.stable_id} {members}")
    return fnv1a64("\n".join(lines))
