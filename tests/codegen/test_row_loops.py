"""[kiln] row_loops: its mistakes, which systems run their rows in the file of their run() with
"bodies", the headers kilnc writes for them (the declaration the world includes, the loop the
body's file includes), and those it deletes when the setting goes back to "world"."""

import unittest
from pathlib import Path

from .support import SchemaTestCase
from kiln_codegen.back.outputs import outputs
from kiln_codegen.back.render import remove_stale, render
from kiln_codegen.front.loader import load_all
from kiln_codegen.pipeline import validate

SCHEMA = """
[kiln]
namespace = "game"
row_loops = "bodies"

[component.Position]
x = "f32"

[component.Velocity]
x = "f32"

[component.Health]
kiln = { track = true }
hp = "i32"

[component.Shield]
hp = "i32"

[resource.Clock]
dt = "f32"

[archetype.Ship]
components = ["Position", "Velocity", "Health"]

[archetype.Rock]
components = ["Position", "Shield"]

[system.Move]
stage = "update"
write = ["Position"]
read = ["Velocity"]
resources = ["Clock"]

[system.Bury]
stage = "update"
read = ["Health"]
commands = true
after = ["Move"]

[system.Guard]
stage = "render"
read = ["Position"]
optional = ["Shield"]

[system.Notice]
stage = "render"
read = ["Health"]
changed = ["Health"]

[system.Tick]
stage = "render"
resources_write = ["Clock"]
"""


class RowLoopsTest(SchemaTestCase):
    def test_a_value_other_than_world_or_bodies_is_an_error_at_the_key(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"
            row_loops = "files"
        """)
        self.assertError(errors, "game.toml:3:1", '[kiln] row_loops must be "world"', '"bodies"', 'not "files"')

    def test_files_of_a_world_agree_on_it(self):
        errors = self.errors_in({"a.toml": '[kiln]\nnamespace = "game"\nrow_loops = "bodies"\n',
                                 "b.toml": '[kiln]\nnamespace = "game"\nrow_loops = "world"\n'})
        self.assertError(errors, "b.toml:3:1", '[kiln] row_loops "world" differs from "bodies" at a.toml:3:1')

    def test_only_systems_that_loop_over_rows_alone_run_them_apart(self):
        schema = validate(load_all([str(self.write("game.toml", SCHEMA))]))
        apart = {system.name for system in schema.systems if schema.rows_apart(system)}
        # Guard's optional component and Notice's changed filter need the world's types; Tick has no rows.
        self.assertEqual(apart, {"Move", "Bury"})
        headers = [output for output in outputs(schema) if output.startswith("systems/")]
        self.assertEqual(headers, ["systems/declared/Move.hpp", "systems/Move.hpp", "systems/declared/Bury.hpp",
                                   "systems/Bury.hpp", "systems/Guard.hpp", "systems/Notice.hpp", "systems/Tick.hpp"])

    def test_the_world_reads_the_declaration_and_the_body_file_the_loop(self):
        texts = self.outputs(SCHEMA)
        declared = texts["game/systems/declared/Move.hpp"]
        self.assertLines(declared, "struct Move {", "    static constexpr bool rows_apart = true;",
                         "    static void rows(const kiln::rows_job& job);", "};")
        own = texts["game/systems/Move.hpp"]
        self.assertLines(own, "#include <kiln/system/system_rows.hpp>", "#include <game/systems/declared/Move.hpp>",
                         "void Move::rows(const kiln::rows_job& job) {", "    kiln::run_rows<Move>(job);", "}")
        self.assertNotIn("struct Move {", own)  # declared once, by the header the world includes
        systems = texts["game/systems.hpp"]
        self.assertIn("#include <game/systems/declared/Move.hpp>\n", systems)
        self.assertNotIn("#include <game/systems/Move.hpp>\n", systems)
        self.assertIn("#include <game/systems/Guard.hpp>\n", systems)  # its loop stays in the world's unit
        self.assertNotIn("rows_apart", texts["game/systems/Guard.hpp"])

    def test_the_default_writes_one_header_per_system(self):
        texts = self.outputs(SCHEMA.replace('row_loops = "bodies"\n', ""))
        self.assertFalse([path for path in texts if "/declared/" in path])
        self.assertIn("struct Move {", texts["game/systems/Move.hpp"])
        self.assertNotIn("rows_apart", texts["game/systems/Move.hpp"])

    def test_back_to_world_deletes_the_declarations(self):
        out = self.directory / "out"
        for text in (SCHEMA, SCHEMA.replace('row_loops = "bodies"', 'row_loops = "world"')):
            schema = validate(load_all([str(self.write("game.toml", text))]))
            stale = remove_stale(out, schema)
            for path, content in render(schema, ["game.toml"]).items():
                (out / path).parent.mkdir(parents=True, exist_ok=True)
                (out / path).write_text(content, encoding="utf-8")
        self.assertEqual(sorted(path.name for path in stale), ["Bury.hpp", "Move.hpp"])
        self.assertFalse(Path(out, "game/systems/declared/Move.hpp").exists())
        self.assertTrue(Path(out, "game/systems/Move.hpp").exists())


if __name__ == "__main__":
    unittest.main()
