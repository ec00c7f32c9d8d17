"""What kilnc suggests beside a mistake, and the doubts it warns of in a schema it accepts."""

from .support import SchemaTestCase

_HEADER = '[kiln]\nnamespace = "game"\n\n'


class DidYouMean(SchemaTestCase):
    def test_a_name_typed_in_the_wrong_case(self):
        # difflib alone finds nothing close: "HP" and "Hp" share one letter of two.
        errors = self.errors(_HEADER + """[component.Hp]
hp = "i32"

[resource.Clock]
t = "f64"

[archetype.Unit]
components = ["HP"]

[system.Heal]
stage = "UPDATE"
write = ["hP"]
resources = ["clock"]
""")
        self.assertEqual(errors, [
            "game.toml:11:15: error: archetype 'Unit': unknown component 'HP'; did you mean 'Hp'?",
            'game.toml:14:1: error: system \'Heal\': unknown stage "UPDATE"; did you mean \'update\'?',
            "game.toml:15:10: error: system 'Heal': unknown component 'hP' in write; did you mean 'Hp'?",
            "game.toml:16:14: error: system 'Heal': unknown resource 'clock' in resources; did you mean 'Clock'?",
        ])

    def test_a_key_typed_in_the_wrong_case(self):
        errors = self.errors(_HEADER + '[component.Hp]\nhp = { TYPE = "i32" }\n'
                             '[archetype.Unit]\ncomponents = ["Hp"]\n')
        self.assertError(errors, "game.toml:5:8", "unknown key 'TYPE' in field 'hp'; did you mean 'type'?")


class UnheldComponents(SchemaTestCase):
    def test_a_component_that_no_archetype_holds_is_a_warning(self):
        warnings = self.warnings(_HEADER + """[component.Position]
x = "f32"

[component.Forgotten]
x = "f32"

[archetype.Mover]
components = ["Position"]
""")
        self.assertEqual(warnings, [
            "game.toml:7:12: warning: component 'Forgotten' is in no archetype, so no entity can have it and a "
            "query of it does not compile; add it to an archetype's components, or delete it"])

    def test_no_warning_when_every_component_is_held_or_the_archetypes_have_mistakes(self):
        self.assertEqual(self.warnings(_HEADER + '[component.Position]\n[archetype.Mover]\ncomponents = ["Position"]\n'),
                         [])
        errors = self.errors(_HEADER + '[component.Position]\n[archetype.Mover]\ncomponents = ["Positon"]\n')
        self.assertEqual(len(errors), 1, errors)

    def test_no_warning_for_a_world_without_archetypes(self):
        # Unfinished, or a fragment: a warning for each of its components would say nothing.
        self.assertEqual(self.warnings(_HEADER + '[component.Position]\nx = "f32"\n'), [])
