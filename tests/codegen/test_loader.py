"""Where keys are written: the positions that every message points at."""

import tomllib
import unittest

from .support import SchemaTestCase, load_all

from kiln_codegen.front.key_positions import key_positions


class KeyPositions(unittest.TestCase):
    def test_every_key_and_element_of_a_tricky_document_has_a_position(self):
        text = '\n'.join([
            '"quoted key".\'literal\' = 1  # a comment with = and [brackets]',
            'a . b = [ # arrays may span lines',
            '  { x = """multi"line',
            'text""""" , y = \'x\' },',
            '  [1, 2], 1979-05-27 07:32:00Z,',
            ']',
            '[ t . "u\\u0041" ]',
            "s = '''a'''''",
            'e = "esc\\"aped = [not a key]"',
            '[[list]]',
            'v = 1',
            '[[list]]',
            'v = 2',
        ])
        positions = key_positions(text)
        self.assertEqual(set(positions), set(_paths(tomllib.loads(text))))
        self.assertEqual(positions[("quoted key", "literal")], (1, 14))
        self.assertEqual(positions[("a", "b")], (2, 5))
        self.assertEqual(positions[("a", "b", 0, "y")], (4, 13))
        self.assertEqual(positions[("a", "b", 2)], (5, 11))
        self.assertEqual(positions[("t", "uA", "e")], (9, 1))
        self.assertEqual(positions[("list", 1, "v")], (13, 1))

    def test_a_table_named_again_keeps_its_first_position(self):
        positions = key_positions("[component.Color.kiln]\nlayout = 'split'\n[component.Color]\nr = 'u8'\n")
        self.assertEqual(positions[("component", "Color")], (1, 12))
        self.assertEqual(positions[("component", "Color", "r")], (4, 1))

    def test_windows_line_endings(self):
        positions = key_positions("[kiln]\r\nnamespace = 'game'\r\n\r\n[component.A]\r\nx = 'f32'\r\n")
        self.assertEqual(positions[("component", "A", "x")], (5, 1))


class Locate(SchemaTestCase):
    def test_falls_back_to_the_closest_enclosing_key(self):
        path = self.write("game.toml", '[kiln]\nnamespace = "game"\n\n[component.Position]\nx = "f32"\n')
        [schema_file] = load_all([str(path)])
        self.assertEqual(str(schema_file.locate(("component", "Position", "x"))), f"{path}:5:1")
        self.assertEqual(str(schema_file.locate(("component", "Position", "kiln", "layout"))), f"{path}:4:12")
        self.assertEqual(str(schema_file.locate(("archetype", "Missing"))), f"{path}:1:1")


class DeclaredTwice(SchemaTestCase):
    """tomllib rejects a key or table declared twice in words that name neither; kilnc names both places."""

    def test_a_key_set_twice(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [component.Vel]
            x = "f32"
            y = "f32"
            x = "f64"
        """)
        self.assertEqual(errors, ["game.toml:7:1: error: key 'x' in [component.Vel] is set twice; it is first set "
                                  "at game.toml:5:1: keep one of the two, or rename one"])

    def test_a_table_declared_twice(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [component.Vel]
            x = "f32"

            [component.Pos]
            x = "f32"

              [ component . Vel ]
            y = "f32"
        """)
        self.assertEqual(errors, ["game.toml:10:5: error: table [component.Vel] is declared twice; the first "
                                  "[component.Vel] is at game.toml:4:2: put all of its keys under one of the two "
                                  "and delete the other"])

    def test_a_table_that_a_dotted_key_or_an_inline_table_already_declared(self):
        for text, second, first in (
                ('[component.Vel]\nkiln.layout = "split"\n[component.Vel.kiln]\n', "3:2", "2:1"),
                ('[component]\nVel = { x = "f32" }\n[component.Vel]\n', "3:2", "2:1"),
                ('[component.Vel.kiln]\nlayout = "split"\n[component.Vel]\nkiln = {}\n', "4:1", "1:2")):
            with self.subTest(text=text):
                [error] = self.errors(text)
                self.assertRegex(error, rf"^game\.toml:{second}: error: '[a-zA-Z.]+' is declared twice, as a "
                                        rf"\[table\] and as a key set to a value; the first is at game\.toml:{first}: ")

    def test_a_key_set_twice_in_an_inline_table(self):
        [error] = self.errors('[component.Vel]\nx = { type = "f32", doc = "a", type = "f64" }\n')
        self.assertEqual(error, "game.toml:2:32: error: key 'type' in [component.Vel.x] is set twice; it is first "
                                "set at game.toml:2:7: keep one of the two, or rename one")

    def test_other_invalid_toml_keeps_the_parser_s_words(self):
        [error] = self.errors('[component.Vel]\nx = "f32\n')
        self.assertRegex(error, r"^game\.toml:2:\d+: error: invalid TOML: ")


def _paths(data, prefix=()):
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        yield prefix + (key,)
        yield from _paths(value, prefix + (key,))


if __name__ == "__main__":
    unittest.main()
