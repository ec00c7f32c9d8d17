"""Jinja filters for what a system reaches beyond its row: the struct kilnc writes per lookup
([system.NAME.lookup.LOOKUP]), which kiln::lookup and kiln::single take, and the type lists of a
system's optional components and has."""

from ..access import matched
from ..errors import joined
from ..model import Access, Component, Lookup, Schema, System


def lookup_structs(system: System, schema: Schema) -> str:
    """The struct of each lookup of `system`, then `using lookups`, indented for the system's struct.

    >>> from ..model import Archetype
    >>> p, f = Component("Position", 0, None, (), None), Component("Frozen", 1, None, (), None)
    >>> ship, frozen = Archetype("Ship", 0, (p,), None), Archetype("FrozenShip", 1, (p, f), None)
    >>> others = Lookup("others", Access(read=(p,), without=(f,)))
    >>> chase = System("Chase", "update", Access(write=(p,), lookups=(others,)))
    >>> print(lookup_structs(chase, Schema("game", 1, (), (p, f), (), (ship, frozen))))
        // [system.Chase.lookup.others]: reads Position of the entities of Ship.
        struct others_lookup {
            using access = kiln::type_list<const Position>;
            using archetypes = kiln::type_list<Ship>;
            static constexpr bool single = false;
        };
        using lookups = kiln::type_list<others_lookup>;
    """
    lines = []
    for lookup in system.access.lookups:
        access = lookup.access
        reached = [archetype.name for archetype in matched(access, schema.archetypes)]
        what = []
        if access.write:
            what.append(f"writes {joined([component.name for component in access.write])}")
        if access.read:
            what.append(f"reads {joined([component.name for component in access.read])}")
        doing = " and ".join(what) if what else "finds"
        entities = "the one entity" if lookup.single else "the entities"
        lines += [f"    // [system.{system.name}.lookup.{lookup.name}]: {doing} of {entities} of {joined(reached, 'or' if lookup.single else 'and')}.",
                  f"    struct {lookup.name}_lookup {{",
                  f"        using access = kiln::type_list<{_typed(access.write, access.read)}>;",
                  f"        using archetypes = kiln::type_list<{', '.join(reached)}>;",
                  f"        static constexpr bool single = {'true' if lookup.single else 'false'};",
                  "    };"]
    names = ", ".join(f"{lookup.name}_lookup" for lookup in system.access.lookups)
    lines.append(f"    using lookups = kiln::type_list<{names}>;")
    return "\n".join(lines)


def optional_types(access: Access) -> str:
    """The optional components, as kiln::type_list arguments: written, then read (const)."""
    return _typed(access.optional_write, access.optional_read)


def lookup_parameter(lookup: Lookup) -> str:
    """The type run() is handed a lookup as."""
    return f"const kiln::{'single' if lookup.single else 'lookup'}<{lookup.name}_lookup>&"


def _typed(write: tuple[Component, ...], read: tuple[Component, ...]) -> str:
    return ", ".join([component.name for component in write] + [f"const {component.name}" for component in read])


FILTERS = {filter.__name__: filter for filter in (lookup_structs, optional_types)}
