"""[state.NAME], [set.NAME], [stage.NAME], run_if and on_enter/on_exit (docs/states.md): every
mistake kilnc reports, where (to the word inside a condition) and with what fix, the warning for a
condition whose stage writes its input, and what kilnc writes for them."""

import unittest

from .support import SchemaTestCase

BASE = """
[kiln]
namespace = "game"

[component.Position]
x = "f32"

[component.Frozen]

[resource.Game]
over = "bool"
lives = "u8"
speed = "f32"

[archetype.Dot]
components = ["Position"]

[archetype.FrozenDot]
components = ["Position", "Frozen"]

[state.Phase]
values = ["title", "playing"]
"""
BASE_LINES = BASE.count("\n") - 1  # the schema's last line; what a test adds starts two lines later


def line(n: int) -> int:
    """Line n (from 1) of what a test adds after BASE and one blank line."""
    return BASE_LINES + 1 + n


class States(SchemaTestCase):
    def check(self, more: str) -> list[str]:
        return self.errors(BASE + more)

    def test_values_must_be_enumerators_each_once(self):
        errors = self.check("""
[state.Mode]
values = ["chase", "2x", "chase"]
""")
        self.assertEqual(errors, [
            f"game.toml:{line(2)}:20: error: state 'Mode': value \"2x\" is not a C identifier (ASCII letters, digits "
            "and '_', not starting with a digit); each value is a C++ enumerator",
            f"game.toml:{line(2)}:26: error: state 'Mode': value \"chase\" is listed twice; each value is a C++ "
            "enumerator"])

    def test_values_are_required(self):
        errors = self.check("""
[state.Mode]
initial = "chase"
""")
        self.assertEqual(errors, [f'game.toml:{line(1)}:8: error: state \'Mode\' needs values = ["...", ...]: a list '
                                  'of at least one name, like values = ["title", "playing"], not nothing'])

    def test_initial_is_one_of_the_values(self):
        errors = self.check("""
[state.Mode]
values = ["chase", "scatter"]
initial = "scater"
""")
        self.assertEqual(errors, [f"game.toml:{line(3)}:1: error: state 'Mode': initial \"scater\" is not one of its "
                                  "values; did you mean 'scatter'?"])

    def test_destroy_on_exit_names_values_and_archetypes_or_components(self):
        errors = self.check("""
[state.Mode]
values = ["chase", "scatter"]
destroy_on_exit = { chse = ["Dot"], chase = ["Nothing", "Position"] }
""")
        self.assertEqual(errors, [
            f"game.toml:{line(3)}:21: error: state 'Mode': destroy_on_exit names 'chse', which is not one of its "
            "values; did you mean 'chase'?",
            f"game.toml:{line(3)}:46: error: state 'Mode': unknown archetype or component 'Nothing'; destroy_on_exit "
            "lists archetypes, or components (every archetype holding one)"])

    def test_a_state_is_in_the_name_space(self):
        errors = self.check("""
[resource.Phase]
x = "u8"
""")
        self.assertEqual(len(errors), 1)
        self.assertIn("the name 'Phase' is already taken by state 'Phase'", errors[0])


class Transitions(States):
    def test_on_enter_names_a_state_and_one_of_its_values(self):
        errors = self.check("""
[system.Enter]
on_enter = "Phase.plaing"
resources = ["Game"]

[system.Exit]
on_exit = "Phsae.title"
resources = ["Game"]

[system.Bad]
on_enter = "Phase"
resources = ["Game"]
""")
        self.assertEqual(errors, [
            f"game.toml:{line(2)}:1: error: system 'Enter': on_enter: state 'Phase' has no value 'plaing'; did you "
            "mean 'playing'?",
            f"game.toml:{line(6)}:1: error: system 'Exit': on_exit: unknown state 'Phsae'; did you mean 'Phase'?",
            f"game.toml:{line(10)}:1: error: system 'Bad': on_enter must name a state and one of its values, like "
            "\"Phase.playing\", or list them, like [\"Wave.scatter\", \"Wave.chase\"], not \"Phase\""])

    def test_a_system_runs_in_a_stage_or_on_a_transition_not_both(self):
        errors = self.check("""
[system.Both]
stage = "update"
on_exit = "Phase.title"
resources = ["Game"]
""")
        self.assertEqual(errors, [f"game.toml:{line(3)}:1: error: system 'Both' has both stage and on_exit: a system "
                                  "runs in a stage, or when a state enters a value, or when it leaves one; keep one"])

    def test_systems_of_one_transition_are_planned_and_ordered_like_a_stage(self):
        outputs = self.outputs(BASE + """
[system.Spawn]
on_enter = "Phase.playing"
commands = true

[system.Score]
on_enter = "Phase.playing"
resources_write = ["Game"]
after = ["Spawn"]

[system.Bye]
on_exit = "Phase.playing"
resources_write = ["Game"]
""")
        self.assertIn("kiln::state_plan<Phase, kiln::type_list<kiln::transition_plan<Phase::playing, "
                      "kiln::type_list<kiln::batch<Bye>>>>, kiln::type_list<kiln::transition_plan<Phase::playing, "
                      "kiln::type_list<kiln::batch<Spawn>, kiln::batch<Score>>>>, kiln::type_list<>>",
                      outputs["world.hpp"])
        self.assertIn("// System run on entering Phase::playing: runs once each time. The game defines run().",
                      outputs["systems.hpp"])

    def test_after_relates_systems_of_the_same_transition_only(self):
        errors = self.check("""
[system.Spawn]
on_enter = "Phase.playing"
commands = true

[system.Move]
stage = "update"
write = ["Position"]
after = ["Spawn"]
""")
        self.assertEqual(errors, [f"game.toml:{line(8)}:10: error: system 'Move' runs in stage 'update', but after "
                                  "names system 'Spawn' of stage 'Phase.playing.enter'; after relates systems of one "
                                  "stage (the stages run one after another), so remove it"])


    def test_on_enter_and_on_exit_take_a_list_of_values(self):
        outputs = self.outputs(BASE + """
[state.Wave]
values = ["scatter", "chase"]

[system.Spawn]
on_enter = "Wave.scatter"
commands = true

[system.Turn]
on_enter = ["Wave.scatter", "Wave.chase"]
write = ["Position"]
after = ["Spawn"]

[system.Late]
on_enter = "Wave.chase"
write = ["Position"]
after = ["Turn"]

[system.Bye]
on_exit = ["Phase.title", "Wave.chase"]
resources_write = ["Game"]
""")
        # Turn is after Spawn where both run, and alone where Spawn does not.
        self.assertIn("kiln::state_plan<Wave, kiln::type_list<kiln::transition_plan<Wave::chase, kiln::type_list<"
                      "kiln::batch<Bye>>>>, kiln::type_list<kiln::transition_plan<Wave::scatter, kiln::type_list<"
                      "kiln::batch<Spawn>, kiln::batch<Turn>>>, kiln::transition_plan<Wave::chase, kiln::type_list<"
                      "kiln::batch<Turn>, kiln::batch<Late>>>>, kiln::type_list<>>", outputs["world.hpp"])
        self.assertIn("kiln::state_plan<Phase, kiln::type_list<kiln::transition_plan<Phase::title, kiln::type_list<"
                      "kiln::batch<Bye>>>>, kiln::type_list<>, kiln::type_list<>>", outputs["world.hpp"])
        self.assertIn("// System run on entering Wave::scatter or Wave::chase: runs for each entity with Position. The "
                      "game\n// defines run().", outputs["systems.hpp"])

    def test_a_list_of_values_names_each_once_and_each_right(self):
        errors = self.check("""
[state.Wave]
values = ["scatter", "chase"]

[system.Twice]
on_enter = ["Wave.chase", "Wave.chase"]
resources = ["Game"]

[system.Wrong]
on_exit = ["Wave.chase", "Wave.chse"]
resources = ["Game"]

[system.Empty]
on_exit = []
resources = ["Game"]

[system.Apart]
stage = "update"
resources = ["Game"]
after = ["Twice", "Wrong"]

[system.Other]
on_enter = ["Phase.title", "Phase.playing"]
resources = ["Game"]
before = ["Apart"]
""")
        self.assertEqual(errors, [
            f"game.toml:{line(5)}:27: error: system 'Twice': on_enter lists \"Wave.chase\" twice; remove one",
            f"game.toml:{line(9)}:26: error: system 'Wrong': on_exit: state 'Wave' has no value 'chse'; did you mean "
            "'chase'?",
            f"game.toml:{line(13)}:1: error: system 'Empty': on_exit must name a state and one of its values, like "
            "\"Phase.playing\", or list them, like [\"Wave.scatter\", \"Wave.chase\"], not []",
            f"game.toml:{line(24)}:11: error: system 'Other' runs in stages 'Phase.title.enter' and "
            "'Phase.playing.enter', but before names system 'Apart' of stage 'update'; before relates systems of one "
            "stage (the stages run one after another), so remove it"])

class Conditions(States):
    def run_if(self, condition: str) -> list[str]:
        return self.check(f"""
[system.Move]
stage = "update"
write = ["Position"]
run_if = "{condition}"
""")

    def test_each_mistake_is_reported_at_its_word(self):
        for condition, column, message in (
                ("Phase == plaing", 20, "state 'Phase' has no value 'plaing'; did you mean 'playing'?"),
                ("Phase", 11, "state 'Phase' is a value, not true or false: compare it, like Phase == title"),
                ("Phase = title", 17, "unexpected '='; compare with =="),
                ("Phase < title", 17, "state 'Phase' is a value, not true or false: compare it, like Phase == title"),
                ("Game.lives and not Game.over", 16, "Game.lives is not a bool; compare it with a literal, like "
                                                     "Game.lives > 0"),
                ("Game.lives > 300", 24, "300 is out of Game.lives's range (u8: 0 to 255)"),
                ("Game.lives > 1.5", 24, "Game.lives is a whole number (u8), so compare it with one, not 1.5"),
                ("Game.over > true", 21, "Game.over is a bool: test it alone (Game.over, not Game.over), or compare "
                                         "it with == or != to true or false"),
                ("Game.livs > 0", 16, "resource 'Game' has no field 'livs'; did you mean 'lives'?"),
                ("Game", 11, "'Game' is a resource: test one of its fields, like Game.over"),
                ("Gmae.over", 11, "unknown name 'Gmae'; did you mean 'Game'?"),
                ("Dot", 11, "'Dot' is an archetype; test whether such entities exist with any(Dot)"),
                ("any(Positon)", 15, "unknown archetype or component 'Positon'; any(...) takes an archetype, or "
                                     "components an entity must hold (and, after not, must not)"),
                ("any(Position, not Position)", 11, "no archetype holds 'Position' without 'Position', so any(...) "
                                                    "would never hold; fix the names or declare such an archetype"),
                ("(Game.over", 21, "expected ')' to close the '(' at offset 0, found the end of the condition"),
                ("Game.over Game.over", 21, "unexpected 'Game' after a whole condition; join conditions with and or "
                                            "or"),
                ("", 11, "the condition is empty; write one, like \"Phase == playing\" or \"not Game.over\""),
                ("every(0)", 17, "every(N) takes a whole number of runs of its stage from 1 to 4294967295, like "
                                 "every(30), not '0'"),
                ("every(2.5)", 17, "every(N) takes a whole number of runs of its stage from 1 to 4294967295, like "
                                   "every(30), not '2.5'"),
        ):
            with self.subTest(condition=condition):
                self.assertEqual(self.run_if(condition),
                                 [f"game.toml:{line(4)}:{column}: error: system 'Move': run_if: {message}"])

    def test_valid_conditions_become_types(self):
        outputs = self.outputs(BASE + """
[system.Move]
stage = "update"
write = ["Position"]
run_if = "(Phase == playing or Game.speed < 0.5) and not Game.over and any(Position, not Frozen) and Game.lives != 0 and every(30)"
""")
        self.assertIn("    // run_if: (Phase == playing or Game.speed < 0.5) and not Game.over and any(Position, not "
                      "Frozen) and Game.lives != 0 and every(30) (evaluated when its stage starts).\n"
                      "    using run_if = kiln::all_of<kiln::any_of<kiln::in_state<Phase, Phase::playing>, "
                      "kiln::field_compare<&Game::speed, kiln::compare::less, kiln::f32_literal<0x3f000000u>>>, "
                      "kiln::not_<kiln::field_is<&Game::over>>, kiln::any_entity<Dot>, kiln::field_compare<"
                      "&Game::lives, kiln::compare::not_equal, kiln::literal<std::uint8_t{0}>>, kiln::every<30>>;\n",
                      outputs["systems.hpp"])
        self.assertIn("#include <kiln/schedule/run_condition.hpp>", outputs["systems.hpp"])

    def test_sets_share_a_condition_and_add_to_a_systems_own(self):
        outputs = self.outputs(BASE + """
[set.Play]
run_if = "Phase == playing"
doc = "Play."

[system.Move]
stage = "update"
write = ["Position"]
sets = ["Play"]
run_if = "not Game.over"

[stage.render]
run_if = "Phase != title"
""")
        self.assertIn("\n\n// Set of systems: each runs only while Phase == playing.\n"
                      "struct Play : kiln::in_state<Phase, Phase::playing> {\n", outputs["systems.hpp"])
        self.assertNotIn("// Play.", outputs["systems.hpp"])  # its doc is the schema's (docs/compile_time.md)
        self.assertIn("    using run_if = kiln::all_of<Play, kiln::not_<kiln::field_is<&Game::over>>>;\n",
                      outputs["systems.hpp"])
        self.assertIn("kiln::stage_plan<stage::render, kiln::type_list<>, kiln::stage_role::frame, "
                      "kiln::not_<kiln::in_state<Phase, Phase::title>>>", outputs["world.hpp"])

    def test_sets_and_stage_tables_are_checked(self):
        errors = self.check("""
[system.Move]
stage = "update"
write = ["Position"]
sets = ["Ply", "Game"]

[set.Play]
doc = "no condition"

[stage.updte]
run_if = "Game.over"
""")
        self.assertEqual(errors, [
            f"game.toml:{line(4)}:9: error: system 'Move': unknown set 'Ply'; did you mean 'Play'?",
            f"game.toml:{line(4)}:16: error: system 'Move': 'Game' is a resource, not a set",
            f"game.toml:{line(6)}:6: error: set 'Play' has no run_if; add the condition its systems share, like "
            "run_if = \"Phase == playing\"",
            f"game.toml:{line(9)}:8: error: [stage.updte]: unknown stage 'updte'; did you mean 'update'?"])

    def test_a_state_in_resources_is_handed_as_kiln_state(self):
        outputs = self.outputs(BASE + """
[system.Start]
stage = "update"
resources_write = ["Phase"]
resources = ["Game"]
""")
        self.assertIn("    using resources = kiln::type_list<kiln::state<Phase>, const Game>;\n", outputs["systems.hpp"])
        self.assertIn("    static void run(kiln::state<Phase>& phase, const Game& game);", outputs["systems.hpp"])
        self.assertIn("enum class Phase : std::uint8_t {\n    title,\n    playing,\n};\n", outputs["components.hpp"])
        self.assertIn("    static constexpr game::Phase initial = game::Phase::title;\n", outputs["components.hpp"])


STALE = BASE + """
[system.Hit]
stage = "update"
read = ["Position"]
resources_write = ["Game", "Phase"]

[system.Move]
stage = "update"
write = ["Position"]
run_if = "not Game.over and Phase == playing"
after = ["Hit"]

[system.Late]
stage = "update"
resources = ["Game"]
run_if = "Game.over"
before = ["Hit"]
"""


class StaleInputs(States):
    def test_a_condition_whose_stage_writes_its_input_before_it_is_reported(self):
        # Move: Hit writes Game before it. Late: Hit runs after it, so evaluating at the stage's start is what
        # Late would see anyway. Hit writes Phase too, but a request changes Phase only at the stage's end.
        self.assertEqual(self.warnings(STALE), [
            f"game.toml:{line(9)}:1: warning: system 'Move' runs only while its condition holds, which reads Game, "
            "but 'Hit' of stage 'update' writes Game and does not run after it: the condition is evaluated once, "
            "when the stage starts, so 'Move' would not see what 'Hit' writes in the same run; move 'Hit' to an "
            "earlier stage, order it after 'Move' (after = [\"Move\"]), or test Game in 'Move's run()"])

    def test_strict_makes_it_an_error(self):
        errors = self.errors(STALE.replace('namespace = "game"', 'namespace = "game"\nstrict = true'))
        self.assertEqual(len(errors), 1)
        self.assertTrue(errors[0].startswith(f"game.toml:{line(9) + 1}:1: error: system 'Move' runs only while"))

    def test_a_set_condition_is_reported_at_the_set(self):
        warnings = self.warnings(BASE + """
[set.Alive]
run_if = "not Game.over"

[system.Hit]
stage = "update"
resources_write = ["Game"]

[system.Move]
stage = "update"
write = ["Position"]
sets = ["Alive"]
""")
        self.assertEqual(len(warnings), 1)
        self.assertTrue(warnings[0].startswith(f"game.toml:{line(2)}:1: warning: system 'Move' runs only while"),
                        warnings[0])


EXCLUSIVE = BASE + """
[resource.Score]
points = "u32"

[system.Start]
stage = "update"
resources_write = ["Score"]
run_if = "{first}"

[system.Play]
stage = "update"
resources_write = ["Score"]
run_if = "{second}"
"""


class Exclusive(States):
    """Systems whose conditions cannot both hold as the stage starts never both run in one run of it."""

    def schema(self, first: str, second: str) -> str:
        return EXCLUSIVE.format(first=first, second=second)

    def test_exclusive_conditions_neither_conflict_nor_need_an_order_and_share_a_batch(self):
        for first, second in (("Phase == title", "Phase == playing"),
                              ("Phase != playing", "Phase == playing"),
                              ("Game.lives == 0", "Game.lives > 0"),
                              ("Game.lives <= 3", "not (Game.lives < 4)"),
                              ("Game.over", "Game.over == false"),
                              ("any(Dot)", "not any(Dot)"),
                              ("Phase == title or Game.over", "Phase == playing and not Game.over"),
                              ("Phase == title and Game.lives > 2", "Phase == playing or Game.lives < 1")):
            with self.subTest(first=first, second=second):
                schema = self.schema(first, second)
                self.assertEqual(self.warnings(schema), [])
                self.assertIn("kiln::stage_plan<stage::update, kiln::type_list<kiln::batch<Start, Play>>",
                              self.outputs(schema)["world.hpp"])

    def test_conditions_that_can_both_hold_still_conflict(self):
        for first, second in (("Phase == title", "Phase != playing"),
                              ("Game.lives > 2", "Game.lives < 5"),
                              ("Game.lives != 0", "Game.lives != 1"),
                              ("Phase == title or Game.over", "Phase == playing"),
                              ("every(2)", "every(3)"),
                              ("Game.speed > 1.0", "Game.speed < 0.0"),  # floats are not read as ranges
                              ("Phase == title", "Game.over")):
            with self.subTest(first=first, second=second):
                self.assertEqual(self.warnings(self.schema(first, second)), [
                    f"game.toml:{line(9)}:9: warning: systems 'Start' and 'Play' in stage 'update' conflict (both "
                    "write Score) and nothing orders them; add after/before, or ambiguous_with to accept either order"])

    def test_sets_and_the_stage_condition_count(self):
        schema = BASE + """
[set.Title]
run_if = "Phase == title"

[stage.update]
run_if = "not Game.over"

[resource.Score]
points = "u32"

[system.Start]
stage = "update"
resources_write = ["Score"]
sets = ["Title"]

[system.Play]
stage = "update"
resources_write = ["Score"]
run_if = "Phase == playing"

[system.Over]
stage = "update"
resources_write = ["Score"]
run_if = "Game.over"
"""
        # Over never runs: the stage runs only while Game.over is false.
        self.assertEqual(self.warnings(schema), [])
        self.assertIn("kiln::type_list<kiln::batch<Start, Play, Over>>", self.outputs(schema)["world.hpp"])

    def test_exclusive_recorders_of_commands_share_a_batch_and_need_no_flush(self):
        schema = MODES + """
[archetype.Ghost]
components = ["Position"]
one_of = [["Chase", "Scared"], ["Home", "Out"]]

[state.Wave]
values = ["scatter", "chase"]

[system.Frighten]
stage = "update"
read = ["Position"]
with = ["Chase"]
commands = true
changes = ["Chase", "Scared"]
run_if = "Wave == scatter"

[system.Flee]
stage = "update"
write = ["Position"]
with = ["Scared"]
commands = true
changes = ["Chase", "Scared"]
run_if = "Wave == chase"
"""
        self.assertEqual(self.warnings(schema), [])
        self.assertIn("kiln::type_list<kiln::batch<Frighten, Flee>>, kiln::stage_role::frame>",
                      self.outputs(schema)["world.hpp"])
        # Ordered, the later one needs no flush either: it never runs in a run where the other does.
        self.assertIn("kiln::type_list<kiln::batch<Frighten>, kiln::batch<Flee>>, kiln::stage_role::frame>",
                      self.outputs(schema + 'after = ["Frighten"]\n')["world.hpp"])


    def test_a_writer_whose_condition_excludes_the_readers_leaves_no_stale_input(self):
        # Each writes what the other's condition reads; neither runs in a run of the stage where the other does.
        schema = BASE + """
[resource.Freeze]
steps = "u16"

[system.Devour]
stage = "update"
resources_write = ["Freeze"]
run_if = "Phase == playing and Freeze.steps == 0"

[system.Thaw]
stage = "update"
resources_write = ["Freeze"]
run_if = "Freeze.steps > 0"
"""
        self.assertEqual(self.warnings(schema), [])
        self.assertIn("kiln::type_list<kiln::batch<Devour, Thaw>>", self.outputs(schema)["world.hpp"])
        # Conditions that can both hold: the one that runs later reads what the earlier writes.
        warnings = self.warnings(schema.replace("Freeze.steps > 0", "Freeze.steps < 5") + 'after = ["Devour"]\n')
        self.assertEqual(len(warnings), 1)
        self.assertTrue(warnings[0].startswith(f"game.toml:{line(12)}:1: warning: system 'Thaw' runs only while its "
                                               "condition holds, which reads Freeze, but 'Devour'"), warnings[0])


if __name__ == "__main__":
    unittest.main()


MODES = """
[kiln]
namespace = "game"

[component.Position]
x = "f32"

[component.Chase]

[component.Scared]

[component.Home]

[component.Out]
"""


class Modes(SchemaTestCase):
    def test_one_of_is_written_out_as_archetypes(self):
        outputs = self.outputs(MODES + """
[archetype.Ghost]
components = ["Position"]
one_of = [["Chase", "Scared"], ["Home", "Out"]]
""")
        self.assertIn("    using archetypes = kiln::type_list<GhostChaseHome, GhostChaseOut, GhostScaredHome, "
                      "GhostScaredOut>;\n", outputs["world.hpp"])
        self.assertIn('inline constexpr kiln::schema_origin GhostChaseHome::origin = {"game.toml", 15};\n',
                      outputs["world.hpp"])  # each says where the archetype it stands for is declared

    def test_one_of_mistakes(self):
        errors = self.errors(MODES + """
[archetype.Ghost]
components = ["Position", "Chase"]
one_of = [["Chase", "Scared"], ["Home"], ["Out", "Scard"]]

[archetype.Blinky]
components = ["Position"]
one_of = "Chase"
""")
        # The archetypes are checked without their one_of, so the components only it names are unheld.
        errors = [error for error in errors if ": error: " in error]
        self.assertEqual(errors, [
            "game.toml:17:12: error: archetype 'Ghost': 'Chase' is listed twice among components and one_of; an "
            "entity holds it or not, so list it once",
            "game.toml:17:32: error: archetype 'Ghost': one_of[1] must name at least two components, one of which "
            "each entity holds; a single one belongs in components",
            "game.toml:17:50: error: archetype 'Ghost': unknown component 'Scard' in one_of; did you mean 'Scared'?",
            "game.toml:21:1: error: archetype 'Blinky': one_of must be a list of groups of components, like "
            "[[\"Chase\", \"Scatter\"]], not \"Chase\""])


FLUSH = MODES + """
[archetype.Ghost]
components = ["Position"]
one_of = [["Chase", "Scared"], ["Home", "Out"]]

[system.Frighten]
stage = "update"
read = ["Position"]
with = ["Chase"]
commands = true
changes = ["Chase", "Scared"]

[system.Flee]
stage = "update"
write = ["Position"]
with = ["Scared"]
"""


class Flushes(SchemaTestCase):
    def test_a_flush_is_placed_before_a_later_system_that_would_miss_a_change(self):
        outputs = self.outputs(FLUSH + 'after = ["Frighten"]\n')
        self.assertIn("kiln::stage_plan<stage::update, kiln::type_list<kiln::batch<Frighten>, kiln::flush, "
                      "kiln::batch<Flee>>, kiln::stage_role::frame>", outputs["world.hpp"])

    def test_an_archetype_created_by_commands_counts_for_the_systems_that_run_on_it(self):
        outputs = self.outputs(MODES + """
[archetype.Ghost]
components = ["Position", "Chase"]

[resource.Level]
n = "u8"

[system.Spawn]
stage = "update"
resources = ["Level"]
commands = true
changes = ["Ghost"]

[system.Move]
stage = "update"
write = ["Position"]
after = ["Spawn"]

[system.Tally]
stage = "update"
resources_write = ["Level"]
after = ["Spawn"]
""")
        # Move runs on Ghost; Tally on no archetype, and needs no flush (it shares Move's batch).
        self.assertIn("kiln::type_list<kiln::batch<Spawn>, kiln::flush, kiln::batch<Move, Tally>>",
                      outputs["world.hpp"])

    def test_a_change_nothing_orders_is_reported_with_the_after_to_add(self):
        self.assertEqual(self.warnings(FLUSH), [
            "game.toml:26:9: warning: system 'Flee' runs on entities whose Scared system 'Frighten' changes through "
            "commands in the same stage 'update', and nothing orders the two: commands apply when the stage ends, "
            "so whether 'Flee' sees the change depends on an order nobody chose; add after = [\"Frighten\"] to "
            "'Flee' (kilnc then applies 'Frighten''s commands before it runs), or before = [\"Frighten\"] to keep "
            "the world as the stage found it"])
        strict = self.errors(FLUSH.replace('namespace = "game"', 'namespace = "game"\nstrict = true'))
        self.assertEqual(len(strict), 1)
        self.assertTrue(strict[0].startswith("game.toml:27:9: error: system 'Flee' runs on entities whose Scared"))

    def test_a_system_that_reaches_a_change_through_a_lookup_optional_or_has_gets_a_flush(self):
        changer = MODES + """
[archetype.Ghost]
components = ["Position"]
one_of = [["Chase", "Scared"], ["Home", "Out"]]

[component.Fear]
level = "f32"

[archetype.Frightened]
components = ["Position", "Fear"]

[system.Frighten]
stage = "update"
read = ["Position"]
with = ["Chase"]
commands = true
changes = ["Chase", "Scared", "Fear"]

[system.Watch]
stage = "update"
read = ["Position"]
after = ["Frighten"]
"""
        self.assertIn("kiln::type_list<kiln::batch<Frighten>, kiln::batch<Watch>>",
                      self.outputs(changer)["world.hpp"])
        for reach in ('has = ["Scared"]\n', 'optional = ["Fear"]\n',
                      '\n[system.Watch.lookup.frightened]\nread = ["Position"]\nwith = ["Scared"]\n'):
            with self.subTest(reach=reach):
                self.assertIn("kiln::type_list<kiln::batch<Frighten>, kiln::flush, kiln::batch<Watch>>",
                              self.outputs(changer + reach)["world.hpp"])

    def test_no_flush_follows_batches_that_record_no_commands(self):
        # Watch would miss Frighten's change too, but the flush before Flee applied it, and Flee records none.
        outputs = self.outputs(FLUSH + 'after = ["Frighten"]\n' + """
[system.Watch]
stage = "update"
read = ["Position"]
with = ["Scared"]
after = ["Flee"]
""")
        self.assertIn("kiln::type_list<kiln::batch<Frighten>, kiln::flush, kiln::batch<Flee>, kiln::batch<Watch>>",
                      outputs["world.hpp"])
        # A recorder between the two flushes keeps the second.
        outputs = self.outputs(FLUSH + 'after = ["Frighten"]\ncommands = true\nchanges = ["Home"]\n' + """
[system.Watch]
stage = "update"
read = ["Position"]
with = ["Scared", "Home"]
after = ["Flee"]
""")
        self.assertIn("kiln::type_list<kiln::batch<Frighten>, kiln::flush, kiln::batch<Flee>, kiln::flush, "
                      "kiln::batch<Watch>>", outputs["world.hpp"])

    def test_a_system_ordered_before_the_changer_needs_no_flush(self):
        outputs = self.outputs(FLUSH + 'before = ["Frighten"]\n')
        self.assertIn("kiln::type_list<kiln::batch<Flee>, kiln::batch<Frighten>>", outputs["world.hpp"])

    def test_changes_mistakes(self):
        errors = self.errors(MODES + """
[archetype.Ghost]
components = ["Position", "Chase"]

[system.Look]
stage = "update"
read = ["Position"]
changes = ["Chase"]

[system.Spawn]
stage = "update"
read = ["Position"]
commands = true
changes = ["Ghots", "Chase"]
""")
        errors = [error for error in errors if ": error: " in error]
        self.assertEqual(errors, [
            "game.toml:21:1: error: system 'Look' has changes but no commands = true; only commands change what "
            "changes lists: add commands = true, or remove changes",
            "game.toml:27:12: error: system 'Spawn': unknown component or archetype 'Ghots' in changes; did you mean "
            "'Ghost'?"])
