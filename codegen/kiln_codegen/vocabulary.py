"""kiln's schema language as data: every table and key kilnc reads, the type and values each takes,
and a line on what it does (docs/schema.md says it at length).

This is the one home of the language's words: check/ takes from it the keys each table allows, and
`kilnc schema-json` writes it as the JSON Schema in schema/ that editors check schemas with. A key
that check/ reads and that is not here is an unknown key.
"""

from dataclasses import dataclass, field
from typing import Any

from .model import DEFAULT_STAGES, Scalar

MAX_VERSION = 2**32 - 1  # schema::version is a std::uint32_t
MAX_STAGES = 256  # the stage enum is a std::uint8_t
MAX_ID = 2**32 - 1  # ids are std::uint32_t in the generated code
LAYOUT_NAMES = ("packed", "split")
SCALAR_NAMES = tuple(scalar.value for scalar in Scalar)


@dataclass(frozen=True)
class Key:
    """A key of a table: what it does, in a line, and the JSON Schema of its value."""

    doc: str
    value: dict[str, Any] = field(default_factory=dict)
    required: bool = False


# Values, as JSON Schema.
_IDENTIFIER = "^[A-Za-z_][A-Za-z0-9_]*$"
_STRING = {"type": "string"}
_BOOLEAN = {"type": "boolean"}
_NAME = {"type": "string", "pattern": _IDENTIFIER}
_ID = {"type": "integer", "minimum": 0, "maximum": MAX_ID}


def _names(at_least: int = 0) -> dict[str, Any]:
    names: dict[str, Any] = {"type": "array", "items": _NAME, "uniqueItems": True}
    if at_least:
        names["minItems"] = at_least
    return names


_TYPES = f"{', '.join(SCALAR_NAMES)}, a fixed array like f32[4], or an [extern]'s name"
FIELD_TYPE = {"type": "string", "anyOf": [{"enum": list(SCALAR_NAMES)},
                                          {"pattern": r"^[A-Za-z_][A-Za-z0-9_]*(\[[1-9][0-9]*\])?$"}],
              "description": f"a field's type: {_TYPES}"}

HEADER = {
    "namespace": Key('the C++ namespace of the generated code; nest with "::", as in "studio::game"',
                     {"type": "string", "pattern": r"^[A-Za-z_][A-Za-z0-9_]*(::[A-Za-z_][A-Za-z0-9_]*)*$"},
                     required=True),
    "version": Key("the schema's own version, a whole number from 1 to 4294967295, available as schema::version",
                   {"type": "integer", "minimum": 1, "maximum": MAX_VERSION}),
    "stages": Key("the stages systems run in, in the order a frame runs them (default: "
                  f"{', '.join(DEFAULT_STAGES)})",
                  {"type": "array", "items": _NAME, "uniqueItems": True, "minItems": 1, "maxItems": MAX_STAGES}),
    "fixed_step": Key("the seconds between two runs of the fixed_update stage, greater than 0 (default 1/60)",
                      {"type": "number", "exclusiveMinimum": 0}),
    "strict": Key("true makes the schedule's ambiguities errors instead of warnings (default false)", _BOOLEAN),
    "row_loops": Key('where each system\'s loop over its rows compiles: "world" (the default: in the world\'s unit) '
                     'or "bodies" (in the one file that includes the system\'s header and defines its run(): '
                     'docs/compile_time.md)', {"type": "string", "enum": ["world", "bodies"]}),
    "schedule_unit": Key('true compiles the schedule in a unit of its own that kilnc writes (schedule.cpp), which '
                         'sees the components declared only, so that a field added to one compiles the game\'s '
                         'units again but not the schedule (default false; needs row_loops = "bodies")', _BOOLEAN),
}
SETTING_KEYS = ("stages", "fixed_step", "strict", "row_loops", "schedule_unit")  # of HEADER: the world-wide settings besides namespace and version

EXTERN = {
    "cpp": Key("the type's C++ name, as code in the schema's namespace would spell it", _STRING, required=True),
    "include": Key("a header path; kilnc writes #include <...> for it in components.hpp", _STRING),
}

FIELD = {
    "type": Key(f"the field's type: {_TYPES}", FIELD_TYPE, required=True),
    "default": Key("the field's default value, written as its type's defaults are (docs/schema.md, Defaults)"),
    "doc": Key("a comment written above the field", _STRING),
    "id": Key("its stable id, instead of the one kilnc gives", _ID),
    "renamed_from": Key("the name it had before, to keep its id", _NAME),
    "migrate_from": Key("the type, or types, that older saves hold the field as; the game defines the conversion",
                        {"anyOf": [FIELD_TYPE, {"type": "array", "items": FIELD_TYPE, "minItems": 1}]}),
}

_OPTION_DOC = Key("a comment written above the struct", _STRING)
_OPTION_ID = Key("its stable id, instead of the one kilnc gives", _ID)
_OPTION_RENAMED = Key("the name it had before, to keep its id", _NAME)
OPTIONS = {  # under the reserved key `kiln` of a component, resource or event
    "component": {
        "layout": Key('"packed" (the default: one struct per entity) or "split" (one array per field)',
                      {"enum": list(LAYOUT_NAMES)}),
        "doc": _OPTION_DOC,
        "id": _OPTION_ID,
        "renamed_from": _OPTION_RENAMED,
        "track": Key("true keeps, for each row, when it gained the component and when it was last written, for "
                     "changed and added filters", _BOOLEAN),
    },
    "resource": {
        "doc": _OPTION_DOC,
        "id": _OPTION_ID,
        "renamed_from": _OPTION_RENAMED,
        "saved": Key("false leaves it out of saves, JSON and dumps, and a load keeps it (default true)", _BOOLEAN),
        "cpp": Key("with saved = false: a C++ type of the game's that it is, instead of fields", _STRING),
        "include": Key("the header that declares cpp's type; kilnc writes #include <...> for it", _STRING),
    },
    "event": {
        "doc": _OPTION_DOC,
        "external": Key("true when game code sends it with world.emit, so no system need emit it", _BOOLEAN),
    },
}

ARCHETYPE = {
    "components": Key("the names of its components, at least one, each once", _names(1), required=True),
    "one_of": Key("groups of components of which each entity holds exactly one: kilnc writes an archetype per "
                  "choice, named by the archetype's name and the chosen components' (docs/states.md)",
                  {"type": "array", "items": _names(2), "minItems": 1}),
    "doc": Key("a comment written above the archetype's struct", _STRING),
    "id": Key("its stable id, instead of the one kilnc gives", _ID),
    "renamed_from": Key("the name it had before, to keep its id", _NAME),
}

ACCESS = {  # of systems and observers
    "write": Key("the components it writes", _names()),
    "read": Key("the components it only reads", _names()),
    "with": Key("components an entity must have for it to see the entity, not accessed", _names()),
    "without": Key("components an entity must not have for it to see the entity", _names()),
    "resources_write": Key("the resources it writes", _names()),
    "resources": Key("the resources it only reads", _names()),
}
EVENT_LISTS = {
    "emit": Key("the events it emits", _names()),
    "events": Key("the events it reads", _names()),
}
CHANGES = {
    "changed": Key("tracked components it reads or writes: it runs only on the rows where one was written since "
                   "it last ran", _names()),
    "added": Key("tracked components it reads or writes: it runs only on the rows that gained one since it last "
                 "ran", _names()),
}
ORDER = {
    "after": Key("systems of the same stage that must run before it", _names()),
    "before": Key("systems of the same stage that must run after it", _names()),
    "ambiguous_with": Key("systems of the same stage that may run before or after it although they conflict",
                          _names()),
}
FLAGS = {
    "commands": Key("run() also gets a kiln::system_commands<World>& and the entity, to record structural changes "
                    "(default false)", _BOOLEAN),
    "parallel": Key("its entities may be split into chunks that run at once (default false)", _BOOLEAN),
    "columns": Key("run() gets spans of a chunk's components instead of one entity's (default false)", _BOOLEAN),
}
LOOKUP = {  # of [system.NAME.lookup.LOOKUP]
    "read": Key("the components it reads on the entities it reaches", _names()),
    "write": Key("the components it writes on the entities it reaches", _names()),
    "with": Key("components an entity must have for the lookup to reach it", _names()),
    "without": Key("components an entity must not have for the lookup to reach it", _names()),
    "single": Key("true: the one entity it reaches, and the system is skipped unless exactly one matches", _BOOLEAN),
}
_LOOKUP_VALUE = {"type": "object", "properties": {key: {"description": entry.doc, **entry.value}
                                                  for key, entry in LOOKUP.items()}, "additionalProperties": False}
REACH = {  # what a system reaches beyond its row's components
    "entity": Key("true hands run() the entity it runs on, without commands (default false)", _BOOLEAN),
    "optional": Key("components its rows may lack: run() gets const C*, null where the row lacks C", _names()),
    "optional_write": Key("the same, written: run() gets C*", _names()),
    "has": Key("components run() is told, per row, whether the row holds (bool has_c)", _names()),
    "lookup": Key("its lookups by name: components it reads and writes on other entities",
                  {"type": "object", "additionalProperties": _LOOKUP_VALUE}),
}
_ONE_MOMENT = {"type": "string", "pattern": r"^[A-Za-z_][A-Za-z0-9_]*\.[A-Za-z_][A-Za-z0-9_]*$"}
_MOMENT = {"anyOf": [_ONE_MOMENT, {"type": "array", "items": _ONE_MOMENT, "minItems": 1, "uniqueItems": True}]}
CONDITIONS = {  # of systems (docs/states.md)
    "run_if": Key("a condition: it runs only while this holds when its stage starts, like \"Phase == playing and "
                  "not Game.paused\"", _STRING),
    "sets": Key("[set.NAME]s whose conditions must hold too", _names()),
    "changes": Key("with commands: the components its commands add, remove or replace and the archetypes they "
                   "create or destroy; kilnc places a flush before a later system of the stage that would miss them",
                   _names()),
    "on_enter": Key("instead of stage: \"State.value\", or a list of them, it runs when the state enters the value",
                    _MOMENT),
    "on_exit": Key("instead of stage: \"State.value\", or a list of them, it runs when the state leaves the value",
                   _MOMENT),
}
SYSTEM = {
    # Required unless on_enter or on_exit stands instead (json_schema.py says so).
    "stage": Key("the stage it runs in, one of [kiln] stages", _NAME, required=True),
    **ACCESS, **EVENT_LISTS, **CHANGES, **ORDER,
    "priority": Key("among systems that nothing orders, higher ones are placed first (default 0)", {"type": "integer"}),
    **FLAGS,
    **CONDITIONS,
    "doc": Key("a comment written above its struct", _STRING),
    **REACH,
}
STAGE_INSTEAD = ("on_enter", "on_exit")  # what a system may have instead of stage

SET = {  # of on_enter and on_leave
    "with": Key("components the entity comes to have, or stops having", _names()),
    "without": Key("components the entity comes to lack, or stops lacking", _names()),
}
_SET_VALUE = {"type": "object", "properties": {key: {"description": entry.doc, **entry.value}
                                               for key, entry in SET.items()},
              "additionalProperties": False}
OBSERVER_EVENTS = {  # an observer has exactly one
    "on_add": Key("runs when an entity comes to have this component (and what else the observer requires)", _NAME),
    "on_remove": Key("runs when an entity stops having this component", _NAME),
    "on_enter": Key("runs when an entity comes to match these lists (and the observer's own)", _SET_VALUE),
    "on_leave": Key("runs when an entity stops matching these lists", _SET_VALUE),
    "on_change": Key("runs when an entity had this tracked component written or gained since the observer last ran",
                     _NAME),
}
OBSERVER = {**OBSERVER_EVENTS, **ACCESS, "doc": Key("a comment written above its struct", _STRING)}

PROPAGATE = {
    "local": Key("the component the game sets on each entity: packed, with fields", _NAME, required=True),
    "global": Key("the component the propagation computes: packed, with fields; no system writes it", _NAME,
                  required=True),
    "combine": Key("the C++ function G f(const G& parent, const L& local), by its qualified name",
                   {"type": "string", "pattern": r"^(::)?[A-Za-z_][A-Za-z0-9_]*(::[A-Za-z_][A-Za-z0-9_]*)*$"},
                   required=True),
    "include": Key("the header that declares it, which systems.hpp includes", _STRING),
    "stage": Key("the stage it runs in, one of [kiln] stages", _NAME, required=True),
    "doc": Key("a comment written above its struct", _STRING),
}

STATE = {
    "values": Key("the values, each a C++ identifier, at least one, at most 255", {**_names(1), "maxItems": 255},
                  required=True),
    "initial": Key("the value the world starts in (default: the first)", _NAME),
    "destroy_on_exit": Key("for a value, the archetypes (or components) whose entities are destroyed when the "
                           "state leaves it", {"type": "object", "additionalProperties": _names()}),
    "doc": Key("a comment written above the enum", _STRING),
}

RUN_SET = {
    "run_if": Key("the condition its systems share (docs/states.md)", _STRING, required=True),
    "doc": Key("a comment written above its struct", _STRING),
}

STAGE_TABLE = {  # [stage.NAME], NAME one of [kiln] stages
    "run_if": Key("the stage runs only while this condition holds (docs/states.md)", _STRING),
}

FUSE = {
    "systems": Key("at least two systems of one stage, in the order they run", _names(2), required=True),
    "doc": Key("a note for readers of the schema (a fusion declares nothing in C++)", _STRING),
}

_COMPONENT_VALUES = {"type": "object", "description": "a component's field values: each key a field of it, each value "
                     "one its type takes; an entity field names \"root\" or a child of the prefab",
                     "propertyNames": {"pattern": _IDENTIFIER}}
PREFAB_VALUES = _COMPONENT_VALUES
PREFAB_CHILD = {  # of [prefab.NAME.children.CHILD]; its other keys are components, each a table of field values
    "archetype": Key("the child's archetype (in a variant, default: the base's child's)", _NAME),
    "doc": Key("a note for readers of the schema", _STRING),
}
_CHILD_VALUE = {"type": "object", "properties": {key: {"description": entry.doc, **entry.value}
                                                 for key, entry in PREFAB_CHILD.items()},
                "propertyNames": {"pattern": _IDENTIFIER}, "additionalProperties": _COMPONENT_VALUES}
PREFAB = {  # its other keys are components, each a table of field values (docs/content.md)
    "archetype": Key("the archetype its root is an entity of (in a variant, default: the base's)", _NAME),
    "base": Key("a prefab whose values, children and archetype this one takes and patches field by field", _NAME),
    "children": Key("its children by name, each with its archetype and values, parented to the root at spawn",
                    {"type": "object", "propertyNames": {"pattern": _IDENTIFIER},
                     "additionalProperties": _CHILD_VALUE}),
    "doc": Key("a comment written above its struct", _STRING),
}

# The named tables, [KIND.NAME], and what each is. Components, resources and events take fields.
KIND_DOCS = {
    "extern": "a C++ type defined elsewhere, to use as a field type",
    "component": "data an entity has: each key is a field, and the reserved key kiln holds options",
    "resource": "data the world has once: each key is a field, and the reserved key kiln holds options",
    "event": "a message systems emit and read: each key is a field, and the reserved key kiln holds options",
    "archetype": "a set of components that entities are made of",
    "system": "a function the game defines, which the world runs in a stage on the entities that match it",
    "observer": "a function the game defines, run when an entity comes to match it or stops matching it",
    "propagate": "a value computed down the hierarchy, from each entity's local part and its parent's global",
    "fuse": "systems of one stage run as one pass over the rows",
    "state": "a value of a finite set that the world is in, changed only by transitions (docs/states.md)",
    "set": "a condition that the systems listing it in sets share (docs/states.md)",
    "prefab": "an entity, and its named children, with values, that the game spawns (docs/content.md): each key "
              "other than archetype, base, children and doc is a component, given a table of field values",
}
TABLES = {"extern": EXTERN, "archetype": ARCHETYPE, "system": SYSTEM, "observer": OBSERVER, "propagate": PROPAGATE,
          "fuse": FUSE, "state": STATE, "set": RUN_SET}  # the kinds whose keys are all named here; the others' keys are fields

KINDS = tuple(KIND_DOCS)
HEADER_KEYS = tuple(HEADER)
EXTERN_KEYS = tuple(EXTERN)
FIELD_KEYS = tuple(FIELD)
OPTION_KEYS = {kind: tuple(options) for kind, options in OPTIONS.items()}
ARCHETYPE_KEYS = tuple(ARCHETYPE)
ACCESS_KEYS = tuple(ACCESS)
EVENT_KEYS = tuple(EVENT_LISTS)
CHANGE_KEYS = tuple(CHANGES)
ORDER_KEYS = tuple(ORDER)
FLAG_KEYS = tuple(FLAGS)
SYSTEM_KEYS = tuple(SYSTEM)
REACH_KEYS = tuple(REACH)
LOOKUP_KEYS = tuple(LOOKUP)
SET_KEYS = tuple(SET)
OBSERVER_KEYS = tuple(OBSERVER)
PROPAGATE_KEYS = tuple(PROPAGATE)
FUSE_KEYS = tuple(FUSE)
CONDITION_KEYS = tuple(CONDITIONS)
STATE_KEYS = tuple(STATE)
RUN_SET_KEYS = tuple(RUN_SET)
STAGE_TABLE_KEYS = tuple(STAGE_TABLE)
PREFAB_KEYS = tuple(PREFAB)
PREFAB_CHILD_KEYS = tuple(PREFAB_CHILD)
