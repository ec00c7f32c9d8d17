"""docs/schema.md, systems.md, events.md, hierarchy.md, changes.md and states.md cannot drift from kilnc: their examples are run.

Fenced blocks by info string:
  toml            a valid schema, without warnings; [kiln] with namespace = "game" is assumed when
                  the block has none
  cpp generated   lines kilnc writes, in this order, for the closest toml block above (the files
                  in the order components.hpp, systems.hpp, world.hpp, reflection.hpp, schedule.dot)
  toml invalid    a schema kilnc rejects (a file called game.toml), with exactly the lines of the
                  text block that follows
  toml warning    a schema kilnc accepts with warnings, exactly the lines of the text block that follows
  toml lock       exactly the lock file (game.kiln.lock) that kilnc writes for the closest toml block
                  above; the blocks after it are checked against it, as the next edits of that schema
Other blocks (usage code, command lines) are prose.
"""

import re
import unittest

from .support import REPO, SchemaTestCase
from kiln_codegen.front.loader import load_all
from kiln_codegen.persistence.lockfile import Lock, lock_text, read_lock, updated
from kiln_codegen.pipeline import validate

FENCED_BLOCK = re.compile(r"^```([^\n]*)\n(.*?)^```$", re.MULTILINE | re.DOTALL)
ASSUMED_HEADER = '[kiln]\nnamespace = "game"\n\n'
OUTPUT_ORDER = ("components.hpp", "systems.hpp", "world.hpp", "reflection.hpp", "schedule.dot")


class Examples(SchemaTestCase):
    def check_page(self, page: str, kinds: tuple[str, ...]) -> None:
        blocks = FENCED_BLOCK.findall((REPO / "docs" / page).read_text(encoding="utf-8"))
        found = [info for info, _ in blocks]
        for kind in kinds:
            self.assertIn(kind, found)
        generated = None
        schema = None
        self.previous_lock = None
        for index, (info, body) in enumerate(blocks):
            with self.subTest(page=page, block=index, info=info, begins=body[:60]):
                if info == "toml":
                    schema = body if "[kiln]" in body else ASSUMED_HEADER + body
                    self.assertEqual(self.errors(schema), [])
                    self.assertEqual(self.warnings(schema), [])
                    outputs = self.outputs(schema)
                    generated = "".join(outputs[name] for name in OUTPUT_ORDER)
                elif info == "toml lock":
                    lock_path = self.directory / "game.kiln.lock"
                    previous = self.previous_lock or Lock.empty(str(lock_path))
                    written = updated(previous, validate(load_all([str(self.write("game.toml", schema))]), lock=previous))
                    self.assertEqual(body, lock_text(written))
                    lock_path.write_text(body, encoding="utf-8")
                    self.previous_lock = read_lock(str(lock_path))
                elif info == "cpp generated":
                    self.assertLines(generated, *body.splitlines())
                elif info in ("toml invalid", "toml warning"):
                    next_info, messages = blocks[index + 1]
                    self.assertEqual(next_info, "text")
                    found_messages = self.errors(body) if info == "toml invalid" else self.warnings(body)
                    self.assertEqual(found_messages, messages.splitlines())

    def test_schema_reference(self):
        self.check_page("schema.md", ("toml", "cpp generated", "toml invalid"))

    def test_systems_page(self):
        self.check_page("systems.md", ("toml", "cpp generated", "toml invalid", "toml warning"))

    def test_events_page(self):
        self.check_page("events.md", ("toml", "cpp generated", "toml invalid", "toml warning"))

    def test_hierarchy_page(self):
        self.check_page("hierarchy.md", ("toml", "cpp generated"))

    def test_states_page(self):
        self.check_page("states.md", ("toml", "cpp generated", "toml invalid", "toml warning"))

    def test_changes_page(self):
        self.check_page("changes.md", ("toml", "cpp generated", "toml invalid"))


if __name__ == "__main__":
    unittest.main()
