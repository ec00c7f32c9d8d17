"""The schedule kilnc decides: order cycles, ambiguities (warnings, or errors when strict), what
counts as a conflict, and the exact batches of small schemas."""

import random
import unittest

from .support import REPO, run_kilnc
from .systems_support import SystemsTestCase, line

from kiln_codegen.front.loader import load_all
from kiln_codegen.pipeline import validate

# A system of stage update that writes Position on every entity: it conflicts with every other.
# (Indented like the schemas of the tests, so that the two dedent together.)
MOVE = """
            [system.Move]
            stage = "update"
            write = ["Position"]
"""


class Cycles(SystemsTestCase):
    def test_a_cycle_names_every_system_in_it_with_where_it_is(self):
        errors = self.system_errors("""
            [system.A]
            stage = "update"
            read = ["Position"]
            after = ["C"]

            [system.B]
            stage = "update"
            read = ["Position"]
            after = ["A"]

            [system.C]
            stage = "update"
            read = ["Position"]
            before = ["A", "D"]
            after = ["B"]

            [system.D]
            stage = "update"
            read = ["Position"]
            before = ["C"]

            [system.Outside]
            stage = "update"
            read = ["Position"]
            after = ["A"]
        """)
        self.assertEqual(errors, [
            f"game.toml:{line(1)}:9: error: systems 'A' (game.toml:{line(1)}:9), 'B' (game.toml:{line(6)}:9), "
            f"'C' (game.toml:{line(11)}:9) and 'D' (game.toml:{line(17)}:9) in stage 'update' are ordered in a "
            "cycle, so none of them can run first: 'A' runs before 'B', which runs before 'C', which runs before "
            "'A'; remove one of these after or before"])

    def test_each_cycle_is_reported_once(self):
        errors = self.system_errors("""
            [system.A]
            stage = "update"
            read = ["Position"]
            after = ["B"]

            [system.B]
            stage = "update"
            read = ["Position"]
            after = ["A"]

            [system.C]
            stage = "render"
            read = ["Position"]
            after = ["D"]

            [system.D]
            stage = "render"
            read = ["Position"]
            after = ["C"]
        """)
        self.assertEqual([error.split(" in stage ")[0] for error in errors], [
            f"game.toml:{line(1)}:9: error: systems 'A' (game.toml:{line(1)}:9) and 'B' (game.toml:{line(6)}:9)",
            f"game.toml:{line(11)}:9: error: systems 'C' (game.toml:{line(11)}:9) and 'D' (game.toml:{line(16)}:9)",
        ])


class Ambiguities(SystemsTestCase):
    def test_conflicting_systems_that_nothing_orders_are_a_warning(self):
        text = MOVE + """
            [system.Push]
            stage = "update"
            write = ["Position", "Velocity"]
            resources_write = ["Time"]

            [system.Look]
            stage = "update"
            read = ["Velocity"]
            resources = ["Time"]
        """
        self.assertEqual(self.system_warnings(text), [
            f"game.toml:{line(5)}:9: warning: systems 'Move' and 'Push' in stage 'update' conflict (both write "
            "Position) and nothing orders them; add after/before, or ambiguous_with to accept either order",
            f"game.toml:{line(10)}:9: warning: systems 'Push' and 'Look' in stage 'update' conflict ('Push' writes "
            "Velocity and Time, 'Look' reads them) and nothing orders them; add after/before, or ambiguous_with to "
            "accept either order",
        ])

    def test_the_warning_says_which_system_writes_and_which_reads(self):
        # Look, declared first, only reads what Wind writes; Gust and Wind both write Velocity, and
        # Gust reads the Time that Wind writes.
        warnings = self.system_warnings("""
            [system.Look]
            stage = "render"
            read = ["Velocity"]

            [system.Wind]
            stage = "render"
            write = ["Velocity"]
            resources_write = ["Time"]

            [system.Gust]
            stage = "render"
            write = ["Velocity"]
            resources = ["Time"]
            ambiguous_with = ["Look"]
        """)
        self.assertEqual([warning.split(" warning: ")[1].split(" and nothing")[0] for warning in warnings], [
            "systems 'Look' and 'Wind' in stage 'render' conflict ('Wind' writes Velocity, 'Look' reads it)",
            "systems 'Wind' and 'Gust' in stage 'render' conflict (both write Velocity; 'Wind' writes Time, 'Gust' "
            "reads it)",
        ])

    def test_strict_makes_them_errors(self):
        errors = self.errors(self.with_world(MOVE + """
            [system.Push]
            stage = "update"
            write = ["Position"]
        """).replace('namespace = "game"\n', 'namespace = "game"\nstrict = true\n'))
        self.assertEqual(errors, [
            f"game.toml:{line(5) + 1}:9: error: systems 'Move' and 'Push' in stage 'update' conflict (both write "
            "Position) and nothing orders them; add after/before, or ambiguous_with to accept either order"])

    def test_warnings_go_with_the_errors_when_there_are_errors(self):
        errors = self.system_errors(MOVE + """
            [system.Push]
            stage = "update"
            write = ["Position"]

            [system.Broken]
            stage = "update"
            read = ["Nothing"]
        """)
        self.assertEqual([error.split(": ", 2)[1] for error in errors], ["warning", "error"])

    def test_order_settles_an_ambiguity_even_through_other_systems(self):
        self.assertEqual(self.system_warnings(MOVE + """
            [system.Between]
            stage = "update"
            resources_write = ["Time"]
            after = ["Move"]

            [system.Push]
            stage = "update"
            write = ["Position"]
            after = ["Between"]
        """), [])

    def test_ambiguous_with_on_either_side_accepts_either_order(self):
        for side in ("Move", "Push"):
            with self.subTest(side=side):
                text = MOVE + """
                    [system.Push]
                    stage = "update"
                    write = ["Position"]
                """
                text = text.replace(f'[system.{side}]\n', f'[system.{side}]\nambiguous_with = '
                                    f'["{"Push" if side == "Move" else "Move"}"]\n')
                self.assertEqual(self.system_warnings(text), [])

    def test_filters_that_part_two_systems_are_no_conflict(self):
        self.assertEqual(self.system_warnings(MOVE.replace('write = ["Position"]', 'write = ["Position"]\n'
                                                           '            without = ["Frozen"]') + """
            [system.Thaw]
            stage = "update"
            write = ["Position"]
            with = ["Frozen", "Velocity"]

            [system.Hover]
            stage = "update"
            write = ["Position"]
            without = ["Velocity"]
            with = ["Frozen"]
        """), [])

    def test_filters_that_only_seem_to_part_them_conflict(self):
        # Move skips Frozen entities and Slide those without Velocity: Ship has both kinds of neither.
        warnings = self.system_warnings("""
            [system.Move]
            stage = "update"
            write = ["Position"]
            without = ["Frozen"]

            [system.Slide]
            stage = "update"
            read = ["Position"]
            with = ["Velocity"]
        """)
        self.assertEqual(len(warnings), 1)
        self.assertIn("systems 'Move' and 'Slide' in stage 'update' conflict ('Move' writes Position, 'Slide' reads "
                      "it)", warnings[0])

    def test_readers_and_other_stages_do_not_conflict(self):
        self.assertEqual(self.system_warnings("""
            [system.Look]
            stage = "update"
            read = ["Position"]
            resources = ["Time"]

            [system.See]
            stage = "update"
            read = ["Position"]
            resources = ["Time"]

            [system.Draw]
            stage = "render"
            write = ["Position"]
            resources_write = ["Time"]
        """ + MOVE.replace('"update"', '"fixed_update"')), [])

    def test_commands_are_no_conflict(self):
        self.assertEqual(self.system_warnings("""
            [system.Freeze]
            stage = "update"
            read = ["Velocity"]
            commands = true

            [system.Spawn]
            stage = "update"
            resources = ["Input"]
            commands = true
        """), [])

    def test_check_prints_warnings_and_exits_0(self):
        schema = self.write("game.toml", self.with_world(MOVE + MOVE.replace("Move", "Push")))
        run_kilnc("generate", "--out", "out", "game.toml", cwd=self.directory)  # check wants a current lock
        result = run_kilnc("check", "game.toml", cwd=self.directory)
        self.assertEqual(result.returncode, 0)
        self.assertEqual(result.stderr, f"game.toml:{line(5)}:9: warning: systems 'Move' and 'Push' in stage "
                         "'update' conflict (both write Position) and nothing orders them; add after/before, or "
                         "ambiguous_with to accept either order\n")
        self.assertTrue(schema.exists())

    def test_strict_exits_1(self):
        self.write("game.toml", self.with_world(MOVE + MOVE.replace("Move", "Push")).replace(
            'namespace = "game"\n', 'namespace = "game"\nstrict = true\n'))
        for command in (["check"], ["outputs", "--out", "out"], ["generate", "--out", "out"]):
            with self.subTest(command=command[0]):
                result = run_kilnc(*command, "game.toml", cwd=self.directory)
                self.assertEqual((result.returncode, result.stdout), (1, ""))
                self.assertIn(": error: systems 'Move' and 'Push'", result.stderr)
        self.assertFalse((self.directory / "out").exists())


class Batches(SystemsTestCase):
    def test_the_bundled_schema(self):
        world = (REPO / "generated" / "game" / "world.hpp").read_text()
        self.assertIn(
            "        kiln::stage_plan<stage::init, kiln::type_list<>, kiln::stage_role::init>,\n"
            "        kiln::stage_plan<stage::fixed_update, kiln::type_list<kiln::batch<Drift>>, "
            "kiln::stage_role::fixed>,\n"
            "        kiln::stage_plan<stage::update, kiln::type_list<kiln::batch<AdvanceClock, ThawHealthy>, "
            "kiln::batch<Rise, Spin>>, kiln::stage_role::frame>,\n"
            "        kiln::stage_plan<stage::render, kiln::type_list<kiln::batch<UpdateModels>>, "
            "kiln::stage_role::frame>,\n"
            "        kiln::stage_plan<stage::shutdown, kiln::type_list<>, kiln::stage_role::shutdown>>;\n", world)

    def test_systems_that_do_not_conflict_share_a_batch(self):
        self.assertEqual(self.batches("""
            [system.A]
            stage = "update"
            read = ["Position"]

            [system.B]
            stage = "update"
            write = ["Velocity"]

            [system.C]
            stage = "update"
            resources_write = ["Time"]
        """), "kiln::batch<A, B, C>")

    def test_systems_that_record_commands_never_share_a_batch(self):
        # Their creates reserve handles in the one entity table: at once, they would race on it,
        # and the handles' order would change from run to run.
        self.assertEqual(self.batches("""
            [system.A]
            stage = "update"
            read = ["Position"]
            commands = true

            [system.B]
            stage = "update"
            write = ["Velocity"]
            commands = true

            [system.C]
            stage = "update"
            resources_write = ["Time"]
        """), "kiln::batch<A, C>, kiln::batch<B>")

    def test_a_system_waits_for_those_it_runs_after(self):
        self.assertEqual(self.batches("""
            [system.A]
            stage = "update"
            read = ["Position"]
            after = ["B"]

            [system.B]
            stage = "update"
            read = ["Position"]

            [system.C]
            stage = "update"
            read = ["Position"]
            before = ["A"]

            [system.D]
            stage = "update"
            read = ["Position"]
            after = ["A"]
        """), "kiln::batch<B, C>, kiln::batch<A>, kiln::batch<D>")

    def test_conflicts_go_to_later_batches_in_schema_order(self):
        self.assertEqual(self.batches(MOVE + """
            [system.Push]
            stage = "update"
            write = ["Position"]

            [system.Look]
            stage = "update"
            read = ["Velocity"]

            [system.Pull]
            stage = "update"
            write = ["Position"]
            ambiguous_with = ["Move", "Push"]
        """), "kiln::batch<Move, Look>, kiln::batch<Push>, kiln::batch<Pull>")

    def test_priority_goes_first_among_the_ready(self):
        self.assertEqual(self.batches(MOVE + """
            [system.Push]
            stage = "update"
            write = ["Position"]
            priority = 5

            [system.Pull]
            stage = "update"
            write = ["Position"]
            priority = -1

            [system.Late]
            stage = "update"
            write = ["Velocity"]
            priority = 9
            after = ["Pull"]
        """), "kiln::batch<Push>, kiln::batch<Move>, kiln::batch<Pull>, kiln::batch<Late>")

    def test_disjoint_filters_share_a_batch(self):
        self.assertEqual(self.batches("""
            [system.Move]
            stage = "update"
            write = ["Position"]
            without = ["Frozen"]

            [system.Thaw]
            stage = "update"
            write = ["Position"]
            with = ["Frozen"]
        """), "kiln::batch<Move, Thaw>")

    def test_systems_that_write_one_resource_do_not_share_a_batch(self):
        self.assertEqual(self.batches("""
            [system.Tick]
            stage = "update"
            resources_write = ["Time"]

            [system.Look]
            stage = "update"
            read = ["Position"]
            resources = ["Time"]
            after = ["Tick"]

            [system.Rewind]
            stage = "update"
            resources_write = ["Time"]
            ambiguous_with = ["Tick", "Look"]
        """), "kiln::batch<Tick>, kiln::batch<Look>, kiln::batch<Rewind>")

    def test_a_stage_of_its_own(self):
        self.assertEqual(self.batches(MOVE.replace('"update"', '"render"'), stage="render"), "kiln::batch<Move>")


class Determinism(SystemsTestCase):
    def test_the_same_schema_gives_the_same_bytes(self):
        text = self.with_world(self.random_systems(random.Random(7), 40))
        first = self.outputs(text)
        second = self.outputs(text)
        self.assertEqual(first, second)

    def test_batches_respect_order_and_never_hold_a_conflict(self):
        from kiln_codegen.access import conflicts

        for seed in range(20):
            with self.subTest(seed=seed):
                path = self.write("game.toml", self.with_world(self.random_systems(random.Random(seed), 25)))
                schema = validate(load_all([str(path)]))
                for stage in schema.stages:
                    batch_of = {system.name: index for index, batch in enumerate(stage.batches) for system in batch}
                    self.assertEqual(sorted(batch_of), sorted(s.name for s in schema.systems if s.stage == stage.name))
                    for earlier, later in stage.order:
                        self.assertLess(batch_of[earlier.name], batch_of[later.name])
                    for batch in stage.batches:
                        for index, one in enumerate(batch):
                            for other in batch[index + 1:]:
                                self.assertEqual(conflicts(one.access, other.access, schema.archetypes), ())

    @staticmethod
    def random_systems(rng: random.Random, count: int) -> str:
        """`count` systems over two stages, with random access and an acyclic order (after earlier ones only)."""
        components = ["Position", "Velocity", "Color"]
        text = []
        stages = []
        for index in range(count):
            stage = rng.choice(["update", "render"])
            stages.append(stage)
            chosen = rng.sample(components, rng.randint(1, 3))
            split = rng.randint(0, len(chosen))
            filters = rng.choice(['', 'with = ["Frozen"]', 'without = ["Frozen"]'])
            resources = rng.choice(['', 'resources = ["Time"]', 'resources_write = ["Time"]'])
            earlier = [f"S{other}" for other in range(index) if stages[other] == stage and rng.random() < 0.1]
            text.append(f'[system.S{index}]\nstage = "{stage}"\nwrite = {chosen[:split]!r}\nread = {chosen[split:]!r}\n'
                        f'{filters}\n{resources}\npriority = {rng.randint(-1, 1)}\n'
                        f'after = {earlier!r}\n'.replace("'", '"'))
        return "\n".join(text)


if __name__ == "__main__":
    unittest.main()
