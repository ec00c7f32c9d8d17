"""[fuse.NAME]: every mistake in a fusion, where it is reported and what the message says, and
where the plan puts the fused pass (kiln::fused)."""

import unittest

from .support import run_kilnc
from .systems_support import SystemsTestCase, line

from kiln_codegen.front.loader import load_all
from kiln_codegen.pipeline import validate

# Three plain systems of stage update, each after the one before, and one that draws after them.
# (Indented like the schemas of the tests, so that the two dedent together.)
PLAIN = """
            [system.Move]
            stage = "update"
            write = ["Position"]
            read = ["Velocity"]
            resources = ["Time"]

            [system.Steer]
            stage = "update"
            write = ["Velocity"]
            resources = ["Time"]
            after = ["Move"]

            [system.Clamp]
            stage = "update"
            write = ["Position"]
            after = ["Steer"]
"""
PLAIN_LINES = PLAIN.strip("\n").count("\n") + 1


def after_plain(number: int) -> int:
    """The line of the schema that is line `number` of the text after WORLD and PLAIN."""
    return line(PLAIN_LINES + 1 + number)


class Plan(SystemsTestCase):
    def plan_of(self, text: str) -> list[str]:
        """The update stage's batches, as its kiln::stage_plan names them."""
        schema = validate(load_all([str(self.write("game.toml", self.with_world(text)))]))
        update = next(stage for stage in schema.stages if stage.name == "update")
        return [f"kiln::{'fused' if update.fusion_of(batch) else 'batch'}<{', '.join(s.name for s in batch)}>"
                for batch in update.batches]

    def test_a_fusion_is_one_batch_where_its_systems_run_in_the_order_listed(self):
        batches = self.plan_of(PLAIN + """
            [system.Read]
            stage = "update"
            resources_write = ["Input"]

            [system.Draw]
            stage = "update"
            read = ["Position"]
            after = ["Clamp"]

            [fuse.Pass]
            systems = ["Move", "Steer", "Clamp"]
        """)
        # Read is ready at once and shares nothing with the fusion, yet waits: a fused pass runs alone.
        self.assertEqual(batches, ["kiln::fused<Move, Steer, Clamp>", "kiln::batch<Read, Draw>"])

    def test_the_fusion_orders_its_systems_where_nothing_else_does(self):
        batches = self.plan_of("""
            [system.Clamp]
            stage = "update"
            write = ["Position"]

            [system.Move]
            stage = "update"
            write = ["Position"]

            [fuse.Pass]
            systems = ["Move", "Clamp"]
        """)
        # Without the fusion, the two would conflict unordered (a warning) and Clamp would run first.
        self.assertEqual(batches, ["kiln::fused<Move, Clamp>"])
        self.assertEqual(self.system_warnings("""
            [system.Clamp]
            stage = "update"
            write = ["Position"]

            [system.Move]
            stage = "update"
            write = ["Position"]

            [fuse.Pass]
            systems = ["Move", "Clamp"]
        """), [])

    def test_a_fusion_waits_for_what_any_of_its_systems_follows(self):
        batches = self.plan_of("""
            [system.Early]
            stage = "update"
            write = ["Color"]

            [system.Move]
            stage = "update"
            write = ["Position"]

            [system.Paint]
            stage = "update"
            write = ["Color"]
            after = ["Early"]

            [fuse.Pass]
            systems = ["Move", "Paint"]
        """)
        self.assertEqual(batches, ["kiln::batch<Early>", "kiln::fused<Move, Paint>"])

    def test_the_generated_world_names_the_fused_pass(self):
        world = self.generate(self.with_world(PLAIN + """
            [fuse.Pass]
            systems = ["Move", "Steer"]
        """))[1]
        self.assertIn("kiln::type_list<kiln::fused<Move, Steer>, kiln::batch<Clamp>>", world)


class Errors(SystemsTestCase):
    def fusion_errors(self, fusions: str) -> list[str]:
        """The errors of WORLD and PLAIN followed by `fusions` (whose line 1 is after_plain(1))."""
        return self.system_errors(PLAIN + fusions)

    def test_no_systems_and_unknown_keys(self):
        self.assertEqual(self.fusion_errors("""
            [fuse.Pass]
            doc = "Move and steer."
        """), [f"game.toml:{after_plain(1)}:7: error: fuse 'Pass' has no systems; add systems = [\"Move\", \"Turn\"] "
               "(at least two systems of one stage, in the order they run)"])
        self.assertEqual(self.fusion_errors("""
            [fuse.Pass]
            sytems = ["Move", "Steer"]
        """), [f"game.toml:{after_plain(2)}:1: error: fuse 'Pass': unknown key 'sytems'; did you mean 'systems'?"])

    def test_fewer_than_two_systems(self):
        self.assertEqual(self.fusion_errors("""
            [fuse.Pass]
            systems = ["Move"]
        """), [f"game.toml:{after_plain(2)}:1: error: fuse 'Pass' lists 1 system; a fused pass joins at least two, so "
               "add another or remove [fuse.Pass]"])

    def test_unknown_system_and_names_of_other_kinds(self):
        self.assertEqual(self.fusion_errors("""
            [fuse.Pass]
            systems = ["Mvoe", "Steer", "Position"]
        """), [
            f"game.toml:{after_plain(2)}:12: error: fuse 'Pass': unknown system 'Mvoe' in systems; did you mean 'Move'?",
            f"game.toml:{after_plain(2)}:29: error: fuse 'Pass': 'Position' in systems is a component, not a system",
        ])

    def test_a_system_in_two_fusions(self):
        errors = self.fusion_errors("""
            [fuse.First]
            systems = ["Move", "Steer"]

            [fuse.Second]
            systems = ["Clamp", "Steer"]
        """)
        self.assertEqual(errors, [
            f"game.toml:{after_plain(5)}:21: error: fuse 'Second': 'Steer' is in fuse 'First' already (at "
            f"game.toml:{after_plain(1)}:7); a system runs in one fused pass at most, so remove it from one of them"])

    def test_systems_of_two_stages(self):
        errors = self.fusion_errors("""
            [system.Draw]
            stage = "render"
            read = ["Position"]

            [fuse.Pass]
            systems = ["Clamp", "Draw"]
        """)
        self.assertEqual(errors, [
            f"game.toml:{after_plain(6)}:21: error: fuse 'Pass': 'Draw' runs in stage 'render', but 'Clamp' in stage "
            "'update'; a fused pass is part of one stage, so list systems of one stage"])

    def test_systems_that_are_not_plain(self):
        errors = self.fusion_errors("""
            [event.Hit]
            damage = "f32"

            [component.Heat]
            kiln = { track = true }
            x = "f32"

            [archetype.Stove]
            components = ["Heat"]

            [system.Spawn]
            stage = "update"
            with = ["Frozen"]
            commands = true

            [system.Tick]
            stage = "update"
            resources_write = ["Input"]

            [system.Hurt]
            stage = "update"
            with = ["Frozen"]
            emit = ["Hit"]
            parallel = true

            [system.Feel]
            stage = "update"
            with = ["Frozen"]
            events = ["Hit"]

            [system.Paint]
            stage = "update"
            write = ["Heat"]
            changed = ["Heat"]

            [system.Fill]
            stage = "update"
            write = ["Heat"]
            columns = true
            after = ["Paint"]

            [fuse.Pass]
            systems = ["Move", "Spawn", "Tick", "Hurt", "Feel", "Paint", "Fill"]
        """)
        where = f"game.toml:{after_plain(43)}"
        self.assertEqual(errors, [
            f"{where}:20: error: fuse 'Pass': 'Spawn' cannot run in a fused pass, which hands each row to each system "
            "in turn: it records commands (commands = true); remove it from systems",
            f"{where}:29: error: fuse 'Pass': 'Tick' cannot run in a fused pass, which hands each row to each system in "
            "turn: it accesses no components (it runs once per run of its stage, not per row); remove it from systems",
            f"{where}:37: error: fuse 'Pass': 'Hurt' cannot run in a fused pass, which hands each row to each system in "
            "turn: it runs in parallel chunks (parallel = true) and emits events; remove it from systems",
            f"{where}:45: error: fuse 'Pass': 'Feel' cannot run in a fused pass, which hands each row to each system in "
            "turn: it reads events; remove it from systems",
            f"{where}:53: error: fuse 'Pass': 'Paint' cannot run in a fused pass, which hands each row to each system "
            "in turn: it has a changed filter; remove it from systems",
            f"{where}:62: error: fuse 'Pass': 'Fill' cannot run in a fused pass, which hands each row to each system "
            "in turn: it takes columns (columns = true); remove it from systems",
        ])

    def test_a_propagation_cannot_be_fused(self):
        errors = self.fusion_errors("""
            [component.Local]
            x = "f32"

            [component.Global]
            x = "f32"

            [archetype.Node]
            components = ["Position", "Local", "Global"]

            [propagate.Transform]
            local = "Local"
            global = "Global"
            combine = "game::combine"
            stage = "update"

            [fuse.Pass]
            systems = ["Clamp", "Transform"]
        """)
        self.assertError(errors, f"game.toml:{after_plain(17)}:21",
                         "fuse 'Pass': 'Transform' in systems is a propagation, which runs parents before children "
                         "rather than row by row, so it cannot be fused; remove it")

    def test_a_resource_written_by_one_and_read_by_another(self):
        errors = self.fusion_errors("""
            [system.Measure]
            stage = "update"
            read = ["Position"]
            resources_write = ["Time"]
            after = ["Clamp"]

            [fuse.Pass]
            systems = ["Move", "Steer", "Clamp", "Measure"]
        """)
        # Move and Steer both read Time, which is fine; Measure writes what they read.
        self.assertEqual(errors, [
            f"game.toml:{after_plain(8)}:38: error: fuse 'Pass': 'Measure' and 'Move' share resource 'Time', which one "
            "of them writes; in one pass each would see it as the other left it after some rows only, so leave one "
            "of them out of systems (a resource that the systems only read is fine)",
            f"game.toml:{after_plain(8)}:38: error: fuse 'Pass': 'Measure' and 'Steer' share resource 'Time', which one "
            "of them writes; in one pass each would see it as the other left it after some rows only, so leave one "
            "of them out of systems (a resource that the systems only read is fine)",
        ])

    def test_an_order_that_after_and_before_reverse(self):
        errors = self.fusion_errors("""
            [fuse.Pass]
            systems = ["Steer", "Move"]
        """)
        self.assertEqual(errors, [
            f"game.toml:{after_plain(1)}:7: error: fuse 'Pass': systems lists 'Steer' before 'Move', but after and "
            "before run 'Move' first; a fused pass runs its systems in the order listed, so list them in the order "
            "they run"])

    def test_a_system_that_must_run_between_two_of_the_fusion(self):
        errors = self.fusion_errors("""
            [fuse.Pass]
            systems = ["Move", "Clamp"]
        """)
        self.assertEqual(errors, [
            f"game.toml:{after_plain(1)}:7: error: fuse 'Pass': 'Steer' (game.toml:{line(7)}:9) must run after 'Move' "
            "and before 'Clamp' (by after, before, events or a propagation), so the systems of the fused pass cannot "
            "run one right after another; leave 'Move' or 'Clamp' out of systems, or change the order that puts "
            "'Steer' between them"])

    def test_two_fusions_that_each_put_a_system_between_those_of_the_other(self):
        # First's order puts Second's B and C after A, Second's puts them before D: First cannot be one pass.
        errors = self.system_errors("""
            [system.A]
            stage = "update"
            write = ["Position"]

            [system.B]
            stage = "update"
            write = ["Velocity"]
            after = ["A"]

            [system.C]
            stage = "update"
            write = ["Color"]

            [system.D]
            stage = "update"
            read = ["Color"]
            after = ["C"]

            [fuse.First]
            systems = ["A", "D"]

            [fuse.Second]
            systems = ["B", "C"]
        """)
        self.assertEqual([error.split(" must run")[0] for error in errors], [
            f"game.toml:{line(19)}:7: error: fuse 'First': 'B' (game.toml:{line(5)}:9)",
            f"game.toml:{line(19)}:7: error: fuse 'First': 'C' (game.toml:{line(10)}:9)",
        ])

    def test_every_mistake_of_a_fusion_at_once_from_the_command_line(self):
        path = self.write("game.toml", self.with_world(PLAIN + """
            [fuse.Pass]
            systems = ["Move", "Nothing"]

            [fuse.Other]
            systems = ["Move", "Clamp"]
        """))
        result = run_kilnc("check", str(path))
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn("unknown system 'Nothing'", result.stderr)
        self.assertIn("'Move' is in fuse 'Pass' already", result.stderr)


if __name__ == "__main__":
    unittest.main()
