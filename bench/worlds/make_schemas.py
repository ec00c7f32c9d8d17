#!/usr/bin/env python3
"""Writes the worlds of bench/'s large profiles: for each, bench/worlds/profile_<name>/ gets
its schema, profile_<name>.toml, and the bodies of its systems, systems.cpp.

Profile A has 32 component types and 16 systems, AA 128 and 32, AAA 512 and
64, with half as many archetypes as components, of 4 to 8 components each.
Position, Velocity and Data (the components of the core cases) come first;
the rest are filler of assorted shapes. Half the archetypes hold Position and
Velocity, so that a query over them spans many archetypes, as in a real game.

Each profile's first system is Move (write Position, read Velocity), alone in
stage fixed_update: the profile_*_iterate cases run it (bench/profiles.cpp,
which also holds its body). The others, in stages update and render, each
write one or two components of an archetype of the profile and read one to
three others of it; where two of a stage conflict, the later one runs after
the earlier, so that the schedule holds no ambiguity (the schemas are
strict). Their bodies go to the world's systems.cpp.

Every choice is seeded: running this again writes the same bytes.

It also writes the run conditions benchmark's world, bench/worlds/conditions/
(docs/states.md): the dispatch world cut to 50 systems, each with a run_if.

It also writes the schedule benchmark's world, bench/worlds/dispatch/:
64 systems over 8 components in dispatch.toml, their empty bodies in
systems.cpp.

kilnc writes each schema's lock file beside it when the build first
generates the world; check it in with the schema.

Usage: bench/worlds/make_schemas.py [--out DIR] [--check]

--out is the directory the worlds' folders go in (default: this script's,
bench/worlds/). --check writes nothing, and fails, naming the files, when any
checked-in file differs from what this script writes (the ctest
bench.worlds_current).
"""

import argparse
import dataclasses
import pathlib
import random
import sys

# Each profile's components and systems.
PROFILES = {"a": (32, 16), "aa": (128, 32), "aaa": (512, 64)}

CORE_COMPONENTS = {
    "Position": [("x", "f32"), ("y", "f32")],
    "Velocity": [("x", "f32"), ("y", "f32")],
    "Data": [("a", "i32"), ("b", "f32"), ("c", "f64")],
}
# Split into a column per field, as in bench/worlds/basic/basic.toml: the layout for
# components that hot loops read field by field, like the soa baseline's.
SPLIT = ("Position", "Velocity", "Data")

FILLER_SHAPES = [
    [("value", "f32")],
    [("x", "f32"), ("y", "f32"), ("z", "f32")],
    [("id", "u32"), ("flags", "u8")],
    [("a", "i32"), ("b", "f64")],
    [("samples", "f32[4]")],
    [("owner", "entity")],
]


@dataclasses.dataclass
class System:
    name: str
    stage: str
    write: list[str]
    read: list[str]
    after: list[str] = dataclasses.field(default_factory=list)
    doc: str | None = None

    @property
    def access(self) -> set[str]:
        return set(self.write) | set(self.read)


@dataclasses.dataclass
class Profile:
    name: str
    components: dict[str, list[tuple[str, str]]]
    archetypes: list[tuple[str, ...]]
    systems: list[System]


def make_profile(name: str, component_count: int, system_count: int) -> Profile:
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

    systems = make_systems(name, components, archetype_sets, system_count)
    return Profile(name, components, archetype_sets, systems)


def writable(fields: list[tuple[str, str]]) -> bool:
    """Whether a system body has a number to write in a component of these fields."""
    return any(kind != "entity" for _, kind in fields)


def make_systems(
    name: str, components: dict[str, list[tuple[str, str]]], archetypes: list[tuple[str, ...]], count: int
) -> list[System]:
    """Move, then count - 1 systems over the components of archetypes chosen at random, with
    after where two of a stage conflict. A random generator of its own, so that the
    components and archetypes stay what they were before the profiles had systems."""
    rng = random.Random(f"kiln-bench-{name}-systems")
    names = list(components)
    systems = [
        System("Move", "fixed_update", ["Position"], ["Velocity"],
               doc="The workload of profile_*_iterate (bench/profiles.cpp): p += v * dt.")
    ]
    while len(systems) < count:
        archetype = rng.choice(archetypes)
        candidates = [component for component in archetype if writable(components[component])]
        writes = rng.sample(candidates, min(len(candidates), rng.randint(1, 2)))
        others = [component for component in archetype if component not in writes]
        reads = rng.sample(others, min(len(others), rng.randint(1, 3)))
        index = len(systems)
        systems.append(
            System(
                f"S{index:02}",
                "render" if index % 4 == 3 else "update",
                sorted(writes, key=names.index),
                sorted(reads, key=names.index),
            )
        )
    order_conflicts(systems, archetypes)
    return systems


def conflict(first: System, second: System, archetypes: list[tuple[str, ...]]) -> bool:
    """kilnc's rule (codegen/kiln_codegen/access.py): one writes what the other reads or writes,
    and some archetype holds entities that both see."""
    contested = (set(first.write) & second.access) | (set(second.write) & first.access)
    together = first.access | second.access
    return bool(contested) and any(together <= set(archetype) for archetype in archetypes)


def order_conflicts(systems: list[System], archetypes: list[tuple[str, ...]]) -> None:
    """Makes each system run after every earlier one of its stage that it conflicts with, unless a
    chain of after already orders them."""
    runs_before: dict[str, set[str]] = {system.name: set() for system in systems}  # transitively
    for later_index, later in enumerate(systems):
        for earlier in reversed(systems[:later_index]):
            if earlier.stage != later.stage or earlier.name in runs_before[later.name]:
                continue
            if conflict(earlier, later, archetypes):
                later.after.append(earlier.name)
                runs_before[later.name] |= {earlier.name} | runs_before[earlier.name]
        later.after.sort(key=[system.name for system in systems].index)


def quoted(names: list[str] | tuple[str, ...]) -> str:
    return ", ".join(f'"{name}"' for name in names)


def profile_schema(profile: Profile) -> str:
    lines = [
        f"# Benchmark profile {profile.name.upper()}: {len(profile.components)} components, "
        f"{len(profile.systems)} systems, {len(profile.archetypes)} archetypes.",
        "# Written by bench/worlds/make_schemas.py; edit that, not this.",
        "",
        "[kiln]",
        f'namespace = "bench::{profile.name}"',
        "version = 1",
        "strict = true",
    ]
    for component, fields in profile.components.items():
        lines += ["", f"[component.{component}]"]
        if component in SPLIT:
            lines.append('kiln = { layout = "split" }')
        lines += [f'{field} = "{kind}"' for field, kind in fields]
    for index, members in enumerate(profile.archetypes):
        lines += ["", f"[archetype.A{index:03}]", f"components = [{quoted(members)}]"]
    for system in profile.systems:
        lines += ["", f"[system.{system.name}]", f'stage = "{system.stage}"', f"write = [{quoted(system.write)}]"]
        lines.append(f"read = [{quoted(system.read)}]")
        if system.after:
            lines.append(f"after = [{quoted(system.after)}]")
        if system.doc:
            lines.append(f'doc = "{system.doc}"')
    return "\n".join(lines) + "\n"


def parameter(component: str) -> str:
    """The name kilnc gives a component's parameter: its type in snake_case (C005: c005)."""
    return component.lower()


def read_value(component: str, fields: list[tuple[str, str]]) -> str:
    """A float made from a component's first field."""
    field, kind = fields[0]
    value = f"{parameter(component)}.{field}"
    if kind == "f32":
        return value
    if kind == "f32[4]":
        return f"{value}[0]"
    if kind == "entity":
        return f"static_cast<float>({value}.index())"
    return f"static_cast<float>({value})"


def write_statement(component: str, fields: list[tuple[str, str]]) -> str:
    """Adds `in` to a component's first number (counts up an integer when `in` is positive)."""
    field, kind = next((field, kind) for field, kind in fields if kind != "entity")
    value = f"{parameter(component)}.{field}"
    if kind in ("f32", "f64"):
        return f"{value} += in;"
    if kind == "f32[4]":
        return f"{value}[0] += in;"
    return f"if (in > 0.0f) {{\n        ++{value};\n    }}"


def wrapped(opening: str, items: list[str], separator: str, closing: str, width: int = 120) -> list[str]:
    """opening, the items joined by separator and closing, on one line if it fits in width columns;
    otherwise as many items on each line as fit, the following lines aligned after opening."""
    lines = [opening]
    for index, item in enumerate(items):
        text = item + (separator if index + 1 < len(items) else closing)
        if index == 0:
            lines[-1] += text
        elif len(lines[-1]) + 1 + len(text) > width:
            lines.append(" " * len(opening) + text)
        else:
            lines[-1] += " " + text
    return lines


def profile_bodies(profile: Profile) -> str:
    """The bodies of every system but Move, whose body bench/profiles.cpp holds."""
    namespace = f"bench::{profile.name}"
    lines = [
        f"// The bodies of the systems of profile_{profile.name}.toml, beside this file, but Move's,",
        "// which bench/profiles.cpp holds, where the compiler may inline it into the world's loop.",
        "// Written by bench/worlds/make_schemas.py; edit that, not this.",
        f"#include <bench/{profile.name}/systems.hpp>",
    ]
    for system in profile.systems:
        if system.name == "Move":
            continue
        parameters = [
            f"{component}::ref {parameter(component)}" if component in SPLIT else f"{component}& {parameter(component)}"
            for component in system.write
        ]
        parameters += [
            f"{component}::cref {parameter(component)}"
            if component in SPLIT
            else f"const {component}& {parameter(component)}"
            for component in system.read
        ]
        declaration = wrapped(f"void {namespace}::{system.name}::run(", parameters, ",", ") {")
        terms = [read_value(component, profile.components[component]) for component in system.read]
        if len(terms) == 1:
            inputs = [f"    const float in = 0.5f * {terms[0]};"]
        else:
            inputs = wrapped("    const float in = 0.5f * (", terms, " +", ");")
        lines += [
            "",
            *declaration,
            *inputs,
            *(f"    {write_statement(component, profile.components[component])}" for component in system.write),
            "}",
        ]
    return "\n".join(lines) + "\n"


DISPATCH_SYSTEMS = 64
DISPATCH_COMPONENTS = 8
CONDITION_SYSTEMS = 50


def dispatch_schema() -> str:
    """64 systems in one stage, each writing one of 8 components, so that
    kilnc batches them 8 at a time; their world's archetype holds all 8."""
    lines = [
        f"# The schedule benchmark's world: {DISPATCH_SYSTEMS} systems over {DISPATCH_COMPONENTS} components.",
        "# Written by bench/worlds/make_schemas.py; edit that, not this.",
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
        written = components[index % DISPATCH_COMPONENTS]
        lines += ["", f"[system.S{index:02}]", 'stage = "update"', f'write = ["{written}"]']
        if index >= DISPATCH_COMPONENTS:
            lines.append(f'after = ["S{index - DISPATCH_COMPONENTS:02}"]')
    return "\n".join(lines) + "\n"


def dispatch_bodies() -> str:
    lines = [
        "// The empty bodies of the systems of dispatch.toml, beside this file.",
        "// Written by bench/worlds/make_schemas.py; edit that, not this.",
        "#include <bench/dispatch/systems.hpp>",
        "",
    ]
    for index in range(DISPATCH_SYSTEMS):
        component = f"D{index % DISPATCH_COMPONENTS}"
        lines.append(f"void bench::dispatch::S{index:02}::run({component}&) {{}}")
    return "\n".join(lines) + "\n"


def conditions_schema() -> str:
    """The run conditions benchmark's world: the dispatch world's 64 systems, cut to 50, each with
    run_if = "Phase == playing"; stage single holds one more such system."""
    lines = [
        f"# The run conditions benchmark's world: {CONDITION_SYSTEMS} systems over {DISPATCH_COMPONENTS} components,",
        "# each running only while Phase == playing; stage single holds one more.",
        "# Written by bench/worlds/make_schemas.py; edit that, not this.",
        "",
        "[kiln]",
        'namespace = "bench::conditions"',
        'stages = ["update", "single", "flee_tag", "flee_field"]',
        "strict = true",
        "",
        "[state.Phase]",
        'values = ["title", "playing"]',
    ]
    components = [f"D{index}" for index in range(DISPATCH_COMPONENTS)]
    for component in components:
        lines += ["", f"[component.{component}]", 'value = "f32"']
    quoted = ", ".join(f'"{component}"' for component in components)
    lines += ["", "[archetype.Everything]", f"components = [{quoted}]"]
    for index in range(CONDITION_SYSTEMS):
        written = components[index % DISPATCH_COMPONENTS]
        lines += ["", f"[system.S{index:02}]", 'stage = "update"', f'write = ["{written}"]',
                  'run_if = "Phase == playing"']
        if index >= DISPATCH_COMPONENTS:
            lines.append(f'after = ["S{index - DISPATCH_COMPONENTS:02}"]')
    lines += ["", "[system.One]", 'stage = "single"', 'write = ["D0"]', 'run_if = "Phase == playing"']
    # Modes as tags, for modes/* (bench/modes.cpp): a ghost without a mode, chasing, or scared.
    lines += ["", "[component.Pos]", 'x = "f32"', 'y = "f32"', "", "[component.Vel]", 'x = "f32"', 'y = "f32"',
              "", "[component.Chase]", "", "[component.Scared]",
              "", "[archetype.Ghost]", 'components = ["Pos", "Vel"]',
              "", "[archetype.GhostChase]", 'components = ["Pos", "Vel", "Chase"]',
              "", "[archetype.GhostScared]", 'components = ["Pos", "Vel", "Scared"]']
    # The same modes as a field, for modes/filter_* and modes/set_field (bench/modes.cpp): a ghost's
    # mode is Mode's value, and the system that moves scared ghosts visits every ghost to test it.
    lines += ["", "[component.Mode]", 'value = "u8"',
              "", "[archetype.GhostModed]", 'components = ["Pos", "Vel", "Mode"]',
              "", "[system.FleeTag]", 'stage = "flee_tag"', 'write = ["Pos"]', 'read = ["Vel"]', 'with = ["Scared"]',
              "", "[system.FleeField]", 'stage = "flee_field"', 'write = ["Pos"]', 'read = ["Vel", "Mode"]']
    return "\n".join(lines) + "\n"


def conditions_bodies() -> str:
    lines = [
        "// The bodies of the systems of conditions.toml, beside this file: each adds 1 to its component.",
        "// Written by bench/worlds/make_schemas.py; edit that, not this.",
        "#include <bench/conditions/systems.hpp>",
        "",
    ]
    for index in range(CONDITION_SYSTEMS):
        component = f"D{index % DISPATCH_COMPONENTS}"
        lines.append(f"void bench::conditions::S{index:02}::run({component}& d) {{ d.value += 1; }}")
    lines.append("void bench::conditions::One::run(D0& d) { d.value += 1; }")
    lines.append("void bench::conditions::FleeTag::run(Pos& p, const Vel& v) { p.x -= v.x; p.y -= v.y; }")
    lines.append("void bench::conditions::FleeField::run(Pos& p, const Vel& v, const Mode& m) {")
    lines.append("    if (m.value == 1) { // scared (bench/modes.cpp)")
    lines.append("        p.x -= v.x;")
    lines.append("        p.y -= v.y;")
    lines.append("    }")
    lines.append("}")
    return "\n".join(lines) + "\n"


def worlds() -> dict[str, str]:
    """Every file this script writes, by its path relative to the worlds' directory, with its text."""
    files = {}
    for name, (component_count, system_count) in PROFILES.items():
        profile = make_profile(name, component_count, system_count)
        files[f"profile_{name}/profile_{name}.toml"] = profile_schema(profile)
        files[f"profile_{name}/systems.cpp"] = profile_bodies(profile)
    files["dispatch/dispatch.toml"] = dispatch_schema()
    files["dispatch/systems.cpp"] = dispatch_bodies()
    files["conditions/conditions.toml"] = conditions_schema()
    files["conditions/systems.cpp"] = conditions_bodies()
    return files


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path(__file__).resolve().parent)
    parser.add_argument("--check", action="store_true", help="compare with the files under --out; write nothing")
    arguments = parser.parse_args()
    stale = []
    for relative, text in worlds().items():
        path = arguments.out / relative
        if arguments.check:
            if not path.is_file() or path.read_text() != text:
                stale.append(path)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    for path in stale:
        print(f"make_schemas: {path} differs from what bench/worlds/make_schemas.py writes: run the script, and "
              "commit what it writes (and the lock files the next build updates)", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
