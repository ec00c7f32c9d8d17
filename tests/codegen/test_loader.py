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


def _paths(data, prefix=()):
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        yield prefix + (key,)
        yield from _paths(value, prefix + (key,))


if __name__ == "__main__":
    unittest.main()
