"""schema/kiln.schema.json: what kilnc schema-json writes from vocabulary.py, checked in current as
generated/ is; every schema of the repository passes it, and it refuses what kilnc refuses by shape."""

import json
import re
import subprocess
import sys
import tempfile
import tomllib
import unittest
from pathlib import Path

from . import support
from kiln_codegen import vocabulary  # noqa: E402 (support sets the path)
from kiln_codegen.back.json_schema import json_schema_text  # noqa: E402
from kiln_codegen.check.records import LAYOUTS  # noqa: E402
from kiln_codegen.check.systems import EVENTS  # noqa: E402

try:
    import jsonschema
except ImportError:  # tools/setup-debian installs python3-jsonschema
    jsonschema = None

ROOT = support.CODEGEN.parent
SCHEMA = ROOT / "schema" / "kiln.schema.json"
KILNC = support.CODEGEN / "kilnc"
# TOML of the repository that is not a kiln schema: the bench suite; and scenes (docs/content.md), which
# open with a line [scene].
NOT_SCHEMAS = {"bench/suite.toml"}
REGENERATE = "run codegen/kilnc schema-json --out schema/kiln.schema.json and commit it"


def repository_schemas() -> list[Path]:
    """Every TOML file of the source tree but NOT_SCHEMAS, outside build trees."""
    found = []
    for path in sorted(ROOT.rglob("*.toml")):
        relative = path.relative_to(ROOT)
        if relative.parts[0].startswith((".", "build")) or relative.as_posix() in NOT_SCHEMAS:
            continue
        if "[scene]" in path.read_text(encoding="utf-8").splitlines():
            continue
        found.append(path)
    return found


class Current(unittest.TestCase):
    def test_the_checked_in_json_schema_is_what_kilnc_writes(self):
        self.assertEqual(SCHEMA.read_text(encoding="utf-8"), json_schema_text(),
                         f"schema/kiln.schema.json is not current; {REGENERATE}")

    def test_kilnc_schema_json_prints_it_and_writes_it(self):
        printed = subprocess.run([sys.executable, str(KILNC), "schema-json"], capture_output=True, text=True,
                                 check=True).stdout
        self.assertEqual(printed, json_schema_text())
        with tempfile.TemporaryDirectory() as directory:
            out = Path(directory, "kiln.schema.json")
            subprocess.run([sys.executable, str(KILNC), "schema-json", "--out", str(out)], check=True)
            self.assertEqual(out.read_text(encoding="utf-8"), json_schema_text())


class Readme(unittest.TestCase):
    def test_every_path_schema_readme_links_to_exists(self):
        readme = ROOT / "schema" / "README.md"
        links = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", readme.read_text(encoding="utf-8"))
        self.assertGreater(len(links), 5)
        for link in links:
            with self.subTest(link=link):
                self.assertTrue((readme.parent / link).exists())


class OneHome(unittest.TestCase):
    """What check/ maps the vocabulary's words to names exactly those words."""

    def test_layouts_and_observer_events_are_the_vocabulary_s(self):
        self.assertEqual(tuple(LAYOUTS), vocabulary.LAYOUT_NAMES)
        self.assertEqual(tuple(EVENTS), tuple(vocabulary.OBSERVER_EVENTS))

    def test_docs_schema_md_names_every_table_and_key(self):
        page = (ROOT / "docs" / "schema.md").read_text(encoding="utf-8")
        tables = {"[kiln]": vocabulary.HEADER, "a field": vocabulary.FIELD, "on_enter": vocabulary.SET,
                  **{f"[{kind}] kiln": options for kind, options in vocabulary.OPTIONS.items()},
                  **{f"[{kind}]": keys for kind, keys in vocabulary.TABLES.items()}}
        for table, keys in tables.items():
            for key in keys:
                with self.subTest(table=table, key=key):
                    self.assertTrue(f"`{key}`" in page or f"`{key} =" in page)
        for kind in vocabulary.KINDS:
            with self.subTest(kind=kind):
                self.assertIn(f"[{kind}.", page)


@unittest.skipIf(jsonschema is None, "needs the jsonschema module (python3-jsonschema; tools/setup-debian)")
class Validates(unittest.TestCase):
    def setUp(self):
        schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
        jsonschema.Draft7Validator.check_schema(schema)
        self.validator = jsonschema.Draft7Validator(schema)

    def problems(self, data: dict) -> list[str]:
        return [f"{'.'.join(map(str, error.absolute_path))}: {error.message}"
                for error in self.validator.iter_errors(data)]

    def test_every_schema_of_the_repository_passes(self):
        schemas = repository_schemas()
        self.assertGreater(len(schemas), 20)
        for path in schemas:
            with self.subTest(schema=path.relative_to(ROOT).as_posix()):
                self.assertEqual(self.problems(tomllib.loads(path.read_text(encoding="utf-8"))), [])

    def test_it_refuses_what_kilnc_refuses_by_shape(self):
        wrong = {
            "no [kiln]": '[component.Position]\nx = "f32"\n',
            "an unknown table": '[kiln]\nnamespace = "game"\n[sytem.Move]\nstage = "update"\n',
            "an unknown key": '[kiln]\nnamespace = "game"\n[system.Move]\nstage = "update"\nwrites = ["P"]\n',
            "a layout kiln lacks": '[kiln]\nnamespace = "game"\n[component.P]\nx = "f32"\nkiln = { layout = "soa" }\n',
            "a field table without type": '[kiln]\nnamespace = "game"\n[component.P]\nx = { default = 1 }\n',
            "a version of 0": '[kiln]\nnamespace = "game"\nversion = 0\n',
            "a system without stage": '[kiln]\nnamespace = "game"\n[system.Move]\nwrite = ["P"]\n',
            "a name listed twice": '[kiln]\nnamespace = "game"\n[archetype.A]\ncomponents = ["P", "P"]\n',
            "a fusion of one system": '[kiln]\nnamespace = "game"\n[fuse.F]\nsystems = ["Move"]\n',
            "a namespace that is no C++ name": '[kiln]\nnamespace = "2d"\n',
        }
        for what, text in wrong.items():
            with self.subTest(what):
                self.assertNotEqual(self.problems(tomllib.loads(text)), [])


if __name__ == "__main__":
    unittest.main()
