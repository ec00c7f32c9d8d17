"""Checks the tables of the files and the names they declare: every top-level table is one kiln
knows, and each name is declared once, in the one name space that components, resources, events,
archetypes, externs, systems, observers, propagations and fusions share, and can be a C++ name."""

from ..cpp.names import name_problem
from ..errors import closest
from ..front.declaration import Declaration
from ..vocabulary import KINDS
from .checker import Checker
from .fields import SCALARS

TOP_LEVEL = ("kiln", "stage") + KINDS  # [stage.NAME] names a stage of [kiln] stages: no new name


# Names the generated code declares in the schema's namespace, or uses there unqualified inside
# structs that also have members of these names: a schema type so named would break the code.
GENERATED_NAMES = {
    "World": "the world type",
    "schema": "the struct that describes the schema",
    "std": "the C++ standard library's namespace",
    "stage": "the enum of stages",
    "migrations": "the namespace of the functions that migrate fields of older saves",
    "hana_lists": "the namespace of hana.hpp's lists of types",
    **dict.fromkeys(
        ("id", "name", "version", "components", "archetypes", "resources", "systems",
         "observers", "fixed_step", "schedule", "origin"),
        "a member of the generated archetype and schema structs",
    ),
    **dict.fromkeys(
        ("access", "with", "without", "commands", "parallel", "columns", "event", "emit", "events", "run"),
        "a member of the generated system and observer structs",
    ),
    **dict.fromkeys(("local", "global", "combine"), "a member of the generated propagation structs"),
}


# The folder of the header that kilnc writes for each declaration of a kind, by name (back/outputs.py).
HEADER_FOLDERS = {"component": "components", "system": "systems", "propagate": "systems", "observer": "observers"}


def top_level(checker: Checker) -> None:
    for file in checker.files:
        for key, value in file.data.items():
            if key not in TOP_LEVEL:
                close = closest(key, TOP_LEVEL)
                advice = (f"did you mean [{close}]?" if close else
                          "a schema has only [kiln], [extern.NAME], [component.NAME], [resource.NAME], "
                          "[event.NAME], [archetype.NAME], [system.NAME], [observer.NAME], "
                          "[propagate.NAME], [fuse.NAME], [state.NAME], [set.NAME], [prefab.NAME] and [stage.NAME]")
                checker.error(file, (key,), f"unknown table [{key}]; {advice}")
            elif key != "kiln" and not isinstance(value, dict):
                checker.error(file, (key,), f"'{key}' must be a table of {key}s, each written [{key}.NAME]")


def declarations_of(checker: Checker) -> list[Declaration]:
    """Every named table in declaration order, each name once: a repeated name is reported."""
    found = []
    for file_index, file in enumerate(checker.files):
        for kind in KINDS:
            table = file.data.get(kind)
            if not isinstance(table, dict):
                continue
            for name, body in table.items():
                if not isinstance(body, dict):
                    checker.error(file, (kind, name),
                                  f"{kind} '{name}' must be a table; write it as [{kind}.{name}] with its keys below")
                    continue
                location = file.locate((kind, name))
                order = (file_index, location.line, location.column)
                found.append(Declaration(kind, name, body, file, location, order))
    unique = []
    headers: dict[str, Declaration] = {}
    for declaration in sorted(found, key=lambda declaration: declaration.order):
        _check_declared_name(checker, declaration)
        first = checker.declared.setdefault(declaration.name, declaration)
        if first is not declaration:
            checker.error(declaration.file, declaration.keys,
                          f"{declaration.label}: the name '{declaration.name}' is already taken by {first.label} "
                          f"at {first.location}; components, resources, events, archetypes, externs, systems, "
                          "observers, propagations and fusions share one name space, so rename one of them")
            continue
        folder = HEADER_FOLDERS.get(declaration.kind)
        if folder is not None:
            header = f"{folder}/{declaration.name}.hpp"
            other = headers.setdefault(header.lower(), declaration)
            if other is not declaration:
                checker.error(declaration.file, declaration.keys,
                              f"{declaration.label}: its header, {header}, and that of {other.label} at "
                              f"{other.location} differ only in case, which file systems that ignore case (macOS's "
                              "and Windows' by default) take for one file; rename one of them")
        unique.append(declaration)
    return unique


def _check_declared_name(checker: Checker, declaration: Declaration) -> None:
    name = declaration.name
    problem = name_problem(name)
    if problem is None and name in GENERATED_NAMES:
        problem = f"is taken by the generated code ({GENERATED_NAMES[name]})"
    if problem is None and declaration.kind == "extern" and name in SCALARS:
        problem = "is a built-in field type"
    if problem is not None:
        checker.error(declaration.file, declaration.keys,
                      f"{declaration.kind} name '{name}' {problem}; choose another name")
