"""docs/schema.md cannot drift from kilnc: its examples are run.

Fenced blocks by info string:
  toml            a valid schema; [kiln] with namespace = "game" is assumed when the block has none
  cpp generated   lines kilnc writes, in this order, for the closest toml block above
  toml invalid    a schema kilnc rejects (a file called game.toml), with exactly the lines of the
                  text block that follows
Other blocks (usage code, command lines) are prose.
"""

import re
import unittest

from .support import REPO, SchemaTestCase

FENCED_BLOCK = re.compile(r"^```([^\n]*)\n(.*?)^```$", re.MULTILINE | re.DOTALL)
ASSUMED_HEADER = '[kiln]\nnamespace = "game"\n\n'


class SchemaReference(SchemaTestCase):
    def test_examples_do_what_the_page_says(self):
        blocks = FENCED_BLOCK.findall((REPO / "docs" / "schema.md").read_text(encoding="utf-8"))
        kinds = [info for info, _ in blocks]
        for kind in ("toml", "cpp generated", "toml invalid"):
            self.assertIn(kind, kinds)
        generated = None
        for index, (info, body) in enumerate(blocks):
            with self.subTest(block=index, info=info, begins=body[:60]):
                if info == "toml":
                    schema = body if "[kiln]" in body else ASSUMED_HEADER + body
                    self.assertEqual(self.errors(schema), [])
                    generated = "".join(self.generate(schema))
                elif info == "cpp generated":
                    self.assertLines(generated, *body.splitlines())
                elif info == "toml invalid":
                    next_info, messages = blocks[index + 1]
                    self.assertEqual(next_info, "text")
                    self.assertEqual(self.errors(body), messages.splitlines())


if __name__ == "__main__":
    unittest.main()
