"""The schema as the templates see it: frozen values, already validated and resolved.

pipeline.validate() builds these from the TOML files. Names are plain strings; how they are
spelled in C++ is the business of cpp/names.py (types) and back/filters.py.
"""

import enum
import functools
from dataclasses import dataclass
from typing import Union

# A default as validated against its field's type: bool, int or float, or a tuple of these
# (possibly nested) for arrays and externs. None means "no default": the member is value-initialised.
DefaultValue = Union[bool, int, float, tuple, None]


class Scalar(enum.Enum):
    """A built-in field type; the value is how the schema spells it."""

    BOOL = "bool"
    I8 = "i8"
    I16 = "i16"
    I32 = "i32"
    I64 = "i64"
    U8 = "u8"
    U16 = "u16"
    U32 = "u32"
    U64 = "u64"
    F32 = "f32"
    F64 = "f64"
    ENTITY = "entity"

    @property
    def integer_range(self) -> tuple[int, int] | None:
        """The smallest and largest value of an integer type; None for the others.

        >>> Scalar.I8.integer_range, Scalar.U16.integer_range, Scalar.F32.integer_range
        ((-128, 127), (0, 65535), None)
        """
        kind, bits = self.value[0], self.value[1:]
        if kind not in "iu" or not bits.isdigit():
            return None
        bits = int(bits)
        if kind == "i":
            return -(2 ** (bits - 1)), 2 ** (bits - 1) - 1
        return 0, 2**bits - 1

    @property
    def is_floating(self) -> bool:
        return self in (Scalar.F32, Scalar.F64)

    @property
    def size(self) -> int:
        """Bytes, as the C++ type takes them.

        >>> Scalar.BOOL.size, Scalar.U16.size, Scalar.F64.size, Scalar.ENTITY.size
        (1, 2, 8, 8)
        """
        return 8 if self is Scalar.ENTITY else 1 if self is Scalar.BOOL else int(self.value[1:]) // 8

    @property
    def alignment(self) -> int:
        """As 64-bit platforms align it: kiln::entity is two 32-bit numbers, the others go by their size."""
        return 4 if self is Scalar.ENTITY else self.size


@dataclass(frozen=True)
class Origin:
    """Where a declaration is written: its file, as the index among the files given to kilnc (in
    command-line order), and the line of its table header, from 1. The generated metadata names it,
    so that tools can point at the schema."""

    file: int
    line: int


# What declarations built without files (in tests and doctests) say they come from.
NO_ORIGIN = Origin(0, 0)


@dataclass(frozen=True)
class Extern:
    """A C++ type defined outside the schema, which field types name by `name`."""

    name: str
    cpp: str
    include: str | None


@dataclass(frozen=True)
class Array:
    """A fixed array `element[length]`; elements are never arrays themselves."""

    element: Union[Scalar, Extern]
    length: int


FieldType = Union[Scalar, Extern, Array]


def schema_type(field_type: FieldType) -> str:
    """A field's type as the schema spells it.

    >>> schema_type(Scalar.F32), schema_type(Array(Scalar.U8, 4)), schema_type(Extern("Mat4", "quads::mat4", None))
    ('f32', 'u8[4]', 'Mat4')
    """
    if isinstance(field_type, Array):
        return f"{schema_type(field_type.element)}[{field_type.length}]"
    if isinstance(field_type, Extern):
        return field_type.name
    return field_type.value


@dataclass(frozen=True)
class Field:
    name: str
    type: FieldType
    default: DefaultValue
    doc: str | None
    id: int = 0  # stable across schema edits: what a save file names the field by
    # Earlier types of the field that saves may hold (the schema's migrate_from), as written: for
    # each, the game defines a function that converts an old value to the field's type.
    migrate_from: tuple[FieldType, ...] = ()


class Layout(enum.Enum):
    """How the runtime stores a component; the value is the name of kiln::layout's enumerator."""

    PACKED = "packed"  # one array of structs: queries hand out T&
    SPLIT = "split"  # one array per field: queries hand out T::ref / T::cref views
    TAG = "tag"  # no fields, so no storage: only membership


@dataclass(frozen=True)
class Component:
    name: str
    id: int
    layout: Layout
    fields: tuple[Field, ...]
    doc: str | None
    origin: Origin = NO_ORIGIN
    stable_id: int = 0  # unlike id (the position), kept across schema edits: what save files name
    tracked: bool = False  # kiln = { track = true }: its rows carry change ticks (docs/changes.md)

    @property
    def is_split(self) -> bool:
        return self.layout is Layout.SPLIT

    @property
    def column_count(self) -> int:
        """The columns an archetype keeps for it: one per field when split, none for a tag, else one
        (kiln::internal::layouts_of says the same of the C++ type)."""
        if self.layout is Layout.TAG:
            return 0
        return len(self.fields) if self.is_split else 1


@dataclass(frozen=True)
class Resource:
    """One instance per world, so always a plain struct."""

    name: str
    fields: tuple[Field, ...]
    doc: str | None
    origin: Origin = NO_ORIGIN
    stable_id: int = 0
    saved: bool = True  # kiln = { saved = false }: in no save, JSON or dump, and kept across loads
    cpp: str | None = None  # an unsaved resource of the game's C++ type, without fields of its own
    include: str | None = None  # the header that declares cpp

    # Resources share the struct template with components, which asks this.
    is_split = False


@dataclass(frozen=True)
class State(Resource):
    """[state.NAME] (docs/states.md): one of a finite set of values, changed only by transitions.

    Systems list it among their resources: read, they see its current value; written, they may
    request a transition, which the runtime applies at the next stage boundary. kilnc writes an enum
    of its values; the world keeps a kiln::state<NAME>. `destroy_on_exit` pairs a value with the
    archetypes whose entities are destroyed when the state leaves it."""

    values: tuple[str, ...] = ()
    initial: str = ""
    destroy_on_exit: tuple[tuple[str, tuple["Archetype", ...]], ...] = ()


@dataclass(frozen=True)
class Event:
    """A message systems emit and read (docs/events.md): a plain struct, kept by the world until
    its readers have seen it, never saved. `external` says that game code sends it from outside
    the systems (world.emit), so that no system emitting it is not a mistake."""

    name: str
    fields: tuple[Field, ...]
    doc: str | None
    external: bool = False
    origin: Origin = NO_ORIGIN

    # Events share the struct template with components, which asks this.
    is_split = False


@dataclass(frozen=True)
class Archetype:
    name: str
    id: int
    components: tuple[Component, ...]
    doc: str | None
    origin: Origin = NO_ORIGIN
    stable_id: int = 0

    @functools.cached_property
    def held(self) -> frozenset[str]:
        """The names of its components: what a query asks of it, made once rather than once per
        question (the generated game's 200 systems asked its 150 archetypes 72,000 times)."""
        return frozenset(component.name for component in self.components)


@dataclass(frozen=True)
class ComponentValues:
    """The values a prefab gives one component's fields, in the component's field order; the fields
    not named take the schema's defaults (docs/content.md)."""

    component: Component
    values: tuple[tuple[Field, DefaultValue], ...]

    def value_of(self, field: Field) -> DefaultValue:
        """The field's value as given, else its default."""
        return dict((given.name, value) for given, value in self.values).get(field.name, field.default)


@dataclass(frozen=True)
class PrefabPart:
    """One entity of a prefab: its root (named "root") or one of its named children."""

    name: str
    archetype: Archetype
    values: tuple[ComponentValues, ...]  # only the components given values, in the archetype's order

    def values_of(self, component: Component) -> ComponentValues:
        """What the part gives `component`, or nothing (every field its default)."""
        return next((given for given in self.values if given.component.name == component.name),
                    ComponentValues(component, ()))


@dataclass(frozen=True)
class PrefabLink:
    """An entity field of a prefab's part that names another part of the same prefab: written, at
    spawn, with that part's new entity. Parts count from 0, the root, then the children in order."""

    owner: int
    component: Component
    field: Field
    target: int


@dataclass(frozen=True)
class Prefab:
    """[prefab.NAME]: an entity and its named children, with values, resolved: a variant's base
    already applied, so the generated code and a spawn need no base."""

    name: str
    root: PrefabPart
    children: tuple[PrefabPart, ...]
    links: tuple[PrefabLink, ...]
    base: str | None = None
    doc: str | None = None
    origin: Origin = NO_ORIGIN
    # The values a base wrote, for `kilnc prefab`: (part, component, field, the base that wrote it).
    inherited: tuple[tuple[int, str, str, str], ...] = ()

    @property
    def parts(self) -> tuple[PrefabPart, ...]:
        return (self.root,) + self.children

    def written_by(self, part: int, component: str, field: str) -> str | None:
        """The base that wrote a value of this prefab, or None when the prefab wrote it (or no one did)."""
        return next((prefab for position, name, field_name, prefab in self.inherited
                     if (position, name, field_name) == (part, component, field)), None)


@dataclass(frozen=True)
class Edge:
    """A move between archetypes: an entity of `source` that gains or loses a component lands in `target`."""

    source: Archetype
    target: Archetype


@dataclass(frozen=True)
class Transitions:
    """Where entities go when they gain (`add`) or lose (`remove`) `component`, each in schema order of source."""

    component: Component
    add: tuple[Edge, ...]
    remove: tuple[Edge, ...]


@dataclass(frozen=True)
class Access:
    """What a system or observer touches (access.py answers what follows from it).

    Components it writes and reads; those an entity must hold (`with_`) or must not hold
    (`without`) for it, untouched; resources it writes and reads. Each list keeps the order the
    schema gives, and no component or resource is in two of them.
    """

    write: tuple[Component, ...] = ()
    read: tuple[Component, ...] = ()
    with_: tuple[Component, ...] = ()
    without: tuple[Component, ...] = ()
    resources_write: tuple[Resource, ...] = ()
    resources_read: tuple[Resource, ...] = ()
    # A system's optional components (null where the row's archetype lacks them) and the
    # components whose presence run() is told per row; none of them is required.
    optional_write: tuple[Component, ...] = ()
    optional_read: tuple[Component, ...] = ()
    has: tuple[Component, ...] = ()
    lookups: tuple["Lookup", ...] = ()  # what the system reaches on other entities

    @property
    def components(self) -> tuple[Component, ...]:
        """The components run() is handed, in its order: those written, then those read."""
        return self.write + self.read

    @property
    def resources(self) -> tuple[Resource, ...]:
        """The resources run() is handed, in its order: those written, then those read."""
        return self.resources_write + self.resources_read

    @property
    def required(self) -> tuple[Component, ...]:
        """What an entity must hold to be seen: the components accessed and those of `with_`."""
        return self.components + self.with_


@dataclass(frozen=True)
class Lookup:
    """[system.NAME.lookup.LOOKUP]: components a system reads and writes on other entities, those
    of the archetypes that `access` matches (its components and with_, none of without). With
    `single`, the one entity it reaches, and the system is skipped unless exactly one matches."""

    name: str
    access: Access  # write, read, with_, without; no resources
    single: bool = False


@dataclass(frozen=True)
class System:
    """A function the game defines and the schedule calls: once per matching entity (or per chunk
    of them, with `columns`), or once per run of its stage when it accesses no components."""

    name: str
    stage: str
    access: Access
    after: tuple[str, ...] = ()  # systems of the same stage that run before this one
    before: tuple[str, ...] = ()  # systems of the same stage that run after this one
    ambiguous_with: tuple[str, ...] = ()  # systems either order with which is fine
    priority: int = 0  # higher runs earlier among systems nothing orders
    commands: bool = False
    parallel: bool = False
    columns: bool = False
    doc: str | None = None
    emit: tuple[Event, ...] = ()  # events run() is handed a kiln::event_writer for
    events: tuple[Event, ...] = ()  # events run() is handed a kiln::event_reader for
    changed: tuple[Component, ...] = ()  # runs only on rows whose component changed since its last run
    added: tuple[Component, ...] = ()  # runs only on rows that gained the component since its last run
    entity: bool = False  # run() is handed the row's entity without commands
    # Set for the system of a [propagate.NAME], which the runtime runs with kiln::propagate
    # rather than a run() of the game's.
    propagation: "Propagation | None" = None
    # The further pseudo-stages of a system whose on_enter or on_exit lists several values.
    also: tuple[str, ...] = ()

    @property
    def stages(self) -> tuple[str, ...]:
        """Every stage it runs in: its stage, and those of the further values of on_enter or on_exit."""
        return (self.stage,) + self.also

    @property
    def per_entity(self) -> bool:
        """False for a resource system, which runs once per run of its stage."""
        return bool(self.access.required)


@dataclass(frozen=True)
class Propagation:
    """A value that flows down the hierarchy ([propagate.NAME]): each entity holding both parts
    gets global = combine(its parent's global, its own local), parents first. `combine` is the C++
    function's qualified name, declared in `include` (or in a header the schema includes anyway).
    Its system writes `global` and reads `local`; no other system writes `global`."""

    name: str
    local: Component
    global_: Component
    combine: str
    include: str | None
    stage: str
    doc: str | None = None
    origin: Origin = NO_ORIGIN


class ObserverEvent(enum.Enum):
    """When an observer runs; the value is the name of kiln::observer_event's enumerator."""

    ENTER = "enter"  # an entity comes to match its access and filters
    LEAVE = "leave"  # an entity stops matching them
    CHANGE = "change"  # after a stage, its trigger (tracked) changed since the observer last ran


@dataclass(frozen=True)
class Observer:
    """A function the game defines, run for an entity that enters or leaves a set of entities.

    The set is that of `access`, whose `with_` already holds what the event adds to it: the
    component of on_add or on_remove (`trigger`, unless accessed) or on_enter's and on_leave's with.
    """

    name: str
    event: ObserverEvent
    trigger: Component | None  # the component of on_add, on_remove or on_change; None for on_enter and on_leave
    access: Access
    doc: str | None = None


@dataclass(frozen=True)
class StateIs:
    """A condition: `state`'s current value is `value` (is not, unless `equal`)."""

    state: State
    value: str
    equal: bool = True


@dataclass(frozen=True)
class FieldTest:
    """A condition on a resource's field: a bool field is true (`op` None), or the field compares with
    `literal` by `op` (one of == != < <= > >=)."""

    resource: Resource
    field: Field
    op: str | None = None
    literal: bool | int | float | None = None


@dataclass(frozen=True)
class AnyEntity:
    """A condition: some entity lives in one of `archetypes` (those kilnc matched to any(...))."""

    archetypes: tuple[Archetype, ...]
    spelled: str  # as the schema wrote it, for the generated comment


@dataclass(frozen=True)
class Every:
    """A condition: the run of its stage is a multiple of `runs` (0, runs, 2 * runs...): a timer of
    the stage's runs, every `runs` steps in fixed_update."""

    runs: int


@dataclass(frozen=True)
class Not:
    operand: "Condition"


@dataclass(frozen=True)
class AllOf:
    operands: tuple["Condition", ...]


@dataclass(frozen=True)
class AnyOf:
    operands: tuple["Condition", ...]


@dataclass(frozen=True)
class SetCondition:
    """A condition that a [set.NAME] names; the generated struct of the set is evaluated for it."""

    name: str
    condition: "Condition"


Condition = Union[StateIs, FieldTest, AnyEntity, Every, Not, AllOf, AnyOf, SetCondition]


def condition_reads(condition: "Condition") -> tuple[Resource, ...]:
    """The resources and states a condition reads, each once, in the order written.

    >>> game = Resource("Game", (), None)
    >>> over = Field("over", Scalar.BOOL, None, None)
    >>> [r.name for r in condition_reads(AllOf((FieldTest(game, over), Not(FieldTest(game, over)))))]
    ['Game']
    """
    found: dict[str, Resource] = {}

    def walk(node: "Condition") -> None:
        if isinstance(node, StateIs):
            found.setdefault(node.state.name, node.state)
        elif isinstance(node, FieldTest):
            found.setdefault(node.resource.name, node.resource)
        elif isinstance(node, Not):
            walk(node.operand)
        elif isinstance(node, (AllOf, AnyOf)):
            for operand in node.operands:
                walk(operand)
        elif isinstance(node, SetCondition):
            walk(node.condition)

    walk(condition)
    return tuple(found.values())


@dataclass(frozen=True)
class RunSet:
    """[set.NAME]: a condition that the systems listing it in `sets` share."""

    name: str
    condition: Condition
    doc: str | None = None


@dataclass(frozen=True)
class Changes:
    """What a system's commands change (its `changes`): the components they add, remove or replace,
    and the archetypes whose entities they create or destroy (plan/flushes.py places flushes by it)."""

    components: tuple[Component, ...]
    archetypes: tuple[Archetype, ...]


@dataclass(frozen=True)
class Transition:
    """The systems that run when `state` enters (`enter`) or leaves `value`, planned as a stage is:
    `plan` is a Stage named `<state>.<value>.enter` or `.exit`."""

    state: State
    value: str
    enter: bool
    plan: "Stage"


class StageRole(enum.Enum):
    """When the runtime runs a stage; the value is the name of kiln::stage_role's enumerator."""

    INIT = "init"  # once, before the first frame
    FIXED = "fixed"  # at the fixed step, as often as it fits in the time that passed
    FRAME = "frame"  # once per frame
    SHUTDOWN = "shutdown"  # once, when the world shuts down

    @classmethod
    def of(cls, stage: str) -> "StageRole":
        """A stage's role follows from its name: init, fixed_update and shutdown are special.

        >>> StageRole.of("init"), StageRole.of("fixed_update"), StageRole.of("physics")
        (<StageRole.INIT: 'init'>, <StageRole.FIXED: 'fixed'>, <StageRole.FRAME: 'frame'>)
        """
        return _SPECIAL_STAGES.get(stage, cls.FRAME)


_SPECIAL_STAGES = {"init": StageRole.INIT, "fixed_update": StageRole.FIXED, "shutdown": StageRole.SHUTDOWN}
DEFAULT_STAGES = ("init", "fixed_update", "update", "render", "shutdown")
DEFAULT_FIXED_STEP = 1 / 60
# [kiln] row_loops: where each system's loop over its rows compiles, in the world's unit or in the
# file that defines its run() (docs/compile_time.md).
ROW_LOOPS_IN_WORLD = "world"
ROW_LOOPS_IN_BODIES = "bodies"
ROW_LOOPS = (ROW_LOOPS_IN_WORLD, ROW_LOOPS_IN_BODIES)


@dataclass(frozen=True)
class Separation:
    """Two systems of a stage that conflict and that nothing orders: batching keeps them apart,
    `first` in an earlier batch than `second`. `contested` names what they conflict on."""

    first: System
    second: System
    contested: tuple[str, ...]


@dataclass(frozen=True)
class Fusion:
    """[fuse.NAME]: plain systems of one stage that run as one pass over the rows (kiln::fused),
    each row handed to each of them in the order listed. The plan gives them a batch of their own."""

    name: str
    stage: str
    systems: tuple[str, ...]  # at least two, in the order they run


@dataclass(frozen=True)
class Stage:
    """A stage and its plan: its systems in batches, each batch after the one before, the systems
    of one batch free to run at once."""

    name: str
    batches: tuple[tuple[System, ...], ...] = ()
    order: tuple[tuple[System, System], ...] = ()  # after and before: the first runs before the second
    separations: tuple[Separation, ...] = ()
    # Events: (emitter, reader, the events' names), each emitter run before the reader of what it emits.
    passes: tuple[tuple[System, System, tuple[str, ...]], ...] = ()
    fusions: tuple[Fusion, ...] = ()  # of this stage, each the whole of one batch
    # The batches before which the commands recorded so far are applied (plan/flushes.py), by index.
    flushes: tuple[int, ...] = ()

    def fusion_of(self, batch: tuple[System, ...]) -> Fusion | None:
        """The fusion that `batch` runs as one pass; None for a batch of systems that run apart."""
        return next((fusion for fusion in self.fusions if fusion.systems[0] == batch[0].name), None)

    @property
    def role(self) -> StageRole:
        return StageRole.of(self.name)

    def reach(self) -> dict[str, set[str]]:
        """For each system of the stage, the systems that after, before or events run after it."""
        successors: dict[str, set[str]] = {}
        for earlier, later in self.order:
            successors.setdefault(earlier.name, set()).add(later.name)
        for emitter, reader, _ in self.passes:
            successors.setdefault(emitter.name, set()).add(reader.name)
        reach: dict[str, set[str]] = {}
        for system in self.systems:
            seen: set[str] = set()
            pending = [system.name]
            while pending:
                for following in successors.get(pending.pop(), ()):
                    if following not in seen:
                        seen.add(following)
                        pending.append(following)
            reach[system.name] = seen
        return reach

    @property
    def systems(self) -> tuple[System, ...]:
        """Every system of the stage, in the order the batches run them."""
        return tuple(system for batch in self.batches for system in batch)


@dataclass(frozen=True)
class Schema:
    """One world: every file given to kilnc, merged in command-line order."""

    namespace: str
    version: int
    externs: tuple[Extern, ...]
    components: tuple[Component, ...]
    resources: tuple[Resource, ...]
    archetypes: tuple[Archetype, ...]
    stages: tuple[Stage, ...] = ()
    fixed_step: float = DEFAULT_FIXED_STEP
    systems: tuple[System, ...] = ()
    observers: tuple[Observer, ...] = ()
    events: tuple[Event, ...] = ()
    # docs/states.md: the states, the sets of systems that share a condition, each system's own
    # condition (its run_if and its sets', by system name), each stage's, and the systems that run
    # on entering and leaving states' values.
    states: tuple[State, ...] = ()
    sets: tuple[RunSet, ...] = ()
    conditions: tuple[tuple[str, Condition], ...] = ()
    stage_conditions: tuple[tuple[str, Condition], ...] = ()
    state_transitions: tuple[Transition, ...] = ()
    prefabs: tuple[Prefab, ...] = ()  # docs/content.md
    row_loops: str = ROW_LOOPS_IN_WORLD
    # [kiln] schedule_unit: the schedule compiles in a unit of its own (schedule.cpp), which sees the
    # components declared and not defined, and the components' tables in another (components.cpp).
    schedule_unit: bool = False

    def condition_of(self, name: str) -> Condition | None:
        """The condition under which the system or stage `name` runs; None when it always runs."""
        return dict(self.conditions).get(name)

    def rows_apart(self, system: System) -> bool:
        """Whether the system's row loop compiles in the file of its run(), declared by its header
        systems/declared/<name>.hpp and defined by systems/<name>.hpp: with row_loops = "bodies",
        for each system that runs per entity through the one loop that takes a row's components
        and what run() is handed besides them. The others keep their loop in the world's unit: a
        resource system (no loop), a propagation, a fused one (one pass with others), and one that
        needs each archetype known where it loops (optional components, has) or reads change ticks
        (changed, added)."""
        if self.row_loops != ROW_LOOPS_IN_BODIES or not system.per_entity or system.propagation is not None:
            return False
        access = system.access
        if access.optional_write or access.optional_read or access.has or system.changed or system.added:
            return False
        return not any(system.name in fusion.systems for stage in self.stages for fusion in stage.fusions)

    def stage_condition(self, name: str) -> Condition | None:
        return dict(self.stage_conditions).get(name)

    @property
    def declared_names(self) -> set[str]:
        """Every name the schema declares: the C++ names in its namespace."""
        kinds = (self.externs, self.components, self.resources, self.archetypes, self.systems, self.observers,
                 self.events, self.states, self.sets, self.prefabs)
        return {item.name for items in kinds for item in items}

    @property
    def propagations(self) -> tuple[Propagation, ...]:
        """Each [propagate.NAME], in schema order."""
        return tuple(system.propagation for system in self.systems if system.propagation is not None)

    @property
    def propagation_includes(self) -> list[str]:
        """The headers that declare the combine functions, each once, in the order first named."""
        return list(dict.fromkeys(p.include for p in self.propagations if p.include))

    @property
    def migrations(self) -> list[tuple[Union[Component, Resource], Field, FieldType]]:
        """Each type that a field of a component or resource migrates from, with the two, in schema
        order: one function for the game to define each."""
        return [(record, field, old) for record in self.components + self.resources
                for field in record.fields for old in field.migrate_from]

    @property
    def extern_includes(self) -> list[str]:
        """The headers of the externs and of the resources of C++ types, each once, in the order they
        are first declared."""
        return list(dict.fromkeys([extern.include for extern in self.externs if extern.include] +
                                  [resource.include for resource in self.resources if resource.include]))

    @property
    def saved_resources(self) -> tuple["Resource", ...]:
        """The resources that saves, JSON and dumps hold, in schema order."""
        return tuple(resource for resource in self.resources if resource.saved)

    @property
    def unsaved_resources(self) -> tuple["Resource", ...]:
        """The resources left out of them (kiln = { saved = false }), in schema order."""
        return tuple(resource for resource in self.resources if not resource.saved)

    @property
    def archetypes_by_component(self) -> list[tuple[Component, list[Archetype]]]:
        """Each component that some archetype holds, with those archetypes, all in schema order."""
        holders: dict[str, list[Archetype]] = {}
        for archetype in self.archetypes:
            for component in archetype.components:
                holders.setdefault(component.name, []).append(archetype)
        return [(component, holders[component.name]) for component in self.components if component.name in holders]

    @property
    def transitions(self) -> list[Transitions]:
        """Each component that some entity can gain or lose, with its edges, in schema order.

        Gaining C moves an entity of archetype A to the archetype that holds exactly A's components
        and C; losing C, to the one that holds A's without C. An edge needs both ends declared: a set
        of components that no archetype declares is not an archetype, so no move leads there.

        >>> p, v, f = (Component(name, index, Layout.TAG, (), None) for index, name in enumerate("PVF"))
        >>> ship, frozen = Archetype("Ship", 0, (p, v), None), Archetype("Frozen", 1, (p, v, f), None)
        >>> [(t.component.name, [(e.source.name, e.target.name) for e in t.add + t.remove])
        ...  for t in Schema("game", 1, (), (p, v, f), (), (ship, frozen)).transitions]
        [('F', [('Ship', 'Frozen'), ('Frozen', 'Ship')])]
        """
        by_set = {frozenset(component.name for component in archetype.components): archetype
                  for archetype in self.archetypes}
        order = {archetype.name: index for index, archetype in enumerate(self.archetypes)}
        add: dict[str, list[Edge]] = {}
        remove: dict[str, list[Edge]] = {}
        # Every edge joins an archetype to a declared one with a component fewer, so dropping each
        # component of each archetype in turn finds them all, both ways, with one lookup per drop.
        for archetype in self.archetypes:
            names = frozenset(component.name for component in archetype.components)
            for component in archetype.components:
                smaller = by_set.get(names - {component.name})
                if smaller is not None:
                    remove.setdefault(component.name, []).append(Edge(archetype, smaller))
                    add.setdefault(component.name, []).append(Edge(smaller, archetype))
        result = []
        for component in self.components:
            adds = sorted(add.get(component.name, ()), key=lambda edge: order[edge.source.name])
            removes = remove.get(component.name, [])  # found in schema order of source already
            if adds or removes:
                result.append(Transitions(component, tuple(adds), tuple(removes)))
        return result
