"""[kiln] schedule_unit: its mistakes, the files kilnc writes for it (the components declared, the
schedule's unit and the components' tables), what includes what so that the schedule's unit sees
no component's definition but a split one's, and the files it deletes when the setting goes."""

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
schedule_unit = true

[component.Position]
x = "f32"

[component.Velocity]
x = "f32"

[component.Mass]
kiln = { layout = "split" }
kg = "f32"
spins = "u32"

[component.Frozen]

[archetype.Ship]
components = ["Position", "Velocity", "Mass"]

[archetype.Rock]
components = ["Position", "Frozen"]

[system.Move]
stage = "update"
write = ["Position"]
read = ["Velocity"]

[system.Guard]
stage = "render"
read = ["Position"]
optional = ["Velocity"]
"""


class ScheduleUnitTest(SchemaTestCase):
    def test_a_value_other_than_a_bool_is_an_error_at_the_key(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"
            row_loops = "bodies"
            schedule_unit = "yes"
        """)
        self.assertError(errors, "game.toml:4:1", "[kiln] schedule_unit must be true", 'not "yes"')

    def test_it_needs_row_loops_in_the_bodies(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"
            schedule_unit = true
        """)
        self.assertError(errors, "game.toml:3:1", '[kiln] schedule_unit = true needs row_loops = "bodies"',
                         'add row_loops = "bodies" to [kiln]')

    def test_it_writes_the_declarations_and_two_sources(self):
        schema = validate(load_all([str(self.write("game.toml", SCHEMA))]))
        written = outputs(schema)
        for output in ("component_tables.hpp", "schedule.cpp", "components.cpp", "components/declared/Position.hpp",
                       "components/declared/Frozen.hpp"):
            self.assertIn(output, written)
        self.assertNotIn("schedule.cpp", outputs(validate(load_all([str(self.write(
            "game.toml", SCHEMA.replace("schedule_unit = true\n", "")))]))))

    def test_the_schedules_unit_sees_declarations_and_the_split_ones_whole(self):
        texts = self.outputs(SCHEMA)
        declared = texts["game/components/declared/Position.hpp"]
        self.assertIn("struct Position;\n", declared)
        self.assertIn("struct kiln::component_traits<game::Position> {", declared)
        self.assertNotIn("component_members", declared)  # a pointer to a member needs the whole type
        whole = texts["game/components/Position.hpp"]
        self.assertIn("#include <game/components/declared/Position.hpp>", whole)
        self.assertIn("struct kiln::component_members<game::Position> {", whole)
        self.assertNotIn("component_traits", whole)  # once, in the declaration
        self.assertIn("#include <game/components/declared/Velocity.hpp>", texts["game/archetypes/Ship.hpp"])
        self.assertNotIn("#include <game/components/Velocity.hpp>", texts["game/archetypes/Ship.hpp"])
        # Move's loop is in its body's file: the world declares it with declarations; Guard's is in the schedule.
        self.assertIn("#include <game/components/declared/Velocity.hpp>", texts["game/systems/declared/Move.hpp"])
        self.assertIn("#include <game/components/Velocity.hpp>", texts["game/systems/Move.hpp"])
        self.assertIn("#include <game/components/Velocity.hpp>", texts["game/systems/Guard.hpp"])
        world = texts["game/world.hpp"]
        self.assertLines(world, "#ifndef KILN_SCHEDULE_UNIT", "#include <game/components.hpp>", "#endif")
        self.assertIn("static constexpr const auto& component_columns = component_column_layouts;", world)
        self.assertNotIn("sizeof", world)
        schedule = texts["game/schedule.cpp"]
        self.assertLines(schedule, "#define KILN_SCHEDULE_UNIT", "#include <game/world.hpp>",
                         "#include <game/components/Mass.hpp>",  # split: its fields are its columns
                         "template void kiln::internal::progress_apart<game::World>(game::World&, double);")
        self.assertNotIn("components/Position.hpp", schedule)
        tables = texts["game/components.cpp"]
        self.assertLines(tables, "#include <game/component_tables.hpp>", "#include <game/components.hpp>",
                         "    {sizeof(Position), alignof(Position)},",
                         "    {sizeof(float), alignof(float)}, {sizeof(std::uint32_t), alignof(std::uint32_t)}, // Mass",
                         "    &kiln::internal::write_default<Frozen>,")
        self.assertNotIn("#include <game/world.hpp>", tables)  # an edit of a system does not compile it again

    def test_a_prefabs_header_includes_its_components_whole_for_its_values(self):
        texts = self.outputs(SCHEMA + """
[prefab.Boulder]
archetype = "Rock"
Position = { x = 1.0 }
""")
        prefab = texts["game/prefabs/Boulder.hpp"]
        self.assertLines(prefab, "#include <game/archetypes/Rock.hpp>", "#include <game/components/Position.hpp>",
                         "#include <game/components/Frozen.hpp>")

    def test_going_back_deletes_its_files(self):
        out = self.directory / "out"
        for text in (SCHEMA, SCHEMA.replace("schedule_unit = true\n", "")):
            schema = validate(load_all([str(self.write("game.toml", text))]))
            stale = remove_stale(out, schema)
            for path, content in render(schema, ["game.toml"]).items():
                (out / path).parent.mkdir(parents=True, exist_ok=True)
                (out / path).write_text(content, encoding="utf-8")
        self.assertEqual(sorted(path.name for path in stale),
                         ["Frozen.hpp", "Mass.hpp", "Position.hpp", "Velocity.hpp", "component_tables.hpp",
                          "components.cpp", "schedule.cpp"])
        self.assertFalse(Path(out, "game/components/declared/Position.hpp").exists())
        self.assertTrue(Path(out, "game/components/Position.hpp").exists())


if __name__ == "__main__":
    unittest.main()
