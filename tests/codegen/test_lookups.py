"""What a system reaches beyond its row: lookups ([system.NAME.lookup.LOOKUP]), its entity,
optional components and has. Every mistake kilnc reports of them, where and in which words; what
kilnc writes for them; and how they count in conflicts and batches."""

import unittest

from .systems_support import SystemsTestCase, line


class LookupErrors(SystemsTestCase):
    def test_a_parallel_system_may_not_write_through_a_lookup(self):
        errors = self.system_errors("""
            [system.Push]
            stage = "update"
            read = ["Velocity"]
            parallel = true

            [system.Push.lookup.others]
            write = ["Position"]
        """)
        self.assertEqual(errors, [
            f"game.toml:{line(7)}:1: error: system 'Push': parallel = true, and lookup 'others' writes Position: "
            "the runtime runs chunks of the system's rows at once, and two of them could write the same entity; "
            "remove parallel (the rows then run one after another), or write each row's result to its own "
            "components for a later system to apply"])

    def test_a_parallel_system_may_not_read_through_a_lookup_what_it_writes_on_the_same_archetypes(self):
        errors = self.system_errors("""
            [system.Chase]
            stage = "update"
            write = ["Position"]
            read = ["Velocity"]
            parallel = true

            [system.Chase.lookup.others]
            read = ["Position"]
        """)
        self.assertEqual(errors, [
            f"game.toml:{line(8)}:1: error: system 'Chase': parallel = true, and lookup 'others' reads Position, "
            "which the system writes on its own rows of Ship and FrozenShip: a chunk would read rows another chunk "
            "is writing; add a with or without to the lookup or the system so that they reach different "
            "archetypes, or remove parallel"])

    def test_a_filter_that_parts_them_or_a_serial_system_is_accepted(self):
        for extra, lookup in (("parallel = true", 'without = ["Velocity"]'), ("", "")):
            with self.subTest(extra=extra, lookup=lookup):
                self.assertEqual(self.system_errors(f"""
                    [system.Chase]
                    stage = "update"
                    write = ["Position"]
                    read = ["Velocity"]
                    {extra}

                    [system.Chase.lookup.others]
                    read = ["Position"]
                    {lookup}
                """), [])

    def test_a_lookup_that_reaches_no_archetype_or_nothing(self):
        errors = self.system_errors("""
            [system.Look]
            stage = "update"
            read = ["Position"]

            [system.Look.lookup.nowhere]
            read = ["Velocity"]
            with = ["Frozen"]
            without = ["Color"]

            [system.Look.lookup.everything]
            without = ["Frozen"]
        """)
        self.assertEqual(errors, [
            f"game.toml:{line(5)}:21: error: system 'Look': lookup 'nowhere' reaches no archetype: none holds "
            "Velocity and Frozen without Color; fix its read, write, with and without, or declare an archetype for "
            "the entities it should reach",
            f"game.toml:{line(10)}:21: error: system 'Look': lookup 'everything' reaches every entity and reads "
            "nothing; list the components it reads (read) or writes (write), or those the entities it reaches "
            "hold (with)"])

    def test_mistakes_inside_a_lookup_are_reported_where_they_are_written(self):
        errors = self.system_errors("""
            [system.Look]
            stage = "update"
            read = ["Position"]

            [system.Look.lookup.class]
            read = ["Position", "Velocity"]
            write = ["Velocity"]
            reads = ["Color"]
            single = "yes"
        """)
        self.assertEqual(errors, [
            f"game.toml:{line(5)}:21: error: system 'Look': the lookup's name 'class' is a C++ keyword; it names "
            "run()'s parameter, so choose another",
            f"game.toml:{line(6)}:21: error: system 'Look': 'Velocity' is in both write and read of lookup 'class'; "
            "list it in write alone (writing includes reading)",
            f"game.toml:{line(8)}:1: error: system 'Look': unknown key 'reads' in lookup 'class'; did you mean "
            "'read'?",
            f"game.toml:{line(9)}:1: error: system 'Look': single must be true or false, not \"yes\""])

    def test_lookup_must_be_a_table_of_tables(self):
        errors = self.system_errors("""
            [system.Look]
            stage = "update"
            read = ["Position"]
            lookup = ["Position"]
        """)
        self.assertEqual(errors, [
            f"game.toml:{line(4)}:1: error: system 'Look': lookup must hold a table per lookup, like "
            "[system.NAME.lookup.target] with read = [\"Position\"], not [\"Position\"]"])

    def test_a_lookup_of_a_resource_system_is_its_access(self):
        self.assertEqual(self.system_errors("""
            [system.Director]
            stage = "update"

            [system.Director.lookup.player]
            read = ["Position"]
            with = ["Frozen"]
            single = true
        """), [])


class RowErrors(SystemsTestCase):
    def test_optional_and_has_must_not_repeat_the_other_lists(self):
        errors = self.system_errors("""
            [system.Look]
            stage = "update"
            read = ["Position"]
            with = ["Frozen"]
            optional = ["Position", "Color", "Velocity"]
            has = ["Frozen", "Velocity"]
        """)
        self.assertEqual(errors, [
            f"game.toml:{line(5)}:13: error: system 'Look': 'Position' is in both read and optional; keep it in "
            "one: in read the system requires it, in optional it runs on rows with and without it",
            f"game.toml:{line(5)}:25: error: system 'Look': 'Color' in optional is a split component, stored as one "
            "array per field, so there is no Color* to hand run(); make 'Color' packed, or require it (write or "
            "read) to get Color::ref",
            f"game.toml:{line(6)}:8: error: system 'Look': 'Frozen' in has is in with too, so has_frozen would "
            "always be true; remove it from has",
            f"game.toml:{line(6)}:18: error: system 'Look': 'Velocity' in has is optional too, whose pointer is null "
            "where a row lacks it; remove it from has and test the pointer"])

    def test_no_row_no_entity_and_no_optional(self):
        errors = self.system_errors("""
            [resource.Score]
            points = "u32"

            [system.Tick]
            stage = "update"
            resources_write = ["Score"]
            entity = true
            optional = ["Velocity"]

            [system.Sum]
            stage = "update"
            read = ["Position"]
            columns = true
            has = ["Frozen"]
        """)
        self.assertEqual(errors, [
            f"game.toml:{line(7)}:1: error: system 'Tick': entity gives run() an entity per row, but the system "
            "accesses no components (write, read, with), so it runs once per run of its stage, with no row; remove "
            "entity, or add the components it runs on",
            f"game.toml:{line(8)}:1: error: system 'Tick': optional gives run() optional components per row, but "
            "the system accesses no components (write, read, with), so it runs once per run of its stage, with no "
            "row; remove optional, or add the components it runs on",
            f"game.toml:{line(14)}:1: error: system 'Sum': has gives run() has per row, but columns = true hands it "
            "a chunk of rows at once; drop one"])

    def test_a_written_optional_component_may_not_be_tracked(self):
        errors = self.errors(self.with_world("""
            [component.Health]
            kiln = { track = true }
            hp = "i32"

            [archetype.Tank]
            components = ["Position", "Health"]

            [system.Hurt]
            stage = "update"
            read = ["Position"]
            optional_write = ["Health"]
        """))
        self.assertEqual(errors, [
            f"game.toml:{line(11)}:19: error: system 'Hurt': 'Health' in optional_write is tracked (kiln = "
            "{ track = true }), and a written optional component does not stamp its rows' change ticks yet; write "
            "it in a system that requires it (write), or through a lookup"])


class Generated(SystemsTestCase):
    def test_run_gets_the_entity_row_values_optional_has_then_lookups(self):
        outputs = self.outputs(self.with_world("""
            [system.Chase]
            stage = "update"
            write = ["Velocity"]
            read = ["Position"]
            entity = true
            optional = ["Frozen"]
            has = ["Frozen"]

            [system.Chase.lookup.others]
            read = ["Position"]
            without = ["Velocity"]

            [system.Chase.lookup.player]
            write = ["Position"]
            with = ["Frozen"]
            single = true
        """.replace('optional = ["Frozen"]\n            ', "")))
        self.assertLines(outputs["systems.hpp"],
                         "#include <kiln/system/lookup.hpp>",
                         "    using has = kiln::type_list<Frozen>;",
                         "    // [system.Chase.lookup.others]: reads Position of the entities of Dot and Beacon.",
                         "    struct others_lookup {",
                         "        using access = kiln::type_list<const Position>;",
                         "        using archetypes = kiln::type_list<Dot, Beacon>;",
                         "        static constexpr bool single = false;",
                         "    };",
                         "    // [system.Chase.lookup.player]: writes Position of the one entity of FrozenShip or "
                         "Beacon.",
                         "    struct player_lookup {",
                         "        using access = kiln::type_list<Position>;",
                         "    using lookups = kiln::type_list<others_lookup, player_lookup>;",
                         "    static constexpr bool entity = true;",
                         "    static void run(kiln::entity entity,  // declared by [system.Chase]: change it there",
                         "                    bool has_frozen,",
                         "                    const kiln::lookup<others_lookup>& others,",
                         "                    const kiln::single<player_lookup>& player);")


class Conflicts(SystemsTestCase):
    def test_what_a_lookup_writes_conflicts_on_the_archetypes_it_reaches(self):
        warnings = self.system_warnings("""
            [system.Move]
            stage = "update"
            write = ["Position"]
            with = ["Frozen"]

            [system.Push]
            stage = "update"
            read = ["Velocity"]
            without = ["Frozen"]

            [system.Push.lookup.beacons]
            write = ["Position"]
            without = ["Velocity"]
        """)
        self.assertEqual(warnings, [
            f"game.toml:{line(6)}:9: warning: systems 'Move' and 'Push' in stage 'update' conflict (both write "
            "Position) and nothing orders them; add after/before, or ambiguous_with to accept either order"])

    def test_a_lookup_that_reaches_other_archetypes_shares_the_batch(self):
        outputs = self.outputs(self.with_world("""
            [system.Move]
            stage = "update"
            write = ["Position"]
            with = ["Velocity"]

            [system.Look]
            stage = "update"
            read = ["Velocity"]

            [system.Look.lookup.beacons]
            read = ["Position"]
            with = ["Frozen"]
            without = ["Velocity"]
        """))
        self.assertLines(outputs["world.hpp"], "        kiln::stage_plan<stage::update, kiln::type_list<kiln::batch<"
                         "Move, Look>>, kiln::stage_role::frame>,")

    def test_a_system_with_a_lookup_shares_no_batch_with_one_that_records_commands(self):
        # A deferred create may grow the entity table, which a lookup reads.
        outputs = self.outputs(self.with_world("""
            [system.Spawn]
            stage = "update"
            read = ["Velocity"]
            commands = true

            [system.Look]
            stage = "update"
            read = ["Color"]

            [system.Look.lookup.dots]
            read = ["Position"]
            without = ["Velocity"]
        """))
        self.assertLines(outputs["world.hpp"], "        kiln::stage_plan<stage::update, kiln::type_list<kiln::batch<"
                         "Spawn>, kiln::batch<Look>>, kiln::stage_role::frame>,")

    def test_a_system_with_a_lookup_is_not_fused(self):
        errors = self.system_errors("""
            [system.Move]
            stage = "update"
            write = ["Position"]

            [system.Look]
            stage = "update"
            read = ["Velocity"]
            after = ["Move"]

            [system.Look.lookup.others]
            read = ["Color"]

            [fuse.Pass]
            systems = ["Move", "Look"]
        """)
        self.assertEqual(len(errors), 1)
        self.assertIn("it reaches other entities (lookup); remove it from systems", errors[0])


if __name__ == "__main__":
    unittest.main()
