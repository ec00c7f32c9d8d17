#!/usr/bin/env python3
"""Writes a schema of a chosen size, and kilnc's headers for it, for measuring how the compile
time of a world's translation unit grows with the schema (tests/compile_time/scale_world.cpp).

Usage: scale_schema.py --out DIR --components N --archetypes M --max-components K [--prefabs P]

Writes DIR/scale.toml, namespace `scale`: N components and M archetypes of at most K components
each, then runs codegen/kilnc on it into DIR (DIR/scale/world.hpp, its lock DIR/scale.kiln.lock).

- Position and Velocity come first, split into a column per field; the others (C0002, C0003, ...)
  are packed, of assorted shapes, a tag now and then.
- Every even archetype holds Position and Velocity, so that the query over them (and the system
  Move) spans half the archetypes, as a game's movement does. Every component is in at least one
  archetype: component i goes to archetype i mod M, and the rest of each archetype is drawn at
  random, to a size between K / 4 and K (exactly K when M is 1).
- Eight systems in stage update, chained by `after`: Move (write Position, read Velocity) and
  seven that write one component and read another of the same archetype (neither a tag).
- With --prefabs P, P prefabs (issue #39's "a schema with 200 prefabs"): prefab i of archetype
  i mod M with values for up to three of its components; every third has a child, of another
  archetype, with values of its own; every fourth is a variant of the one before, patching one field.
  The rest of the schema is the same bytes as without them.

Every choice is seeded by N, M and K: the same arguments write the same bytes.
"""

from __future__ import annotations

import argparse
import pathlib
import random
import subprocess
import sys

REPOSITORY = pathlib.Path(__file__).resolve().parent.parent.parent

SHAPES = [
    [("value", "f32")],
    [("x", "f32"), ("y", "f32"), ("z", "f32")],
    [("id", "u32"), ("flags", "u8")],
    [("a", "i32"), ("b", "f64")],
    [("samples", "f32[4]")],
    [],  # a tag
]
SYSTEMS = 8


def component_names(count: int) -> list[str]:
    return ["Position", "Velocity"] + [f"C{index:04}" for index in range(2, count)]


def archetype_sets(names: list[str], count: int, largest: int, rng: random.Random) -> list[list[str]]:
    """count distinct sets of at most largest components, together holding every one of names."""
    if len(names) > count * largest:
        raise ValueError(f"{len(names)} components do not fit in {count} archetypes of {largest}")
    core = 2
    sets = [["Position", "Velocity"] if index % 2 == 0 else [] for index in range(count)]
    for index, name in enumerate(names[core:]):  # every component somewhere
        target = index % count
        while len(sets[target]) >= largest:
            target = (target + 1) % count
        sets[target].append(name)
    fillers = names[core:]
    seen: set[frozenset[str]] = set()
    for members in sets:
        size = largest if count == 1 else rng.randint(max(2, largest // 4), largest)
        while len(members) < min(size, len(names)) or frozenset(members) in seen:
            candidate = rng.choice(fillers)
            if candidate not in members:
                members.append(candidate)
        seen.add(frozenset(members))
        members.sort(key=names.index)
    return sets


def literal(kind: str, rng: random.Random) -> str | None:
    """A value of a scalar field's type, for a prefab; None for an array field."""
    if kind.endswith("]"):
        return None
    if kind.startswith("f"):
        return f"{rng.randint(0, 99)}.5"
    return str(rng.randint(0, 99))


def prefabs(count: int, sets: list[list[str]], fields: dict[str, list[tuple[str, str]]]) -> list[str]:
    """count [prefab.NAME] tables over the archetypes' sets, seeded by count and the sets."""
    rng = random.Random(f"kiln-scale-prefabs-{count}-{len(sets)}")

    def values(members: list[str], most: int) -> list[str]:
        given = [name for name in members if any(literal(kind, rng) is not None for _, kind in fields[name])]
        lines = []
        for name in rng.sample(given, min(most, len(given))):
            assigned = [f"{field} = {value}" for field, kind in fields[name]
                        if (value := literal(kind, rng)) is not None]
            lines.append(f"{name} = {{ {', '.join(assigned)} }}")
        return lines

    lines = []
    for index in range(count):
        name = f"P{index:04}"
        archetype = index % len(sets)
        variant = index % 4 == 3
        lines += ["", f"[prefab.{name}]"]
        if variant:  # the one before, one field patched
            base = index - 1
            members = sets[base % len(sets)]
            lines.append(f'base = "P{base:04}"')
            lines += values(members, 1)
            continue
        lines.append(f'archetype = "A{archetype:04}"')
        lines += values(sets[archetype], 3)
        if index % 3 == 0:
            child = (archetype * 7 + 1) % len(sets)
            lines += ["", f"[prefab.{name}.children.part]", f'archetype = "A{child:04}"']
            lines += values(sets[child], 1)
    return lines


def schema(components: int, archetypes: int, largest: int, prefab_count: int = 0) -> str:
    rng = random.Random(f"kiln-scale-{components}-{archetypes}-{largest}")
    names = component_names(components)
    sets = archetype_sets(names, archetypes, largest, rng)
    lines = [
        f"# {components} components in {archetypes} archetypes of at most {largest} components each.",
        "# Written by tests/compile_time/scale_schema.py; edit that, not this.",
        "",
        "[kiln]",
        'namespace = "scale"',
    ]
    tags = set()
    fields: dict[str, list[tuple[str, str]]] = {}
    for name in names:
        lines += ["", f"[component.{name}]"]
        if name in ("Position", "Velocity"):
            lines += ['kiln = { layout = "split" }', 'x = "f32"', 'y = "f32"']
            fields[name] = [("x", "f32"), ("y", "f32")]
            continue
        shape = rng.choice(SHAPES)
        lines += [f'{field} = "{kind}"' for field, kind in shape]
        fields[name] = shape
        if not shape:
            tags.add(name)
    for index, members in enumerate(sets):
        quoted = ", ".join(f'"{name}"' for name in members)
        lines += ["", f"[archetype.A{index:04}]", f"components = [{quoted}]"]
    lines += ["", "[system.Move]", 'stage = "update"', 'write = ["Position"]', 'read = ["Velocity"]']
    previous = "Move"
    for index in range(1, SYSTEMS):
        members = [name for name in rng.choice(sets) if name not in ("Position", "Velocity") and name not in tags]
        written, read = rng.sample(members, 2) if len(members) >= 2 else (members[0], None)
        lines += ["", f"[system.S{index}]", 'stage = "update"', f'write = ["{written}"]']
        if read is not None:
            lines.append(f'read = ["{read}"]')
        lines.append(f'after = ["{previous}"]')
        previous = f"S{index}"
    lines += prefabs(prefab_count, sets, fields)
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=pathlib.Path, required=True)
    parser.add_argument("--components", type=int, required=True)
    parser.add_argument("--archetypes", type=int, required=True)
    parser.add_argument("--max-components", type=int, required=True, help="the most components in one archetype")
    parser.add_argument("--prefabs", type=int, default=0, help="how many prefabs (default none)")
    arguments = parser.parse_args()
    if arguments.components < 4 or arguments.archetypes < 1 or arguments.max_components < 4:
        parser.error("at least 4 components, 1 archetype, and 4 components an archetype")
    try:
        text = schema(arguments.components, arguments.archetypes, arguments.max_components, arguments.prefabs)
    except ValueError as error:
        parser.error(str(error))
    arguments.out.mkdir(parents=True, exist_ok=True)
    path = arguments.out / "scale.toml"
    path.write_text(text)
    completed = subprocess.run([sys.executable, str(REPOSITORY / "codegen" / "kilnc"), "generate", "--out",
                                str(arguments.out), "--root", str(arguments.out), str(path)])
    return completed.returncode


if __name__ == "__main__":
    sys.exit(main())
