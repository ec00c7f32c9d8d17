"""Stable ids and the lock file: each allowed schema edit keeps the ids old saves name things by, and
each edit that would break them is a mistake naming the thing, the rule and the fix."""

import os
import tomllib

from .support import SchemaTestCase, run_kilnc
from kiln_codegen.errors import SchemaError
from kiln_codegen.front.loader import load_all
from kiln_codegen.persistence.lockfile import lock_text, read_lock, updated
from kiln_codegen.back.render import render
from kiln_codegen.pipeline import validate

VERSION_1 = """
    [kiln]
    namespace = "game"

    [component.Position]
    x = "f32"
    y = "f32"

    [component.Health]
    hp = "i32"
    regen = "f32"

    [resource.Clock]
    ticks = "u32"

    [archetype.Ship]
    components = ["Position", "Health"]

    [archetype.Rock]
    components = ["Position"]
"""


class EvolutionTestCase(SchemaTestCase):
    """Generates versions of game.toml one after the other, each continuing game.kiln.lock."""

    def generate_version(self, text: str):
        """The schema of this version, after which the lock records it, as `kilnc generate` does."""
        path = str(self.write("game.toml", text))
        lock = read_lock(str(self.directory / "game.kiln.lock"))
        schema = validate(load_all([path]), lock=lock)
        (self.directory / "game.kiln.lock").write_text(lock_text(updated(lock, schema)))
        return schema

    def errors_of_version(self, text: str) -> list[str]:
        try:
            self.generate_version(text)
        except SchemaError as error:
            return [self.relative(diagnostic) for diagnostic in error.diagnostics]
        return []

    def lock(self) -> dict:
        return tomllib.loads((self.directory / "game.kiln.lock").read_text())

    @staticmethod
    def ids(schema) -> dict[str, object]:
        """Every stable id of a schema: components and resources with their fields' ids, archetypes."""
        return {
            **{record.name: (record.stable_id, {field.name: field.id for field in record.fields})
               for record in schema.components + schema.resources},
            **{archetype.name: archetype.stable_id for archetype in schema.archetypes},
        }


class AllowedEdits(EvolutionTestCase):
    def test_the_first_generation_gives_ids_by_position(self):
        schema = self.generate_version(VERSION_1)
        self.assertEqual(self.ids(schema), {"Position": (0, {"x": 0, "y": 1}), "Health": (1, {"hp": 0, "regen": 1}),
                                            "Clock": (0, {"ticks": 0}), "Ship": 0, "Rock": 1})
        self.assertEqual(self.lock()["next_id"], {"component": 2, "resource": 1, "archetype": 2})
        self.assertEqual(self.lock()["component"]["Health"]["field"]["hp"], {"id": 0, "type": "i32"})

    def test_ids_are_kept_when_fields_and_components_are_reordered_and_added(self):
        self.generate_version(VERSION_1)
        schema = self.generate_version("""
            [kiln]
            namespace = "game"

            [component.Shield]
            strength = "f32"

            [component.Health]
            max = "i32"
            regen = "f32"
            hp = "i32"

            [component.Position]
            y = "f32"
            x = "f32"

            [resource.Clock]
            ticks = "u32"

            [archetype.Rock]
            components = ["Position"]

            [archetype.Ship]
            components = ["Position", "Health", "Shield"]
        """)
        self.assertEqual(self.ids(schema), {"Shield": (2, {"strength": 0}), "Health": (1, {"max": 2, "regen": 1, "hp": 0}),
                                            "Position": (0, {"y": 1, "x": 0}), "Clock": (0, {"ticks": 0}),
                                            "Rock": 1, "Ship": 0})

    def test_a_removed_field_or_component_keeps_its_id_reserved(self):
        self.generate_version(VERSION_1)
        self.generate_version("""
            [kiln]
            namespace = "game"

            [component.Position]
            x = "f32"
            y = "f32"

            [component.Armour]
            plates = "u8"

            [resource.Clock]
            ticks = "u32"

            [archetype.Ship]
            components = ["Position", "Armour"]
        """)
        lock = self.lock()
        self.assertEqual(lock["removed"], {"component": {"1": "Health"}, "archetype": {"1": "Rock"}})
        self.assertEqual(lock["component"]["Armour"]["id"], 2)
        self.assertEqual(lock["archetype"]["Ship"]["id"], 0)
        # Health is back under its old name, but as a new component: old saves' Health is not it.
        self.generate_version(VERSION_1)
        self.assertEqual(self.lock()["component"]["Health"]["id"], 3)

    def test_an_archetype_removed_and_declared_again_is_restored_with_its_id_and_no_warning(self):
        self.generate_version(VERSION_1)
        without_rock = VERSION_1[:VERSION_1.index("    [archetype.Rock]")]
        self.generate_version(without_rock)
        self.assertEqual(self.lock()["removed"], {"archetype": {"1": "Rock"}})
        warnings = []
        path = str(self.write("game.toml", VERSION_1))
        schema = validate(load_all([path]), warnings.append, read_lock(str(self.directory / "game.kiln.lock")))
        self.assertEqual(self.ids(schema)["Rock"], 1)
        self.assertEqual(warnings, [])
        self.generate_version(VERSION_1)
        self.assertNotIn("removed", self.lock())  # and the next build warns of nothing either
        self.assertEqual(self.lock()["next_id"]["archetype"], 2)

    def test_a_removed_field_keeps_its_id_reserved(self):
        self.generate_version(VERSION_1)
        self.generate_version(VERSION_1.replace('    regen = "f32"\n', ""))
        self.assertEqual(self.lock()["component"]["Health"]["removed_field"], {"1": "regen"})
        self.assertEqual(self.lock()["component"]["Health"]["next_field_id"], 2)

    def test_a_name_given_again_after_removal_is_a_new_entry_with_a_warning(self):
        self.generate_version(VERSION_1)
        self.generate_version(VERSION_1.replace('    regen = "f32"\n', ""))
        warnings = []
        path = str(self.write("game.toml", VERSION_1))
        schema = validate(load_all([path]), warnings.append, read_lock(str(self.directory / "game.kiln.lock")))
        self.assertEqual(self.ids(schema)["Health"], (1, {"hp": 0, "regen": 2}))
        self.assertEqual([self.relative(warning) for warning in warnings], [
            "game.toml:10:1: warning: component 'Health': field 'regen' has the name of one removed from the fields "
            "of component 'Health' (id 1), but is new: it gets id 2, and old saves' data of the removed one does not "
            "load into it"])

    def test_renamed_from_carries_the_ids_of_a_component_its_fields_and_an_archetype(self):
        self.generate_version(VERSION_1)
        renamed = """
            [kiln]
            namespace = "game"

            [component.Position]
            x = "f32"
            y = "f32"

            [component.Vitality]
            kiln = { renamed_from = "Health" }
            points = { type = "i32", renamed_from = "hp" }
            regen = "f32"

            [resource.Clock]
            ticks = "u32"

            [archetype.Vessel]
            components = ["Position", "Vitality"]
            renamed_from = "Ship"

            [archetype.Rock]
            components = ["Position"]
        """
        schema = self.generate_version(renamed)
        self.assertEqual(self.ids(schema)["Vitality"], (1, {"points": 0, "regen": 1}))
        self.assertEqual(self.ids(schema)["Vessel"], 0)
        lock = self.lock()
        self.assertEqual(lock["component"]["Vitality"]["past_names"], ["Health"])
        self.assertEqual(lock["component"]["Vitality"]["field"]["points"]["past_names"], ["hp"])
        self.assertNotIn("removed", lock)
        # Once the lock records the renames, the schema may keep saying renamed_from.
        self.assertEqual(self.ids(self.generate_version(renamed)), self.ids(schema))

    def test_packed_and_split_are_layouts_of_the_same_ids(self):
        self.generate_version(VERSION_1)
        schema = self.generate_version(VERSION_1.replace("[component.Position]",
                                                         '[component.Position]\nkiln = { layout = "split" }'))
        self.assertEqual(self.ids(schema)["Position"], (0, {"x": 0, "y": 1}))

    def test_explicit_ids_are_kept_and_new_ids_go_past_them(self):
        schema = self.generate_version(VERSION_1.replace('hp = "i32"', 'hp = { type = "i32", id = 5 }')
                                       .replace("[component.Health]", "[component.Health]\nkiln = { id = 9 }")
                                       .replace("[archetype.Rock]", "[archetype.Rock]\nid = 3"))
        self.assertEqual(self.ids(schema), {"Position": (10, {"x": 0, "y": 1}), "Health": (9, {"hp": 5, "regen": 6}),
                                            "Clock": (0, {"ticks": 0}), "Ship": 4, "Rock": 3})
        self.assertEqual(self.lock()["next_id"], {"component": 11, "resource": 1, "archetype": 5})

    def test_migrate_from_declares_the_function_and_fills_the_migrations(self):
        self.generate_version(VERSION_1)
        version_2 = VERSION_1.replace('hp = "i32"', 'hp = { type = "f32", migrate_from = "i32" }')
        self.generate_version(version_2)
        self.assertEqual(self.lock()["component"]["Health"]["field"]["hp"],
                         {"id": 0, "type": "f32", "past_types": ["i32"]})
        outputs = render(self.generate_version(version_2), ["game.toml"])
        self.assertLines(outputs["game/components/Health.hpp"],
                         "namespace migrations {",
                         "float Health_hp(std::int32_t old);",
                         "} // namespace migrations")
        self.assertLines(outputs["game/reflection.hpp"],
                         "    static constexpr std::array<kiln::field_migration, 1> migrations = {{",
                         '        {0, "i32", &kiln::migrate_value<std::int32_t, float, &game::migrations::Health_hp>},',
                         "    }};")
        # Another change later: saves may hold either earlier type, one overload each.
        version_3 = VERSION_1.replace('hp = "i32"', 'hp = { type = "f64", migrate_from = ["f32", "i32"] }')
        components = render(self.generate_version(version_3), ["game.toml"])["game/components/Health.hpp"]
        self.assertLines(components, "double Health_hp(float old);", "double Health_hp(std::int32_t old);")
        self.assertEqual(self.lock()["component"]["Health"]["field"]["hp"]["past_types"], ["i32", "f32"])


class BreakingEdits(EvolutionTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.generate_version(VERSION_1)

    def test_a_type_change_needs_migrate_from(self):
        errors = self.errors_of_version(VERSION_1.replace('hp = "i32"', 'hp = "f32"'))
        self.assertEqual(errors, [
            "game.toml:9:1: error: component 'Health': field 'hp' changes type from i32 to f32, and old saves hold it "
            "as i32; a field keeps its type unless the schema names a migration: write hp = { type = \"f32\", "
            "migrate_from = \"i32\" } and define float migrations::Health_hp(std::int32_t old) in the game, or give "
            "the field a new name to start it afresh (old saves' values are then dropped)"])
        self.assertNotIn("f32", self.lock()["component"]["Health"]["field"]["hp"]["type"])

    def test_migrate_from_must_name_a_type_the_field_had(self):
        errors = self.errors_of_version(VERSION_1.replace('hp = "i32"', 'hp = { type = "f32", migrate_from = "u8" }'))
        self.assertEqual(len(errors), 2, errors)
        self.assertIn("game.toml:9:8: error: component 'Health': field 'hp' changes type from i32 to f32", errors[0])
        self.assertError(errors[1:], "game.toml:9:22",
                         "field 'hp': migrate_from = \"u8\" names a type the field never had; the lock "
                         "game.kiln.lock records i32; name one of those, or remove it")

    def test_migrate_from_on_a_new_field_or_of_the_current_type(self):
        errors = self.errors_of_version(VERSION_1.replace('regen = "f32"', 'regen = "f32"\n'
                                                          'armour = { type = "u8", migrate_from = "u16" }\n'
                                                          'level = { type = "u8", migrate_from = "u8" }'))
        self.assertEqual([error.split(": error: ")[0] for error in errors], ["game.toml:11:25", "game.toml:12:24"])
        self.assertIn("field 'armour': migrate_from = \"u16\", but the field is new to the lock", errors[0])
        self.assertIn("field 'level': migrate_from names u8, the field's current type", errors[1])

    def test_an_explicit_id_must_agree_with_the_lock(self):
        errors = self.errors_of_version(VERSION_1.replace("[component.Health]", "[component.Health]\nkiln = { id = 4 }"))
        self.assertError(errors, "game.toml:9:10", "component 'Health': id = 4 disagrees with the lock",
                         "which gives it id 1; remove id or write id = 1")

    def test_an_explicit_id_must_not_clash(self):
        errors = self.errors_of_version(VERSION_1 + '\n[component.Shield]\nkiln = { id = 1 }\n')
        self.assertError(errors, "game.toml:22:10", "component 'Shield': id = 1 is taken by component 'Health'; "
                         "choose a free id, like 2")
        errors = self.errors_of_version(VERSION_1.replace('hp = "i32"', 'hp = { type = "i32", id = 1 }'))
        self.assertError(errors, "game.toml:9:22", "field 'hp': id = 1 disagrees with the lock")

    def test_a_reserved_id_cannot_be_given_again(self):
        self.generate_version(VERSION_1.replace('    regen = "f32"\n', ""))
        errors = self.errors_of_version(VERSION_1.replace('regen = "f32"', 'shield = { type = "f32", id = 1 }'))
        self.assertError(errors, "game.toml:10:26",
                         "component 'Health': field 'shield': id = 1 is reserved: it belonged to 'regen', which was "
                         "removed from the fields of component 'Health', and old saves may still hold its data under "
                         "it; choose a free id, like 2")

    def test_renamed_from_must_name_something_in_the_lock_and_no_longer_in_the_schema(self):
        errors = self.errors_of_version(VERSION_1.replace('[component.Health]', '[component.Health]\n'
                                                          'kiln = { renamed_from = "Life" }'))
        self.assertError(errors, "game.toml:9:10",
                         "component 'Health': renamed_from = \"Life\" names none of the components in the lock",
                         "(it records Health, Position); name one of those")
        errors = self.errors_of_version(VERSION_1.replace("[archetype.Rock]", '[archetype.Rock]\nrenamed_from = "Ship"'))
        self.assertError(errors, "game.toml:19:1", "archetype 'Rock': renamed_from = \"Ship\", but archetype 'Ship' "
                         "is still declared")

    def test_two_cannot_be_renamed_from_one(self):
        errors = self.errors_of_version(VERSION_1.replace('hp = "i32"\n    regen = "f32"',
                                                          'life = { type = "i32", renamed_from = "hp" }\n'
                                                          'points = { type = "i32", renamed_from = "hp" }'))
        self.assertError(errors, "game.toml:10:26", "field 'points': renamed_from = \"hp\", as does "
                         "component 'Health': field 'life'")


    def test_two_migrations_cannot_share_a_function(self):
        self.generate_version(VERSION_1.replace('y = "f32"', 'y = "f32"\ny_min = "u8"')
                              + '\n[component.Position_y]\nmin = "u8"\n')
        errors = self.errors_of_version(
            VERSION_1.replace('y = "f32"', 'y = "f32"\ny_min = { type = "f32", migrate_from = "u8" }')
            + '\n[component.Position_y]\nmin = { type = "f32", migrate_from = "u8" }\n')
        self.assertError(errors, "game.toml:23:23", "component 'Position_y': field 'min': its migration function, "
                         "migrations::Position_y_min, from u8, is also that of component 'Position': field 'y_min'")

    def test_a_migration_function_cannot_be_named_like_a_macro(self):
        self.generate_version(VERSION_1 + '\n[component.INT]\nMAX = "u8"\n')
        errors = self.errors_of_version(VERSION_1 + '\n[component.INT]\nMAX = { type = "i32", migrate_from = "u8" }\n')
        self.assertError(errors, "game.toml:22:23", "component 'INT': field 'MAX': its migration function would be "
                         "migrations::INT_MAX, but INT_MAX is a macro in <climits>, which the preprocessor would "
                         "replace; rename the field or its component")


class LockFile(EvolutionTestCase):
    def kilnc(self, *arguments: str):
        return run_kilnc(*arguments, cwd=self.directory)

    def test_generate_writes_the_lock_only_when_it_changes(self):
        self.write("game.toml", VERSION_1)
        lock = self.directory / "game.kiln.lock"
        self.assertEqual(self.kilnc("generate", "--out", "out", "game.toml").returncode, 0)
        long_ago = 1_000_000_000
        os.utime(lock, ns=(long_ago, long_ago))
        self.kilnc("generate", "--out", "out", "game.toml")
        self.assertEqual(lock.stat().st_mtime_ns, long_ago)
        self.write("game.toml", VERSION_1 + '\n[component.Shield]\nstrength = "f32"\n')
        self.kilnc("generate", "--out", "out", "game.toml")
        self.assertNotEqual(lock.stat().st_mtime_ns, long_ago)
        self.assertEqual(self.lock()["component"]["Shield"]["id"], 2)
        self.assertEqual(sorted(path.name for path in self.directory.iterdir()), ["game.kiln.lock", "game.toml", "out"])

    def test_locked_and_check_fail_without_writing_when_the_lock_would_change(self):
        self.write("game.toml", VERSION_1)
        # Each says what writes the lock for the command that was run: check was given no --locked.
        for command, fix in ((["generate", "--out", "out", "--locked"],
                              "run kilnc generate without --locked (or build without KILN_LOCKED) and commit"),
                             (["check"], "run kilnc generate (or build), which writes it, and commit")):
            with self.subTest(command=command[0]):
                result = self.kilnc(*command, "game.toml")
                self.assertEqual((result.returncode, result.stderr),
                                 (1, "game.kiln.lock: error: the lock file is not current (there is no lock file yet); "
                                     f"{fix} game.kiln.lock\n"))
                self.assertFalse((self.directory / "game.kiln.lock").exists())
                self.assertFalse((self.directory / "out").exists())
        self.kilnc("generate", "--out", "out", "game.toml")
        before = (self.directory / "game.kiln.lock").read_bytes()
        self.write("game.toml", VERSION_1.replace('    regen = "f32"\n', "").replace("Ship", "Boat")
                   + '\n[component.Shield]\nstrength = "f32"\n')
        result = self.kilnc("check", "game.toml")
        self.assertEqual(result.returncode, 1)
        self.assertIn("(the schema has changed: component 'Health': field 'regen' is removed, component 'Shield' is "
                      "new, archetype 'Boat' is new and archetype 'Ship' is removed)", result.stderr)
        self.assertEqual((self.directory / "game.kiln.lock").read_bytes(), before)
        self.assertEqual(self.kilnc("generate", "--out", "out", "game.toml").returncode, 0)
        self.assertEqual(self.kilnc("check", "game.toml").returncode, 0)
        self.assertEqual(self.kilnc("generate", "--out", "out", "--locked", "game.toml").returncode, 0)

    def test_outputs_fails_on_breaking_edits_only(self):
        self.write("game.toml", VERSION_1)
        self.kilnc("generate", "--out", "out", "game.toml")
        self.write("game.toml", VERSION_1 + '\n[component.Shield]\nstrength = "f32"\n')
        self.assertEqual(self.kilnc("outputs", "--out", "out", "game.toml").returncode, 0)
        self.write("game.toml", VERSION_1.replace('ticks = "u32"', 'ticks = "u64"'))
        result = self.kilnc("outputs", "--out", "out", "game.toml")
        self.assertEqual((result.returncode, result.stdout), (1, ""))
        self.assertIn("game.toml:13:1: error: resource 'Clock': field 'ticks' changes type from u32 to u64", result.stderr)

    def test_lock_puts_the_lock_elsewhere(self):
        self.write("schema/game.toml", VERSION_1)
        result = self.kilnc("generate", "--out", "out", "--lock", "locks/world.lock", "schema/game.toml")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertTrue((self.directory / "locks" / "world.lock").is_file())
        self.assertFalse((self.directory / "schema" / "game.kiln.lock").exists())
        self.assertEqual(self.kilnc("check", "--lock", "locks/world.lock", "schema/game.toml").returncode, 0)

    def test_a_lock_is_current_wherever_it_and_its_schema_are_copied(self):
        self.write("schema/game.toml", VERSION_1)
        self.kilnc("generate", "--out", "out", "--lock", "locks/world.lock", "schema/game.toml")
        lock = (self.directory / "locks" / "world.lock").read_bytes()
        (self.directory / "copy").mkdir()
        (self.directory / "copy" / "world.kiln.lock").write_bytes(lock)
        (self.directory / "copy" / "world.toml").write_text((self.directory / "schema" / "game.toml").read_text())
        for command in (["check"], ["generate", "--out", "out", "--locked"]):
            with self.subTest(command=command[0]):
                result = self.kilnc(*command, "copy/world.toml")
                self.assertEqual((result.returncode, result.stderr), (0, ""))
        self.kilnc("generate", "--out", "out", "copy/world.toml")
        self.assertEqual((self.directory / "copy" / "world.kiln.lock").read_bytes(), lock)

    def test_a_lock_written_otherwise_with_the_same_ids_is_current_and_generate_rewrites_it(self):
        # As a lock written by an earlier kilnc, or checked out with CRLF line ends: what is locked
        # is the ids, so --locked passes, and generate writes the lock as this kilnc does.
        self.write("game.toml", VERSION_1)
        self.kilnc("generate", "--out", "out", "game.toml")
        lock = self.directory / "game.kiln.lock"
        written = lock.read_bytes()
        lock.write_bytes(b"# kiln lock file of an old name.toml.\r\n" + written.replace(b"\n", b"\r\n"))
        for command in (["check"], ["generate", "--out", "out", "--locked"]):
            with self.subTest(command=command[0]):
                result = self.kilnc(*command, "game.toml")
                self.assertEqual((result.returncode, result.stderr), (0, ""))
        self.kilnc("generate", "--out", "out", "game.toml")
        self.assertEqual(lock.read_bytes(), written)

    def test_a_damaged_lock_is_reported_where_it_is_damaged(self):
        self.write("game.toml", VERSION_1)
        self.kilnc("generate", "--out", "out", "game.toml")
        lock = self.directory / "game.kiln.lock"
        lock.write_text(lock.read_text().replace("id = 1\n", 'id = "one"\n', 1))
        result = self.kilnc("check", "game.toml")
        self.assertEqual(result.returncode, 1)
        self.assertRegex(result.stderr, r"^game.kiln.lock:\d+:1: error: this lock file is not as kilnc writes it: "
                                        r"'id' must be a whole number")
        self.assertIn("restore it from version control", result.stderr)
