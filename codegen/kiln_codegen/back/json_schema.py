"""The JSON Schema of kiln's TOML, written from vocabulary.py, for editors (Taplo, Even Better TOML)
to complete keys, show what each does and mark mistakes before kilnc runs. kilnc's own checks go
further (names declared, kinds matched, C++ names free); the JSON Schema says the shape.

Draft 7, which the editors' TOML language server reads. `kilnc schema-json` writes it; schema/
holds it, and a test keeps it current.
"""

import json
from typing import Any

from .. import vocabulary
from ..vocabulary import Key

DRAFT = "http://json-schema.org/draft-07/schema#"
_IDENTIFIER = {"pattern": "^[A-Za-z_][A-Za-z0-9_]*$"}


def json_schema() -> dict[str, Any]:
    """The JSON Schema of a kiln schema file.

    >>> schema = json_schema()
    >>> schema["required"], list(schema["properties"])[:3]
    (['kiln'], ['kiln', 'extern', 'component'])
    >>> schema["definitions"]["system"]["properties"]["stage"]["description"]
    'the stage it runs in, one of [kiln] stages'
    """
    definitions: dict[str, Any] = {
        "field_type": vocabulary.FIELD_TYPE,
        "field": {
            "description": "a field: its type, or a table of its type and more",
            "anyOf": [{"$ref": "#/definitions/field_type"}, _table(vocabulary.FIELD)],
        },
    }
    for kind in vocabulary.KINDS:
        if kind == "prefab":  # its own keys, and components' values
            definitions[kind] = {**_table(vocabulary.PREFAB, vocabulary.KIND_DOCS[kind]),
                                 "additionalProperties": vocabulary.PREFAB_VALUES}
        elif kind in vocabulary.TABLES:
            definitions[kind] = _table(vocabulary.TABLES[kind], vocabulary.KIND_DOCS[kind])
        else:  # its keys are fields, but for `kiln`
            definitions[kind] = {
                "type": "object",
                "description": vocabulary.KIND_DOCS[kind],
                "properties": {"kiln": _table(vocabulary.OPTIONS[kind], "its options, not a field")},
                "propertyNames": _IDENTIFIER,
                "additionalProperties": {"$ref": "#/definitions/field"},
            }
    # A system names its stage, or the state's value it runs on entering or leaving instead.
    definitions["system"].pop("required")
    definitions["system"]["anyOf"] = [{"required": [key]} for key in ("stage",) + vocabulary.STAGE_INSTEAD]
    properties: dict[str, Any] = {"kiln": _table(vocabulary.HEADER, "the world: its C++ namespace, version and "
                                                 "settings; every file has one")}
    for kind in vocabulary.KINDS:
        properties[kind] = {
            "type": "object",
            "description": f"[{kind}.NAME]: {vocabulary.KIND_DOCS[kind]}",
            "propertyNames": _IDENTIFIER,
            "additionalProperties": {"$ref": f"#/definitions/{kind}"},
        }
    properties["stage"] = {
        "type": "object",
        "description": "[stage.NAME]: the condition under which a stage of [kiln] stages runs (docs/states.md)",
        "propertyNames": _IDENTIFIER,
        "additionalProperties": _table(vocabulary.STAGE_TABLE),
    }
    return {
        "$schema": DRAFT,
        "title": "kiln schema",
        "description": "A kiln schema: the TOML that kilnc reads (docs/schema.md). Written by kilnc schema-json "
                       "from codegen/kiln_codegen/vocabulary.py; do not edit.",
        "type": "object",
        "required": ["kiln"],
        "additionalProperties": False,
        "properties": properties,
        "definitions": definitions,
    }


def json_schema_text() -> str:
    """The JSON Schema as schema/kiln.schema.json holds it: indented, in vocabulary.py's order, LF."""
    return json.dumps(json_schema(), indent=2, ensure_ascii=False) + "\n"


def _table(keys: dict[str, Key], doc: str | None = None) -> dict[str, Any]:
    table: dict[str, Any] = {"type": "object"}
    if doc:
        table["description"] = doc
    table["properties"] = {name: {**key.value, "description": key.doc} for name, key in keys.items()}
    required = [name for name, key in keys.items() if key.required]
    if required:
        table["required"] = required
    table["additionalProperties"] = False
    return table
