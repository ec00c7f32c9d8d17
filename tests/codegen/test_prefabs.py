"""[prefab.NAME] (docs/content.md): each mistake kilnc reports, where and what it says; a variant
resolved over its base; the struct kilnc writes; and `kilnc prefab`."""

import textwrap

from .support import SchemaTestCase, run_kilnc

# The world every test's prefabs follow, from line FIRST.
WORLD = textwrap.dedent("""
    [kiln]
    namespace = "game"

    [component.Position]
    x = "f32"
    y = "f32"

    [component.Health]
    hp = { type = "i32", default = 100 }
    max = { type = "u8", default = 10 }

    [component.Owner]
    ship = "entity"
    crew = "entity[2]"

    [component.Local]
    x = "f32"

    [component.Global]
    x = "f32"

    [archetype.Ship]
    components = ["Position", "Health"]

    [archetype.Turret]
    components = ["Position", "Owner"]

    [archetype.Anchor]
    components = ["Global", "Owner"]

    [archetype.Mount]
    components = ["Local", "Global"]

    [propagate.follow]
    local = "Local"
    global = "Global"
    combine = "game::follow"
    stage = "update"
""").lstrip("\n")
FIRST = WORLD.count("\n") + 1  # the line of the first prefab's table


def line(offset: int) -> int:
    return FIRST + offset


SHIP = """
[prefab.Fighter]
archetype = "Ship"
Health = { hp = 50 }

[prefab.Fighter.children.gun]
archetype = "Turret"
Owner = { ship = "root" }
"""


class PrefabTestCase(SchemaTestCase):
    def prefab_errors(self, prefabs: str) -> list[str]:
        return self.errors(WORLD + textwrap.dedent(prefabs).lstrip("\n"))


class PrefabErrors(PrefabTestCase):
    def test_a_valid_prefab(self):
        self.assertEqual(self.prefab_errors(SHIP), [])

    def test_an_unknown_base(self):
        errors = self.prefab_errors(SHIP + '\n[prefab.Ace]\nbase = "Figter"\n')
        self.assertError(errors, f"game.toml:{line(9)}:1", "prefab 'Ace': base \"Figter\" is not a prefab; did you "
                         "mean 'Fighter'?")

    def test_a_cycle_of_bases(self):
        errors = self.prefab_errors('[prefab.A]\nbase = "B"\n\n[prefab.B]\nbase = "C"\n\n[prefab.C]\nbase = "A"\n')
        self.assertError(errors, f"game.toml:{line(7)}:1", "prefab 'C': its bases make a cycle (A -> B -> C -> A)",
                         "remove base from one of them")

    def test_no_archetype(self):
        errors = self.prefab_errors('[prefab.Fighter]\nHealth = { hp = 5 }\n')
        self.assertError(errors, f"game.toml:{line(0)}:9", "prefab 'Fighter' has no archetype; add archetype = ")

    def test_an_unknown_archetype(self):
        errors = self.prefab_errors(SHIP.replace('archetype = "Ship"', 'archetype = "Shp"'))
        self.assertError(errors, f"game.toml:{line(1)}:1", "prefab 'Fighter': archetype \"Shp\" is not an archetype; "
                         "did you mean 'Ship'?")

    def test_an_unknown_component(self):
        errors = self.prefab_errors(SHIP.replace("Health = ", "Helth = "))
        self.assertError(errors, f"game.toml:{line(2)}:1", "prefab 'Fighter': unknown key 'Helth', neither a "
                         "component nor a prefab's key; did you mean 'Health'?")

    def test_a_component_not_in_the_archetype(self):
        errors = self.prefab_errors(SHIP.replace('Owner = { ship = "root" }', "Health = { hp = 1 }"))
        self.assertError(errors, f"game.toml:{line(6)}:1", "prefab 'Fighter': child 'gun': component 'Health' is not "
                         "in archetype 'Turret', whose components are 'Position' and 'Owner'; remove it, or choose "
                         "an archetype that holds it")

    def test_an_unknown_field(self):
        errors = self.prefab_errors(SHIP.replace("hp = 50", "hpp = 50"))
        self.assertError(errors, f"game.toml:{line(2)}:12", "prefab 'Fighter': component 'Health' has no field 'hpp'; "
                         "did you mean 'hp'?")

    def test_a_value_of_the_wrong_type(self):
        errors = self.prefab_errors(SHIP.replace("hp = 50", 'hp = "lots"'))
        self.assertError(errors, f"game.toml:{line(2)}:12", "prefab 'Fighter': Health.hp: value \"lots\" is not an "
                         "integer; i32 needs a whole number")

    def test_a_value_out_of_range(self):
        errors = self.prefab_errors(SHIP.replace("hp = 50", "max = 300"))
        self.assertError(errors, f"game.toml:{line(2)}:12", "prefab 'Fighter': Health.max: value 300 is out of range "
                         "for u8; use a whole number from 0 to 255")

    def test_components_values_not_a_table(self):
        errors = self.prefab_errors(SHIP.replace("Health = { hp = 50 }", "Health = 50"))
        self.assertError(errors, f"game.toml:{line(2)}:1", "'Health' must be a table of its fields' values, like "
                         "Health = { hp = ... }")

    def test_an_entity_field_naming_no_part(self):
        errors = self.prefab_errors(SHIP.replace('ship = "root"', 'ship = "rot"'))
        self.assertError(errors, f"game.toml:{line(6)}:11", "prefab 'Fighter': child 'gun': Owner.ship names 'rot', "
                         "which is not a part of the prefab; did you mean 'root'?")

    def test_an_entity_field_given_a_number(self):
        errors = self.prefab_errors(SHIP.replace('ship = "root"', "ship = 3"))
        self.assertError(errors, f"game.toml:{line(6)}:11", "Owner.ship is an entity field; its value names a part of "
                         "the prefab, \"root\" or a child's name, not 3")

    def test_an_array_of_entities(self):
        errors = self.prefab_errors(SHIP.replace('ship = "root"', 'crew = ["root", "root"]'))
        self.assertError(errors, f"game.toml:{line(6)}:11", "Owner.crew is an array of entities, which a prefab "
                         "cannot give values yet")

    def test_a_child_archetype_not_allowed_in_a_hierarchy(self):
        errors = self.prefab_errors(SHIP.replace('archetype = "Turret"', 'archetype = "Anchor"'))
        self.assertError(errors, f"game.toml:{line(5)}:1", "prefab 'Fighter': child 'gun': archetype 'Anchor' holds "
                         "'Global', the global part of propagation 'follow', without its local part 'Local', so as a "
                         "child it would never follow its parent")

    def test_a_child_named_root(self):
        errors = self.prefab_errors(SHIP.replace("children.gun", "children.root"))
        self.assertError(errors, f"game.toml:{line(4)}:26", "child 'root': the name 'root' names the prefab's root in "
                         "entity fields; give the child another name")

    def test_a_child_named_as_a_declared_type(self):
        errors = self.prefab_errors(SHIP.replace("children.gun", "children.Position"))
        self.assertError(errors, f"game.toml:{line(4)}:26", "child 'Position': the name 'Position' is the name of a "
                         "component, which the child's struct would hide inside the prefab's")

    def test_a_child_named_as_a_member_of_the_prefab_struct(self):
        errors = self.prefab_errors(SHIP.replace("children.gun", "children.values"))
        self.assertError(errors, f"game.toml:{line(4)}:26", "child 'values': the name 'values' is a member of the "
                         "generated prefab struct; give the child another name")

    def test_a_child_named_with_a_keyword(self):
        errors = self.prefab_errors(SHIP.replace("children.gun", "children.class"))
        self.assertError(errors, f"game.toml:{line(4)}:26", "child 'class': the name 'class' is a C++ keyword; give "
                         "the child another name")

    def test_children_not_a_table(self):
        errors = self.prefab_errors('[prefab.Fighter]\narchetype = "Ship"\nchildren = 3\n')
        self.assertError(errors, f"game.toml:{line(2)}:1", "prefab 'Fighter': children must be a table of children "
                         "by name, each written [prefab.Fighter.children.NAME]")

    def test_a_child_not_a_table(self):
        errors = self.prefab_errors('[prefab.Fighter]\narchetype = "Ship"\nchildren = { gun = 3 }\n')
        self.assertError(errors, f"game.toml:{line(2)}:14", "prefab 'Fighter': child 'gun' must be a table; write it "
                         "as [prefab.Fighter.children.gun] with its archetype and values")

    def test_a_child_without_archetype(self):
        errors = self.prefab_errors(SHIP.replace('archetype = "Turret"\n', ""))
        self.assertError(errors, f"game.toml:{line(4)}:26", "prefab 'Fighter': child 'gun' has no archetype")

    def test_every_mistake_is_reported(self):
        errors = self.prefab_errors(SHIP.replace("hp = 50", "hp = 5000000000").replace('"root"', '"nobody"'))
        self.assertEqual(len(errors), 2, errors)


class Variants(PrefabTestCase):
    def test_a_variant_patches_its_base_field_by_field_and_adds_children(self):
        _, world = self.generate(WORLD + textwrap.dedent(SHIP) + textwrap.dedent("""
            [prefab.Ace]
            base = "Fighter"
            Health = { max = 20 }
            Position = { y = 2.0 }

            [prefab.Ace.children.gun]
            Position = { x = 1.5 }

            [prefab.Ace.children.spare]
            archetype = "Turret"
            Owner = { ship = "gun" }
        """))
        self.assertLines(
            world,
            "struct Ace {",
            "    using archetype = Ship;",
            "    static constexpr kiln::prefab_values<Position, Health> values{Position{.x = {}, .y = 2.0f}, "
            "Health{.hp = 50, .max = 20}};",
            "    struct gun {",
            "        static constexpr kiln::prefab_values<Position, Owner> values{Position{.x = 1.5f, .y = {}}, "
            "Owner{.ship = {}, .crew = {}}};",
            "    struct spare {",
            "    using children = kiln::type_list<gun, spare>;",
            "    using links = kiln::type_list<kiln::prefab_link<1, &Owner::ship, 0>, kiln::prefab_link<2, "
            "&Owner::ship, 1>>;",
        )

    def test_a_variant_of_a_broken_base_is_not_reported_again(self):
        errors = self.prefab_errors(SHIP.replace("hp = 50", "hp = true") + '\n[prefab.Ace]\nbase = "Fighter"\n')
        self.assertEqual(len(errors), 1, errors)

    def test_a_schema_without_prefabs_writes_none(self):
        _, world = self.generate(WORLD)
        self.assertNotIn("prefab", world)


class PrefabCommand(PrefabTestCase):
    def test_prints_the_resolved_values(self):
        path = self.write("game.toml", WORLD + textwrap.dedent(SHIP) + '\n[prefab.Ace]\nbase = "Fighter"\n'
                          "Health = { max = 20 }\n")
        done = run_kilnc("prefab", "Ace", str(path), "--lock", str(self.directory / "game.kiln.lock"))
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(done.stdout, textwrap.dedent("""\
            prefab Ace: archetype Ship, base Fighter
              Position.x = 0.0  (default)
              Position.y = 0.0  (default)
              Health.hp = 50  (from Fighter)
              Health.max = 20
              child gun: archetype Turret
                Position.x = 0.0  (default)
                Position.y = 0.0  (default)
                Owner.ship = root  (from Fighter)
                Owner.crew = null  (default)
        """))

    def test_an_unknown_prefab(self):
        path = self.write("game.toml", WORLD + textwrap.dedent(SHIP))
        done = run_kilnc("prefab", "Ace", str(path), "--lock", str(self.directory / "game.kiln.lock"))
        self.assertEqual(done.returncode, 1)
        self.assertIn("no prefab 'Ace' in the schema (its prefabs: Fighter)", done.stderr)
