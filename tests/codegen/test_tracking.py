"""Change tracking: `kiln = { track = true }` on a component, its mistakes, and what kilnc writes."""

import unittest

from .support import SchemaTestCase

TRACKED_POSITION = """
            [kiln]
            namespace = "game"

            [component.Position]
            x = "f32"
            kiln = { track = true }

            [component.Velocity]
            x = "f32"

            [archetype.Particle]
            components = ["Position", "Velocity"]
"""


class TrackOption(SchemaTestCase):
    def test_a_tracked_component_says_so_in_its_traits(self):
        components, _ = self.generate(TRACKED_POSITION)
        self.assertLines(components, "struct kiln::component_traits<game::Position> {",
                         "    static constexpr kiln::layout layout = kiln::layout::packed;",
                         "    static constexpr bool tracked = true;")

    def test_an_untracked_component_is_written_as_before(self):
        components, _ = self.generate(TRACKED_POSITION)
        velocity = components[components.index("struct kiln::component_traits<game::Velocity>"):]
        velocity = velocity[:velocity.index("};")]
        self.assertNotIn("tracked", velocity)

    def test_track_false_writes_nothing(self):
        tracked, _ = self.generate(TRACKED_POSITION)
        untracked, _ = self.generate(TRACKED_POSITION.replace("track = true", "track = false"))
        self.assertNotIn("tracked", untracked)
        self.assertEqual(tracked.replace("    static constexpr bool tracked = true;\n", ""), untracked)

    def test_track_must_be_a_bool(self):
        errors = self.errors(TRACKED_POSITION.replace("track = true", 'track = "yes"'))
        self.assertError(errors, "game.toml:6:10", "component 'Position': track must be true or false, not \"yes\"",
                         "kiln = { track = true }")

    def test_a_tag_cannot_be_tracked(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [component.Frozen]
            kiln = { track = true }
        """)
        self.assertError(errors, "game.toml:5:10", "component 'Frozen' has no fields, so it is a tag",
                         "remove kiln.track")

    def test_a_misspelled_track_is_an_unknown_key(self):
        errors = self.errors(TRACKED_POSITION.replace("track = true", "trak = true"))
        self.assertError(errors, "game.toml:6:10", "unknown key 'trak' in kiln; did you mean 'track'?")


class SystemFilters(SchemaTestCase):
    def system(self, body: str, track: str = "true") -> list[str]:
        return self.errors(TRACKED_POSITION.replace("track = true", f"track = {track}") + body)

    def test_changed_is_written_into_the_system(self):
        outputs = self.outputs(TRACKED_POSITION + """
            [system.Watch]
            stage = "render"
            read = ["Position"]
            changed = ["Position"]

            [system.Greet]
            stage = "render"
            write = ["Position"]
            added = ["Position"]
        """)
        self.assertLines(outputs["systems.hpp"], "struct Watch {", "    using changed = kiln::type_list<Position>;",
                         "struct Greet {", "    using added = kiln::type_list<Position>;")

    def test_a_system_without_filters_says_nothing_of_them(self):
        outputs = self.outputs(TRACKED_POSITION + """
            [system.Move]
            stage = "update"
            write = ["Position"]
        """)
        self.assertNotIn("changed", outputs["systems.hpp"])
        self.assertNotIn("added", outputs["systems.hpp"])

    def test_a_filter_on_an_untracked_component_names_the_key_to_add(self):
        errors = self.system("""
            [system.Watch]
            stage = "render"
            read = ["Velocity"]
            changed = ["Velocity"]
        """)
        self.assertError(errors, "game.toml:17:12", "system 'Watch': changed = [\"Velocity\"] needs the ticks of a "
                         "tracked component; add kiln = { track = true } to [component.Velocity]")

    def test_the_filtered_component_must_be_read_or_written(self):
        errors = self.system("""
            [system.Watch]
            stage = "render"
            read = ["Velocity"]
            added = ["Position"]
        """)
        self.assertError(errors, "game.toml:17:10", "'Position' in added is neither read nor written by it",
                         "add it to read")

    def test_several_filtered_components_are_written_in_order(self):
        outputs = self.outputs(TRACKED_POSITION.replace('x = "f32"\n\n            [archetype', 'x = "f32"\n'
                                                        '            kiln = { track = true }\n\n            [archetype')
                               + """
            [system.Sync]
            stage = "render"
            read = ["Position", "Velocity"]
            changed = ["Velocity"]
            added = ["Position"]
        """)
        self.assertLines(outputs["systems.hpp"], "struct Sync {", "    using changed = kiln::type_list<Velocity>;",
                         "    using added = kiln::type_list<Position>;")

    def test_a_component_in_both_changed_and_added(self):
        errors = self.system("""
            [system.Watch]
            stage = "render"
            read = ["Position"]
            changed = ["Position"]
            added = ["Position"]
        """)
        self.assertError(errors, "game.toml:18:1", "system 'Watch': 'Position' is in both changed and added",
                         "keep it in changed alone")

    def test_no_filter_on_a_columns_system(self):
        errors = self.system("""
            [system.Watch]
            stage = "render"
            read = ["Position"]
            changed = ["Position"]
            columns = true
        """)
        self.assertError(errors, "game.toml:17:1", "changed and columns = true do not go together")

    def test_an_unknown_component_in_changed(self):
        errors = self.system("""
            [system.Watch]
            stage = "render"
            read = ["Position"]
            changed = ["Positon"]
        """)
        self.assertError(errors, "game.toml:17:12", "unknown component 'Positon' in changed; did you mean 'Position'?")


class ObserversOnChange(SchemaTestCase):
    def test_an_observer_on_change_names_its_component(self):
        outputs = self.outputs(TRACKED_POSITION + """
            [observer.Upload]
            on_change = "Position"
            read = ["Position"]
        """)
        self.assertLines(outputs["systems.hpp"],
                         "// Observer (on_change Position): runs after each stage for each entity with Position whose Position",
                         "struct Upload {", "    static constexpr kiln::observer_event event = kiln::observer_event::change;",
                         "    using changed = kiln::type_list<Position>;")

    def test_on_change_of_an_untracked_component_names_the_key_to_add(self):
        errors = self.errors(TRACKED_POSITION + """
            [observer.Upload]
            on_change = "Velocity"
        """)
        self.assertError(errors, "game.toml:15:1", "observer 'Upload': on_change = \"Velocity\" needs the ticks of "
                         "a tracked component; add kiln = { track = true } to [component.Velocity]")

    def test_on_change_must_name_a_component(self):
        errors = self.errors(TRACKED_POSITION + """
            [observer.Upload]
            on_change = ["Position"]
        """)
        self.assertError(errors, "game.toml:15:1", "observer 'Upload': on_change must be a component's name in quotes")


if __name__ == "__main__":
    unittest.main()
