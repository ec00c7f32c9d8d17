"""Jinja filters for the headers of one component, system or observer: what each names, and so which
generated headers it includes and which archetypes it declares. A header includes only these, so
that an edit of one system or component changes the headers of the files that use it, not every
header of the game (docs/compile_time.md, "The edit loop")."""

from collections.abc import Iterable, Iterator

from ..access import matched
from ..model import (AllOf, AnyEntity, AnyOf, Archetype, Array, Component, Condition, Event, Extern, FieldTest, Not,
                     Observer, Resource, Schema, SetCondition, StateIs, System)
from .outputs import (archetype_header, component_declaration_header, component_header, observer_header, prefab_header,
                      system_declaration_header, system_header)

Record = Component | Resource | Event


def named_components(item: System | Observer, schema: Schema) -> list[Component]:
    """Every component a system or observer names, in schema order: those it accesses, filters on,
    reads optionally, asks whether a row has, watches for changes, and those its lookups reach.

    >>> p, v, f = (Component(name, index, None, (), None) for index, name in enumerate(("P", "V", "F")))
    >>> from ..model import Access, Lookup
    >>> chase = System("Chase", "update", Access(write=(v,), without=(f,), lookups=(Lookup("near", Access(read=(p,))),)))
    >>> [component.name for component in named_components(chase, Schema("game", 1, (), (p, v, f), (), ()))]
    ['P', 'V', 'F']
    """
    access = item.access
    lists = [access.write, access.read, access.with_, access.without, access.optional_write, access.optional_read,
             access.has]
    lists += [lookup.access.write + lookup.access.read + lookup.access.with_ + lookup.access.without
              for lookup in access.lookups]
    if isinstance(item, System):
        lists += [item.changed, item.added]
    elif item.trigger is not None:
        lists.append((item.trigger,))
    names = {component.name for components in lists for component in components}
    return [component for component in schema.components if component.name in names]


def named_archetypes(item: System | Observer, schema: Schema) -> list[Archetype]:
    """The archetypes a system's or observer's struct names, in schema order: those it runs on, those
    its lookups reach, and those of an any(...) in its own run_if (a set's are the set's to declare).

    >>> p, f = Component("P", 0, None, (), None), Component("F", 1, None, (), None)
    >>> ship, frozen = Archetype("Ship", 0, (p,), None), Archetype("FrozenShip", 1, (p, f), None)
    >>> from ..model import Access
    >>> drift = System("Drift", "update", Access(write=(p,), without=(f,)))
    >>> [archetype.name for archetype in named_archetypes(drift, Schema("game", 1, (), (p, f), (), (ship, frozen)))]
    ['Ship']
    """
    names = set()
    if item.access.required:
        names.update(archetype.name for archetype in matched(item.access, schema.archetypes))
    for lookup in item.access.lookups:
        names.update(archetype.name for archetype in matched(lookup.access, schema.archetypes))
    for node in _condition_nodes(_condition(item, schema)):
        if isinstance(node, AnyEntity):
            names.update(archetype.name for archetype in node.archetypes)
    return [archetype for archetype in schema.archetypes if archetype.name in names]


def set_archetypes(schema: Schema) -> list[Archetype]:
    """The archetypes that the sets' conditions name (in an any(...)), in schema order."""
    names = {archetype.name for run_set in schema.sets for node in _condition_nodes(run_set.condition)
             if isinstance(node, AnyEntity) for archetype in node.archetypes}
    return [archetype for archetype in schema.archetypes if archetype.name in names]


def names_resources(item: System | Observer, schema: Schema) -> bool:
    """Whether a system or observer names a resource, state or event (in its run() or its own
    run_if), which resources.hpp declares."""
    if item.access.resources:
        return True
    if isinstance(item, System) and (item.emit or item.events):
        return True
    return any(isinstance(node, (StateIs, FieldTest)) for node in _condition_nodes(_condition(item, schema)))


def names_sets(item: System | Observer, schema: Schema) -> bool:
    """Whether a system runs in a set, whose struct (sets.hpp) its run_if names."""
    return any(isinstance(node, SetCondition) for node in _condition_nodes(_condition(item, schema)))


def names_world(item: System | Observer) -> bool:
    """Whether run() is handed something of the World (commands, or an observer's deferred world)."""
    return isinstance(item, Observer) or item.commands


def record_externs(records: Iterable[Record]) -> list[Extern]:
    """The externs that the records' fields are (or are arrays of), each once, in the order met.

    >>> from ..model import Field
    >>> mat4 = Extern("Mat4", "quads::mat4", "quads/mat4.hpp")
    >>> model = Component("Model", 0, None, (Field("m", mat4, None, None), Field("ms", Array(mat4, 2), None, None)), None)
    >>> [extern.name for extern in record_externs([model])]
    ['Mat4']
    """
    found: dict[str, Extern] = {}
    for record in records:
        for field in record.fields:
            element = field.type.element if isinstance(field.type, Array) else field.type
            if isinstance(element, Extern):
                found.setdefault(element.name, element)
    return list(found.values())


def record_includes(records: Iterable[Record]) -> list[str]:
    """The headers the records need beyond kiln's: their externs', and a resource's of a C++ type,
    each once, in the order met."""
    records = list(records)
    headers = [extern.include for extern in record_externs(records) if extern.include]
    headers += [record.include for record in records if isinstance(record, Resource) and record.include]
    return list(dict.fromkeys(headers))


def record_migrations(records: Iterable[Record]) -> list:
    """schema.migrations of these records alone (components and resources: events are never saved),
    in the order given: each type a field migrates from, with the record and the field."""
    return [(record, field, old) for record in records if not isinstance(record, Event)
            for field in record.fields for old in field.migrate_from]


def declaring_header(system: System, schema: Schema) -> str:
    """The header of a system that the world includes (through systems.hpp): the one that declares
    it alone where its row loop compiles in the file of its run(), else its own."""
    return system_declaration_header(system) if schema.rows_apart(system) else system_header(system)


def component_declaring_header(component: Component, schema: Schema) -> str:
    """The header through which an archetype's or a system's declaration names a component: its
    declaration where the schedule compiles apart (Schema.schedule_unit), which the schedule's unit
    may read without the component's definition, unless the component is split (its fields are its
    columns, and run() takes its C::ref); else its own header."""
    declared = schema.schedule_unit and not component.is_split
    return component_declaration_header(component) if declared else component_header(component)


FILTERS = {
    filter.__name__: filter
    for filter in (named_components, named_archetypes, set_archetypes, names_resources, names_sets, names_world,
                   record_externs, record_includes, record_migrations, component_header,
                   component_declaration_header, archetype_header,
                   prefab_header, system_header, system_declaration_header, declaring_header,
                   component_declaring_header, observer_header)
}


def _condition(item: System | Observer, schema: Schema) -> Condition | None:
    return schema.condition_of(item.name) if isinstance(item, System) else None


def _condition_nodes(condition: Condition | None) -> Iterator[Condition]:
    """Every node of a condition, not entering the conditions of the sets it names."""
    if condition is None:
        return
    yield condition
    if isinstance(condition, Not):
        yield from _condition_nodes(condition.operand)
    elif isinstance(condition, (AllOf, AnyOf)):
        for operand in condition.operands:
            yield from _condition_nodes(operand)
