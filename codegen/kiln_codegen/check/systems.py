"""Checks [system.NAME] and [observer.NAME] tables and turns them into model.System and model.Observer.

Every name in their lists must be declared, of the right kind: components in write, read, with
and without, resources in resources and resources_write, systems of the same stage in after,
before and ambiguous_with. Each mistake is reported where it is written and its entry is left out.
A system with a mistake in its own table is left out of the schedule too, so that what the
schedule reports (order cycles, ambiguities) is about systems that are as declared.
"""

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..access import matched
from ..errors import a, closest, joined, listing, shown
from ..front.declaration import Declaration
from ..front.key_positions import KeyPath
from ..model import Access, Archetype, Component, Event, Layout, Observer, ObserverEvent, Resource, System
from ..vocabulary import EVENT_KEYS, FLAG_KEYS, OBSERVER_KEYS, ORDER_KEYS, SET_KEYS, SYSTEM_KEYS
from .checker import Checker
from .lookups import reach
from .states import TRANSITION_KEYS
from .tracking import change_filters

# An observer's events, in the order vocabulary.py lists them.
EVENTS = {"on_add": ObserverEvent.ENTER, "on_remove": ObserverEvent.LEAVE,
          "on_enter": ObserverEvent.ENTER, "on_leave": ObserverEvent.LEAVE, "on_change": ObserverEvent.CHANGE}
TRIGGERS = ("on_add", "on_remove", "on_change")  # the events that name one component


@dataclass(frozen=True)
class _Entry:
    """A component named in one of the lists that make up an access."""

    component: Component
    origin: str  # the key it is listed under, as the messages say it: "write", "on_enter.with", "on_add"
    keys: KeyPath  # where it is written, within the declaration
    role: str  # "access", "trigger", "with" or "without"


class SystemChecker:
    def __init__(self, checker: Checker, components: Sequence[Component], resources: Sequence[Resource],
                 archetypes: Sequence[Archetype] | None, stages: Sequence[str], events: Sequence[Event] = (),
                 transition_stage: Callable[[Declaration], str | None] | None = None):
        """`archetypes` is None when some archetype is broken, and then no match is checked.
        `resources` holds the states too; `transition_stage` gives a system with on_enter or on_exit
        its pseudo-stage (states.py)."""
        self.checker = checker
        self.components = {component.name: component for component in components}
        self.resources = {resource.name: resource for resource in resources}
        self.events = {declared.name: declared for declared in events}
        self.archetypes = archetypes
        self.stages = tuple(stages)
        self.transition_stage = transition_stage

    # Systems ---------------------------------------------------------------------------------

    def systems(self, declarations: Sequence[Declaration], propagations: Sequence[System] = (),
                mistaken: Sequence[str] = ()) -> list[System]:
        """The systems to schedule, in schema order, then the `propagations` (checked already): those
        without mistakes, ordered only by each other. after and before may name a propagation.
        `mistaken` names systems with a mistake found elsewhere, which are left out too."""
        stage_of: dict[str, str | None] = {system.name: system.stage for system in propagations}
        first_pass = []
        for declaration in declarations:
            reported = len(self.checker.errors)
            system = self.system(declaration)
            stage_of[declaration.name] = system.stage if system else None
            clean = len(self.checker.errors) == reported and declaration.name not in mistaken
            first_pass.append((declaration, system, clean))
        ordered = []
        for declaration, system, clean in first_pass:
            if system is None:
                continue
            reported = len(self.checker.errors)
            orders = {key: self.order_names(declaration, key, system.stage, stage_of) for key in ORDER_KEYS}
            if clean and len(self.checker.errors) == reported:
                ordered.append(replace(system, **orders))
        # A system may name one that has a mistake of its own: right, but that one is not scheduled.
        ordered += propagations
        scheduled = {system.name for system in ordered}
        return [replace(system, **{key: tuple(name for name in getattr(system, key) if name in scheduled)
                                   for key in ORDER_KEYS}) for system in ordered]

    def system(self, declaration: Declaration) -> System | None:
        """The system without its after, before and ambiguous_with; None when its stage is not known."""
        file, keys, label, body = declaration.file, declaration.keys, declaration.label, declaration.body
        misspelled = self.checker.unknown_keys(file, keys, body, SYSTEM_KEYS, label)
        stage = self.stage(declaration, misspelled)
        reported = len(self.checker.errors)
        access, entries = self.access(declaration, [])
        events = {key: self.event_names(declaration, key) for key in EVENT_KEYS}
        flags = {key: self.flag(declaration, key) for key in FLAG_KEYS}
        access, entity = reach(self, declaration, access, flags["parallel"], flags["columns"])
        priority = self.priority(declaration)
        doc = self.checker.doc(file, keys + ("doc",), body.get("doc"), label)
        if len(self.checker.errors) == reported and not misspelled:  # a misspelled key may be a list
            self.check_shape(declaration, access, entries, any(events.values()), **flags)
        filters = change_filters(self, declaration, access, flags["columns"])
        if stage is None:
            return None
        return System(declaration.name, stage, access, priority=priority, doc=doc, entity=entity, **events, **flags,
                      **filters)

    def event_names(self, declaration: Declaration, key: str) -> tuple[Event, ...]:
        """The events that emit or events names; the names of anything else are reported."""
        found = []
        for name, where in self.names_in(declaration, (key,), "event"):
            declared = self.checker.declared.get(name)
            if declared is not None and declared.kind == "event":
                found.append(self.events[name])
                continue
            if declared is not None:
                message = f"'{name}' in {key} is {a(declared.kind)}, not an event"
            else:
                close = closest(name, list(self.events))
                advice = f"did you mean '{close}'?" if close else f"declare it as [event.{name}] or fix the name"
                message = f"unknown event '{name}' in {key}; {advice}"
            self.checker.error(declaration.file, where, f"{declaration.label}: {message}")
        return tuple(found)

    def stage(self, declaration: Declaration, misspelled: bool) -> str | None:
        file, keys, label = declaration.file, declaration.keys, declaration.label
        stage = declaration.body.get("stage")
        if self.transition_stage and any(key in declaration.body for key in TRANSITION_KEYS):
            return self.transition_stage(declaration)
        if stage is None:
            if not misspelled:  # a misspelled `stage` is already reported
                self.checker.error(file, keys, f'{label} has no stage; add stage = "{self.example_stage}" '
                                   f"(one of {listing(self.stages, 'or')})")
            return None
        if not isinstance(stage, str):
            self.checker.error(file, keys + ("stage",), f'{label}: stage must be a stage\'s name in quotes, like '
                               f'"{self.example_stage}", not {shown(stage)}')
            return None
        if stage not in self.stages:
            close = closest(stage, self.stages)
            advice = (f"did you mean '{close}'?" if close else
                      f"the stages are {listing(self.stages)}; [kiln] stages = [...] declares others")
            self.checker.error(file, keys + ("stage",), f"{label}: unknown stage {shown(stage)}; {advice}")
            return None
        return stage

    @property
    def example_stage(self) -> str:
        return "update" if "update" in self.stages else self.stages[0]

    def priority(self, declaration: Declaration) -> int:
        priority = declaration.body.get("priority", 0)
        if isinstance(priority, bool) or not isinstance(priority, int):
            self.checker.error(declaration.file, declaration.keys + ("priority",),
                               f"{declaration.label}: priority must be a whole number (higher runs earlier among "
                               f"systems that nothing orders; the default is 0), not {shown(priority)}")
            return 0
        return priority

    def flag(self, declaration: Declaration, key: str) -> bool:
        value = declaration.body.get(key, False)
        if not isinstance(value, bool):
            self.checker.error(declaration.file, declaration.keys + (key,),
                               f"{declaration.label}: {key} must be true or false, not {shown(value)}")
            return False
        return value

    def check_shape(self, declaration: Declaration, access: Access, entries: list[_Entry], has_events: bool,
                    commands: bool, parallel: bool, columns: bool) -> None:
        """What a valid access still may not be: nothing at all, a resource written by chunks at once, or
        columns that cannot be handed out."""
        file, keys, label = declaration.file, declaration.keys, declaration.label
        if not access.required:
            if access.without:
                self.checker.error(file, keys + ("without",),
                                   f"{label} has without but accesses no components and has no with, so it runs "
                                   "once per run of its stage and without filters nothing; remove without, or "
                                   "add the components it runs on")
            elif not access.resources and not commands and not has_events and not access.lookups:
                self.checker.error(file, keys,
                                   f"{label} accesses nothing: no components (write, read, with), no resources, "
                                   "no events and no commands; declare what it works on")
            for key, value, what in (("parallel", parallel, "entities to split over chunks"),
                                     ("columns", columns, "columns to hand out")):
                if value:
                    self.checker.error(file, keys + (key,),
                                       f"{label}: {key} = true, but it accesses no components, so it runs once per "
                                       f"run of its stage and there are no {what}; remove {key}")
            return
        if parallel and access.resources_write:
            names = [resource.name for resource in access.resources_write]
            written, pronoun = joined(names), "it" if len(names) == 1 else "them"
            self.checker.error(file, keys + ("parallel",),
                               f"{label}: parallel = true and resources_write = {shown(names)} do not go together: "
                               f"the runtime runs chunks of its entities at once, each handed the same {written}, "
                               f"so they would write {pronoun} at the same time; remove parallel, or list {written} "
                               "in resources (read-only) and write each entity's result to a component, for a later "
                               f"system that is not parallel to gather into {written}")
        elif parallel and commands:
            self.checker.error(file, keys + ("parallel",),
                               f"{label}: parallel = true and commands = true do not go together: a system that "
                               "records commands is never split, so that its commands keep the order of its rows; "
                               "remove parallel, or record the commands in a system of their own")
        if columns and commands:
            self.checker.error(file, keys + ("columns",),
                               f"{label}: columns = true and commands = true do not go together: the column form is "
                               "handed a chunk of entities at once, not one entity to give commands for; drop one")
        elif columns and not access.components:
            self.checker.error(file, keys + ("columns",),
                               f"{label}: columns = true, but it reads and writes no components (with only "
                               "requires them), so there are no columns to hand out; remove columns")
        if columns:
            for entry in entries:
                if entry.role == "access" and entry.component.is_split:
                    name = entry.component.name
                    self.checker.error(file, keys + entry.keys,
                                       f"{label}: '{name}' is a split component, stored as one array per field, so "
                                       f"the column form (columns = true) has no std::span<{name}> to hand out; "
                                       f"set columns = false (run() then gets {name}::ref per entity) or make "
                                       f"'{name}' packed")
        self.check_matches(declaration, access)

    def order_names(self, declaration: Declaration, key: str, stage: str, stage_of: dict[str, str | None]) -> tuple:
        """The systems that after, before or ambiguous_with name: of the same stage, and not itself."""
        file, label = declaration.file, declaration.label
        names = []
        for name, where in self.names_in(declaration, (key,), "system"):
            declared = self.checker.declared.get(name)
            if name == declaration.name:
                self.checker.error(file, where, f"{label} names itself in {key}; remove it")
            elif declared is not None and declared.kind in ("system", "propagate"):
                other_stage = stage_of.get(name)
                if other_stage is None:
                    continue  # its stage is reported at it
                if other_stage != stage:
                    self.checker.error(file, where,
                                       f"{label} runs in stage '{stage}', but {key} names {declared.label} of stage "
                                       f"'{other_stage}'; {key} relates systems of one stage (the stages run one "
                                       "after another), so remove it")
                    continue
                names.append(name)
            elif declared is not None:
                self.checker.error(file, where, f"{label}: '{name}' in {key} is {a(declared.kind)}, not a system")
            else:
                same_stage = [other for other, other_stage in stage_of.items() if other_stage == stage]
                close = closest(name, same_stage)
                advice = (f"did you mean '{close}'?" if close else
                          f"the systems of stage '{stage}' are {listing(same_stage)}" if same_stage else
                          f"declare it as [system.{name}] in stage '{stage}' or fix the name")
                self.checker.error(file, where, f"{label}: unknown system '{name}' in {key}; {advice}")
        return tuple(names)

    # Observers -------------------------------------------------------------------------------

    def observer(self, declaration: Declaration) -> Observer | None:
        file, keys, label, body = declaration.file, declaration.keys, declaration.label, declaration.body
        misspelled = self.checker.unknown_keys(file, keys, body, OBSERVER_KEYS, label)
        events = [key for key in body if key in EVENTS]
        if not events:
            if not misspelled:
                self.checker.error(file, keys, f'{label} has no event; add one of on_add = "Component", on_remove = '
                                   '"Component", on_change = "Component", on_enter = { with = [...], without = [...] } or on_leave = { ... }')
            return None
        for extra in events[1:]:
            self.checker.error(file, keys + (extra,),
                               f"{label} has both {events[0]} and {extra}; an observer answers one event, so "
                               f"declare another observer for {extra}")
        event = events[0]
        reported = len(self.checker.errors)
        trigger, event_entries = self.event_entries(declaration, event)
        access, _ = self.access(declaration, event_entries)
        doc = self.checker.doc(file, keys + ("doc",), body.get("doc"), label)
        if len(self.checker.errors) == reported and not misspelled:
            self.check_matches(declaration, access)
        return Observer(declaration.name, EVENTS[event], trigger, access, doc)

    def event_entries(self, declaration: Declaration, event: str) -> tuple[Component | None, list[_Entry]]:
        """The component of on_add, on_remove or on_change, and the entries the event adds to the access."""
        file, keys, label = declaration.file, declaration.keys, declaration.label
        value = declaration.body[event]
        if event in TRIGGERS:
            if not isinstance(value, str):
                self.checker.error(file, keys + (event,),
                                   f'{label}: {event} must be a component\'s name in quotes, like "Frozen", '
                                   f"not {shown(value)}")
                return None, []
            component = self.component(declaration, value, (event,), event)
            if component is not None and event == "on_change" and not component.tracked:
                self.checker.error(file, keys + (event,),
                                   f"{label}: on_change = \"{value}\" needs the ticks of a tracked component; add "
                                   f"kiln = {{ track = true }} to [component.{value}] (docs/changes.md)")
                return None, []
            return component, ([_Entry(component, event, (event,), "trigger")] if component else [])
        if not isinstance(value, dict):
            self.checker.error(file, keys + (event,),
                               f'{label}: {event} must be a table like {{ with = ["Frozen"], without = ["Dead"] }}, '
                               f"not {shown(value)}")
            return None, []
        self.checker.unknown_keys(file, keys + (event,), value, SET_KEYS, label, f" in {event}")
        return None, [entry for key in SET_KEYS for entry in self.component_entries(declaration, (event, key), key)]

    # Access ----------------------------------------------------------------------------------

    def access(self, declaration: Declaration, event_entries: list[_Entry]) -> tuple[Access, list[_Entry]]:
        """The access its lists declare, with the entries it was made of; conflicting entries are reported."""
        entries = [entry for key in ("write", "read")
                   for entry in self.component_entries(declaration, (key,), "access")]
        entries += [entry for entry in event_entries if entry.role in ("trigger", "with")]
        entries += self.component_entries(declaration, ("with",), "with")
        entries += [entry for entry in event_entries if entry.role == "without"]
        entries += self.component_entries(declaration, ("without",), "without")
        lists: dict[str, list[Component]] = {"write": [], "read": [], "with": [], "without": []}
        seen: dict[str, _Entry] = {}
        for entry in entries:
            earlier = seen.setdefault(entry.component.name, entry)
            if earlier is entry:
                lists[_list_of(entry)].append(entry.component)
            elif not (entry.role == "trigger" and earlier.role == "access"):  # an accessed trigger is required already
                self.checker.error(declaration.file, declaration.keys + entry.keys,
                                   f"{declaration.label}: {_clash(entry, earlier, declaration.kind)}")
        written = self.resource_names(declaration, "resources_write")
        read = self.resource_names(declaration, "resources")
        for resource, where in read:
            if resource.name in {other.name for other, _ in written}:
                self.checker.error(declaration.file, where,
                                   f"{declaration.label}: '{resource.name}' is in both resources_write and resources; "
                                   "list it in resources_write alone (writing includes reading)")
        read = [(resource, where) for resource, where in read if resource.name not in {r.name for r, _ in written}]
        access = Access(tuple(lists["write"]), tuple(lists["read"]), tuple(lists["with"]), tuple(lists["without"]),
                        tuple(resource for resource, _ in written), tuple(resource for resource, _ in read))
        return access, entries

    def component_entries(self, declaration: Declaration, path: tuple[str, ...], role: str) -> list[_Entry]:
        origin = ".".join(path)
        entries = []
        for name, where in self.names_in(declaration, path, "component"):
            component = self.component(declaration, name, where[len(declaration.keys):], origin)
            if component is None:
                continue
            if role == "access" and component.layout is Layout.TAG:
                verb = "write" if origin == "write" else "read"
                self.checker.error(declaration.file, where,
                                   f"{declaration.label}: '{name}' in {origin} is a tag (a component without fields), "
                                   f"so there is nothing to {verb}; put it in with to require it")
                continue
            entries.append(_Entry(component, origin, where[len(declaration.keys):], role))
        return entries

    def component(self, declaration: Declaration, name: str, keys: KeyPath, origin: str) -> Component | None:
        """The component `name`, or None when it is not one (reported at `keys`, within the declaration)."""
        declared = self.checker.declared.get(name)
        if declared is not None and declared.kind == "component":
            return self.components[name]
        if declared is not None:
            advice = "; list resources in resources or resources_write" if declared.kind == "resource" else ""
            message = f"'{name}' in {origin} is {a(declared.kind)}, not a component{advice}"
        else:
            close = closest(name, list(self.components))
            advice = f"did you mean '{close}'?" if close else f"declare it as [component.{name}] or fix the name"
            message = f"unknown component '{name}' in {origin}; {advice}"
        self.checker.error(declaration.file, declaration.keys + keys, f"{declaration.label}: {message}")
        return None

    def resource_names(self, declaration: Declaration, key: str) -> list[tuple[Resource, KeyPath]]:
        found = []
        for name, where in self.names_in(declaration, (key,), "resource"):
            declared = self.checker.declared.get(name)
            if declared is not None and declared.kind in ("resource", "state") and name in self.resources:
                found.append((self.resources[name], where))
                continue
            if declared is not None:
                advice = "; list components in read or write" if declared.kind == "component" else ""
                message = f"'{name}' in {key} is {a(declared.kind)}, not a resource{advice}"
            else:
                close = closest(name, list(self.resources))
                advice = f"did you mean '{close}'?" if close else f"declare it as [resource.{name}] or fix the name"
                message = f"unknown resource '{name}' in {key}; {advice}"
            self.checker.error(declaration.file, where, f"{declaration.label}: {message}")
        return found

    def names_in(self, declaration: Declaration, path: tuple[str, ...], what: str) -> Iterator[tuple[str, KeyPath]]:
        """The names in the array at `path`, each once, with where each is written; reports the others."""
        file, label = declaration.file, declaration.label
        table: Any = declaration.body
        for key in path:
            table = table.get(key) if isinstance(table, dict) else None
        if table is None:
            return
        origin = ".".join(path)
        keys = declaration.keys + path
        if not isinstance(table, list):
            example = {"component": '["Position"]', "resource": '["Time"]', "system": '["Input"]',
                       "event": '["Hit"]'}[what]
            self.checker.error(file, keys, f"{label}: {origin} must be an array of {what} names, like {example}, "
                               f"not {shown(table)}")
            return
        seen = set()
        for index, name in enumerate(table):
            where = keys + (index,)
            if not isinstance(name, str):
                self.checker.error(file, where, f"{label}: {origin}[{index}] must be {a(what)}'s name in quotes, "
                                   f"not {shown(name)}")
            elif name in seen:
                self.checker.error(file, where, f"{label} lists '{name}' twice in {origin}; remove one")
            else:
                seen.add(name)
                yield name, where

    def check_matches(self, declaration: Declaration, access: Access) -> None:
        if self.archetypes is None or matched(access, self.archetypes):
            return
        required = [component.name for component in access.required]
        excluded = [component.name for component in access.without]
        if not self.archetypes:
            reason = "the schema declares no archetypes"
        elif required and excluded:
            reason = f"none holds {joined(required)} without {joined(excluded, 'or')}"
        elif required:
            reason = f"none holds {joined(required)}"
        else:
            reason = f"every one holds {joined(excluded, 'or')}"
        self.checker.error(declaration.file, declaration.keys,
                           f"{declaration.label} matches no archetype: {reason}; fix what it requires (its "
                           "components and with) and excludes (without), or declare an archetype for it")


def _list_of(entry: _Entry) -> str:
    """Which list of the access an entry joins: the trigger and on_enter's lists join with and without."""
    if entry.role == "access":
        return entry.origin
    return "without" if entry.role == "without" else "with"


def _clash(entry: _Entry, earlier: _Entry, kind: str) -> str:
    """Why `entry` cannot be listed where it is, with `earlier` listing the same component."""
    name = entry.component.name
    if entry.role == "access":
        return (f"'{name}' is in both {earlier.origin} and {entry.origin}; list it in write alone (writing includes "
                "reading)")
    if entry.role == "without" and earlier.role != "without":
        return (f"'{name}' is in both {earlier.origin} and {entry.origin}, so no entity matches this {kind}; "
                "remove one")
    if earlier.role == "access":
        return (f"'{name}' is in {entry.origin}, but the {kind} already requires it by accessing it (in "
                f"{earlier.origin}); remove it from {entry.origin}")
    return f"'{name}' is in both {earlier.origin} and {entry.origin}; remove it from {entry.origin}"
