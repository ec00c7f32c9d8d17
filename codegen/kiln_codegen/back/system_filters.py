"""Jinja filters for systems.hpp and the schedule in world.hpp: run()'s parameters, the type lists
of an access, the summary above each system, propagation and observer, and each stage's plan."""

from collections.abc import Iterable

from ..access import matched
from ..cpp.names import UNAVAILABLE_NAMES, snake_case, unique_name
from ..errors import joined
from .lookup_filters import lookup_parameter
from .state_filters import condition_type, plan_batches
from ..model import (Access, Component, Fusion, Observer, ObserverEvent, Propagation, Resource, Schema, Stage, State,
                     System)

RUN_WIDTH = 120  # columns a run() declaration may take on one line; longer ones take a line per parameter
_RUN_INDENT = "    static void run("


def access_types(access: Access) -> str:
    """The components run() is handed, as kiln::type_list arguments: written, then read (const).

    >>> position, rising = Component("Position", 0, None, (), None), Component("Rising", 1, None, (), None)
    >>> access_types(Access(write=(position,), read=(rising,)))
    'Position, const Rising'
    """
    return ", ".join(_constness(item, access.read) + item.name for item in access.components)


def matched_archetypes(access: Access, schema: Schema) -> str:
    """The archetypes whose entities a system or observer sees, as kiln::type_list arguments in
    schema order: kilnc's matching (access.py), which the runtime takes as given.

    >>> from ..model import Archetype
    >>> p, f = Component("Position", 0, None, (), None), Component("Frozen", 1, None, (), None)
    >>> ship, frozen = Archetype("Ship", 0, (p,), None), Archetype("FrozenShip", 1, (p, f), None)
    >>> matched_archetypes(Access(write=(p,), without=(f,)), Schema("game", 1, (), (p, f), (), (ship, frozen)))
    'Ship'
    """
    if not access.required:
        return ""  # a system of resources alone runs once, on no archetype
    return ", ".join(archetype.name for archetype in matched(access, schema.archetypes))


def resource_types(access: Access) -> str:
    """The resources run() is handed, as kiln::type_list arguments: written, then read (const).

    >>> time, input = Resource("Time", (), None), Resource("Input", (), None)
    >>> resource_types(Access(resources_write=(time,), resources_read=(input,)))
    'Time, const Input'
    """
    return ", ".join(_constness(item, access.resources_read) + _resource_type(item) for item in access.resources)


def _resource_type(resource: Resource) -> str:
    """How a resource is spelled in C++: a state's is the kiln::state the world keeps of it."""
    return f"kiln::state<{resource.name}>" if isinstance(resource, State) else resource.name


def cpp_bool(value: bool) -> str:
    return "true" if value else "false"


def cpp_double(value: float) -> str:
    """A double literal that reads back as `value` exactly, as repr() spells it.

    >>> cpp_double(0.016666668), cpp_double(1 / 60), cpp_double(2)
    ('0.016666668', '0.016666666666666666', '2.0')
    """
    return repr(float(value))


def run_declaration(item: System | Observer, schema: Schema) -> str:
    """`static void run(...);` for a system or observer, indented for its struct.

    Parameters: for an observer, the deferred world and the entity; for a system that gives
    commands, its record-only kiln::system_commands and the entity (none for a system without
    components); then one per component, one per resource, a kiln::event_writer per event it
    emits (named emit_<event>) and a kiln::event_reader per event it reads (<event>_events). Each
    is named by its type in snake_case; a name that is a keyword or a macro (names.UNAVAILABLE_NAMES), a name the schema
    declares, or the name of an earlier parameter gets '_' appended, then '_2'...

    The first line ends in a comment naming the schema's table: a definition in the game that does
    not match makes the compiler quote that line ("candidate is: ..."), and the comment says where
    to change it.

    >>> from ..model import Layout, Field, Scalar
    >>> color = Component("Color", 0, Layout.SPLIT, (Field("r", Scalar.U8, None, None),), None)
    >>> time = Resource("Time", (), None)
    >>> paint = System("Paint", "render", Access(write=(color,), resources_read=(time,)), commands=True)
    >>> declaration = run_declaration(paint, Schema("game", 1, (), (color,), (time,), (), systems=(paint,)))
    >>> declaration.split("  // ")
    ['    static void run(kiln::system_commands<World>& commands, kiln::entity entity, Color::ref color, const Time& time);', \
'declared by [system.Paint]: change it there']
    """
    parameters = ", ".join(run_parameters(item, schema))
    kind = "system" if isinstance(item, System) else "observer"
    origin = f"  // declared by [{kind}.{item.name}]: change it there"
    line = f"{_RUN_INDENT}{parameters});"
    if len(line) <= RUN_WIDTH:
        return line + origin
    first, *rest = run_parameters(item, schema)
    return "\n".join([f"{_RUN_INDENT}{first},{origin}",
                      *(" " * len(_RUN_INDENT) + parameter + "," for parameter in rest[:-1]),
                      " " * len(_RUN_INDENT) + rest[-1] + ");"])


def run_parameters(item: System | Observer, schema: Schema) -> list[str]:
    """run()'s parameters, each as `type name`; see run_declaration."""
    taken = schema.declared_names | UNAVAILABLE_NAMES | {"std", "kiln"}
    parameters = []

    def add(cpp_type: str, type_name: str) -> None:
        name = unique_name(snake_case(type_name), taken)
        taken.add(name)
        parameters.append(f"{cpp_type} {name}")

    is_system = isinstance(item, System)
    if not is_system:
        add("kiln::deferred_world<World>&", "world")
        add("kiln::entity", "entity")
    elif item.commands:
        # Record-only: a system shares its batch with others, so it may touch
        # no data beyond what it declared.
        add("kiln::system_commands<World>&", "commands")
        if item.per_entity:
            add("kiln::entity", "entity")
    elif item.entity:
        add("kiln::entity", "entity")
    columns = is_system and item.columns
    for component in item.access.components:
        add(_component_parameter(component, _is_in(component, item.access.read), columns), component.name)
    for component in item.access.optional_write:
        add(f"{component.name}*", component.name)
    for component in item.access.optional_read:
        add(f"const {component.name}*", component.name)
    for component in item.access.has:
        add("bool", f"has_{snake_case(component.name)}")
    for lookup in item.access.lookups:
        add(lookup_parameter(lookup), lookup.name)
    for resource in item.access.resources:
        add(f"{_constness(resource, item.access.resources_read)}{_resource_type(resource)}&", resource.name)
    for event in item.emit if is_system else ():
        add(f"kiln::event_writer<{event.name}>&", f"emit_{snake_case(event.name)}")
    for event in item.events if is_system else ():
        add(f"kiln::event_reader<{event.name}>", f"{snake_case(event.name)}_events")
    return parameters


def system_summary(system: System) -> str:
    """The comment above a system's struct.

    >>> position = Component("Position", 0, None, (), None)
    >>> frozen = Component("Frozen", 1, None, (), None)
    >>> print(system_summary(System("Drift", "fixed_update", Access(write=(position,), without=(frozen,)))))
    System of stage 'fixed_update': runs for each entity with Position but not Frozen. The game defines run().
    >>> system_summary(System("Tick", "update", Access(), commands=True))
    "System of stage 'update': runs once each time the stage runs. The game defines run()."
    """
    if not system.per_entity:
        what = "runs once each time the stage runs"
    elif system.columns:
        what = f"runs for each chunk of entities with {_set(system.access)}, handed as columns"
    else:
        what = f"runs for each entity with {_set(system.access)}"
    if system.per_entity and system.parallel:
        what += ", in chunks that may run at once"
    moments = [stage.split(".") for stage in system.stages]
    if len(moments[0]) == 3:
        kind = "entering" if moments[0][2] == "enter" else "leaving"
        values = " or ".join(f"{state}::{value}" for state, value, _ in moments)
        return (f"System run on {kind} {values}: {what.replace('each time the stage runs', 'each time')}. The game "
                "defines run().")
    return f"System of stage '{system.stage}': {what}. The game defines run()."


def propagation_summary(system: System) -> str:
    """The comment above a propagation's struct.

    >>> local, global_ = Component("Local", 0, None, (), None), Component("Global", 1, None, (), None)
    >>> spin = Propagation("spin", local, global_, "game::turn", None, "update")
    >>> spinning = System("spin", "update", Access(write=(global_,), read=(local,)), propagation=spin)
    >>> print(propagation_summary(spinning))  # doctest: +NORMALIZE_WHITESPACE
    Propagation of stage 'update': for each entity with Local and Global, parents before children,
    Global = game::turn(the parent's Global, Local), by kiln::propagate, every row each run (Local is
    not tracked). Only it writes Global.
    >>> from dataclasses import replace
    >>> spin = Propagation("spin", replace(local, tracked=True), global_, "game::turn", None, "update")
    >>> spinning = System("spin", "update", Access(write=(global_,), read=(local,)), propagation=spin)
    >>> print(propagation_summary(spinning))  # doctest: +NORMALIZE_WHITESPACE
    Propagation of stage 'update': for each entity with Local and Global, parents before children,
    Global = game::turn(the parent's Global, Local), recomputed below the Local that changed since its
    last run. Only it writes Global.
    """
    propagation = system.propagation
    local, global_ = propagation.local.name, propagation.global_.name
    how = (f"recomputed below the {local} that changed since its last run" if propagation.local.tracked
           else f"by kiln::propagate, every row each run ({local} is not tracked)")
    return (f"Propagation of stage '{system.stage}': for each entity with {local} and {global_}, parents before "
            f"children, {global_} = {propagation.combine}(the parent's {global_}, {local}), {how}. "
            f"Only it writes {global_}.")


def observer_summary(observer: Observer) -> str:
    """The comment above an observer's struct.

    >>> velocity, frozen = Component("Velocity", 0, None, (), None), Component("Frozen", 1, None, (), None)
    >>> observer_summary(Observer("Stop", ObserverEvent.ENTER, frozen, Access(write=(velocity,), with_=(frozen,))))
    'Observer (on_add Frozen): runs when an entity comes to have Velocity and Frozen. The game defines run().'
    >>> observer_summary(Observer("Gone", ObserverEvent.LEAVE, None, Access(without=(frozen,))))
    'Observer (on_leave): runs when an entity stops lacking Frozen. The game defines run().'
    >>> observer_summary(Observer("Show", ObserverEvent.CHANGE, velocity, Access(read=(velocity,))))
    'Observer (on_change Velocity): runs after each stage for each entity with Velocity whose Velocity changed since it last ran. The game defines run().'
    """
    if observer.event is ObserverEvent.CHANGE:
        trigger = observer.trigger.name if observer.trigger else ""
        return (f"Observer (on_change {trigger}): runs after each stage for each entity with {_set(observer.access)} "
                f"whose {trigger} changed since it last ran. The game defines run().")
    enter = observer.event is ObserverEvent.ENTER
    if observer.trigger is not None:
        declared = f"{'on_add' if enter else 'on_remove'} {observer.trigger.name}"
    else:
        declared = "on_enter" if enter else "on_leave"
    access = observer.access
    if access.required:
        when = f"{'comes to have' if enter else 'stops having'} {_set(access)}"
    elif access.without:
        when = f"{'comes to lack' if enter else 'stops lacking'} {joined(_names(access.without), 'or')}"
    else:
        when = "is created" if enter else "is destroyed"
    return f"Observer ({declared}): runs when an entity {when}. The game defines run()."


def stage_plan(stage: Stage, condition: object = None) -> str:
    """A stage's kiln::stage_plan: its enumerator, its batches in order, and when it runs.

    >>> tick, show = System("Tick", "update", Access()), System("Show", "update", Access())
    >>> stage_plan(Stage("update", ((tick,), (show,))))
    'kiln::stage_plan<stage::update, kiln::type_list<kiln::batch<Tick>, kiln::batch<Show>>, kiln::stage_role::frame>'
    >>> stage_plan(Stage("update", ((tick, show),), fusions=(Fusion("Pass", "update", ("Tick", "Show")),)))
    'kiln::stage_plan<stage::update, kiln::type_list<kiln::fused<Tick, Show>>, kiln::stage_role::frame>'
    >>> stage_plan(Stage("init"))
    'kiln::stage_plan<stage::init, kiln::type_list<>, kiln::stage_role::init>'
    """
    batches = plan_batches(stage)
    if condition is not None:
        return (f"kiln::stage_plan<stage::{stage.name}, kiln::type_list<{batches}>, kiln::stage_role::{stage.role.value}, "
                f"{condition_type(condition)}>")
    return f"kiln::stage_plan<stage::{stage.name}, kiln::type_list<{batches}>, kiln::stage_role::{stage.role.value}>"


FILTERS = {
    filter.__name__: filter
    for filter in (access_types, matched_archetypes, resource_types, cpp_bool, cpp_double, run_declaration, system_summary,
                   propagation_summary, observer_summary, stage_plan)
}


def _component_parameter(component: Component, read_only: bool, columns: bool) -> str:
    if columns:
        return f"std::span<{'const ' if read_only else ''}{component.name}>"
    if component.is_split:
        return f"{component.name}::{'cref' if read_only else 'ref'}"
    return f"{'const ' if read_only else ''}{component.name}&"


def _set(access: Access) -> str:
    """The entities an access sees, for a sentence: "Position and Velocity but not Frozen"."""
    required = joined(_names(access.required))
    return f"{required} but not {joined(_names(access.without), 'or')}" if access.without else required


def _names(items: Iterable[Component | Resource]) -> list[str]:
    return [item.name for item in items]


def _is_in(item: Component | Resource, items: Iterable[Component | Resource]) -> bool:
    return any(other.name == item.name for other in items)


def _constness(item: Component | Resource, read: Iterable[Component | Resource]) -> str:
    return "const " if _is_in(item, read) else ""
