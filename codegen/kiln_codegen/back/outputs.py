"""Where generated files go: namespace a::b writes <out>/a/b/components.hpp, systems.hpp, world.hpp,
reflection.hpp, schedule.dot and hana.hpp.

Kept apart from render.py so that `kilnc outputs`, which CMake runs at configure time, needs no jinja2.
"""

from pathlib import Path

COMPONENTS_HEADER = "components.hpp"
SYSTEMS_HEADER = "systems.hpp"
WORLD_HEADER = "world.hpp"
# What saves, loads, JSON, dumps and kiln::for_each_field read of each component: only the files that
# use them include it, as reading it took a large schema's every file a second (docs/compile_time.md)
REFLECTION_HEADER = "reflection.hpp"
SCHEDULE_GRAPH = "schedule.dot"  # the schedule for Graphviz; no code includes it
HANA_HEADER = "hana.hpp"  # the schema for Boost.Hana, for code that includes it; nothing else does
OUTPUTS = (COMPONENTS_HEADER, SYSTEMS_HEADER, WORLD_HEADER, REFLECTION_HEADER, SCHEDULE_GRAPH, HANA_HEADER)


def include_path(namespace: str, header: str) -> str:
    """The path that code includes a generated header by (and where under --out a file goes).

    >>> include_path("studio::game", "world.hpp")
    'studio/game/world.hpp'
    """
    return "/".join(namespace.split("::") + [header])


def output_paths(out_dir: str, namespace: str) -> list[Path]:
    """The files `kilnc generate --out out_dir` writes for a schema in `namespace`."""
    return [Path(out_dir, include_path(namespace, output)) for output in OUTPUTS]


def outputs_text(out_dir: str, namespace: str) -> str:
    """The paths of output_paths, one a line: what `kilnc outputs` prints, and writes with --write.

    kiln_generate configures again only when this text changes (the namespace decides it), not at
    every edit of a schema.

    >>> print(outputs_text("out", "game"), end="")
    out/game/components.hpp
    out/game/systems.hpp
    out/game/world.hpp
    out/game/reflection.hpp
    out/game/schedule.dot
    out/game/hana.hpp
    """
    return "".join(path.as_posix() + "\n" for path in output_paths(out_dir, namespace))
