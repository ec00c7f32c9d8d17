"""Where generated headers go: namespace a::b writes <out>/a/b/components.hpp and world.hpp.

Kept apart from render.py so that `kilnc outputs`, which CMake runs at configure time, needs no jinja2.
"""

from pathlib import Path

COMPONENTS_HEADER = "components.hpp"
WORLD_HEADER = "world.hpp"
HEADERS = (COMPONENTS_HEADER, WORLD_HEADER)


def include_path(namespace: str, header: str) -> str:
    """The path that code includes a generated header by.

    >>> include_path("studio::game", "world.hpp")
    'studio/game/world.hpp'
    """
    return "/".join(namespace.split("::") + [header])


def output_paths(out_dir: str, namespace: str) -> list[Path]:
    """The files `kilnc generate --out out_dir` writes for a schema in `namespace`."""
    return [Path(out_dir, include_path(namespace, header)) for header in HEADERS]
