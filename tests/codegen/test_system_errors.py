"""Every mistake in [system.X], [observer.X] and the [kiln] settings of the schedule: where it is
reported and what the message says."""

import unittest

from .systems_support import SystemsTestCase, line


class StageErrors(SystemsTestCase):
    def test_unknown_stage_suggests_a_close_one(self):
        errors = self.system_errors("""
            [system.Move]
            stage = "updte"
            write = ["Position"]
        """)
        self.assertEqual(errors, [f"game.toml:{line(2)}:1: error: system 'Move': unknown stage \"updte\"; did you mean "
                                  "'update'?"])

    def test_unknown_stage_without_a_close_one_lists_the_stages(self):
        errors = self.system_errors("""
            [system.Move]
            stage = "physics"
            write = ["Position"]
        """)
        self.assertError(errors, f"game.toml:{line(2)}:1", "the stages are 'init', 'fixed_update', 'update', 'render' "
                         "and 'shutdown'; [kiln] stages = [...] declares others")

    def test_a_stage_declared_in_kiln_is_known(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"
            stages = ["physics"]

            [resource.Time]
            dt = "f32"

            [system.Step]
            stage = "physics"
            resources_write = ["Time"]

            [system.Draw]
            stage = "render"
            resources = ["Time"]
        """)
        self.assertEqual(errors, ["game.toml:13:1: error: system 'Draw': unknown stage \"render\"; the stages are "
                                  "'physics'; [kiln] stages = [...] declares others"])

    def test_missing_stage(self):
        errors = self.system_errors("""
            [system.Move]
            write = ["Position"]
        """)
        self.assertEqual(errors, [f"game.toml:{line(1)}:9: error: system 'Move' has no stage; add stage = \"update\" "
                                  "(one of 'init', 'fixed_update', 'update', 'render' or 'shutdown')"])

    def test_a_misspelled_stage_is_reported_once(self):
        errors = self.system_errors("""
            [system.Move]
            stag = "update"
            write = ["Position"]
        """)
        self.assertEqual(errors, [f"game.toml:{line(2)}:1: error: system 'Move': unknown key 'stag'; did you mean "
                                  "'stage'?"])


class AccessErrors(SystemsTestCase):
    def test_unknown_names_and_names_of_the_wrong_kind(self):
        errors = self.system_errors("""
            [system.Move]
            stage = "update"
            write = ["Postion", "Time", 3]
            resources = ["Tme", "Velocity"]
        """)
        self.assertEqual(errors, [
            f"game.toml:{line(3)}:10: error: system 'Move': unknown component 'Postion' in write; did you mean "
            "'Position'?",
            f"game.toml:{line(3)}:21: error: system 'Move': 'Time' in write is a resource, not a component; list "
            "resources in resources or resources_write",
            f"game.toml:{line(3)}:29: error: system 'Move': write[2] must be a component's name in quotes, not 3",
            f"game.toml:{line(4)}:14: error: system 'Move': unknown resource 'Tme' in resources; did you mean 'Time'?",
            f"game.toml:{line(4)}:21: error: system 'Move': 'Velocity' in resources is a component, not a resource; "
            "list components in read or write",
        ])

    def test_lists_must_be_arrays_of_names_each_once(self):
        errors = self.system_errors("""
            [system.Move]
            stage = "update"
            write = "Position"
            read = ["Velocity", "Velocity"]
        """)
        self.assertEqual(errors, [
            f"game.toml:{line(3)}:1: error: system 'Move': write must be an array of component names, like "
            "[\"Position\"], not \"Position\"",
            f"game.toml:{line(4)}:21: error: system 'Move' lists 'Velocity' twice in read; remove one",
        ])

    def test_read_and_write_of_the_same_component(self):
        errors = self.system_errors("""
            [system.Move]
            stage = "update"
            write = ["Position"]
            read = ["Velocity", "Position"]
        """)
        self.assertEqual(errors, [f"game.toml:{line(4)}:21: error: system 'Move': 'Position' is in both write and read; "
                                  "list it in write alone (writing includes reading)"])

    def test_read_and_write_of_the_same_resource(self):
        errors = self.system_errors("""
            [system.Tick]
            stage = "update"
            resources_write = ["Time"]
            resources = ["Time"]
        """)
        self.assertError(errors, f"game.toml:{line(4)}:14", "system 'Tick': 'Time' is in both resources_write and "
                         "resources; list it in resources_write alone")

    def test_a_tag_cannot_be_read_or_written(self):
        errors = self.system_errors("""
            [system.Thaw]
            stage = "update"
            read = ["Frozen"]

            [system.Freeze]
            stage = "update"
            write = ["Frozen"]
        """)
        self.assertEqual(errors, [
            f"game.toml:{line(3)}:9: error: system 'Thaw': 'Frozen' in read is a tag (a component without fields), so "
            "there is nothing to read; put it in with to require it",
            f"game.toml:{line(7)}:10: error: system 'Freeze': 'Frozen' in write is a tag (a component without fields), "
            "so there is nothing to write; put it in with to require it",
        ])

    def test_with_and_without_the_same_component(self):
        errors = self.system_errors("""
            [system.Never]
            stage = "update"
            read = ["Position"]
            with = ["Frozen"]
            without = ["Frozen"]
        """)
        self.assertEqual(errors, [f"game.toml:{line(5)}:12: error: system 'Never': 'Frozen' is in both with and "
                                  "without, so no entity matches this system; remove one"])

    def test_accessed_and_without(self):
        errors = self.system_errors("""
            [system.Never]
            stage = "update"
            read = ["Position"]
            without = ["Position"]
        """)
        self.assertError(errors, f"game.toml:{line(4)}:12", "'Position' is in both read and without, so no entity "
                         "matches this system")

    def test_accessed_and_with(self):
        errors = self.system_errors("""
            [system.Twice]
            stage = "update"
            read = ["Position"]
            with = ["Position"]
        """)
        self.assertError(errors, f"game.toml:{line(4)}:9", "'Position' is in with, but the system already requires it "
                         "by accessing it (in read); remove it from with")

    def test_a_misspelled_list_is_reported_once(self):
        errors = self.system_errors("""
            [system.Move]
            stage = "update"
            wirte = ["Position"]
        """)
        self.assertEqual(errors, [f"game.toml:{line(3)}:1: error: system 'Move': unknown key 'wirte'; did you mean "
                                  "'write'?"])

    def test_flags_and_priority(self):
        errors = self.system_errors("""
            [system.Move]
            stage = "update"
            write = ["Position"]
            parallel = "yes"
            priority = 1.5
        """)
        self.assertEqual(errors, [
            f"game.toml:{line(4)}:1: error: system 'Move': parallel must be true or false, not \"yes\"",
            f"game.toml:{line(5)}:1: error: system 'Move': priority must be a whole number (higher runs earlier among "
            "systems that nothing orders; the default is 0), not 1.5",
        ])


class ShapeErrors(SystemsTestCase):
    def test_a_system_that_accesses_nothing(self):
        errors = self.system_errors("""
            [system.Idle]
            stage = "update"
        """)
        self.assertEqual(errors, [f"game.toml:{line(1)}:9: error: system 'Idle' accesses nothing: no components "
                                  "(write, read, with), no resources, no events and no commands; declare what it works "
                                  "on"])

    def test_a_resource_system_has_no_entities_to_filter_split_or_hand_as_columns(self):
        errors = self.system_errors("""
            [system.Tick]
            stage = "update"
            resources_write = ["Time"]
            without = ["Frozen"]
            parallel = true
            columns = true
        """)
        self.assertEqual([error.split(": error: ")[0] for error in errors],
                         [f"game.toml:{line(4)}:1", f"game.toml:{line(5)}:1", f"game.toml:{line(6)}:1"])
        self.assertIn("has without but accesses no components and has no with", errors[0])
        self.assertIn("parallel = true, but it accesses no components", errors[1])
        self.assertIn("columns = true, but it accesses no components", errors[2])

    def test_a_system_that_records_commands_is_never_split(self):
        errors = self.system_errors("""
            [system.Reap]
            stage = "update"
            read = ["Position"]
            commands = true
            parallel = true
        """)
        self.assertEqual(errors, [f"game.toml:{line(5)}:1: error: system 'Reap': parallel = true and commands = true do "
                                  "not go together: a system that records commands is never split, so that its "
                                  "commands keep the order of its rows; remove parallel, or record the commands in a "
                                  "system of their own"])

    def test_a_parallel_system_may_not_write_a_resource(self):
        errors = self.system_errors("""
            [system.Count]
            stage = "update"
            read = ["Position"]
            resources_write = ["Time", "Input"]
            parallel = true
        """)
        self.assertEqual(errors, [
            f"game.toml:{line(5)}:1: error: system 'Count': parallel = true and resources_write = [\"Time\", "
            "\"Input\"] do not go together: the runtime runs chunks of its entities at once, each handed the same "
            "Time and Input, so they would write them at the same time; remove parallel, or list Time and Input in "
            "resources (read-only) and write each entity's result to a component, for a later system that is not "
            "parallel to gather into Time and Input"])

    def test_a_parallel_system_may_read_resources_and_one_that_is_not_parallel_may_write_them(self):
        self.assertEqual(self.system_errors("""
            [system.Move]
            stage = "update"
            write = ["Position"]
            resources = ["Time"]
            parallel = true

            [system.Count]
            stage = "render"
            read = ["Position"]
            resources_write = ["Input"]
        """), [])

    def test_commands_do_not_make_a_parallel_system_that_writes_a_resource_valid(self):
        errors = self.system_errors("""
            [system.Count]
            stage = "update"
            read = ["Position"]
            resources_write = ["Time"]
            parallel = true
            commands = true
        """)
        self.assertError(errors, f"game.toml:{line(5)}:1", "parallel = true and resources_write = [\"Time\"] do not "
                         "go together")

    def test_columns_and_split_components(self):
        errors = self.system_errors("""
            [system.Fade]
            stage = "render"
            read = ["Position"]
            write = ["Color"]
            columns = true
        """)
        self.assertEqual(errors, [
            f"game.toml:{line(4)}:10: error: system 'Fade': 'Color' is a split component, stored as one array per "
            "field, so the column form (columns = true) has no std::span<Color> to hand out; set columns = false "
            "(run() then gets Color::ref per entity) or make 'Color' packed"])

    def test_columns_and_commands(self):
        errors = self.system_errors("""
            [system.Cull]
            stage = "render"
            read = ["Position"]
            columns = true
            commands = true
        """)
        self.assertError(errors, f"game.toml:{line(4)}:1", "system 'Cull': columns = true and commands = true do not go "
                         "together")

    def test_columns_without_accessed_components(self):
        errors = self.system_errors("""
            [system.Count]
            stage = "render"
            with = ["Position"]
            resources_write = ["Time"]
            columns = true
        """)
        self.assertError(errors, f"game.toml:{line(5)}:1", "columns = true, but it reads and writes no components")

    def test_a_system_that_matches_no_archetype(self):
        errors = self.system_errors("""
            [system.Ghost]
            stage = "update"
            write = ["Velocity"]
            with = ["Frozen"]
            without = ["Color"]
        """)
        self.assertEqual(errors, [
            f"game.toml:{line(1)}:9: error: system 'Ghost' matches no archetype: none holds Velocity and Frozen "
            "without Color; fix what it requires (its components and with) and excludes (without), or declare an "
            "archetype for it"])

    def test_no_archetype_at_all(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [component.Position]
            x = "f32"

            [system.Move]
            stage = "update"
            write = ["Position"]
        """)
        self.assertError(errors, "game.toml:7:9", "system 'Move' matches no archetype: the schema declares no "
                         "archetypes")

    def test_broken_archetypes_are_not_matched(self):
        # Dot lists a misspelled component: that is the one mistake, not that Move matches nothing.
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [component.Position]
            x = "f32"

            [archetype.Dot]
            components = ["Positon"]

            [system.Move]
            stage = "update"
            write = ["Position"]
        """)
        self.assertError(errors, "game.toml:8:15", "archetype 'Dot': unknown component 'Positon'")


class OrderErrors(SystemsTestCase):
    def test_unknown_systems_suggest_one_of_the_same_stage(self):
        errors = self.system_errors("""
            [system.ReadInput]
            stage = "update"
            resources_write = ["Input"]

            [system.Move]
            stage = "update"
            write = ["Position"]
            after = ["ReadInptu", "Draw"]
            before = ["Nothing"]
        """)
        self.assertEqual(errors, [
            f"game.toml:{line(8)}:10: error: system 'Move': unknown system 'ReadInptu' in after; did you mean "
            "'ReadInput'?",
            f"game.toml:{line(8)}:23: error: system 'Move': unknown system 'Draw' in after; the systems of stage "
            "'update' are 'ReadInput' and 'Move'",
            f"game.toml:{line(9)}:11: error: system 'Move': unknown system 'Nothing' in before; the systems of stage "
            "'update' are 'ReadInput' and 'Move'",
        ])

    def test_a_system_of_another_stage(self):
        errors = self.system_errors("""
            [system.Draw]
            stage = "render"
            read = ["Position"]

            [system.Move]
            stage = "update"
            write = ["Position"]
            ambiguous_with = ["Draw"]
        """)
        self.assertEqual(errors, [
            f"game.toml:{line(8)}:19: error: system 'Move' runs in stage 'update', but ambiguous_with names system "
            "'Draw' of stage 'render'; ambiguous_with relates systems of one stage (the stages run one after "
            "another), so remove it"])

    def test_itself_and_other_kinds(self):
        errors = self.system_errors("""
            [system.Move]
            stage = "update"
            write = ["Position"]
            after = ["Move", "Position", 7]
        """)
        self.assertEqual(errors, [
            f"game.toml:{line(4)}:10: error: system 'Move' names itself in after; remove it",
            f"game.toml:{line(4)}:18: error: system 'Move': 'Position' in after is a component, not a system",
            f"game.toml:{line(4)}:30: error: system 'Move': after[2] must be a system's name in quotes, not 7",
        ])

    def test_a_system_with_an_unknown_stage_is_not_reported_again_where_it_is_named(self):
        errors = self.system_errors("""
            [system.ReadInput]
            stage = "updat"
            resources_write = ["Input"]

            [system.Move]
            stage = "update"
            write = ["Position"]
            after = ["ReadInput"]
        """)
        self.assertError(errors, f"game.toml:{line(2)}:1", "unknown stage \"updat\"")


class ObserverErrors(SystemsTestCase):
    def test_two_events(self):
        errors = self.system_errors("""
            [observer.Flip]
            on_add = "Frozen"
            on_remove = "Frozen"
            read = ["Position"]
        """)
        self.assertEqual(errors, [f"game.toml:{line(3)}:1: error: observer 'Flip' has both on_add and on_remove; an "
                                  "observer answers one event, so declare another observer for on_remove"])

    def test_no_event(self):
        errors = self.system_errors("""
            [observer.Idle]
            read = ["Position"]
        """)
        self.assertEqual(errors, [f"game.toml:{line(1)}:11: error: observer 'Idle' has no event; add one of on_add = "
                                  "\"Component\", on_remove = \"Component\", on_change = \"Component\", "
                                  "on_enter = { with = [...], without = [...] } or on_leave = { ... }"])

    def test_systems_keys_are_not_observers_keys(self):
        errors = self.system_errors("""
            [observer.Stop]
            on_add = "Frozen"
            commands = true
        """)
        self.assertError(errors, f"game.toml:{line(3)}:1", "observer 'Stop': unknown key 'commands'")

    def test_event_values(self):
        errors = self.system_errors("""
            [observer.A]
            on_add = ["Frozen"]

            [observer.B]
            on_enter = "Frozen"

            [observer.C]
            on_leave = { with = ["Frozn"], whitout = [] }

            [observer.D]
            on_remove = "Time"
        """)
        self.assertEqual(errors, [
            f"game.toml:{line(2)}:1: error: observer 'A': on_add must be a component's name in quotes, like "
            "\"Frozen\", not [\"Frozen\"]",
            f"game.toml:{line(5)}:1: error: observer 'B': on_enter must be a table like "
            "{ with = [\"Frozen\"], without = [\"Dead\"] }, not \"Frozen\"",
            f"game.toml:{line(8)}:22: error: observer 'C': unknown component 'Frozn' in on_leave.with; did you mean "
            "'Frozen'?",
            f"game.toml:{line(8)}:32: error: observer 'C': unknown key 'whitout' in on_leave; did you mean 'without'?",
            f"game.toml:{line(11)}:1: error: observer 'D': 'Time' in on_remove is a resource, not a component; list "
            "resources in resources or resources_write",
        ])

    def test_the_event_and_the_filters_must_agree(self):
        errors = self.system_errors("""
            [observer.A]
            on_add = "Frozen"
            with = ["Frozen"]

            [observer.B]
            on_add = "Frozen"
            read = ["Position"]
            without = ["Frozen"]

            [observer.C]
            on_enter = { without = ["Velocity"] }
            without = ["Velocity"]
            read = ["Position"]
        """)
        self.assertEqual(errors, [
            f"game.toml:{line(3)}:9: error: observer 'A': 'Frozen' is in both on_add and with; remove it from with",
            f"game.toml:{line(8)}:12: error: observer 'B': 'Frozen' is in both on_add and without, so no entity matches "
            "this observer; remove one",
            f"game.toml:{line(12)}:12: error: observer 'C': 'Velocity' is in both on_enter.without and without; remove "
            "it from without",
        ])

    def test_an_observer_that_matches_no_archetype(self):
        errors = self.system_errors("""
            [observer.Never]
            on_add = "Frozen"
            without = ["Position"]
        """)
        self.assertEqual(errors, [f"game.toml:{line(1)}:11: error: observer 'Never' matches no archetype: none holds "
                                  "Frozen without Position; fix what it requires (its components and with) and excludes "
                                  "(without), or declare an archetype for it"])


class NameErrors(SystemsTestCase):
    def test_systems_share_the_name_space(self):
        errors = self.system_errors("""
            [system.Position]
            stage = "update"
            read = ["Velocity"]
        """)
        self.assertError(errors, f"game.toml:{line(1)}:9", "system 'Position': the name 'Position' is already taken by "
                         "component 'Position'")

    def test_names_the_generated_code_uses(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [component.with]

            [resource.stage]

            [archetype.run]
            components = ["with"]
        """)
        self.assertEqual(errors, [
            "game.toml:4:12: error: component name 'with' is taken by the generated code (a member of the generated "
            "system and observer structs); choose another name",
            "game.toml:6:11: error: resource name 'stage' is taken by the generated code (the enum of stages); choose "
            "another name",
            "game.toml:8:12: error: archetype name 'run' is taken by the generated code (a member of the generated "
            "system and observer structs); choose another name",
        ])


class SettingErrors(SystemsTestCase):
    def test_bad_settings(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"
            stages = ["init", "new", "init", 4]
            fixed_step = 0
            strict = "yes"
        """)
        self.assertEqual(errors, [
            "game.toml:3:19: error: [kiln] stage name 'new' is a C++ keyword; choose another name",
            "game.toml:3:26: error: [kiln] stages lists 'init' twice; remove one",
            "game.toml:3:34: error: [kiln] stages[3] must be a stage's name in quotes, not 4",
            "game.toml:4:1: error: [kiln] fixed_step must be a number of seconds greater than 0, like 0.02 (50 steps a "
            "second), not 0",
            "game.toml:5:1: error: [kiln] strict must be true (ambiguities in the schedule are errors) or false (they "
            "are warnings), not \"yes\"",
        ])

    def test_no_stages(self):
        errors = self.errors('[kiln]\nnamespace = "game"\nstages = []\n')
        self.assertError(errors, "game.toml:3:1", "[kiln] stages is empty; a world has at least one stage")

    def test_files_that_disagree(self):
        errors = self.errors_in({
            "a.toml": '[kiln]\nnamespace = "game"\nstages = ["update"]\nfixed_step = 0.5\n',
            "b.toml": '[kiln]\nnamespace = "game"\nstages = ["update", "render"]\nfixed_step = 0.5\nstrict = true\n',
            "c.toml": '[kiln]\nnamespace = "game"\nstrict = false\n',
        })
        self.assertEqual(errors, [
            "b.toml:3:1: error: [kiln] stages [\"update\", \"render\"] differs from [\"update\"] at a.toml:3:1; a world "
            "has one list of stages: give it in one file, or the same in each",
            "c.toml:3:1: error: [kiln] strict false differs from true at b.toml:5:1; a world has one strictness: give "
            "it in one file, or the same in each",
        ])


if __name__ == "__main__":
    unittest.main()
