"""Scene files checked by kilnc (docs/content.md, Scenes), against the world of tests/schema/content.toml:
each mistake, where it is reported and what it says, and the command line."""

import textwrap

from .support import REPO, SchemaTestCase, run_kilnc
from kiln_codegen.check.scenes import check_scene
from kiln_codegen.front.loader import load, load_all
from kiln_codegen.persistence.lockfile import read_lock
from kiln_codegen.pipeline import validate

SCHEMA = REPO / "tests" / "schema" / "content.toml"
HEADER = '[scene]\nschema = "content"\n\n'  # lines 1 to 3; a test's tables follow from line 4


class SceneErrors(SchemaTestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.schema = validate(load_all([str(SCHEMA)]), lock=read_lock(str(SCHEMA.with_suffix(".kiln.lock"))))

    def scene_errors(self, text: str, header: str = HEADER) -> list[str]:
        path = self.write("level.toml", header + textwrap.dedent(text).lstrip("\n"))
        return [self.relative(diagnostic) for diagnostic in check_scene(self.schema, load(str(path)))]

    def test_the_level_of_the_docs_is_valid(self):
        self.assertEqual(check_scene(self.schema, load(str(REPO / "tests" / "scenes" / "level.toml"))), ())

    def test_no_scene_table(self):
        errors = self.scene_errors('[entity.a]\narchetype = "Carrier"\n', header="")
        self.assertError(errors, "level.toml:1:1", 'a scene starts with [scene] and schema = "content"')

    def test_another_worlds_scene(self):
        errors = self.scene_errors("", header='[scene]\nschema = "game"\n')
        self.assertError(errors, "level.toml:2:1", '[scene]: schema is "game", but the world is "content"')

    def test_an_unknown_table(self):
        errors = self.scene_errors('[entities.a]\narchetype = "Carrier"\n')
        self.assertError(errors, "level.toml:4:2", "unknown table [entities]; did you mean [entity]?")

    def test_neither_prefab_nor_archetype(self):
        errors = self.scene_errors("[entity.a]\nPosition = { x = 1.0 }\n")
        self.assertError(errors, "level.toml:4:9", 'entity \'a\' needs a prefab = "NAME" to spawn or an archetype')

    def test_an_unknown_prefab(self):
        errors = self.scene_errors('[entity.a]\nprefab = "Figter"\n')
        self.assertError(errors, "level.toml:5:1", "entity 'a': prefab \"Figter\" is not a prefab of the schema; did "
                         "you mean 'Fighter'?")

    def test_an_unknown_archetype(self):
        errors = self.scene_errors('[entity.a]\narchetype = "Carier"\n')
        self.assertError(errors, "level.toml:5:1", "entity 'a': archetype \"Carier\" is not an archetype; did you "
                         "mean 'Carrier'?")

    def test_a_component_the_archetype_lacks(self):
        errors = self.scene_errors('[entity.a]\narchetype = "Carrier"\nHealth = { hp = 1 }\n')
        self.assertError(errors, "level.toml:6:1", "entity 'a': component 'Health' is not in archetype 'Carrier'")

    def test_a_value_out_of_range(self):
        errors = self.scene_errors('[entity.a]\nprefab = "Fighter"\nArmor = { points = 256 }\n')
        self.assertError(errors, "level.toml:6:11", "entity 'a': Armor.points: value 256 is out of range for u8")

    def test_an_unknown_child(self):
        errors = self.scene_errors('[entity.a]\nprefab = "Fighter"\n\n[entity.a.children.gunn]\nAim = {}\n')
        self.assertError(errors, "level.toml:7:20", "entity 'a': prefab 'Fighter' has no child 'gunn'; did you mean "
                         "'gun'?")

    def test_an_entity_field_naming_no_entity(self):
        errors = self.scene_errors('[entity.a]\nprefab = "Fighter"\nCommand = { lead = "b.gun" }\n')
        self.assertError(errors, "level.toml:6:13", "entity 'a': Command.lead names 'b.gun', which is no entity of "
                         "the scene; did you mean 'a.gun'?")

    def test_an_unknown_parent(self):
        errors = self.scene_errors('[entity.a]\nprefab = "Fighter"\nparent = "b"\n')
        self.assertError(errors, "level.toml:6:1", "entity 'a': parent \"b\" is no entity of the scene")

    def test_a_cycle_of_parents(self):
        errors = self.scene_errors('[entity.a]\narchetype = "Station"\nparent = "b"\n\n'
                                   '[entity.b]\narchetype = "Station"\nparent = "a"\n')
        self.assertError(errors, "level.toml:6:1", "entity 'a': its parents make a cycle (a -> b -> a)")

    def test_an_unknown_resource(self):
        errors = self.scene_errors("[resource.Score]\npoints = 1\n")
        self.assertError(errors, "level.toml:4:11", "[resource.Score]: the schema has no resource 'Score' that a "
                         "scene can set")

    def test_a_byte_array_as_rows_of_text(self):
        self.assertEqual(self.scene_errors('[resource.Chart]\ncells = ["#..#", "o  o", "#--#"]\n'), [])
        self.assertEqual(self.scene_errors('[resource.Chart]\ncells = "#..#o  o#--#"\n'), [])

    def test_a_row_of_text_of_another_length(self):
        errors = self.scene_errors('[resource.Chart]\ncells = ["#..#", "o o", "#--#"]\n')
        self.assertError(errors, "level.toml:5:18", "resource 'Chart': cells: value[1] has 3 characters, but the "
                         "rows before it have 4; write the rows of a grid of one length")

    def test_rows_of_text_too_few(self):
        errors = self.scene_errors('[resource.Chart]\ncells = ["#..#", "o  o"]\n')
        self.assertError(errors, "level.toml:5:1", "resource 'Chart': cells: value is 2 rows of 4 characters, 8 in "
                         "all, but 'u8[12]' needs 12")

    def test_text_that_is_not_ascii(self):
        errors = self.scene_errors('[resource.Chart]\ncells = ["#..#", "o \u00e9o", "#--#"]\n')
        self.assertError(errors, "level.toml:5:18", "resource 'Chart': cells: value[1] has a character at 2 that is "
                         "not ASCII; text for 'u8[12]' takes one byte a character")

    def test_entity_not_a_table(self):
        errors = self.scene_errors("entity = 3\n" + HEADER, header="")
        self.assertError(errors, "level.toml:1:1", "'entity' must be a table of entities, each written [entity.NAME]")

    def test_an_entity_not_a_table(self):
        errors = self.scene_errors("[entity]\na = 3\n")
        self.assertError(errors, "level.toml:5:1", "entity 'a' must be a table, written [entity.a] with a prefab or "
                         "an archetype and values")

    def test_a_child_not_a_table(self):
        errors = self.scene_errors('[entity.a]\nprefab = "Fighter"\nchildren = { gun = 3 }\n')
        self.assertError(errors, "level.toml:6:14", "entity 'a': child 'gun' must be a table of the values it "
                         "overrides")

    def test_children_of_an_archetypes_entity(self):
        errors = self.scene_errors('[entity.a]\narchetype = "Carrier"\n\n[entity.a.children.gun]\nAim = {}\n')
        self.assertError(errors, "level.toml:7:11", "entity 'a': children overrides a prefab's children; an "
                         "archetype's entity has none")

    def test_children_not_a_table(self):
        errors = self.scene_errors('[entity.a]\nprefab = "Fighter"\nchildren = 3\n')
        self.assertError(errors, "level.toml:6:1", "entity 'a': children must be a table of the prefab's children "
                         "by name, each with the values it overrides")

    def test_an_unknown_field_of_an_entity(self):
        errors = self.scene_errors('[entity.a]\nprefab = "Fighter"\nArmor = { pionts = 2 }\n')
        self.assertError(errors, "level.toml:6:11", "entity 'a': component 'Armor' has no field 'pionts'; did you "
                         "mean 'points'?")

    def test_a_value_of_the_wrong_type(self):
        errors = self.scene_errors('[entity.a]\nprefab = "Fighter"\nArmor = { points = "many" }\n')
        self.assertError(errors, "level.toml:6:11", "entity 'a': Armor.points: value \"many\" is not an integer")


class SceneResourceErrors(SchemaTestCase):
    """The mistakes of a scene's [resource.NAME], against tests/schema/scene.toml, whose resources are saved."""

    @classmethod
    def setUpClass(cls) -> None:
        schema = REPO / "tests" / "schema" / "scene.toml"
        cls.schema = validate(load_all([str(schema)]), lock=read_lock(str(schema.with_suffix(".kiln.lock"))))

    def scene_errors(self, text: str, before: str = "") -> list[str]:
        path = self.write("level.toml", before + '[scene]\nschema = "scene"\n\n' + text)
        return [self.relative(diagnostic) for diagnostic in check_scene(self.schema, load(str(path)))]

    def test_a_valid_resource(self):
        self.assertEqual(self.scene_errors("[resource.Steer]\ndx = 1.5\n"), [])

    def test_resource_not_a_table(self):
        errors = self.scene_errors("", before="resource = 3\n")
        self.assertError(errors, "level.toml:1:1", "'resource' must be a table of resources, each written "
                         "[resource.NAME]")

    def test_a_resource_not_a_table(self):
        errors = self.scene_errors("[resource]\nSteer = 3\n")
        self.assertError(errors, "level.toml:5:1", "[resource.Steer] must be a table of its fields' values, not 3")

    def test_an_unknown_field(self):
        errors = self.scene_errors("[resource.Steer]\nx = 1.5\n")
        self.assertError(errors, "level.toml:5:1", "resource 'Steer' has no field 'x'; did you mean 'dx'?")

    def test_a_value_of_the_wrong_type(self):
        errors = self.scene_errors('[resource.Steer]\ndx = "far"\n')
        self.assertError(errors, "level.toml:5:1", "resource 'Steer': dx: value \"far\" is not")


class SceneCommand(SchemaTestCase):
    def test_a_valid_scene(self):
        done = run_kilnc("scene", "tests/scenes/level.toml", "tests/schema/content.toml", cwd=REPO)
        self.assertEqual((done.returncode, done.stderr), (0, ""))

    def test_a_mistake(self):
        path = self.write("level.toml", HEADER + '[entity.a]\nprefab = "Figter"\n')
        done = run_kilnc("scene", str(path), "tests/schema/content.toml", cwd=REPO)
        self.assertEqual(done.returncode, 1)
        self.assertIn("level.toml:5:1: error: entity 'a': prefab \"Figter\"", done.stderr)
