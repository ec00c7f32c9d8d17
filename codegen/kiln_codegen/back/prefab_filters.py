"""Jinja filters of prefabs (docs/content.md): a part's values as constexpr C++ data, and the links
between a prefab's parts as a type list."""

from ..model import Archetype, Component, ComponentValues, Prefab, PrefabPart


def component_value(given: ComponentValues) -> str:
    """One component's value as a prefab gives it: every field designated, in order, so the line reads
    as the schema's table does; a field not given takes its default, an entity field stays null.

    >>> from ..model import Component, Field, Layout, Scalar
    >>> hp = Component("Health", 0, Layout.PACKED, (Field("hp", Scalar.I32, 100, None),
    ...                                             Field("max", Scalar.I32, 100, None)), None)
    >>> component_value(ComponentValues(hp, ((hp.fields[0], 50),)))
    'Health{.hp = 50, .max = 100}'
    """
    from .filters import cpp_value  # filters.py gathers this module's filters, so imports it first

    def value(field) -> str:
        given_value = given.value_of(field)
        return "{}" if given_value is None else cpp_value(given_value, field.type)

    # `.f = v`, not `.f{v}`: Clang warns of braces around a scalar's initialiser.
    fields = ", ".join(f".{field.name} = {value(field)}" for field in given.component.fields)
    return f"{given.component.name}{{{fields}}}"


def prefab_values(part: PrefabPart) -> str:
    """The `values` member of a prefab's part: a kiln::prefab_values of the components it gives values
    (kiln/schema/prefab.hpp), which compiles in a fraction of a std::tuple's time.

    >>> from ..model import Component, Field, Layout, Scalar
    >>> hp = Component("Health", 0, Layout.PACKED, (Field("hp", Scalar.I32, 100, None),), None)
    >>> part = PrefabPart("root", None, (ComponentValues(hp, ((hp.fields[0], 50),)),))
    >>> prefab_values(part)
    'static constexpr kiln::prefab_values<Health> values{Health{.hp = 50}};'
    """
    types = ", ".join(given.component.name for given in part.values)
    values = ", ".join(component_value(given) for given in part.values)
    return f"static constexpr kiln::prefab_values<{types}> values{{{values}}};"


def prefab_links(prefab: Prefab) -> str:
    """The `links` member of a prefab: each entity field that names one of its own parts."""
    links = ", ".join(f"kiln::prefab_link<{link.owner}, &{link.component.name}::{link.field.name}, {link.target}>"
                      for link in prefab.links)
    return f"using links = kiln::type_list<{links}>;"


def prefab_archetypes(prefab: Prefab) -> list[Archetype]:
    """The archetypes of a prefab's parts, the root's first, each once: what its header includes.

    >>> ship, turret = Archetype("Ship", 0, (), None), Archetype("Turret", 1, (), None)
    >>> parts = [PrefabPart(name, archetype, ()) for name, archetype in
    ...          (("root", ship), ("gun", turret), ("spare", turret))]
    >>> [archetype.name for archetype in prefab_archetypes(Prefab("Fighter", parts[0], tuple(parts[1:]), ()))]
    ['Ship', 'Turret']
    """
    archetypes = {}
    for part in (prefab.root, *prefab.children):
        archetypes.setdefault(part.archetype.name, part.archetype)
    return list(archetypes.values())


def prefab_components(prefab: Prefab) -> list[Component]:
    """The components of a prefab's parts, each once, in the order of prefab_archetypes: the headers
    its values need where an archetype's header only declares them ([kiln] schedule_unit).

    >>> p, v = Component("Position", 0, None, (), None), Component("Velocity", 1, None, (), None)
    >>> ship, rock = Archetype("Ship", 0, (p, v), None), Archetype("Rock", 1, (p,), None)
    >>> parts = [PrefabPart("root", ship, ()), PrefabPart("stone", rock, ())]
    >>> [component.name for component in prefab_components(Prefab("Fleet", parts[0], (parts[1],), ()))]
    ['Position', 'Velocity']
    """
    components = {}
    for archetype in prefab_archetypes(prefab):
        for component in archetype.components:
            components.setdefault(component.name, component)
    return list(components.values())


FILTERS = {filter.__name__: filter for filter in (prefab_values, prefab_links, prefab_archetypes, prefab_components)}
