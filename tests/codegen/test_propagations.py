"""[propagate.NAME]: each mistake, where it is reported and what it says; where the schedule puts a
propagation; and the struct kilnc writes for it."""

import textwrap
import unittest

from .systems_support import WORLD, SystemsTestCase, line

# Ship and FrozenShip hold Velocity and Position; Velocity is the local part, Position the global one.
# Lines line(1) to line(6), then a blank one.
DRIFT = textwrap.dedent("""
    [propagate.Drift]
    local = "Velocity"
    global = "Position"
    combine = "game::drift"
    include = "game/drift.hpp"
    stage = "update"

""").lstrip("\n")


def more(text: str) -> str:
    """Tables to follow DRIFT, from line(8)."""
    return textwrap.dedent(text).lstrip("\n")


class PropagationErrors(SystemsTestCase):
    def test_a_part_that_is_missing(self):
        errors = self.system_errors("""
            [propagate.Drift]
            global = "Position"
            combine = "game::drift"
            stage = "update"
        """)
        self.assertError(errors, f"game.toml:{line(1)}:12", "propagate 'Drift' has no local; add local = "
                         "\"LocalTransform\" (a component: the entity's own part, which the game sets)")

    def test_a_misspelled_key_is_reported_once(self):
        errors = self.system_errors(DRIFT.replace("combine =", "combin ="))
        self.assertError(errors, f"game.toml:{line(4)}:1", "propagate 'Drift': unknown key 'combin'; did you mean "
                         "'combine'?")

    def test_a_part_that_is_not_a_component(self):
        errors = self.system_errors(DRIFT.replace('local = "Velocity"', 'local = "Time"'))
        self.assertError(errors, f"game.toml:{line(2)}:1", "propagate 'Drift': local 'Time' is a resource, not a "
                         "component")

    def test_an_unknown_component_suggests_a_close_one(self):
        errors = self.system_errors(DRIFT.replace('global = "Position"', 'global = "Positon"'))
        self.assertError(errors, f"game.toml:{line(3)}:1", "unknown component 'Positon' in global; did you mean "
                         "'Position'?")

    def test_a_split_part(self):
        errors = self.system_errors(DRIFT.replace('local = "Velocity"', 'local = "Color"'))
        self.assertError(errors, f"game.toml:{line(2)}:1", "local 'Color' is a split component", "make 'Color' "
                         "packed (remove its kiln.layout)")

    def test_a_tag_part(self):
        errors = self.system_errors(DRIFT.replace('global = "Position"', 'global = "Frozen"'))
        self.assertError(errors, f"game.toml:{line(3)}:1", "global 'Frozen' is a tag component, which holds no "
                         "value to combine")

    def test_a_tracked_global_part(self):
        world = WORLD.replace('[component.Position]\nx = "f32"', '[component.Position]\nkiln = { track = true }\nx = "f32"')
        errors = self.errors(world + DRIFT)
        self.assertError(errors, f"game.toml:{line(3) + 1}:1", "propagate 'Drift': global 'Position' is tracked "
                         "(kiln.track), but the propagation rewrites every row", "track the local part instead")

    def test_the_same_component_as_both_parts(self):
        errors = self.system_errors(DRIFT.replace('global = "Position"', 'global = "Velocity"'))
        self.assertError(errors, f"game.toml:{line(3)}:1", "local and global are both 'Velocity'", "two components")

    def test_a_component_in_two_propagations(self):
        errors = self.system_errors(DRIFT + DRIFT.replace("Drift]", "Sway]").replace('"Velocity"', '"Time"')
                                    .replace('local = "Time"', 'local = "Velocity"'))
        self.assertEqual(len(errors), 2, "\n".join(errors))
        self.assertTrue(errors[0].startswith(f"game.toml:{line(9)}:1: error: propagate 'Sway': 'Velocity' is "
                                             f"already the local part of propagate 'Drift' at game.toml:{line(1)}:12"),
                        errors[0])
        self.assertIn("'Position' is already the global part of propagate 'Drift'", errors[1])
        self.assertIn("a component takes part in one propagation only", errors[1])

    def test_no_archetype_holds_both_parts(self):
        errors = self.system_errors(DRIFT.replace('local = "Velocity"', 'local = "Spin"') + """
            [component.Spin]
            turns = "f32"

            [archetype.Top]
            components = ["Spin"]
        """)
        self.assertError(errors, f"game.toml:{line(1)}:12", "propagate 'Drift': no archetype holds both 'Spin' and "
                         "'Position', so there is nothing to compute")

    def test_combine_that_is_not_a_function_name(self):
        errors = self.system_errors(DRIFT.replace('"game::drift"', '"game::drift(p, l)"'))
        self.assertError(errors, f"game.toml:{line(4)}:1", "combine must name a C++ function, like "
                         "\"game::combine_transforms\", not \"game::drift(p, l)\"")

    def test_include_that_is_not_a_header_path(self):
        errors = self.system_errors(DRIFT.replace('"game/drift.hpp"', '"<game/drift.hpp>"'))
        self.assertError(errors, f"game.toml:{line(5)}:1", "include must be a header path")

    def test_an_unknown_stage(self):
        errors = self.system_errors(DRIFT.replace('stage = "update"', 'stage = "updat"'))
        self.assertError(errors, f"game.toml:{line(6)}:1", "propagate 'Drift': unknown stage \"updat\"; did you "
                         "mean 'update'?")

    def test_a_system_that_writes_the_global_part(self):
        errors = self.system_errors(DRIFT + more("""
            [system.Teleport]
            stage = "update"
            write = ["Velocity", "Position"]
        """))
        self.assertError(errors, f"game.toml:{line(10)}:22", "system 'Teleport' writes 'Position', the global part "
                         f"of propagate 'Drift' at game.toml:{line(1)}:12, which only the propagation writes; write "
                         "its local part \"Velocity\" instead, or move 'Position' to read")

    def test_a_name_the_generated_struct_takes(self):
        errors = self.system_errors(DRIFT.replace("[propagate.Drift]", "[propagate.global]"))
        self.assertError(errors, f"game.toml:{line(1)}:12", "propagate name 'global' is taken by the generated code "
                         "(a member of the generated propagation structs)")

    def test_after_naming_a_propagation_of_another_stage(self):
        errors = self.system_errors(DRIFT + more("""
            [system.Draw]
            stage = "render"
            read = ["Velocity"]
            after = ["Drift"]
        """))
        self.assertError(errors, f"game.toml:{line(11)}:10", "system 'Draw' runs in stage 'render', but after names "
                         "propagate 'Drift' of stage 'update'")


class PropagationSchedule(SystemsTestCase):
    def test_after_the_writers_of_the_local_part_and_before_the_readers_of_the_global_part(self):
        text = DRIFT + more("""
            [system.Look]
            stage = "update"
            read = ["Position"]

            [system.Push]
            stage = "update"
            write = ["Velocity"]
        """)
        self.assertEqual(self.batches(text), "kiln::batch<Push>, kiln::batch<Drift>, kiln::batch<Look>")
        self.assertEqual(self.system_warnings(text), [])

    def test_only_entities_both_see_order_them(self):
        # Dot holds Position but not Velocity: the propagation computes nothing there.
        self.assertEqual(self.batches(DRIFT + more("""
            [system.Look]
            stage = "update"
            read = ["Position"]
            without = ["Velocity"]
        """)), "kiln::batch<Look, Drift>")

    def test_after_and_before_win_over_the_order_the_parts_ask_for(self):
        # Look reads last run's Position before Push writes Velocity: Drift comes after both.
        self.assertEqual(self.batches(DRIFT + more("""
            [system.Look]
            stage = "update"
            read = ["Position"]
            before = ["Push"]

            [system.Push]
            stage = "update"
            write = ["Velocity"]
        """)), "kiln::batch<Look>, kiln::batch<Push>, kiln::batch<Drift>")

    def test_a_system_that_writes_the_local_part_from_the_global_one_is_left_to_after_or_before(self):
        text = DRIFT + more("""
            [system.Follow]
            stage = "update"
            write = ["Velocity"]
            read = ["Position"]
        """)
        self.assertEqual(self.system_warnings(text), [
            f"game.toml:{line(1)}:12: warning: systems 'Follow' and 'Drift' in stage 'update' conflict ('Follow' "
            "writes Velocity, 'Drift' reads it; 'Drift' writes Position, 'Follow' reads it) and nothing orders "
            "them; add after/before, or ambiguous_with to accept either order",
        ])
        self.assertEqual(self.batches(text + 'after = ["Drift"]\n'), "kiln::batch<Drift>, kiln::batch<Follow>")

    def test_propagations_share_a_batch_with_no_propagation_and_no_recorder_of_commands(self):
        # Each brings the hierarchy's order up to date when stale, reading the entity table that
        # a deferred create writes.
        self.assertEqual(self.batches(DRIFT + more("""
            [component.Spin]
            turns = "f32"

            [component.Turned]
            turns = "f32"

            [archetype.Top]
            components = ["Spin", "Turned"]

            [propagate.Turn]
            local = "Spin"
            global = "Turned"
            combine = "game::turn"
            stage = "update"

            [system.Spawn]
            stage = "update"
            commands = true

            [system.Tick]
            stage = "update"
            resources_write = ["Time"]
        """)), "kiln::batch<Spawn, Tick>, kiln::batch<Drift>, kiln::batch<Turn>")


class PropagationCode(SystemsTestCase):
    def test_the_struct_names_the_parts_the_function_and_the_system(self):
        systems = self.system_outputs(DRIFT)["systems.hpp"]
        self.assertIn("#include <game/drift.hpp>\n", systems)
        self.assertIn(
            "// Propagation of stage 'update': for each entity with Velocity and Position, parents before\n"
            "// children, Position = game::drift(the parent's Position, Velocity), recomputed below the Velocity\n"
            "// that changed since its last run. Only it writes Position.\n"
            "struct Drift {\n"
            '    static constexpr std::string_view name = "Drift";\n'
            "    using local = Velocity;\n"
            "    using global = Position;\n"
            "    static constexpr auto combine = &game::drift;\n"
            "    using access = kiln::type_list<Position, const Velocity>;\n"
            "    using with = kiln::type_list<>;\n"
            "    using without = kiln::type_list<>;\n"
            "    using resources = kiln::type_list<>;\n"
            "    using archetypes = kiln::type_list<Ship, FrozenShip>;\n", systems)

    def test_the_local_part_is_tracked_unless_it_says_track_false(self):
        def traits(components: str, name: str) -> str:
            start = components.index(f"struct kiln::component_traits<game::{name}>")
            end = components.find("struct kiln::component_traits<", start + 1)
            return components[start:end if end >= 0 else None]

        tracked = self.system_outputs(DRIFT)
        self.assertIn("static constexpr bool tracked = true;", traits(tracked["components.hpp"], "Velocity"))
        self.assertNotIn("tracked", traits(tracked["components.hpp"], "Position"))
        opted_out = self.outputs(WORLD.replace('[component.Velocity]\n', '[component.Velocity]\n'
                                               'kiln = { track = false }\n') + DRIFT)
        self.assertNotIn("tracked", traits(opted_out["components.hpp"], "Velocity"))
        self.assertIn("(Velocity is not tracked)", opted_out["systems.hpp"])

    def test_the_schedule_graph_marks_it(self):
        graph = self.system_outputs(DRIFT)["schedule.dot"]
        self.assertIn('"Drift\\nwrite Position\\nread Velocity\\npropagation"', graph)


if __name__ == "__main__":
    unittest.main()
