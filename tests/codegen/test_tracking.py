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


if __name__ == "__main__":
    unittest.main()
