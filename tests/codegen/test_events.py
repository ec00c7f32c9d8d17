"""Events: [event.NAME] tables, systems' emit and events lists, the warnings of events nobody emits
or reads, the order emitters and readers run in, and what kilnc writes for them."""

import unittest

from .systems_support import SystemsTestCase, line

# An event, and a system that emits it: with a reader after it, a world without warnings.
HIT = """
            [event.Hit]
            target = "entity"
            damage = { type = "f32", default = 1.0 }

            [system.Shoot]
            stage = "update"
            read = ["Position"]
            emit = ["Hit"]
"""


class EventDeclarations(SystemsTestCase):
    def test_an_event_is_a_struct_with_its_fields_and_defaults(self):
        outputs = self.system_outputs(HIT + """
            [system.Hurt]
            stage = "update"
            events = ["Hit"]
        """)
        self.assertLines(outputs["components.hpp"], "struct Hit {", "    kiln::entity target{};",
                         "    float damage{1.0f};", "};")

    def test_an_events_fields_are_checked_as_a_components_are(self):
        errors = self.system_errors("""
            [event.Hit]
            damage = "float"
        """)
        self.assertError(errors, f"game.toml:{line(2)}:1", "event 'Hit': field 'damage' has unknown type 'float'")

    def test_external_must_be_a_bool(self):
        errors = self.system_errors("""
            [event.Fire]
            kiln = { external = "yes" }
        """)
        self.assertEqual(errors, [f"game.toml:{line(2)}:10: error: event 'Fire': external must be true (game code "
                                  "sends it with world.emit) or false, not \"yes\""])

    def test_unknown_option(self):
        errors = self.system_errors("""
            [event.Fire]
            kiln = { layout = "split" }
        """)
        self.assertError(errors, f"game.toml:{line(2)}:10", "event 'Fire': unknown key 'layout' in kiln")

    def test_an_event_shares_the_name_space(self):
        errors = self.system_errors("""
            [event.Position]
        """)
        self.assertError(errors, f"game.toml:{line(1)}:8", "event 'Position': the name 'Position' is already taken "
                         "by component 'Position'")


class EventLists(SystemsTestCase):
    def test_unknown_events_and_names_of_the_wrong_kind(self):
        errors = self.system_errors("""
            [event.Hit]

            [system.Shoot]
            stage = "update"
            emit = ["Hti", "Position"]
            events = "Hit"
        """)
        self.assertEqual(errors, [
            f"game.toml:{line(5)}:9: error: system 'Shoot': unknown event 'Hti' in emit; did you mean 'Hit'?",
            f"game.toml:{line(5)}:16: error: system 'Shoot': 'Position' in emit is a component, not an event",
            f"game.toml:{line(6)}:1: error: system 'Shoot': events must be an array of event names, like [\"Hit\"], "
            "not \"Hit\"",
        ])

    def test_an_event_listed_twice(self):
        errors = self.system_errors(HIT.replace('emit = ["Hit"]', 'emit = ["Hit", "Hit"]'))
        self.assertError(errors, f"game.toml:{line(8)}:16", "system 'Shoot' lists 'Hit' twice in emit; remove one")

    def test_a_system_of_events_alone_accesses_something(self):
        self.assertEqual(self.system_warnings(HIT + """
            [system.Log]
            stage = "render"
            events = ["Hit"]
        """), [])

    def test_observers_have_no_events(self):
        errors = self.system_errors(HIT + """
            [observer.Boom]
            on_add = "Frozen"
            emit = ["Hit"]
        """)
        self.assertError(errors, f"game.toml:{line(12)}:1", "observer 'Boom': unknown key 'emit'")


class UnusedEvents(SystemsTestCase):
    def test_an_event_nobody_reads(self):
        self.assertEqual(self.system_warnings(HIT), [
            f"game.toml:{line(1)}:8: warning: event 'Hit' is emitted by system 'Shoot' but no system reads it, so "
            "every one is dropped unread; list it in a system's events, or remove it"])

    def test_an_event_nobody_emits(self):
        self.assertEqual(self.system_warnings("""
            [event.Fire]

            [system.Aim]
            stage = "update"
            events = ["Fire"]

            [system.Shoot]
            stage = "render"
            events = ["Fire"]
        """), [f"game.toml:{line(1)}:8: warning: event 'Fire' is read by systems 'Aim' and 'Shoot' but no system "
               "emits it; list it in a system's emit, or, if game code sends it with world.emit, say so with "
               "kiln = { external = true }"])

    def test_an_external_event_needs_no_emitter(self):
        self.assertEqual(self.system_warnings("""
            [event.Fire]
            kiln = { external = true }

            [system.Aim]
            stage = "update"
            events = ["Fire"]
        """), [])

    def test_an_event_nobody_uses(self):
        self.assertEqual(self.system_warnings("""
            [event.Fire]
            kiln = { external = true }
        """), [f"game.toml:{line(1)}:8: warning: event 'Fire' is neither emitted nor read by any system; list it "
               "in a system's emit and another's events, or remove it"])


class EventOrder(SystemsTestCase):
    def test_emitters_run_before_readers_declared_earlier(self):
        self.assertEqual(self.batches("""
            [event.Hit]

            [system.Hurt]
            stage = "update"
            events = ["Hit"]

            [system.Shoot]
            stage = "update"
            emit = ["Hit"]
        """), "kiln::batch<Shoot>, kiln::batch<Hurt>")

    def test_before_wins_over_the_events_order(self):
        self.assertEqual(self.batches("""
            [event.Hit]

            [system.Hurt]
            stage = "update"
            events = ["Hit"]
            before = ["Aim"]

            [system.Aim]
            stage = "update"
            read = ["Position"]
            before = ["Shoot"]

            [system.Shoot]
            stage = "update"
            emit = ["Hit"]
        """), "kiln::batch<Hurt>, kiln::batch<Aim>, kiln::batch<Shoot>")

    def test_other_stages_are_not_ordered(self):
        self.assertEqual(self.batches("""
            [event.Hit]

            [system.Hurt]
            stage = "update"
            events = ["Hit"]

            [system.Shoot]
            stage = "render"
            emit = ["Hit"]
        """), "kiln::batch<Hurt>")

    def test_a_system_may_read_what_it_emits(self):
        self.assertEqual(self.batches("""
            [event.Hit]

            [system.Echo]
            stage = "update"
            emit = ["Hit"]
            events = ["Hit"]
        """), "kiln::batch<Echo>")

    def test_events_that_close_a_circle_are_an_error_naming_both(self):
        errors = self.system_errors("""
            [event.Hit]

            [event.Miss]

            [system.Shoot]
            stage = "update"
            emit = ["Hit"]
            events = ["Miss"]

            [system.Dodge]
            stage = "update"
            emit = ["Miss"]
            events = ["Hit"]
        """)
        self.assertEqual(errors, [
            f"game.toml:{line(5)}:9: error: systems 'Shoot' (game.toml:{line(5)}:9) and 'Dodge' "
            f"(game.toml:{line(10)}:9) in stage 'update' pass events in a cycle, so none of them can run first: "
            "'Shoot' emits Hit, which 'Dodge' reads; 'Dodge' emits Miss, which 'Shoot' reads; say which runs first "
            "with after or before (an order given wins over the events', and the reader sees the events on its next "
            "run)"])

    def test_a_circle_of_events_and_before(self):
        errors = self.system_errors("""
            [event.Hit]

            [event.Miss]

            [system.Shoot]
            stage = "update"
            emit = ["Hit"]

            [system.Hurt]
            stage = "update"
            emit = ["Miss"]
            events = ["Hit"]

            [system.Aim]
            stage = "update"
            events = ["Miss"]
            before = ["Shoot"]
        """)
        self.assertError(errors, f"game.toml:{line(5)}:9", "'Shoot' emits Hit, which 'Hurt' reads; 'Hurt' emits "
                         "Miss, which 'Aim' reads; 'Aim' runs before 'Shoot'; say which runs first")

    def test_the_order_settles_what_would_be_ambiguous(self):
        # Both write Position; the event orders them, so kilnc has nothing to warn of.
        self.assertEqual(self.system_warnings(HIT.replace('read = ["Position"]', 'write = ["Position"]') + """
            [system.Hurt]
            stage = "update"
            write = ["Position"]
            events = ["Hit"]
        """), [])


class GeneratedEvents(SystemsTestCase):
    def test_run_gets_writers_then_readers_after_its_resources(self):
        outputs = self.system_outputs(HIT + """
            [event.Fire]
            kiln = { external = true }

            [system.Hurt]
            stage = "update"
            write = ["Position"]
            resources = ["Time"]
            emit = ["Fire"]
            events = ["Hit", "Fire"]
        """)
        self.assertLines(outputs["systems.hpp"], "#include <kiln/events/event.hpp>", "struct Hurt {",
                         "    using emit = kiln::type_list<Fire>;", "    using events = kiln::type_list<Hit, Fire>;",
                         "    static void run(Position& position,  // declared by [system.Hurt]: change it there",
                         "                    const Time& time,",
                         "                    kiln::event_writer<Fire>& emit_fire,",
                         "                    kiln::event_reader<Hit> hit_events,",
                         "                    kiln::event_reader<Fire> fire_events);")

    def test_a_schema_without_events_generates_what_it_did(self):
        outputs = self.system_outputs(MOVE_ONLY)
        for name, text in outputs.items():
            if not name.endswith("hana.hpp"):  # which lists the events, none here, as it lists every kind
                self.assertNotIn("event", text)

    def test_the_plan_keeps_events_for_readers_of_repeating_stages(self):
        world = self.system_outputs(HIT + """
            [system.Hurt]
            stage = "fixed_update"
            events = ["Hit"]

            [system.Goodbye]
            stage = "shutdown"
            events = ["Hit"]
        """)["world.hpp"]
        self.assertLines(world, "    using events = kiln::type_list<",
                         "        kiln::event_plan<Hit, kiln::type_list<Shoot>, kiln::type_list<Hurt>>>;")

    def test_the_graph_draws_events_from_emitter_to_reader(self):
        dot = self.system_outputs(HIT + """
            [system.Hurt]
            stage = "update"
            events = ["Hit"]
        """)["schedule.dot"]
        self.assertLines(dot, '            "Shoot" [label="Shoot\\nread Position\\nemit Hit"];',
                         '            "Hurt" [label="Hurt\\nevents Hit"];',
                         "    // Stage update: events, from those that emit them to those that read them.",
                         '    "Shoot" -> "Hurt" [style=dotted, label="Hit"];')


MOVE_ONLY = """
            [system.Move]
            stage = "update"
            write = ["Position"]
"""

if __name__ == "__main__":
    unittest.main()
