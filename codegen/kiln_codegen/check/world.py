"""Checks the declarations of one world and turns them into the model's values.

Checks run in the order things depend on each other (the [kiln] header, the names declared,
externs, fields, events, archetypes, propagations, systems, fusions, observers and prefabs) and each goes on
after a mistake, so one run reports all it can. Something already reported is left out of later checks
rather than reported again. Each module of check/ checks one kind of thing; this one runs them.
"""

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..errors import Diagnostic, Location
from ..front.declaration import Declaration
from ..front.loader import SchemaFile
from ..model import Archetype, Changes, Component, Event, Extern, Fusion, Observer, Prefab, Resource, State, System
from ..persistence.lockfile import Lock, default_lock_path
from ..persistence.stable_ids import StableIds
from .archetypes import archetypes_of
from .checker import Checker
from .declarations import declarations_of, top_level
from .events import event, warn_of_unused
from .fields import field_type
from .fusions import FusionChecker
from .header import header
from .limits import too_many_components
from .prefabs import PrefabChecker
from .propagations import PropagationChecker
from .records import component, extern, resource
from .settings import Settings, settings
from .states import Conditions, StateChecker, check_changes, check_conditions
from .systems import SystemChecker
from .unheld_components import unheld_components
from .unsaved_resources import check_distinct_types


@dataclass(frozen=True)
class Checked:
    """A world's declarations, each checked, and what was found wrong with them; pipeline.py plans
    their schedule, reports what check and plan found all at once, and makes the Schema."""

    diagnostics: tuple[Diagnostic, ...]  # the errors, then the warnings, each in the order found
    locations: dict[str, Location]  # where each name is declared, for the schedule's problems
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
    states: tuple[State, ...] = ()
    conditions: Conditions = Conditions((), (), (), {})  # docs/states.md: sets, and each system's and stage's
    changes: dict[str, Changes] = field(default_factory=dict)  # each system's `changes`, by name
    prefabs: tuple[Prefab, ...] = ()  # docs/content.md


def check(files: Sequence[SchemaFile], lock: Lock | None = None) -> Checked:
    """The declarations of one world made of `files` (in command-line order), checked.

    Stable ids continue `lock` (lockfile.read_lock), and edits that would break its saves are
    mistakes; without one, the schema is generated for the first time and ids follow positions.
    Mistakes are returned in the result, not raised.
    """
    checker = Checker(files)
    namespace, version = header(checker)
    world = settings(checker)
    top_level(checker)
    declarations = declarations_of(checker)
    externs = [extern(checker, declaration) for declaration in _of_kind(declarations, "extern")]
    checker.externs = {extern.name: extern for extern in externs}
    # A propagation's local part is tracked unless it says track = false: its changes are where the
    # propagation starts from (docs/hierarchy.md).
    propagated_locals = {declaration.body.get("local") for declaration in _of_kind(declarations, "propagate")}
    components = [
        component(checker, declaration, component_id, declaration.name in propagated_locals)
        for component_id, declaration in enumerate(_of_kind(declarations, "component"))
    ]
    resources = [resource(checker, declaration) for declaration in _of_kind(declarations, "resource")]
    check_distinct_types(checker, resources, lambda name: checker.declared[name])
    checker.errors.extend(too_many_components(
        [(declaration.name, declaration.location) for declaration in _of_kind(declarations, "component")]))
    # Ids before archetypes and systems, which hold the components and archetypes as they are then.
    stable_ids = StableIds(checker.diagnostics, checker.declared, lock or Lock.empty(default_lock_path(files[0].path)),
                           functools.partial(field_type, checker))
    components = stable_ids.records("component", components)
    resources = stable_ids.records("resource", resources)
    stable_ids.check_migration_names(components + resources)
    reported = len(checker.errors)
    archetypes = stable_ids.archetypes(archetypes_of(checker, list(_of_kind(declarations, "archetype")), components))
    # Which archetypes a system matches is only known when every archetype is as declared.
    archetypes_known = len(checker.errors) == reported
    if not checker.errors:  # a doubt, about a world otherwise right: it never sits among errors
        checker.warnings.extend(unheld_components(
            [(declaration.name, declaration.location) for declaration in _of_kind(declarations, "component")],
            archetypes))
    events = [event(checker, declaration) for declaration in _of_kind(declarations, "event")]
    state_checker = StateChecker(checker, components, archetypes if archetypes_known else None)
    states = state_checker.states(_of_kind(declarations, "state"))
    systems = SystemChecker(checker, components, resources + states, archetypes if archetypes_known else None,
                            world.stages, events, state_checker.transition_stages)
    propagation_checker = PropagationChecker(checker, systems, components, archetypes if archetypes_known else None)
    propagations = propagation_checker.propagations(list(_of_kind(declarations, "propagate")))
    system_declarations = list(_of_kind(declarations, "system"))
    writers_of_globals = propagation_checker.check_writers(system_declarations)
    checked_systems = systems.systems(system_declarations, propagations, writers_of_globals)
    fusions = FusionChecker(checker, systems).fusions(list(_of_kind(declarations, "fuse")), checked_systems)
    observers = [systems.observer(declaration) for declaration in _of_kind(declarations, "observer")]
    if not checker.errors:  # a system with a mistake is left out, and would seem not to use its events
        warn_of_unused(checker, checker.declared, events, checked_systems)
    conditions = check_conditions(checker, files, states, resources, components,
                                  archetypes if archetypes_known else None, world.stages)
    changes = check_changes(checker, components, archetypes if archetypes_known else None, checked_systems)
    prefabs = PrefabChecker(checker, components, archetypes if archetypes_known else None,
                            propagations).prefabs(list(_of_kind(declarations, "prefab")))
    locations = {name: declaration.location for name, declaration in checker.declared.items()}
    return Checked(checker.diagnostics.found, locations, namespace, version, world, tuple(externs),
                   tuple(components), tuple(resources), tuple(archetypes), archetypes_known, tuple(checked_systems),
                   tuple(observers), tuple(events), tuple(fusions), tuple(states), conditions, changes,
                   tuple(prefabs))


def _of_kind(declarations: Iterable[Declaration], kind: str) -> Iterable[Declaration]:
    return (declaration for declaration in declarations if declaration.kind == kind)
