"""Checks loaded schema files and turns their declarations into the model's values.

Checks run in the order things depend on each other (the [kiln] header, the names declared,
externs, fields, events, archetypes, propagations, systems, fusions and observers) and each goes on
after a mistake, so one run reports all it can. Something already reported is left out of later checks
rather than reported again.
"""

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import Diagnostic, Location, SchemaError, a, closest, in_report_order, listing, shown
from ..front.key_positions import KeyPath
from ..front.loader import SchemaFile
from ..model import (Archetype, Array, Component, Event, Extern, Field, FieldType, Fusion, Layout, Observer, Origin,
                     Resource, Scalar, System)
from ..persistence.lockfile import Lock, default_lock_path
from ..persistence.stable_ids import StableIds
from .defaults import DefaultProblem, check_default
from .limits import archetype_too_large, too_many_components
from ..cpp.names import is_header_path, name_problem
from .settings import SETTING_KEYS, Settings, settings
from .unheld_components import unheld_components
from .validate_events import event, warn_of_unused
from .validate_fusions import FusionChecker
from .validate_propagations import PropagationChecker
from .validate_tracking import tracked
from .validate_systems import SystemChecker

KINDS = ("extern", "component", "resource", "event", "archetype", "system", "observer", "propagate", "fuse")  # named tables
TOP_LEVEL = ("kiln",) + KINDS
HEADER_KEYS = ("namespace", "version") + SETTING_KEYS
EXTERN_KEYS = ("cpp", "include")
FIELD_KEYS = ("type", "default", "doc", "id", "renamed_from", "migrate_from")
OPTION_KEYS = {"component": ("layout", "doc", "id", "renamed_from", "track"),
               "resource": ("doc", "id", "renamed_from"),
               "event": ("doc", "external")}  # keys of the reserved `kiln`
ARCHETYPE_KEYS = ("components", "doc", "id", "renamed_from")
LAYOUTS = {"packed": Layout.PACKED, "split": Layout.SPLIT}
SCALARS = {scalar.value: scalar for scalar in Scalar}
MAX_VERSION = 2**32 - 1  # schema::version is a std::uint32_t
# Limits far below what the runtime's 32-bit sizes could take, and far above what game data needs:
# the runtime copies a component whole whenever its entity moves between archetypes; a world holds
# its resources inside itself, so they may be larger (a 320x240 frame buffer is 75 KiB) but not so
# large that a world made on the stack overflows it.
MAX_ARRAY_LENGTH = 1 << 20  # elements of a fixed array
MAX_RECORD_SIZE = {"component": (1 << 16, "64 KiB"), "event": (1 << 16, "64 KiB"),  # bytes, and as said
                   "resource": (1 << 20, "1 MiB")}

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
# What the reference view of a split component declares; its fields cannot take these names.
SPLIT_VIEW_NAMES = ("basic_ref", "ref", "cref", "Const", "value")

_TYPE_CHOICES = (
    f"use one of {', '.join(SCALARS)}, a fixed array like 'f32[4]', or a type declared in [extern]"
)
_ARRAY_LENGTH = re.compile(r"[0-9]+")
# C++17 dropped trigraphs, but GCC and Clang still warn of them (-Wtrigraphs, in -Wall), in comments too.
_TRIGRAPH = re.compile(r"\?\?[=/'()!<>-]")


@dataclass(frozen=True)
class Checked:
    """A world's declarations, each checked; pipeline.py plans their schedule and makes the Schema.

    `checker` holds what was found wrong so far, so that the schedule's problems are reported with
    the rest, all at once.
    """

    checker: "Checker"
    namespace: str | None
    version: int
    settings: Settings
    externs: tuple[Extern, ...]
    components: tuple[Component, ...]
    resources: tuple[Resource, ...]
    archetypes: tuple[Archetype, ...]
    archetypes_known: bool  # every archetype as declared, so which ones a system matches is known
    systems: tuple[System, ...]
    observers: tuple[Observer, ...]
    events: tuple[Event, ...]
    fusions: tuple[Fusion, ...]


def check(files: Sequence[SchemaFile], lock: Lock | None = None) -> Checked:
    """The declarations of one world made of `files` (in command-line order), checked.

    Stable ids continue `lock` (lockfile.read_lock), and edits that would break its saves are
    mistakes; without one, the schema is generated for the first time and ids follow positions.
    Mistakes are collected in the result's checker, not raised.
    """
    checker = Checker(files)
    namespace, version = checker.header()
    world = settings(checker)
    checker.top_level()
    declarations = checker.declarations()
    externs = [checker.extern(declaration) for declaration in _of_kind(declarations, "extern")]
    checker.externs = {extern.name: extern for extern in externs}
    # A propagation's local part is tracked unless it says track = false: its changes are where the
    # propagation starts from (docs/hierarchy.md).
    propagated_locals = {declaration.body.get("local") for declaration in _of_kind(declarations, "propagate")}
    components = [
        checker.component(declaration, component_id, declaration.name in propagated_locals)
        for component_id, declaration in enumerate(_of_kind(declarations, "component"))
    ]
    resources = [checker.resource(declaration) for declaration in _of_kind(declarations, "resource")]
    checker.diagnostics += too_many_components(
        [(declaration.name, declaration.location) for declaration in _of_kind(declarations, "component")])
    # Ids before archetypes and systems, which hold the components and archetypes as they are then.
    stable_ids = StableIds(checker, lock or Lock.empty(default_lock_path(files[0].path)))
    components = stable_ids.records("component", components)
    resources = stable_ids.records("resource", resources)
    stable_ids.check_migration_names(components + resources)
    reported = len(checker.diagnostics)
    archetypes = stable_ids.archetypes(checker.archetypes(list(_of_kind(declarations, "archetype")), components))
    # Which archetypes a system matches is only known when every archetype is as declared.
    archetypes_known = len(checker.diagnostics) == reported
    if not checker.diagnostics:  # a doubt, about a world otherwise right: it never sits among errors
        checker.warnings += unheld_components(
            [(declaration.name, declaration.location) for declaration in _of_kind(declarations, "component")],
            archetypes)
    events = [event(checker, declaration) for declaration in _of_kind(declarations, "event")]
    systems = SystemChecker(checker, components, resources, archetypes if archetypes_known else None, world.stages,
                            events)
    propagation_checker = PropagationChecker(checker, systems, components, archetypes if archetypes_known else None)
    propagations = propagation_checker.propagations(list(_of_kind(declarations, "propagate")))
    system_declarations = list(_of_kind(declarations, "system"))
    writers_of_globals = propagation_checker.check_writers(system_declarations)
    checked_systems = systems.systems(system_declarations, propagations, writers_of_globals)
    fusions = FusionChecker(checker, systems).fusions(list(_of_kind(declarations, "fuse")), checked_systems)
    observers = [systems.observer(declaration) for declaration in _of_kind(declarations, "observer")]
    if not checker.diagnostics:  # a system with a mistake is left out, and would seem not to use its events
        warn_of_unused(checker, checker.declared, events, checked_systems)
    return Checked(checker, namespace, version, world, tuple(externs), tuple(components), tuple(resources),
                   tuple(archetypes), archetypes_known, tuple(checked_systems), tuple(observers), tuple(events), tuple(fusions))


@dataclass(frozen=True)
class _Declaration:
    """A named table: [extern.X], [component.X], [resource.X], [event.X], [archetype.X], [system.X],
    [observer.X], [propagate.X] or [fuse.X]."""

    kind: str
    name: str
    body: dict[str, Any]
    file: SchemaFile
    location: Location
    order: tuple[int, int, int]  # file on the command line, line, column

    @property
    def keys(self) -> KeyPath:
        return self.kind, self.name

    @property
    def label(self) -> str:
        return f"{self.kind} '{self.name}'"

    @property
    def origin(self) -> Origin:
        """Where the generated metadata says the declaration is: its file and its table header's line."""
        return Origin(self.order[0], self.location.line)


class Checker:
    def __init__(self, files: Sequence[SchemaFile]):
        self.files = files
        self.diagnostics: list[Diagnostic] = []  # the errors
        self.warnings: list[Diagnostic] = []
        self.declared: dict[str, _Declaration] = {}
        self.externs: dict[str, Extern] = {}

    def error(self, file: SchemaFile, keys: KeyPath, message: str) -> None:
        self.diagnostics.append(Diagnostic(file.locate(keys), message))

    def sorted(self, diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
        return in_report_order(diagnostics, [file.path for file in self.files])

    def raise_if_any(self) -> None:
        if self.diagnostics:
            raise SchemaError(self.sorted(self.diagnostics + self.warnings))

    # The [kiln] header -----------------------------------------------------------------------

    def header(self) -> tuple[str | None, int]:
        """The namespace every file declares, and the version that any file gives (1 if none does).

        The first file with a valid namespace or version sets it; the others must agree. A file
        without `version` says nothing about it, so a world's version may be given in one file only.
        """
        namespace_at: tuple[str, SchemaFile] | None = None
        version_at: tuple[int, SchemaFile] | None = None
        for file in self.files:
            header = file.data.get("kiln")
            if header is None:
                self.error(file, (), 'missing [kiln] table; begin the file with [kiln] and namespace = "..." '
                           "(the C++ namespace to generate into)")
                continue
            if not isinstance(header, dict):
                self.error(file, ("kiln",), "'kiln' must be a table: write [kiln] and below it namespace = \"...\"")
                continue
            self.unknown_keys(file, ("kiln",), header, HEADER_KEYS, "[kiln]")
            namespace = self.namespace(file, header)
            if namespace is not None:
                namespace_at = namespace_at or (namespace, file)
                first_namespace, first_file = namespace_at
                if namespace != first_namespace:
                    self.error(file, ("kiln", "namespace"),
                               f"[kiln] namespace '{namespace}' differs from '{first_namespace}' at "
                               f"{first_file.locate(('kiln', 'namespace'))}; all files of one world declare the "
                               "same namespace")
            version = self.version(file, header)
            if version is not None:
                version_at = version_at or (version, file)
                first_version, first_file = version_at
                if version != first_version:
                    self.error(file, ("kiln", "version"),
                               f"[kiln] version {version} differs from version {first_version} at "
                               f"{first_file.locate(('kiln', 'version'))}; a world has one version: give it in "
                               "one file, or the same in each")
        return (namespace_at[0] if namespace_at else None), (version_at[0] if version_at else 1)

    def namespace(self, file: SchemaFile, header: dict[str, Any]) -> str | None:
        keys = ("kiln", "namespace")
        namespace = header.get("namespace")
        if namespace is None:
            self.error(file, ("kiln",), '[kiln] has no namespace; add namespace = "game" (the C++ namespace of '
                       'the generated code; nest with "::", like "studio::game")')
            return None
        if not isinstance(namespace, str):
            self.error(file, keys, f'[kiln] namespace must be a string like "game", not {shown(namespace)}')
            return None
        valid = True
        for index, part in enumerate(namespace.split("::")):
            problem = name_problem(part)
            if problem is None and index == 0 and part == "std":
                problem = "is the C++ standard library's namespace"
            if problem is not None:
                self.error(file, keys, f"[kiln] namespace '{namespace}': '{part}' {problem}; choose another namespace")
                valid = False
        return namespace if valid else None

    def version(self, file: SchemaFile, header: dict[str, Any]) -> int | None:
        """The version a file gives; None when it gives none, or one that is reported."""
        if "version" not in header:
            return None
        version = header["version"]
        if isinstance(version, bool) or not isinstance(version, int) or not 1 <= version <= MAX_VERSION:
            self.error(file, ("kiln", "version"),
                       f"[kiln] version must be a whole number from 1 to {MAX_VERSION} (the schema's own "
                       f"version), not {shown(version)}")
            return None
        return version

    # Names -----------------------------------------------------------------------------------

    def top_level(self) -> None:
        for file in self.files:
            for key, value in file.data.items():
                if key not in TOP_LEVEL:
                    close = closest(key, TOP_LEVEL)
                    advice = (f"did you mean [{close}]?" if close else
                              "a schema has only [kiln], [extern.NAME], [component.NAME], [resource.NAME], "
                              "[event.NAME], [archetype.NAME], [system.NAME], [observer.NAME], "
                              "[propagate.NAME] and [fuse.NAME]")
                    self.error(file, (key,), f"unknown table [{key}]; {advice}")
                elif key != "kiln" and not isinstance(value, dict):
                    self.error(file, (key,), f"'{key}' must be a table of {key}s, each written [{key}.NAME]")

    def declarations(self) -> list[_Declaration]:
        """Every named table in declaration order, each name once: a repeated name is reported."""
        found = []
        for file_index, file in enumerate(self.files):
            for kind in KINDS:
                table = file.data.get(kind)
                if not isinstance(table, dict):
                    continue
                for name, body in table.items():
                    if not isinstance(body, dict):
                        self.error(file, (kind, name),
                                   f"{kind} '{name}' must be a table; write it as [{kind}.{name}] with its keys below")
                        continue
                    location = file.locate((kind, name))
                    order = (file_index, location.line, location.column)
                    found.append(_Declaration(kind, name, body, file, location, order))
        unique = []
        for declaration in sorted(found, key=lambda declaration: declaration.order):
            self.check_declared_name(declaration)
            first = self.declared.setdefault(declaration.name, declaration)
            if first is not declaration:
                self.error(declaration.file, declaration.keys,
                           f"{declaration.label}: the name '{declaration.name}' is already taken by {first.label} "
                           f"at {first.location}; components, resources, events, archetypes, externs, systems, "
                           "observers, propagations and fusions share one name space, so rename one of them")
                continue
            unique.append(declaration)
        return unique

    def check_declared_name(self, declaration: _Declaration) -> None:
        name = declaration.name
        problem = name_problem(name)
        if problem is None and name in GENERATED_NAMES:
            problem = f"is taken by the generated code ({GENERATED_NAMES[name]})"
        if problem is None and declaration.kind == "extern" and name in SCALARS:
            problem = "is a built-in field type"
        if problem is not None:
            self.error(declaration.file, declaration.keys,
                       f"{declaration.kind} name '{name}' {problem}; choose another name")

    def unknown_keys(self, file: SchemaFile, keys: KeyPath, table: dict[str, Any], allowed: Sequence[str],
                     owner: str, place: str = "") -> bool:
        """Reports each key of `table` not in `allowed`; returns whether there was one."""
        unknown = [key for key in table if key not in allowed]
        for key in unknown:
            close = closest(key, allowed)
            advice = f"did you mean '{close}'?" if close else f"the keys allowed here are {listing(allowed)}"
            self.error(file, keys + (key,), f"{owner}: unknown key '{key}'{place}; {advice}")
        return bool(unknown)

    # Externs, components, resources ----------------------------------------------------------

    def extern(self, declaration: _Declaration) -> Extern:
        file, keys, label, body = declaration.file, declaration.keys, declaration.label, declaration.body
        self.unknown_keys(file, keys, body, EXTERN_KEYS, label)
        cpp = body.get("cpp")
        if cpp is None:
            self.error(file, keys, f'{label} has no cpp; add cpp = "the::type" (its C++ name)')
        elif not isinstance(cpp, str) or not cpp.strip() or cpp != cpp.strip() or "\n" in cpp:
            self.error(file, keys + ("cpp",),
                       f'{label}: cpp must be the C++ type\'s name on one line, like "quads::mat4"')
        include = body.get("include")
        if include is not None and not is_header_path(include):
            self.error(file, keys + ("include",),
                       f'{label}: include must be a header path like "quads/mat4.hpp" (kilnc writes the '
                       "#include <...> around it)")
        # Fields may name this extern even when it is broken: that is reported above, not again.
        return Extern(declaration.name, cpp if isinstance(cpp, str) else "",
                      include if isinstance(include, str) else None)

    def component(self, declaration: _Declaration, component_id: int, propagated_local: bool = False) -> Component:
        """`propagated_local`: the component is the local part of a propagation, so tracked by default."""
        file, keys, label = declaration.file, declaration.keys, declaration.label
        options = self.options(declaration)
        fields = self.fields(declaration)
        layout_name = options.get("layout")
        if not any(key != "kiln" for key in declaration.body):
            layout = Layout.TAG
            if layout_name is not None:
                self.error(file, keys + ("kiln", "layout"),
                           f"{label} has no fields, so it is a tag and has nothing to lay out; remove kiln.layout")
        elif layout_name is None:
            layout = Layout.PACKED
        elif isinstance(layout_name, str) and layout_name in LAYOUTS:
            layout = LAYOUTS[layout_name]
        else:
            layout = Layout.PACKED
            self.error(file, keys + ("kiln", "layout"),
                       f'{label}: unknown layout {shown(layout_name)}; use "packed" (the default: one struct '
                       'per entity) or "split" (one array per field)')
        if layout is Layout.SPLIT:
            for field in fields:
                if field.name in SPLIT_VIEW_NAMES:
                    self.error(file, keys + (field.name,),
                               f"{label}: field name '{field.name}' is taken by the view kilnc generates for split "
                               f"components ({listing(SPLIT_VIEW_NAMES)}); choose another name")
        doc = self.doc(file, keys + ("kiln", "doc"), options.get("doc"), label)
        self.check_size(declaration, fields)
        return Component(declaration.name, component_id, layout, tuple(fields), doc, declaration.origin,
                         tracked=tracked(self, declaration, options, propagated_local))

    def resource(self, declaration: _Declaration) -> Resource:
        options = self.options(declaration)
        doc = self.doc(declaration.file, declaration.keys + ("kiln", "doc"), options.get("doc"), declaration.label)
        fields = self.fields(declaration)
        self.check_size(declaration, fields)
        return Resource(declaration.name, tuple(fields), doc, declaration.origin)

    def check_size(self, declaration: _Declaration, fields: Sequence[Field]) -> None:
        size = _known_size(fields)
        limit, said = MAX_RECORD_SIZE[declaration.kind]
        if size > limit:
            self.error(declaration.file, declaration.keys,
                       f"{declaration.label} takes {size} bytes, but {_article(declaration.kind)} {declaration.kind} "
                       f"takes at most {limit} ({said}); make its arrays shorter, or spread its fields over several "
                       f"{declaration.kind}s")

    def options(self, declaration: _Declaration) -> dict[str, Any]:
        """The reserved key `kiln` of a component or resource: its options, not a field."""
        options = declaration.body.get("kiln", {})
        keys = declaration.keys + ("kiln",)
        if not isinstance(options, dict):
            self.error(declaration.file, keys,
                       f"{declaration.label}: the key 'kiln' is reserved for options and must be a table, like "
                       'kiln = { doc = "..." }; give the field another name')
            return {}
        self.unknown_keys(declaration.file, keys, options, OPTION_KEYS[declaration.kind], declaration.label, " in kiln")
        return options

    def fields(self, declaration: _Declaration) -> list[Field]:
        """The valid fields, in declaration order; the others are reported."""
        fields = (self.field(declaration, name, spec) for name, spec in declaration.body.items() if name != "kiln")
        return [field for field in fields if field is not None]

    def field(self, declaration: _Declaration, name: str, spec: Any) -> Field | None:
        file, label = declaration.file, declaration.label
        keys = declaration.keys + (name,)
        owner = f"{label}: field '{name}'"
        problem = name_problem(name)
        if problem is None and name == declaration.name:
            problem = f"is the name of its own {declaration.kind}"
        if problem is not None:
            self.error(file, keys, f"{label}: field name '{name}' {problem}; choose another name")
        if isinstance(spec, str):
            type_name, type_keys, doc = spec, keys, None
        elif isinstance(spec, dict):
            misspelled = self.unknown_keys(file, keys, spec, FIELD_KEYS, label, f" in field '{name}'")
            doc = self.doc(file, keys + ("doc",), spec.get("doc"), owner)
            type_name, type_keys = spec.get("type"), keys + ("type",)
            if type_name is None:
                if not misspelled:  # a misspelled `type` is already reported
                    self.error(file, keys, f'{owner} has no type; add type = "f32" (or another field type)')
                return None
            if not isinstance(type_name, str):
                self.error(file, type_keys, f'{owner}: type must be a string like "f32", not {shown(type_name)}')
                return None
        else:
            self.error(file, keys, f'{owner} must be a type like "f32" or a table like {{ type = "f32", '
                       f"default = 0.0 }}, not {shown(spec)}")
            return None
        field_type = self.field_type(file, type_keys, owner, type_name)
        if field_type is None:
            return None
        default = None
        if isinstance(spec, dict) and "default" in spec:
            default = check_default(spec["default"], field_type)
            if isinstance(default, DefaultProblem):
                self.error(file, keys + ("default",) + default.element, f"{owner}: {default.clause}")
                return None
        return Field(name, field_type, default, doc) if problem is None else None

    def field_type(self, file: SchemaFile, keys: KeyPath, owner: str, spelled: str) -> FieldType | None:
        element_name, bracket, rest = spelled.partition("[")
        element = SCALARS.get(element_name) or self.externs.get(element_name)
        if not bracket:
            if element is None:
                self.error(file, keys, self.unknown_type(owner, spelled, spelled))
            return element
        length, closing, tail = rest.partition("]")
        if tail.startswith("["):
            self.error(file, keys, f"{owner} has type '{spelled}', but arrays of arrays are not supported; use one "
                       "array of the whole length, or an extern type")
            return None
        if not closing or tail or not _ARRAY_LENGTH.fullmatch(length) or int(length) < 1:
            self.error(file, keys, f"{owner} has type '{spelled}', which is not a fixed array; write an element "
                       "type and a length of at least 1, like 'f32[4]'")
            return None
        if element is None:
            self.error(file, keys, self.unknown_type(owner, element_name, spelled))
            return None
        if int(length) > MAX_ARRAY_LENGTH:
            self.error(file, keys, f"{owner} has type '{spelled}', but an array holds at most {MAX_ARRAY_LENGTH} "
                       f"elements; make it shorter, or spread the data over several fields or components")
            return None
        return Array(element, int(length))

    def unknown_type(self, owner: str, name: str, spelled: str) -> str:
        declared = self.declared.get(name)
        if declared is not None:
            return (f"{owner} has type '{spelled}', but '{name}' is {a(declared.kind)}, not a field type; "
                    f"{_TYPE_CHOICES}")
        if name != spelled:
            return f"{owner} has unknown element type '{name}' in '{spelled}'; {_TYPE_CHOICES}"
        return f"{owner} has unknown type '{spelled}'; {_TYPE_CHOICES}"

    def doc(self, file: SchemaFile, keys: KeyPath, doc: Any, owner: str) -> str | None:
        if doc is None:
            return None
        if not isinstance(doc, str):
            self.error(file, keys, f"{owner}: doc must be a string, not {shown(doc)}")
            return None
        if any(line.endswith("\\") for line in doc.splitlines()):
            self.error(file, keys, f"{owner}: a line of doc ends with a backslash, which would continue the C++ "
                       "comment onto the next line; remove the backslash")
            return None
        trigraph = _TRIGRAPH.search(doc)
        if trigraph:
            self.error(file, keys, f"{owner}: doc holds '{trigraph.group()}', a trigraph, which C++ compilers warn "
                       "of (and before C++17 replaced with another character); put a space between the question "
                       "marks")
            return None
        return doc

    # Archetypes ------------------------------------------------------------------------------

    def archetypes(self, declarations: list[_Declaration], components: list[Component]) -> list[Archetype]:
        by_name = {component.name: component for component in components}
        by_component_set: dict[frozenset[str], _Declaration] = {}
        archetypes = []
        for archetype_id, declaration in enumerate(declarations):
            doc = self.doc(declaration.file, declaration.keys + ("doc",), declaration.body.get("doc"),
                           declaration.label)
            names = self.component_names(declaration)
            if names is None:
                continue
            first = by_component_set.setdefault(frozenset(names), declaration)
            if first is not declaration:
                self.error(declaration.file, declaration.keys,
                           f"{declaration.label} holds the same components as {first.label} at {first.location}; "
                           "an entity's components decide its archetype, so merge the two or add a tag "
                           "component to one of them")
            members = tuple(by_name[name] for name in names if name in by_name)
            archetypes.append(Archetype(declaration.name, archetype_id, members, doc, declaration.origin))
        return archetypes

    def component_names(self, declaration: _Declaration) -> list[str] | None:
        """The names in an archetype's `components`, each once; reports those that name no component."""
        file, keys, label, body = declaration.file, declaration.keys, declaration.label, declaration.body
        misspelled = self.unknown_keys(file, keys, body, ARCHETYPE_KEYS, label)
        listed = body.get("components")
        if listed is None:
            if not misspelled:  # a misspelled `components` is already reported
                self.error(file, keys, f'{label} has no components; add components = ["Position", ...]')
            return None
        if not isinstance(listed, list):
            self.error(file, keys + ("components",),
                       f'{label}: components must be an array of component names, like ["Position", "Velocity"]')
            return None
        if not listed:
            self.error(file, keys + ("components",),
                       f"{label} has an empty components list; an archetype holds at least one component")
            return None
        too_large = archetype_too_large(label, listed)
        if too_large:
            self.error(file, keys + ("components",), too_large)
        names = []
        for index, name in enumerate(listed):
            where = keys + ("components", index)
            if not isinstance(name, str):
                self.error(file, where, f"{label}: components[{index}] must be a component's name in quotes, "
                           f"not {shown(name)}")
            elif name in names:
                self.error(file, where, f"{label} lists component '{name}' twice; remove one")
            else:
                names.append(name)
                self.check_component_name(declaration, where, name)
        return names

    def check_component_name(self, archetype: _Declaration, keys: KeyPath, name: str) -> None:
        declared = self.declared.get(name)
        if declared is not None and declared.kind == "component":
            return
        if declared is not None:
            message = f"'{name}' is {a(declared.kind)}, not a component; list only components"
        else:
            components = [other.name for other in self.declared.values() if other.kind == "component"]
            close = closest(name, components)
            advice = f"did you mean '{close}'?" if close else f"declare it as [component.{name}] or fix the name"
            message = f"unknown component '{name}'; {advice}"
        self.error(archetype.file, keys, f"{archetype.label}: {message}")


def _of_kind(declarations: Iterable[_Declaration], kind: str) -> Iterable[_Declaration]:
    return (declaration for declaration in declarations if declaration.kind == kind)


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
