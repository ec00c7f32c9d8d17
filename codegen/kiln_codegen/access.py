"""Access as data: which archetypes a system or observer runs on, and where two systems collide.

Two systems conflict when one writes a component or resource that the other reads or writes:
run at once, one would see the other's writes half done. A component counts only when some
archetype holds entities that both systems see; systems whose filters part them (`with` and
`without`) never touch the same entity, so they cannot collide on its components. Resources are
one per world, so they always count. Commands do not: each system records its own, and they are
applied after the stage, in a fixed order.
"""

from collections.abc import Iterable, Sequence

from .errors import joined
from .model import Access, Archetype, Component, Resource, System


def matches(access: Access, archetype: Archetype) -> bool:
    """Whether the entities of `archetype` are seen: it holds all that is required and none of `without`.

    >>> p, f = Component("Position", 0, None, (), None), Component("Frozen", 1, None, (), None)
    >>> ship, frozen = Archetype("Ship", 0, (p,), None), Archetype("FrozenShip", 1, (p, f), None)
    >>> mover = Access(write=(p,), without=(f,))
    >>> matches(mover, ship), matches(mover, frozen)
    (True, False)
    """
    held = archetype.held
    return (all(component.name in held for component in access.required)
            and not any(component.name in held for component in access.without))


def matched(access: Access, archetypes: Iterable[Archetype]) -> list[Archetype]:
    """The archetypes whose entities are seen, in the order given."""
    return [archetype for archetype in archetypes if matches(access, archetype)]


def conflicts(first: Access, second: Access, archetypes: Sequence[Archetype]) -> tuple[str, ...]:
    """The names of what one writes and the other reads or writes: components first, in id order,
    and only when some archetype matches both; then resources, in the order first names them.

    >>> p, v = Component("Position", 0, None, (), None), Component("Velocity", 1, None, (), None)
    >>> f = Component("Frozen", 2, None, (), None)
    >>> time = Resource("Time", (), None)
    >>> ship, frozen = Archetype("Ship", 0, (p, v), None), Archetype("FrozenShip", 1, (p, v, f), None)
    >>> drift = Access(write=(p,), read=(v,), without=(f,))
    >>> conflicts(drift, Access(read=(p,), resources_write=(time,)), [ship, frozen])
    ('Position',)
    >>> conflicts(drift, Access(write=(p,), with_=(f,)), [ship, frozen])  # never the same entity
    ()
    >>> conflicts(Access(resources_read=(time,)), Access(resources_write=(time,)), [])
    ('Time',)
    >>> from .model import Lookup
    >>> chase = Access(write=(v,), without=(f,), lookups=(Lookup("others", Access(read=(p,))),))
    >>> conflicts(chase, Access(write=(p,), with_=(f,)), [ship, frozen])  # the lookup reaches frozen ships
    ('Position',)
    """
    return contested(first, second, reach(first, archetypes), reach(second, archetypes))


Reach = dict[int, list[tuple[tuple[Component, ...], tuple[Component, ...]]]]


def reach(access: Access, archetypes: Sequence[Archetype]) -> Reach:
    """An access's footprints on each archetype where it has some, by the archetype's position in
    `archetypes`: what contested() compares, worked out once for each system by a planner that
    compares every pair of a stage (a game of 160 systems and 150 archetypes has 12,720 pairs)."""
    return {index: prints for index, archetype in enumerate(archetypes) if (prints := footprints(access, archetype))}


def contested(first: Access, second: Access, first_reach: Reach, second_reach: Reach) -> tuple[str, ...]:
    """conflicts(), from the two accesses' reach() over the same archetypes."""
    contested_components: dict[str, Component] = {}
    for index in sorted(first_reach.keys() & second_reach.keys()):
        for first_writes, first_touched in first_reach[index]:
            for second_writes, second_touched in second_reach[index]:
                for item in _contested(first_writes, first_touched, second_writes, second_touched):
                    contested_components.setdefault(item.name, item)
    components = sorted(contested_components.values(), key=lambda component: component.id)
    contested_resources: list[Resource] = _contested(first.resources_write, first.resources,
                                                     second.resources_write, second.resources)
    return tuple(item.name for item in components + contested_resources)


def footprints(access: Access, archetype: Archetype) -> list[tuple[tuple[Component, ...], tuple[Component, ...]]]:
    """What an access writes and touches on the entities of `archetype`: (written, touched) for
    its own rows when it matches them (optional components where the archetype holds them), then
    for each lookup that reaches them."""
    prints = []
    if matches(access, archetype):
        held = archetype.held
        optional_write = tuple(item for item in access.optional_write if item.name in held)
        optional_read = tuple(item for item in access.optional_read if item.name in held)
        prints.append((access.write + optional_write, access.components + optional_write + optional_read))
    for lookup in access.lookups:
        if matches(lookup.access, archetype):
            prints.append((lookup.access.write, lookup.access.components))
    return prints


def _contested(first_writes, first_all, second_writes, second_all) -> list:
    """Items one side writes and the other touches, each once, in the order `first_all` then
    `second_all` list them."""
    first_written = {item.name for item in first_writes}
    second_written = {item.name for item in second_writes}
    first_touched = {item.name for item in first_all}
    second_touched = {item.name for item in second_all}
    contested = {}
    for item in (*first_all, *second_all):
        if (item.name in first_written and item.name in second_touched) or \
                (item.name in second_written and item.name in first_touched):
            contested.setdefault(item.name, item)
    return list(contested.values())


def who_does_what(first: System, second: System, contested: Sequence[str]) -> str:
    """What each of two conflicting systems does with what they conflict on (`contested`, as
    conflicts() gives it): what both write, then what one writes and the other only reads.

    >>> p, v = Component("Position", 0, None, (), None), Component("Velocity", 1, None, (), None)
    >>> time = Resource("Time", (), None)
    >>> wind = System("Wind", "update", Access(write=(v,)))
    >>> look = System("Look", "update", Access(read=(v,)))
    >>> who_does_what(wind, look, ("Velocity",)), who_does_what(look, wind, ("Velocity",))
    ("'Wind' writes Velocity, 'Look' reads it", "'Wind' writes Velocity, 'Look' reads it")
    >>> push = System("Push", "update", Access(write=(p, v), resources_write=(time,)))
    >>> move = System("Move", "update", Access(write=(p,), read=(v,), resources_read=(time,)))
    >>> who_does_what(push, move, ("Position", "Velocity", "Time"))
    "both write Position; 'Push' writes Velocity and Time, 'Move' reads them"
    """
    first_writes, second_writes = _written(first.access), _written(second.access)
    both = [name for name in contested if name in first_writes and name in second_writes]
    clauses = [f"both write {joined(both)}"] if both else []
    for writer, writes, reader in ((first, first_writes, second), (second, second_writes, first)):
        read = [name for name in contested if name in writes and name not in both]
        if read:
            pronoun = "it" if len(read) == 1 else "them"
            clauses.append(f"'{writer.name}' writes {joined(read)}, '{reader.name}' reads {pronoun}")
    return "; ".join(clauses)


def _written(access: Access) -> set[str]:
    """The names of what an access may write: on its rows, through its lookups, and resources."""
    lookups = tuple(component for lookup in access.lookups for component in lookup.access.write)
    return {item.name for item in access.write + access.optional_write + lookups + access.resources_write}
