#!/usr/bin/env python3
"""Writes the schemas of bench/'s large profiles to schema/bench/.

Profile A has 32 component types, AA 128 and AAA 512, with half as many
archetypes of 4 to 8 components each. Position, Velocity and Data (the
components of the core cases) come first; the rest are filler of assorted
shapes. Half the archetypes hold Position and Velocity, so that a query over
them spans many archetypes, as in a real game. The choice is seeded: running
this again writes the same bytes.

Usage: bench/profiles/make_schemas.py [--out schema/bench]
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("schema/bench"))
    arguments = parser.parse_args()
    arguments.out.mkdir(parents=True, exist_ok=True)
    for name, component_count in PROFILES.items():
        (arguments.out / f"profile_{name}.toml").write_text(profile_schema(name, component_count))


if __name__ == "__main__":
    main()
