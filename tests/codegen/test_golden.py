"""check_golden.py: the bundled schema still generates the checked-in headers, and the checker
itself reports differences and updates on request."""

import shutil
import subprocess
import sys
import unittest
from pathlib import Path

from .support import REPO, SchemaTestCase

CHECK_GOLDEN = Path(__file__).resolve().parent / "check_golden.py"


def check_golden(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(CHECK_GOLDEN), *arguments], cwd=REPO, capture_output=True, text=True)


class Golden(SchemaTestCase):
    def test_the_bundled_schema_matches_generated(self):
        for arguments in (["--expected", "generated", "schema/game.toml"],
                          ["--schemas", "schema/game.toml", "--expected", "generated"]):
            with self.subTest(arguments=arguments):
                result = check_golden(*arguments)
                self.assertEqual((result.returncode, result.stdout, result.stderr), (0, "", ""))

    def test_a_difference_is_shown_as_a_diff_then_updated(self):
        expected = self.directory / "expected"
        shutil.copytree(REPO / "generated", expected)
        world = expected / "game" / "world.hpp"
        world.write_text(world.read_text().replace("rising_quad{", "rising{"))
        (expected / "other").mkdir()
        (expected / "other" / "kept.hpp").write_text("another schema set's output\n")

        result = check_golden("--schemas", "schema/game.toml", "--expected", str(expected))
        self.assertEqual(result.returncode, 1)
        self.assertIn(f"--- {world}\n+++ kilnc output: game/world.hpp\n", result.stdout)
        self.assertIn("\n-    kiln::archetype_storage rising{kiln::column_layouts<Position, Angle, Color, Model, Rising>};\n"
                      "+    kiln::archetype_storage rising_quad{kiln::column_layouts<Position, Angle, Color, Model, "
                      "Rising>};\n", result.stdout)

        result = check_golden("--schemas", "schema/game.toml", "--expected", str(expected), "--update")
        self.assertEqual((result.returncode, result.stdout), (0, f"updated {world}\n"))
        self.assertEqual(world.read_bytes(), (REPO / "generated" / "game" / "world.hpp").read_bytes())
        self.assertTrue((expected / "other" / "kept.hpp").is_file())
        self.assertEqual(check_golden("--schemas", "schema/game.toml", "--expected", str(expected)).returncode, 0)

    def test_2_when_kilnc_fails(self):
        broken = self.write("broken.toml", "[kiln]\n")
        result = check_golden("--schemas", str(broken), "--expected", str(self.directory))
        self.assertEqual(result.returncode, 2)
        self.assertIn("kilnc failed", result.stderr)


if __name__ == "__main__":
    unittest.main()
