"""The header of one component, system or observer: it declares, or includes a header that declares,
every name of the schema it uses (so that a file may include it alone), and it includes nothing it
does not use (so that an edit of anything else leaves the files that include it alone). Checked on
the schemas the repository builds, whose systems use every construct; tests/headers compiles the
example game's headers one by one, which these checks stand in for on the larger schemas."""

import re
import unittest

from .support import REPO, SchemaTestCase
from kiln_codegen.back.render import render
from kiln_codegen.front.loader import load_all
from kiln_codegen.pipeline import validate

SCHEMAS = {
    "game": ["examples/game/game.toml"],
    "invaders": ["examples/invaders/invaders.toml"],
    "pacman": ["examples/pacman/pacman.toml"],
    "fixture": ["tests/schema/fixture.toml", "tests/schema/fixture_more.toml", "tests/schema/fixture_systems.toml"],
    "states": ["tests/schema/states.toml"],
    "scene": ["tests/schema/scene.toml"],
    "events": ["bench/worlds/events/events.toml"],
    "lookups": ["bench/worlds/lookups/lookups.toml"],
    "apart": ["tests/schema/apart.toml"],
}
INCLUDE = re.compile(r"^#include <([^>]+)>$", re.MULTILINE)
# What run() may be handed, by the kiln header that defines it: a system's or observer's header
# includes each of these headers exactly when its code names what the header defines, so that the
# body of a system that records nothing reads no command buffer (docs/compile_time.md).
HANDED = {
    "kiln/system/system_commands.hpp": re.compile(r"\bkiln::system_commands\b"),
    "kiln/system/deferred_world.hpp": re.compile(r"\bkiln::deferred_world\b"),
    "kiln/system/lookup.hpp": re.compile(r"\bkiln::(?:lookup|single)\b"),
    "kiln/events/event.hpp": re.compile(r"\bkiln::event_(?:writer|reader)\b"),
}
DECLARED = re.compile(r"^(?:struct|enum class) (\w+)|^using (\w+) =", re.MULTILINE)
COMMENT_OR_STRING = re.compile(r'^#[^\n]*|//[^\n]*|"(?:\\.|[^"\\])*"', re.MULTILINE)  # and preprocessor lines


def generated(paths: list[str]) -> tuple[dict[str, str], set[str]]:
    """The texts kilnc writes for the schema files, by include path, and the names the schema declares
    in C++ (World and its schema among them; an extern's is its C++ name, and is not checked)."""
    schema = validate(load_all([str(REPO / path) for path in paths]))
    names = {item.name for items in (schema.components, schema.resources, schema.archetypes, schema.systems,
                                     schema.observers, schema.events, schema.states, schema.sets, schema.prefabs)
             for item in items} | {"World", "schema"}
    return render(schema, paths), names


def declared_through(path: str, texts: dict[str, str], seen: set[str] | None = None) -> set[str]:
    """The names a generated header declares, itself or through the generated headers it includes."""
    seen = set() if seen is None else seen
    seen.add(path)
    names = {first or second for first, second in DECLARED.findall(texts[path])}
    for included in INCLUDE.findall(texts[path]):
        if included in texts and included not in seen:
            names |= declared_through(included, texts, seen)
    return names


def used(text: str, names: set[str]) -> set[str]:
    """The schema's names that a header's code (comments and strings aside) uses."""
    return set(re.findall(r"\b\w+\b", COMMENT_OR_STRING.sub("", text))) & names


class ItemHeaders(SchemaTestCase):
    def test_each_declares_or_includes_every_name_it_uses(self):
        for world, paths in SCHEMAS.items():
            texts, names = generated(paths)
            items = [path for path in texts if path.rsplit("/", 2)[-2] in ("components", "systems", "observers")]
            self.assertTrue(items)
            for path in items:
                with self.subTest(world=world, header=path):
                    self.assertEqual(used(texts[path], names) - declared_through(path, texts), set())

    def test_each_includes_the_kiln_header_of_what_run_is_handed_and_no_other(self):
        for world, paths in SCHEMAS.items():
            texts, _ = generated(paths)
            items = [path for path in texts if path.rsplit("/", 2)[-2] in ("systems", "observers")]
            for path in items:
                with self.subTest(world=world, header=path):
                    code = COMMENT_OR_STRING.sub("", texts[path])
                    named = {header for header, name in HANDED.items() if name.search(code)}
                    self.assertEqual(set(INCLUDE.findall(texts[path])) & HANDED.keys(), named)

    def test_a_system_includes_the_headers_of_what_it_names_and_no_others(self):
        texts, _ = generated(SCHEMAS["invaders"])
        includes = {path: INCLUDE.findall(texts[path]) for path in texts}
        # Survey reads Alien and Position and writes its formation's Formation through a lookup; it runs
        # in the set Invasion; it records no commands. Its row loop compiles in its body's file
        # (row_loops = "bodies"): the header that declares it names all that, and its own header, which
        # that file includes, adds the loop.
        self.assertEqual(includes["invaders/systems/declared/Survey.hpp"], [
            "kiln/schema/component.hpp", "kiln/system/system.hpp", "kiln/schedule/run_condition.hpp",
            "kiln/system/lookup.hpp", "invaders/components/Position.hpp", "invaders/components/Alien.hpp",
            "invaders/components/Formation.hpp", "invaders/sets.hpp"])
        self.assertEqual(includes["invaders/systems/Survey.hpp"],
                         ["kiln/system/system_rows.hpp", "invaders/systems/declared/Survey.hpp"])
        # HitCannon emits CannonHit (resources.hpp declares events); Fire records commands.
        self.assertIn("invaders/resources.hpp", includes["invaders/systems/declared/HitCannon.hpp"])
        self.assertIn("invaders/world_fwd.hpp", includes["invaders/systems/declared/Fire.hpp"])
        self.assertIn("kiln/system/system_commands.hpp", includes["invaders/systems/declared/Fire.hpp"])
        self.assertNotIn("invaders/world_fwd.hpp", includes["invaders/systems/declared/Fly.hpp"])
        self.assertNotIn("kiln/system/system_commands.hpp", includes["invaders/systems/declared/Fly.hpp"])
        # The propagation includes the header of its combine function.
        self.assertIn("invaders/place.hpp", includes["invaders/systems/placement.hpp"])
        # A component's header includes kiln's alone; an extern's header comes with the component.
        self.assertEqual(includes["invaders/components/Brick.hpp"], ["kiln/schema/component.hpp"])
        game, _ = generated(SCHEMAS["game"])
        self.assertEqual(INCLUDE.findall(game["game/components/Model.hpp"]),
                         ["kiln/schema/component.hpp", "quads/mat4.hpp"])
        # An observer is handed the deferred world.
        self.assertIn("kiln/system/deferred_world.hpp", INCLUDE.findall(game["game/observers/StopFrozen.hpp"]))

    def test_an_edit_changes_the_headers_of_what_it_touches_alone(self):
        texts, _ = generated(SCHEMAS["invaders"])
        schema = (REPO / SCHEMAS["invaders"][0]).read_text(encoding="utf-8")
        edits = {
            # A field added to Velocity: its header (which those of Fly and HitShields, which name it,
            # include; their text is the same), the headers of the prefabs that give it a value (each
            # field designated), and the world's: its columns (world.hpp), reflection and Hana's;
            # components.hpp for the lines of the resources below (their traits' origins), which
            # resources.hpp leaves out, as the headers of systems include it.
            "a field": (schema.replace('[component.Velocity]\n', '[component.Velocity]\nx = "f32"\n'),
                        ["invaders/components/Velocity.hpp", "invaders/prefabs/CannonShot.hpp",
                         "invaders/prefabs/AlienBomb.hpp", "invaders/world.hpp", "invaders/reflection.hpp",
                         "invaders/hana.hpp", "invaders/components.hpp"]),
            # Fly's access: the header that declares it (its own, which defines its loop, reads the
            # same), and the graph of the schedule, which shows it (world.hpp would change too if its
            # batches did).
            "an access": (schema.replace('[system.Fly]\nstage = "fixed_update"\nwrite = ["Local"]\n',
                                         '[system.Fly]\nstage = "fixed_update"\nwrite = ["Local"]\nwith = ["Box"]\n'),
                          ["invaders/schedule.dot", "invaders/systems/declared/Fly.hpp"]),
            # A component added at the end: its header, and the lists of the schema's (components.hpp,
            # world.hpp, reflection.hpp, hana.hpp); no other component's id moves.
            "a component": (schema + '\n[component.Probe]\nvalue = "u8"\n',
                            ["invaders/components.hpp", "invaders/world.hpp", "invaders/reflection.hpp",
                             "invaders/hana.hpp", "invaders/components/Probe.hpp"]),
        }
        for edit, (text, expected) in edits.items():
            with self.subTest(edit=edit):
                edited = self.write("invaders.toml", text)
                after = render(validate(load_all([str(edited)])), SCHEMAS["invaders"])
                changed = [path for path in after if texts.get(path) != after[path]]
                self.assertEqual(sorted(changed), sorted(expected))


class HeaderNames(SchemaTestCase):
    def test_names_whose_headers_differ_only_in_case_are_an_error(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [component.Move]

            [component.move]

            [archetype.Mover]
            components = ["Move", "move"]

            [system.MOVE]
            stage = "update"
            with = ["Move"]
        """)
        # A system's header is in another folder than a component's: MOVE is no clash.
        self.assertError(errors, "game.toml:6:12", "component 'move': its header, components/move.hpp, and that of "
                         "component 'Move' at game.toml:4:12 differ only in case")


if __name__ == "__main__":
    unittest.main()
