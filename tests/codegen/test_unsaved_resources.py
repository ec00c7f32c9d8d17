"""Resources left out of saves (kiln = { saved = false }), of fields or of a C++ type of the game's:
what kilnc writes for them, that saves do not see them, and each mistake in their options."""

import unittest

from .support import SchemaTestCase
from kiln_codegen.back.fingerprint import fingerprint
from kiln_codegen.front.loader import load_all
from kiln_codegen.pipeline import validate

HEADER = '[kiln]\nnamespace = "game"\n\n[component.Position]\nx = "f32"\n\n[archetype.Dot]\ncomponents = ["Position"]\n\n'
HEADER_LINES = HEADER.count("\n")


class UnsavedResources(SchemaTestCase):
    maxDiff = None

    def test_a_resource_of_a_cpp_type_is_an_alias_outside_the_saved_resources(self):
        outputs = self.outputs(HEADER + """
[resource.Draws]
kiln = { saved = false, cpp = "std::vector<int>", include = "vector" }

[resource.Frames]
kiln = { saved = false }
count = "u32"

[resource.Score]
points = "u32"

[system.Draw]
stage = "render"
read = ["Position"]
resources_write = ["Draws"]
""")
        self.assertLines(outputs["components.hpp"], "#include <vector>", "using Draws = std::vector<int>;",
                         "struct Frames {", "struct kiln::resource_traits<game::Score> {")
        self.assertNotIn("resource_traits<game::Frames>", outputs["components.hpp"])
        self.assertLines(outputs["world.hpp"], "    using resources = kiln::type_list<Score>;",
                         "    using unsaved_resources = kiln::type_list<Draws, Frames>;")
        self.assertLines(outputs["systems.hpp"],
                         "    static void run(const Position& position, Draws& draws);  // declared by [system.Draw]: "
                         "change it there")

    def test_an_unsaved_resource_changes_nothing_a_save_holds(self):
        def printed(text):
            return fingerprint(validate(load_all([str(self.write("game.toml", HEADER + text))])))
        self.assertEqual(printed(""), printed('[resource.Frames]\nkiln = { saved = false }\ncount = "u32"\n'))
        self.assertNotEqual(printed(""), printed('[resource.Frames]\ncount = "u32"\n'))

    def test_mistakes_in_the_options(self):
        errors = self.errors(HEADER + """
[resource.Draws]
kiln = { cpp = "std::vector<int>" }

[resource.Scratch]
kiln = { saved = false, cpp = "std::vector<int>", include = 3 }
x = "f32"

[resource.Other]
kiln = { saved = false, cpp = "std::vector<int>" }

[resource.Frames]
kiln = { saved = "no", include = "frames.hpp" }
""")
        line = HEADER_LINES + 1
        self.assertEqual(errors, [
            f"game.toml:{line + 2}:10: error: resource 'Draws': cpp = \"std::vector<int>\" is a type kilnc cannot "
            "see into, so it cannot be saved; add saved = false to kiln (the resource then stays out of saves, JSON "
            "and dumps), or declare its fields instead",
            f"game.toml:{line + 5}:51: error: resource 'Scratch': include must be a header path like "
            "\"screen/draw_list.hpp\" (kilnc writes the #include <...> around it)",
            f"game.toml:{line + 6}:1: error: resource 'Scratch': a resource of cpp = \"std::vector<int>\" is that "
            "type, so it has no fields of its own; remove the fields, or remove cpp",
            f"game.toml:{line + 9}:25: error: resource 'Other': cpp = \"std::vector<int>\" is the type of resource "
            "'Scratch' too, and the world finds a resource by its type; wrap one of them in a struct of the game's",
            f"game.toml:{line + 12}:10: error: resource 'Frames': saved must be true or false, not \"no\"",
            f"game.toml:{line + 12}:24: error: resource 'Frames': include names the header of cpp's type; add cpp = "
            "\"the::type\", or remove include"])


if __name__ == "__main__":
    unittest.main()
