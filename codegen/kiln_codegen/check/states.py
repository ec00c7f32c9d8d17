"""Checks [state.NAME], [set.NAME] and [stage.NAME] tables, systems' run_if, sets, on_enter and
on_exit, and, once the stages are planned, conditions whose input their own stage writes.

docs/states.md is the reference. A state becomes a model.State, which systems list among their
resources; an on_enter or on_exit system gets the pseudo-stage `<state>.<value>.enter` (or
`.exit`), which the planner plans as it plans a stage, apart from the real ones.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import Diagnostic, Location, a, closest, listing, shown
from ..front.key_positions import KeyPath
from ..front.loader import SchemaFile
from ..model import (AllOf, Changes, Archetype, Component, Condition, Resource, RunSet, SetCondition, Stage, State, System,
                     condition_reads)
from ..cpp.names import name_problem
from ..vocabulary import RUN_SET_KEYS, STAGE_INSTEAD, STAGE_TABLE_KEYS, STATE_KEYS
from .conditions import ConditionError, Names, parse

TRANSITION_KEYS = STAGE_INSTEAD
MAX_VALUES = 255  # the enum is a std::uint8_t
ENTER, EXIT = "enter", "exit"


def transition_of(stage: str) -> tuple[str, str, str] | None:
    """The state, value and ENTER or EXIT of a transition's pseudo-stage; None for a real stage.

    >>> transition_of("Phase.playing.enter"), transition_of("update")
    (('Phase', 'playing', 'enter'), None)
    """
    parts = stage.split(".")
    return (parts[0], parts[1], parts[2]) if len(parts) == 3 else None


class StateChecker:
    def __init__(self, checker: Any, components: Sequence[Component], archetypes: Sequence[Archetype] | None):
        """`archetypes` is None when some archetype is broken; destroy_on_exit then names none."""
        self.checker = checker
        self.components = {component.name: component for component in components}
        self.archetypes = archetypes
        self.by_name: dict[str, State] = {}

    def states(self, declarations: Iterable[Any]) -> list[State]:
        found = []
        for declaration in declarations:
            state = self.state(declaration)
            if state is not None:
                found.append(state)
                self.by_name[state.name] = state
        return found

    def state(self, declaration: Any) -> State | None:
        file, keys, label, body = declaration.file, declaration.keys, declaration.label, declaration.body
        self.checker.unknown_keys(file, keys, body, STATE_KEYS, label)
        values = body.get("values")
        if not isinstance(values, list) or not values:
            where = keys + ("values",) if "values" in body else keys
            self.checker.error(file, where, f'{label} needs values = ["...", ...]: a list of at least one name, '
                                f'like values = ["title", "playing"], not {shown(values) if values is not None else "nothing"}')
            return None
        names: list[str] = []
        for index, value in enumerate(values):
            problem = name_problem(value) if isinstance(value, str) else "is not a name in quotes"
            if problem is None and value in names:
                problem = "is listed twice"
            if problem is not None:
                self.checker.error(file, keys + ("values", index),
                                    f"{label}: value {shown(value)} {problem}; each value is a C++ enumerator")
                continue
            names.append(value)
        if len(names) > MAX_VALUES:
            self.checker.error(file, keys + ("values",), f"{label} has {len(names)} values; at most {MAX_VALUES} "
                                "fit the std::uint8_t it is stored in")
        initial = body.get("initial", names[0] if names else "")
        if initial not in names:
            close = closest(str(initial), names)
            advice = f"did you mean '{close}'?" if close else f"it is one of {listing(names, 'or')}"
            self.checker.error(file, keys + ("initial",), f"{label}: initial {shown(initial)} is not one of its "
                                f"values; {advice}")
            initial = names[0] if names else ""
        doc = self.checker.doc(file, keys + ("doc",), body.get("doc"), label)
        destroyed = self.destroy_on_exit(declaration, names)
        return State(declaration.name, (), doc, declaration.origin, values=tuple(names), initial=initial,
                     destroy_on_exit=destroyed)

    def destroy_on_exit(self, declaration: Any, values: list[str]) -> tuple[tuple[str, tuple[Archetype, ...]], ...]:
        file, keys, label = declaration.file, declaration.keys + ("destroy_on_exit",), declaration.label
        table = declaration.body.get("destroy_on_exit")
        if table is None:
            return ()
        if not isinstance(table, dict):
            self.checker.error(file, keys, f'{label}: destroy_on_exit must be a table like {{ playing = ["Alien"] }}'
                                f" (for each value, the archetypes or components whose entities are destroyed when "
                                f"the state leaves it), not {shown(table)}")
            return ()
        result = []
        for value, names in table.items():
            if value not in values:
                close = closest(value, values)
                advice = f"did you mean '{close}'?" if close else f"its values are {listing(values)}"
                self.checker.error(file, keys + (value,), f"{label}: destroy_on_exit names '{value}', which is not "
                                    f"one of its values; {advice}")
                continue
            if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
                self.checker.error(file, keys + (value,), f"{label}: destroy_on_exit.{value} must be a list of "
                                    f'archetype or component names, like ["Alien"], not {shown(names)}')
                continue
            archetypes: list[Archetype] = []
            for index, name in enumerate(names):
                for archetype in self.holders(declaration, keys + (value, index), name):
                    if archetype not in archetypes:
                        archetypes.append(archetype)
            if self.archetypes is not None:
                archetypes.sort(key=lambda archetype: archetype.id)
                result.append((value, tuple(archetypes)))
        return tuple(result)

    def holders(self, declaration: Any, where: KeyPath, name: str) -> list[Archetype]:
        """The archetype `name`, or the archetypes holding the component `name`."""
        if self.archetypes is None:
            return []
        archetype = next((item for item in self.archetypes if item.name == name), None)
        if archetype is not None:
            return [archetype]
        if name in self.components:
            return [item for item in self.archetypes if any(c.name == name for c in item.components)]
        declared = self.checker.declared.get(name)
        what = f"'{name}' is {a(declared.kind)}" if declared else f"unknown archetype or component '{name}'"
        self.checker.error(declaration.file, where, f"{declaration.label}: {what}; destroy_on_exit lists "
                            "archetypes, or components (every archetype holding one)")
        return []

    def transition_stage(self, declaration: Any) -> str | None:
        """The pseudo-stage of a system with on_enter or on_exit instead of stage; None when reported."""
        body, file, keys, label = declaration.body, declaration.file, declaration.keys, declaration.label
        given = [key for key in TRANSITION_KEYS if key in body]
        if "stage" in body or len(given) > 1:
            both = ["stage"] * ("stage" in body) + given
            self.checker.error(file, keys + (given[-1],), f"{label} has both {both[0]} and {both[1]}: a system runs "
                                "in a stage, or when a state enters a value, or when it leaves one; keep one")
            return None
        key = given[0]
        spelled = body[key]
        if not isinstance(spelled, str) or spelled.count(".") != 1:
            self.checker.error(file, keys + (key,), f'{label}: {key} must name a state and one of its values, like '
                                f'"Phase.playing", not {shown(spelled)}')
            return None
        state_name, value = spelled.split(".")
        state = self.by_name.get(state_name)
        if state is None:
            declared = self.checker.declared.get(state_name)
            close = closest(state_name, list(self.by_name))
            what = (f"'{state_name}' is {a(declared.kind)}, not a state" if declared else
                    f"unknown state '{state_name}'; " + (f"did you mean '{close}'?" if close else
                                                          f"declare it as [state.{state_name}]"))
            self.checker.error(file, keys + (key,), f"{label}: {key}: {what}")
            return None
        if value not in state.values:
            close = closest(value, state.values)
            advice = f"did you mean '{close}'?" if close else f"its values are {listing(state.values)}"
            self.checker.error(file, keys + (key,), f"{label}: {key}: state '{state_name}' has no value '{value}'; "
                                f"{advice}")
            return None
        return f"{state_name}.{value}.{ENTER if key == 'on_enter' else EXIT}"


@dataclass(frozen=True)
class Conditions:
    """What check_conditions found: the sets, each system's condition and each stage's."""

    sets: tuple[RunSet, ...]
    systems: tuple[tuple[str, Condition], ...]
    stages: tuple[tuple[str, Condition], ...]
    # Where each condition was written, for the stale-input check: system or stage name ->
    # (file, keys of its run_if or of the set's).
    written: dict[str, tuple[SchemaFile, KeyPath]]


def check_conditions(checker: Any, files: Sequence[SchemaFile], states: Sequence[State],
                     resources: Sequence[Resource], components: Sequence[Component],
                     archetypes: Sequence[Archetype] | None, stages: Sequence[str]) -> Conditions:
    """Parses every run_if: of [set.NAME], of [stage.NAME] and of each system; checks sets lists."""
    names = Names({resource.name: resource for resource in resources}, {state.name: state for state in states},
                  archetypes or [], {component.name: component for component in components},
                  lambda name: checker.declared[name].kind if name in checker.declared else None)
    written: dict[str, tuple[SchemaFile, KeyPath]] = {}
    sets = []
    set_conditions: dict[str, tuple[RunSet, SchemaFile, KeyPath]] = {}
    for declaration in (d for d in checker.declared.values() if d.kind == "set"):
        file, keys, label, body = declaration.file, declaration.keys, declaration.label, declaration.body
        checker.unknown_keys(file, keys, body, RUN_SET_KEYS, label)
        doc = checker.doc(file, keys + ("doc",), body.get("doc"), label)
        if "run_if" not in body:
            checker.error(file, keys, f'{label} has no run_if; add the condition its systems share, like '
                          'run_if = "Phase == playing"')
            continue
        condition = _condition(checker, file, keys + ("run_if",), body["run_if"], names, label)
        if condition is not None:
            run_set = RunSet(declaration.name, condition, doc)
            sets.append(run_set)
            set_conditions[declaration.name] = (run_set, file, keys + ("run_if",))
    stage_conditions = []
    for file in files:
        table = file.data.get("stage")
        if not isinstance(table, dict):
            continue
        for stage, body in table.items():
            keys = ("stage", stage)
            if stage not in stages:
                close = closest(stage, stages)
                advice = f"did you mean '{close}'?" if close else f"the stages are {listing(stages)}"
                checker.error(file, keys, f"[stage.{stage}]: unknown stage '{stage}'; {advice}")
                continue
            if not isinstance(body, dict):
                checker.error(file, keys, f"[stage.{stage}] must be a table with run_if = \"...\"")
                continue
            checker.unknown_keys(file, keys, body, STAGE_TABLE_KEYS, f"[stage.{stage}]")
            if "run_if" in body:
                condition = _condition(checker, file, keys + ("run_if",), body["run_if"], names, f"[stage.{stage}]")
                if condition is not None:
                    stage_conditions.append((stage, condition))
                    written[stage] = (file, keys + ("run_if",))
    system_conditions = []
    for declaration in (d for d in checker.declared.values() if d.kind == "system"):
        file, keys, label, body = declaration.file, declaration.keys, declaration.label, declaration.body
        parts: list[Condition] = []
        for index, name in enumerate(_names_list(checker, declaration, "sets")):
            found = set_conditions.get(name)
            if found is None:
                declared = checker.declared.get(name)
                if declared is not None and declared.kind == "set":
                    continue  # its own mistake is reported
                close = closest(name, [d.name for d in checker.declared.values() if d.kind == "set"])
                what = (f"'{name}' is {a(declared.kind)}, not a set" if declared else
                        f"unknown set '{name}'; " + (f"did you mean '{close}'?" if close else
                                                     f"declare it as [set.{name}] with run_if"))
                checker.error(file, keys + ("sets", index), f"{label}: {what}")
                continue
            parts.append(SetCondition(name, found[0].condition))
            written.setdefault(declaration.name, (found[1], found[2]))
        if "run_if" in body:
            own = _condition(checker, file, keys + ("run_if",), body["run_if"], names, label)
            if own is not None:
                parts.extend(own.operands if isinstance(own, AllOf) and parts else (own,))
                written[declaration.name] = (file, keys + ("run_if",))
        if parts:
            system_conditions.append((declaration.name, parts[0] if len(parts) == 1 else AllOf(tuple(parts))))
    return Conditions(tuple(sets), tuple(system_conditions), tuple(stage_conditions), written)


def _names_list(checker: Any, declaration: Any, key: str) -> list[str]:
    value = declaration.body.get(key)
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        checker.error(declaration.file, declaration.keys + (key,), f"{declaration.label}: {key} must be a list of "
                      f'set names, like ["Play"], not {shown(value)}')
        return []
    return value


def _condition(checker: Any, file: SchemaFile, keys: KeyPath, text: Any, names: Names, label: str) -> Condition | None:
    if not isinstance(text, str):
        checker.error(file, keys, f'{label}: run_if must be a condition in quotes, like "Phase == playing", not '
                      f"{shown(text)}")
        return None
    try:
        return parse(text, names)
    except ConditionError as error:
        checker.errors.append(Diagnostic(_inside(file, keys, text, error.offset), f"{label}: run_if: {error.message}"))
        return None


def _inside(file: SchemaFile, keys: KeyPath, text: str, offset: int) -> Location:
    """Where character `offset` of the string value at `keys` is, when the file writes it on one line
    as a basic or literal string without escapes; else where its key is."""
    key_at = file.locate(keys)
    try:
        line = Path(file.path).read_text(encoding="utf-8").splitlines()[key_at.line - 1]
    except (OSError, IndexError, TypeError):
        return key_at
    equals = line.find("=", key_at.column - 1)
    start = equals + 1
    while start < len(line) and line[start] in " \t":
        start += 1
    if equals < 0 or start >= len(line) or line[start] not in "\"'" or line[start + 1:start + 1 + len(text)] != text:
        return key_at
    return Location(key_at.path, key_at.line, start + 2 + offset)


def stale_conditions(stages: Sequence[Stage], conditions: Conditions, strict: bool) -> list[Diagnostic]:
    """Each system whose condition reads a resource that a system of its stage writes, unless
    after/before runs that writer after it (a state's requests do not count: its value changes at
    stage boundaries only). A warning, an error under strict."""
    found = []
    by_system = dict(conditions.systems)
    for stage in stages:
        systems = list(stage.systems)
        later = stage.reach()
        for system in systems:
            condition = by_system.get(system.name)
            if condition is None:
                continue
            reads = [item for item in condition_reads(condition) if not isinstance(item, State)]
            for resource in reads:
                writers = [other for other in systems if other.name != system.name
                           and any(item.name == resource.name for item in other.access.resources_write)
                           and other.name not in later.get(system.name, set())]
                for writer in writers:
                    file, keys = conditions.written[system.name]
                    severity = "error" if strict else "warning"
                    message = (f"system '{system.name}' runs only while its condition holds, which reads "
                               f"{resource.name}, but '{writer.name}' of stage '{stage.name}' writes {resource.name} "
                               f"and does not run after it: the condition is evaluated once, when the stage starts, "
                               f"so '{system.name}' would not see what '{writer.name}' writes in the same run; move "
                               f"'{writer.name}' to an earlier stage, order it after '{system.name}' (after = "
                               f"[\"{system.name}\"]), or test {resource.name} in '{system.name}'s run()")
                    found.append(Diagnostic(file.locate(keys), message, severity))
    return found


def transitions(states: Sequence[State], systems: Sequence[System]) -> list[str]:
    """The pseudo-stages that some system runs in, in the order of states, values, exit then enter."""
    used = {system.stage for system in systems}
    return [f"{state.name}.{value}.{kind}" for state in states for value in state.values for kind in (EXIT, ENTER)
            if f"{state.name}.{value}.{kind}" in used]


def check_changes(checker: Any, components: Sequence[Component], archetypes: Sequence[Archetype] | None,
                  systems: Sequence[System]) -> dict[str, Changes]:
    """Each system's `changes`, by system name; a name that is neither a component nor an archetype,
    and changes without commands = true, are reported."""
    by_name = {component.name: component for component in components}
    archetype_by_name = {archetype.name: archetype for archetype in archetypes or ()}
    commands = {system.name: system.commands for system in systems}
    found: dict[str, Changes] = {}
    for declaration in (d for d in checker.declared.values() if d.kind == "system"):
        value = declaration.body.get("changes")
        if value is None:
            continue
        file, keys, label = declaration.file, declaration.keys + ("changes",), declaration.label
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            checker.error(file, keys, f'{label}: changes must be a list of the components its commands add, remove '
                          f'or replace and the archetypes they create or destroy, like ["Scared"], not {shown(value)}')
            continue
        if declaration.body.get("commands") is not True:
            checker.error(file, keys, f"{label} has changes but no commands = true; only commands change what "
                          "changes lists: add commands = true, or remove changes")
            continue
        changed_components, changed_archetypes = [], []
        for index, name in enumerate(value):
            if name in by_name:
                changed_components.append(by_name[name])
            elif name in archetype_by_name:
                changed_archetypes.append(archetype_by_name[name])
            elif archetypes is not None:
                declared = checker.declared.get(name)
                close = closest(name, list(by_name) + list(archetype_by_name))
                if declared is not None:
                    message = f"'{name}' in changes is {a(declared.kind)}; changes lists components and archetypes"
                else:
                    advice = f"did you mean '{close}'?" if close else "changes lists components and archetypes"
                    message = f"unknown component or archetype '{name}' in changes; {advice}"
                checker.error(file, keys + (index,), f"{label}: {message}")
        if declaration.name in commands:
            found[declaration.name] = Changes(tuple(changed_components), tuple(changed_archetypes))
    return found
