#!/usr/bin/python3
"""Writes a game of 200 translation units, 300 components, 150 archetypes and 200 systems, for
measuring the edit loop at a game's scale (issue #42; bench/edit_loop.py --generated-game).

Usage: bench/generated_game.py --out DIR

Writes into DIR, as a game that uses kiln from its source tree would be laid out:

    CMakeLists.txt     kiln through add_subdirectory(${KILN_SOURCE_DIR}), kiln_generate, one program
    gengame.toml       the schema, namespace gengame (its lock, gengame.kiln.lock, is the build's)
    main.cpp           the world: entities of every archetype, 120 frames, a checksum printed
    systems/*.cpp      the systems' bodies

The game is 20 features (00 to 19), each with its own 15 components (12 of data: Position07,
Velocity07, ..., Seed07; 3 tags: Hostile07, Marked07, Idle07), 7 or 8 archetypes, a resource of
its own (Stats07) and 10 systems:

    Steer, Move    fixed_update: velocity from heading and noise; position from velocity
    Decay          health worn by heat, against the next feature's armor (Armor is never written)
    Regen          health bought with energy
    Cool           heat from speed
    Tick           a timer that charges
    Aim            the heading toward a target entity, read through a lookup
    Rank           score from health, against a rival's health through a lookup; the feature's Stats
    Split / Drain  Split (features 00, 04, 08, 12, 16) records a create when charged; Drain spends energy
    Reap           records the dead's destroy and a create in their place

So 25 systems record commands, 40 reach other entities through lookups. Each feature's systems
of a stage are chained by `after`, and a system reads no other feature's component that a system
of its stage writes, so the schema has no ambiguity. Every choice is seeded: the same script
writes the same bytes.

The bodies are split into files as a game's programmer would keep them so that each edit
compiles little: a file per system, which includes its system's header alone
(<gengame/systems/Move07.hpp>), so that an edit of a body, or of one system's declarations,
compiles that file and no other. Each system's loop over its rows compiles there too, with its
run() inlined into it ([kiln] row_loops = "bodies"), not in main.cpp, and the schedule in a unit
of its own that kilnc writes, which sees the components declared only ([kiln] schedule_unit), so
that a field added to one compiles main.cpp again without the frames. A body that records commands
includes the headers of the archetypes it creates too (<gengame/archetypes/Scout07.hpp>), not the whole world
(<gengame/world.hpp>), which it needed on main. The two that record commands in feature 00,
Split00 and Reap00, share a file, as on main (where it read the world once for both), which makes
199 files of bodies and main.cpp: 200 units of the game, and kilnc's two (schedule.cpp, components.cpp).
"""

from __future__ import annotations

import argparse
import dataclasses
import pathlib
import random
import sys

NAMESPACE = "gengame"
FEATURES = 20
FRAMES = 120
ENTITIES_PER_ARCHETYPE = 16

# The data components of a feature: stem, fields (name, type, default or None).
DATA = [
    ("Position", [("x", "f32", None), ("y", "f32", None)]),
    ("Velocity", [("x", "f32", None), ("y", "f32", None)]),
    ("Heading", [("angle", "f32", None)]),
    ("Health", [("hp", "i32", "100"), ("max", "i32", "100")]),
    ("Armor", [("value", "f32", "2.0")]),
    ("Energy", [("value", "f32", "10.0"), ("rate", "f32", "0.5")]),
    ("Heat", [("value", "f32", None)]),
    ("Timer", [("left", "f32", "0.5"), ("period", "f32", "0.5")]),
    ("Target", [("id", "entity", None)]),
    ("Score", [("points", "u32", None)]),
    ("Charge", [("level", "f32", None)]),
    ("Seed", [("state", "u32", "1")]),
]
TAGS = ["Hostile", "Marked", "Idle"]
CORE = ["Position", "Velocity", "Health", "Seed"]  # in every archetype of the feature
OPTIONAL = ["Heading", "Armor", "Energy", "Heat", "Timer", "Target", "Score", "Charge"]
ARCHETYPE_KINDS = ["Boss", "Grunt", "Scout", "Drone", "Turret", "Crate", "Swarm", "Beacon"]
SPLITTING = range(0, FEATURES, 4)  # the features whose eighth system, Split, records creates


@dataclasses.dataclass
class System:
    """A system of the schema, and the statements of its run()."""

    name: str
    stage: str
    doc: str
    write: list[str]
    read: list[str]
    without: list[str] = dataclasses.field(default_factory=list)
    resources_write: list[str] = dataclasses.field(default_factory=list)
    resources: list[str] = dataclasses.field(default_factory=list)
    lookups: dict[str, tuple[list[str], list[str]]] = dataclasses.field(default_factory=dict)  # name: read, with
    commands: bool = False
    creates: list[str] = dataclasses.field(default_factory=list)  # the archetypes its body creates
    after: list[str] = dataclasses.field(default_factory=list)
    body: str = ""  # the statements of run(), over the parameters' names below


def tag(feature: int) -> str:
    return f"{feature:02}"


def archetypes_of(feature: int, rng: random.Random) -> list[tuple[str, list[str]]]:
    """The feature's archetypes: Boss holds every data component and Hostile; Grunt holds Marked,
    so that each component is somewhere; the others hold the core and a draw of the rest."""
    t = tag(feature)
    count = 8 if feature < FEATURES // 2 else 7  # 150 in all
    neighbour_armor = f"Armor{tag((feature + 1) % FEATURES)}"
    seen: set[frozenset[str]] = set()
    made = []
    for index in range(count):
        kind = ARCHETYPE_KINDS[index]
        if kind == "Boss":
            stems, tags = [stem for stem, _ in DATA], ["Hostile"]
        else:
            while True:
                drawn = rng.sample(OPTIONAL, rng.randint(2, 6))
                stems = [stem for stem, _ in DATA if stem in CORE or stem in drawn]
                tags = sorted(rng.sample(TAGS[::2], rng.randint(0, 2)), key=TAGS.index)  # Hostile, Idle
                if kind == "Grunt":
                    tags = sorted(set(tags) | {"Marked"}, key=TAGS.index)
                if frozenset(stems + tags) not in seen:
                    break
        seen.add(frozenset(stems + tags))
        members = [f"{stem}{t}" for stem in stems] + [f"{name}{t}" for name in tags]
        if kind == "Boss" or rng.random() < 0.5:
            members.append(neighbour_armor)  # a part of another feature's kit, read by Decay
        made.append((f"{kind}{t}", members))
    return made


def systems_of(feature: int) -> list[System]:
    t = tag(feature)
    armor = f"Armor{tag((feature + 1) % FEATURES)}"
    systems = [
        System(f"Steer{t}", "fixed_update", f"Feature {t}'s units turn their speed toward their heading.",
               [f"Velocity{t}"], [f"Heading{t}", f"Seed{t}"], resources=["Tuning"],
               body="const float noise = static_cast<float>(seed.state % 17u) * 0.01f - 0.08f;\n"
                    "velocity.x = velocity.x * tuning.drag + std::cos(heading.angle + noise) * tuning.thrust;\n"
                    "velocity.y = velocity.y * tuning.drag + std::sin(heading.angle + noise) * tuning.thrust;"),
        System(f"Move{t}", "fixed_update", f"Feature {t}'s units move by their velocity.",
               [f"Position{t}"], [f"Velocity{t}"], without=[f"Idle{t}"], resources=["Tuning"],
               body="position.x += velocity.x * tuning.dt;\n"
                    "position.y += velocity.y * tuning.dt;\n"
                    "if (position.x < -tuning.bound || position.x > tuning.bound) {\n"
                    "    position.x = -position.x * 0.5f;\n"
                    "}\n"
                    "if (position.y < -tuning.bound || position.y > tuning.bound) {\n"
                    "    position.y = -position.y * 0.5f;\n"
                    "}"),
        System(f"Decay{t}", "update", f"Heat wears feature {t}'s health down, less so behind armor.",
               [f"Health{t}"], [f"Heat{t}", armor],
               body="const float damage = std::max(0.0f, heat.value - armor.value);\n"
                    "health.hp -= static_cast<std::int32_t>(damage);"),
        System(f"Regen{t}", "update", f"Feature {t}'s units spend energy to heal.",
               [f"Health{t}", f"Energy{t}"], [], without=[f"Idle{t}"],
               body="energy.value += energy.rate;\n"
                    "if (energy.value >= 5.0f && health.hp < health.max) {\n"
                    "    energy.value -= 5.0f;\n"
                    "    health.hp = std::min(health.max, health.hp + 3);\n"
                    "}"),
        System(f"Cool{t}", "update", f"Feature {t}'s units heat up with speed and cool down at rest.",
               [f"Heat{t}"], [f"Velocity{t}"], resources=["Tuning"],
               body="const float speed = std::sqrt(velocity.x * velocity.x + velocity.y * velocity.y);\n"
                    "heat.value = heat.value * tuning.cooling + speed * 0.05f;"),
        System(f"Tick{t}", "update", f"Feature {t}'s timers run down, and charge their unit each period.",
               [f"Timer{t}", f"Charge{t}"], [], resources=["Tuning"],
               body="timer.left -= tuning.dt;\n"
                    "while (timer.left <= 0.0f) {\n"
                    "    timer.left += timer.period;\n"
                    "    charge.level += 0.5f;\n"
                    "}"),
        System(f"Aim{t}", "update", f"Feature {t}'s units aim at their target, where it still lives.",
               [f"Heading{t}"], [f"Position{t}", f"Target{t}"],
               lookups={"foe": ([f"Position{t}"], [f"Hostile{t}"])},
               body=f"if (const Position{t}* at = foe.get(target.id)) {{\n"
                    "    heading.angle = std::atan2(at->y - position.y, at->x - position.x);\n"
                    "} else {\n"
                    "    heading.angle += 0.1f;\n"
                    "}"),
        System(f"Rank{t}", "update", f"Feature {t}'s units score while healthier than their rival.",
               [f"Score{t}"], [f"Health{t}", f"Target{t}"], resources_write=[f"Stats{t}"],
               lookups={"rival": ([f"Health{t}"], [])},
               body=f"const Health{t}* other = rival.get(target.id);\n"
                    "if (other == nullptr || health.hp > other->hp) {\n"
                    "    score.points += 1u;\n"
                    "}\n"
                    "stats.total += static_cast<float>(health.hp);\n"
                    "stats.count += 1u;"),
    ]
    if feature in SPLITTING:
        systems.append(System(
            f"Split{t}", "update", f"A fully charged unit of feature {t} splits off a grunt.",
            [f"Charge{t}", f"Seed{t}"], [f"Position{t}"], commands=True, creates=[f"Grunt{t}"],
            body="seed.state = seed.state * 1664525u + 1013904223u;\n"
                 "if (charge.level >= 1.0f) {\n"
                 "    charge.level = 0.0f;\n"
                 f"    commands.create<Grunt{t}>(Position{t}{{position.x + 1.0f, position.y}}, Seed{t}{{seed.state}});\n"
                 "}"))
    else:
        systems.append(System(
            f"Drain{t}", "update", f"Charge costs feature {t}'s units energy.",
            [f"Energy{t}"], [f"Charge{t}"],
            body="energy.value = std::max(0.0f, energy.value - charge.level * 0.1f);"))
    systems.append(System(
        f"Reap{t}", "update", f"Feature {t}'s dead are taken away, and a scout comes in each one's place.",
        [], [f"Health{t}", f"Position{t}", f"Seed{t}"], commands=True, creates=[f"Scout{t}"],
        body="if (health.hp <= 0) {\n"
             "    commands.destroy(entity);\n"
             f"    commands.create<Scout{t}>(Position{t}{{-position.x, -position.y}}, Seed{t}{{seed.state + 1u}});\n"
             "}"))
    for stage in ("fixed_update", "update"):
        previous = None
        for system in systems:
            if system.stage == stage:
                if previous is not None:
                    system.after = [previous]
                previous = system.name
    return systems


def snake(name: str) -> str:
    """A parameter's name: the type's stem in lower case (Position07 -> position)."""
    stem = name.rstrip("0123456789")
    return "".join(f"_{c.lower()}" if c.isupper() and i else c.lower() for i, c in enumerate(stem))


def parameters(system: System) -> list[str]:
    """run()'s parameters, in the order systems.md gives, named as the bodies above use them."""
    made = []
    if system.commands:
        made += ["kiln::system_commands<World>& commands", "kiln::entity entity" if "entity" in system.body else
                 "kiln::entity"]
    made += [f"{name}& {snake(name)}" for name in system.write]
    made += [f"const {name}& {snake(name)}" for name in system.read]
    made += [f"const kiln::lookup<{lookup}_lookup>& {lookup}" for lookup in system.lookups]
    made += [f"{name}& {snake(name)}" for name in system.resources_write]
    made += [f"const {name}& {snake(name)}" for name in system.resources]
    return made


def quoted(names: list[str]) -> str:
    return "[" + ", ".join(f'"{name}"' for name in names) + "]"


def schema(archetypes: list[tuple[str, list[str]]], systems: list[System]) -> str:
    lines = [
        f"# A generated game: {FEATURES * (len(DATA) + len(TAGS))} components, {len(archetypes)} archetypes, "
        f"{len(systems)} systems.",
        "# Written by bench/generated_game.py; edit that, not this.",
        "",
        "[kiln]",
        f'namespace = "{NAMESPACE}"',
        'row_loops = "bodies"',
        "schedule_unit = true",
        "",
        "[resource.Tuning]",
        'dt = { type = "f32", default = 0.016666668 }',
        'drag = { type = "f32", default = 0.98 }',
        'thrust = { type = "f32", default = 0.5 }',
        'cooling = { type = "f32", default = 0.9 }',
        'bound = { type = "f32", default = 100.0 }',
    ]
    for feature in range(FEATURES):
        t = tag(feature)
        lines += ["", f"[resource.Stats{t}]", 'total = "f32"', 'count = "u32"']
    for feature in range(FEATURES):
        t = tag(feature)
        for stem, fields in DATA:
            lines += ["", f"[component.{stem}{t}]"]
            for field, kind, default in fields:
                lines.append(f'{field} = "{kind}"' if default is None else
                             f'{field} = {{ type = "{kind}", default = {default} }}')
        for name in TAGS:
            lines += ["", f"[component.{name}{t}]"]
    for name, members in archetypes:
        lines += ["", f"[archetype.{name}]", f"components = {quoted(members)}"]
    for system in systems:
        lines += ["", f"[system.{system.name}]", f'doc = "{system.doc}"', f'stage = "{system.stage}"']
        for key, names in (("write", system.write), ("read", system.read), ("without", system.without), ("resources_write", system.resources_write),
                           ("resources", system.resources), ("after", system.after)):
            if names:
                lines.append(f"{key} = {quoted(names)}")
        if system.commands:
            lines.append("commands = true")
        for lookup, (read, with_) in system.lookups.items():
            lines += ["", f"[system.{system.name}.lookup.{lookup}]", f"read = {quoted(read)}"]
            if with_:
                lines.append(f"with = {quoted(with_)}")
    return "\n".join(lines) + "\n"


def definition(system: System) -> str:
    head = f"void {NAMESPACE}::{system.name}::run("
    listed = parameters(system)
    one_line = head + ", ".join(listed) + ") {"
    if len(one_line) <= 120:
        signature = one_line
    else:
        signature = head + (",\n" + " " * len(head)).join(listed) + ") {"
    body = "\n".join(f"    {line}" if line else "" for line in system.body.split("\n"))
    return f"// {system.doc}\n{signature}\n{body}\n}}\n"


def body_file(systems: list[System]) -> str:
    """A file of bodies: the systems' own headers, and the headers of the archetypes they create."""
    includes = [f"#include <{NAMESPACE}/systems/{system.name}.hpp>" for system in systems]
    includes += [f"#include <{NAMESPACE}/archetypes/{name}.hpp>" for system in systems for name in system.creates]
    bodies = "".join(system.body for system in systems)
    standard = [header for header, names in (("algorithm", ("std::max", "std::min")),
                                             ("cmath", ("std::cos", "std::sqrt", "std::atan2")),
                                             ("cstdint", ("std::int32_t",)))
                if any(name in bodies for name in names)]
    text = "\n".join(includes) + "\n"
    if standard:
        text += "\n" + "".join(f"#include <{header}>\n" for header in standard)
    return text + "".join(f"\n{definition(system)}" for system in systems)


def main_file(archetypes: list[tuple[str, list[str]]]) -> str:
    """main.cpp: a boss of each feature, then ENTITIES_PER_ARCHETYPE entities of each archetype,
    placed and seeded apart, each targeting its feature's first boss where it holds a Target;
    FRAMES frames; a checksum of every feature's positions, health and scores."""
    creates = []
    for index, (name, members) in enumerate(archetypes):
        t = name[-2:]
        values = [f"Position{t}{{spread(i, {index}), spread(i + 7, {index})}}", f"Seed{t}{{seed(i, {index})}}"]
        if f"Target{t}" in members:
            values.append(f"Target{t}{{bosses[{int(t)}]}}")
        creates.append(f"    for (std::uint32_t i = 0; i < per_archetype; ++i) {{\n"
                       f"        world.create<{name}>({', '.join(values)});\n"
                       f"    }}")
    bosses = [f"world.create<Boss{tag(feature)}>(Position{tag(feature)}{{0.0f, 0.0f}})" for feature in range(FEATURES)]
    sums = []
    for feature in range(FEATURES):
        t = tag(feature)
        sums.append(f"    world.each<const Position{t}, const Health{t}>([&](const Position{t}& p, const Health{t}& h) {{\n"
                    f"        mix(std::bit_cast<std::uint32_t>(p.x));\n"
                    f"        mix(std::bit_cast<std::uint32_t>(p.y));\n"
                    f"        mix(static_cast<std::uint32_t>(h.hp));\n"
                    f"    }});\n"
                    f"    world.each<const Score{t}>([&](const Score{t}& s) {{ mix(s.points); }});")
    return f"""// The generated game's world: {ENTITIES_PER_ARCHETYPE} entities of each archetype, and a boss of each
// feature that the others target; {FRAMES} frames of the schedule; then a checksum of every
// feature's positions, health and scores, and the entities alive. Written by
// bench/generated_game.py.
#include <{NAMESPACE}/world.hpp>

#include <bit>
#include <cstdint>
#include <cstdio>

namespace {{

float spread(std::uint32_t i, std::uint32_t archetype) {{
    return static_cast<float>((i * 37u + archetype * 11u) % 160u) - 80.0f;
}}

std::uint32_t seed(std::uint32_t i, std::uint32_t archetype) {{ return i * 2654435761u + archetype; }}

}} // namespace

int main() {{
    using namespace {NAMESPACE};
    World world;
    constexpr std::uint32_t per_archetype = {ENTITIES_PER_ARCHETYPE};
    const kiln::entity bosses[] = {{
{",".join(chr(10) + "        " + boss for boss in bosses)[1:]},
    }};
{chr(10).join(creates)}
    for (int frame = 0; frame < {FRAMES}; ++frame) {{
        world.progress(1.0 / 60);
    }}
    std::uint64_t checksum = 14695981039346656037u;
    const auto mix = [&](std::uint32_t value) {{ checksum = (checksum ^ value) * 1099511628211u; }};
{chr(10).join(sums)}
    std::printf("{FRAMES} frames, %zu entities, checksum %016llx\\n", world.size(),
                static_cast<unsigned long long>(checksum));
}}
"""


def cmake_lists(sources: list[str]) -> str:
    listed = "\n".join(f"    {source}" for source in sources)
    return f"""# A generated game (bench/generated_game.py) that uses kiln from its source tree,
# as a game that vendors kiln would: KILN_SOURCE_DIR names it.
cmake_minimum_required(VERSION 3.25)
project({NAMESPACE} LANGUAGES CXX)

set(KILN_SOURCE_DIR "" CACHE PATH "kiln's source tree")
if(NOT KILN_SOURCE_DIR)
    message(FATAL_ERROR "{NAMESPACE}: set KILN_SOURCE_DIR to kiln's source tree")
endif()
add_subdirectory(${{KILN_SOURCE_DIR}} kiln EXCLUDE_FROM_ALL)

kiln_generate({NAMESPACE}_ecs SCHEMAS {NAMESPACE}.toml)
add_executable({NAMESPACE}
{listed})
target_link_libraries({NAMESPACE} PRIVATE {NAMESPACE}_ecs kiln::game_flags)
"""


def game() -> dict[str, str]:
    """The game's files, by path relative to its directory."""
    rng = random.Random("kiln-generated-game")
    archetypes = [archetype for feature in range(FEATURES) for archetype in archetypes_of(feature, rng)]
    systems = [system for feature in range(FEATURES) for system in systems_of(feature)]
    files = {f"{NAMESPACE}.toml": schema(archetypes, systems), "main.cpp": main_file(archetypes)}
    first = tag(SPLITTING[0])
    shared = [system for system in systems if system.name in (f"Split{first}", f"Reap{first}")]
    files[f"systems/Split{first}_Reap{first}.cpp"] = body_file(shared)
    for system in systems:
        if system not in shared:
            files[f"systems/{system.name}.cpp"] = body_file([system])
    sources = ["main.cpp"] + sorted(path for path in files if path.startswith("systems/"))
    files["CMakeLists.txt"] = cmake_lists(sources)
    return files


def write(out: pathlib.Path) -> None:
    """Writes the game into out, each file only when its bytes change (so that a build there
    compiles nothing again for files written again)."""
    for relative, text in game().items():
        path = out / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=pathlib.Path, required=True, help="the game's directory")
    arguments = parser.parse_args()
    write(arguments.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
