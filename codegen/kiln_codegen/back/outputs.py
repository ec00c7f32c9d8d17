"""Where generated files go: namespace a::b writes under <out>/a/b/ the headers of the whole schema
(components.hpp, systems.hpp, world.hpp, reflection.hpp, hana.hpp, schedule.dot, and the small
world_fwd.hpp, resources.hpp and sets.hpp), then a header per component (components/<name>.hpp),
per archetype (archetypes/<name>.hpp), per prefab (prefabs/<name>.hpp), per system
(systems/<name>.hpp, and systems/declared/<name>.hpp for one whose row loop compiles in the file of
its run()) and per observer (observers/<name>.hpp), so that a file including
only the ones it uses is compiled again only when they change (docs/compile_time.md, "The edit loop").

Kept apart from render.py so that `kilnc outputs`, which CMake runs at configure time, needs no jinja2.
"""

from pathlib import Path

from ..model import Archetype, Component, Observer, Prefab, Schema, System

COMPONENTS_HEADER = "components.hpp"  # every component's header and resources.hpp: what a game used to include
SYSTEMS_HEADER = "systems.hpp"  # the stages, and every system's and observer's header
WORLD_HEADER = "world.hpp"
# What saves, loads, JSON, dumps and kiln::for_each_field read of each component: only the files that
# use them include it, as reading it took a large schema's every file a second (docs/compile_time.md)
REFLECTION_HEADER = "reflection.hpp"
SCHEDULE_GRAPH = "schedule.dot"  # the schedule for Graphviz; no code includes it
HANA_HEADER = "hana.hpp"  # the schema for Boost.Hana, for code that includes it; nothing else does
WORLD_FWD_HEADER = "world_fwd.hpp"  # `World` declared, which run()'s commands and observers name
RESOURCES_HEADER = "resources.hpp"  # the resources, events and states, with their traits
SETS_HEADER = "sets.hpp"  # the sets of systems, whose conditions their systems' run_if names (when there are sets)
# [kiln] schedule_unit: the schedule's unit, where the components are declared only, and the unit that
# defines the tables the world reads of their definitions (their columns' sizes, their defaults)
SCHEDULE_SOURCE = "schedule.cpp"
COMPONENTS_SOURCE = "components.cpp"
COMPONENT_TABLES_HEADER = "component_tables.hpp"  # the two tables components.cpp defines, declared
OUTPUTS = (COMPONENTS_HEADER, SYSTEMS_HEADER, WORLD_HEADER, REFLECTION_HEADER, SCHEDULE_GRAPH, HANA_HEADER,
           WORLD_FWD_HEADER, RESOURCES_HEADER, SETS_HEADER)


def component_header(component: Component) -> str:
    """The header of one component, relative to the namespace's directory.

    >>> component_header(Component("Position", 0, None, (), None))
    'components/Position.hpp'
    """
    return f"components/{component.name}.hpp"


def component_declaration_header(component: Component) -> str:
    """The header that declares a component without defining it, with its traits: what the
    archetypes' and the systems' declarations include where the schedule compiles apart
    (Schema.schedule_unit), so that a field added to it compiles the schedule's unit again only
    when the component is split (its fields are its columns)."""
    return f"components/declared/{component.name}.hpp"


def archetype_header(archetype: Archetype) -> str:
    """The header of one archetype, relative to the namespace's directory: what a file that creates
    one includes, where the world is only declared, and world.hpp.

    >>> archetype_header(Archetype("Ship", 0, (), None))
    'archetypes/Ship.hpp'
    """
    return f"archetypes/{archetype.name}.hpp"


def prefab_header(prefab: Prefab) -> str:
    """The header of one prefab, relative to the namespace's directory: what a file that spawns one
    includes, where the world is only declared, and world.hpp.

    >>> prefab_header(Prefab("Fighter", None, (), ()))
    'prefabs/Fighter.hpp'
    """
    return f"prefabs/{prefab.name}.hpp"


def system_header(system: System) -> str:
    """The header of one system (a propagation's too), relative to the namespace's directory."""
    return f"systems/{system.name}.hpp"


def system_declaration_header(system: System) -> str:
    """The header that declares a system whose row loop compiles in the file of its run()
    (Schema.rows_apart): what systems.hpp, and so the world, includes; its own header,
    system_header, defines the loop, and only that file includes it."""
    return f"systems/declared/{system.name}.hpp"


def observer_header(observer: Observer) -> str:
    """The header of one observer, relative to the namespace's directory."""
    return f"observers/{observer.name}.hpp"


def outputs(schema: Schema) -> list[str]:
    """Every file `kilnc generate` writes for the schema, relative to the namespace's directory: the
    schema's own, then a header per component, per archetype, per prefab, per system and per
    observer, in schema order.

    >>> position = Component("Position", 0, None, (), None)
    >>> outputs(Schema("game", 1, (), (position,), (), ()))[-2:]
    ['resources.hpp', 'components/Position.hpp']
    """
    schemas_own = [output for output in OUTPUTS if output != SETS_HEADER or schema.sets]
    if schema.schedule_unit:
        schemas_own += [COMPONENT_TABLES_HEADER, SCHEDULE_SOURCE, COMPONENTS_SOURCE]
    components = [header for component in schema.components
                  for header in ((component_declaration_header(component), component_header(component))
                                 if schema.schedule_unit else (component_header(component),))]
    systems = [header for system in schema.systems
               for header in ((system_declaration_header(system), system_header(system)) if schema.rows_apart(system)
                              else (system_header(system),))]
    return [*schemas_own, *components, *map(archetype_header, schema.archetypes),
            *map(prefab_header, schema.prefabs), *systems, *map(observer_header, schema.observers)]


def include_path(namespace: str, header: str) -> str:
    """The path that code includes a generated header by (and where under --out a file goes).

    >>> include_path("studio::game", "world.hpp"), include_path("game", "systems/Move.hpp")
    ('studio/game/world.hpp', 'game/systems/Move.hpp')
    """
    return "/".join(namespace.split("::") + [header])


def output_paths(out_dir: str, schema: Schema) -> list[Path]:
    """The files `kilnc generate --out out_dir` writes for the schema."""
    return [Path(out_dir, include_path(schema.namespace, output)) for output in outputs(schema)]


def outputs_text(out_dir: str, schema: Schema) -> str:
    """The paths of output_paths, one a line: what `kilnc outputs` prints, and writes with --write.

    kiln_generate configures again only when this text changes: when the namespace changes, or a
    component, archetype, prefab, system or observer is added, removed or renamed; not at an edit of what one
    declares.

    >>> position = Component("Position", 0, None, (), None)
    >>> print(outputs_text("out", Schema("game", 1, (), (position,), (), ())), end="")
    out/game/components.hpp
    out/game/systems.hpp
    out/game/world.hpp
    out/game/reflection.hpp
    out/game/schedule.dot
    out/game/hana.hpp
    out/game/world_fwd.hpp
    out/game/resources.hpp
    out/game/components/Position.hpp
    """
    return "".join(path.as_posix() + "\n" for path in output_paths(out_dir, schema))
