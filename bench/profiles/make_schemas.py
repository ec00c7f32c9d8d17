#!/usr/bin/env python3
"""Writes the schemas of bench/'s large profiles to schema/bench/.

Profile A has 32 component types, AA 128 and AAA 512, with half as many
archetypes of 4 to 8 components each. Position, Velocity and Data (the
components of the core cases) come first; the rest are filler of assorted
shapes. Half the archetypes hold Position and Velocity, so that a query over
them spans many archetypes, as in a real game. The choice is seeded: running
this again writes the same bytes.

It also writes the schedule benchmark's world, schema/bench/dispatch.toml:
64 systems over 8 components, with bench/dispatch_systems.cpp holding their
empty bodies.

Usage: bench/profiles/make_schemas.py [--out schema/bench] [--bodies bench]
"""

import argparse
import pathlib
import random

PROFILES = {"a": 32, "aa": 128, "aaa": 512}

CORE_COMPONENTS = {
    "Position": [("x", "f32"), ("y", "f32")],
    "Velocity": [("x", "f32"), ("y", "f32")],
    "Data": [("a", "i32"), ("b", "f32"), ("c", "f64")],
}

FILLER_SHAPES = [
    [("value", "f32")],
    [("x", "f32"), ("y", "f32"), ("z", "f32")],
    [("id", "u32"), ("flags", "u8")],
    [("a", "i32"), ("b", "f64")],
    [("samples", "f32[4]")],
    [("owner", "entity")],
]


def profile_schema(name: str, component_count: int) -> str:
    rng = random.Random(f"kiln-bench-{name}")
    components = dict(CORE_COMPONENTS)
    for index in range(len(components), component_count):
        components[f"C{index:03}"] = rng.choice(FILLER_SHAPES)
    names = list(components)
    fillers = names[len(CORE_COMPONENTS):]

    archetype_sets: list[tuple[str, ...]] = []
    while len(archetype_sets) < component_count // 2:
        size = rng.randint(4, 8)
        if len(archetype_sets) % 2 == 0:
            chosen = ["Position", "Velocity"] + rng.sample(fillers, size - 2)
        else:
            chosen = rng.sample(fillers, size)
        key = tuple(sorted(chosen, key=names.index))
        if key not in archetype_sets:
            archetype_sets.append(key)

    lines = [
        f"# Benchmark profile {name.upper()}: {component_count} components, "
        f"{len(archetype_sets)} archetypes.",
        "# Written by bench/profiles/make_schemas.py; edit that, not this.",
        "",
        "[kiln]",
        f'namespace = "bench::{name}"',
        "version = 1",
    ]
    for component, fields in components.items():
        lines += ["", f"[component.{component}]"]
        lines += [f'{field} = "{kind}"' for field, kind in fields]
    for index, members in enumerate(archetype_sets):
        quoted = ", ".join(f'"{member}"' for member in members)
        lines += ["", f"[archetype.A{index:03}]", f"components = [{quoted}]"]
    return "\n".join(lines) + "\n"


DISPATCH_SYSTEMS = 64
DISPATCH_COMPONENTS = 8


def dispatch_schema() -> str:
    """64 systems in one stage, each writing one of 8 components, so that
    kilnc batches them 8 at a time; their world's archetype holds all 8."""
    lines = [
        f"# The schedule benchmark's world: {DISPATCH_SYSTEMS} systems over {DISPATCH_COMPONENTS} components.",
        "# Written by bench/profiles/make_schemas.py; edit that, not this.",
        "",
        "[kiln]",
        'namespace = "bench::dispatch"',
        "strict = false",
    ]
    components = [f"D{index}" for index in range(DISPATCH_COMPONENTS)]
    for component in components:
        lines += ["", f"[component.{component}]", 'value = "f32"']
    quoted = ", ".join(f'"{component}"' for component in components)
    lines += ["", "[archetype.Everything]", f"components = [{quoted}]"]
    for index in range(DISPATCH_SYSTEMS):
        lines += ["", f"[system.S{index:02}]", 'stage = "update"', f'write = ["{components[index % DISPATCH_COMPONENTS]}"]']
        if index >= DISPATCH_COMPONENTS:
            lines.append(f'after = ["S{index - DISPATCH_COMPONENTS:02}"]')
    return "\n".join(lines) + "\n"


def dispatch_bodies() -> str:
    lines = [
        "// The empty bodies of schema/bench/dispatch.toml's systems.",
        "// Written by bench/profiles/make_schemas.py; edit that, not this.",
        "#include <bench/dispatch/systems.hpp>",
        "",
    ]
    for index in range(DISPATCH_SYSTEMS):
        component = f"D{index % DISPATCH_COMPONENTS}"
        lines.append(f"void bench::dispatch::S{index:02}::run({component}&) {{}}")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("schema/bench"))
    parser.add_argument("--bodies", type=pathlib.Path, default=pathlib.Path("bench"))
    arguments = parser.parse_args()
    arguments.out.mkdir(parents=True, exist_ok=True)
    for name, component_count in PROFILES.items():
        (arguments.out / f"profile_{name}.toml").write_text(profile_schema(name, component_count))
    (arguments.out / "dispatch.toml").write_text(dispatch_schema())
    (arguments.bodies / "dispatch_systems.cpp").write_text(dispatch_bodies())


if __name__ == "__main__":
    main()
