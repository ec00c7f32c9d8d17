"""What the codegen tests share: where things are, schemas written to temporary directories,
and kilnc run in-process (for messages and output) or as a subprocess (for the command line)."""

import os
import subprocess
import sys
import tempfile
import textwrap
import unittest
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CODEGEN = REPO / "codegen"
KILNC = CODEGEN / "kilnc"

# Importing kiln_codegen from the source tree must not leave __pycache__ in it.
sys.dont_write_bytecode = True
sys.path.insert(0, str(CODEGEN))

from kiln_codegen.errors import SchemaError  # noqa: E402
from kiln_codegen.front.loader import load_all  # noqa: E402
from kiln_codegen.back.render import render  # noqa: E402
from kiln_codegen.pipeline import validate  # noqa: E402


class SchemaTestCase(unittest.TestCase):
    """A test with its own temporary directory to write schemas into."""

    def setUp(self) -> None:
        directory = tempfile.TemporaryDirectory()
        self.addCleanup(directory.cleanup)
        self.directory = Path(directory.name)
        self.previous_lock = None  # the lock (lockfile.Lock) that schemas are checked against; None: the first

    def write(self, name: str, text: str) -> Path:
        """Writes a schema; `text` is dedented and loses its first newline, so line 1 is its first line."""
        path = self.directory / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return path

    def errors(self, text: str) -> list[str]:
        """kilnc's error lines for one schema file, which is called game.toml in them."""
        return self.errors_in({"game.toml": text})

    def errors_in(self, files: dict[str, str]) -> list[str]:
        """kilnc's error lines for several files given in this order, paths relative to the directory."""
        return self.errors_of([self.write(name, text) for name, text in files.items()])

    def errors_of(self, paths: list[Path]) -> list[str]:
        """kilnc's error lines for files already written, paths relative to the directory; with errors,
        the warnings are among them."""
        try:
            validate(load_all([str(path) for path in paths]), lock=self.previous_lock)
        except SchemaError as error:
            return [self.relative(diagnostic) for diagnostic in error.diagnostics]
        return []

    def warnings(self, text: str) -> list[str]:
        """kilnc's warning lines for a valid schema file, which is called game.toml in them."""
        found = []
        validate(load_all([str(self.write("game.toml", text))]), found.append, self.previous_lock)
        return [self.relative(diagnostic) for diagnostic in found]

    def relative(self, diagnostic) -> str:
        return str(diagnostic).replace(str(self.directory) + os.sep, "")

    def assertError(self, errors: list[str], location: str, *fragments: str) -> None:
        """There is exactly one error, at `location`, and its message contains every fragment."""
        self.assertEqual(len(errors), 1, "\n".join(errors))
        self.assertTrue(errors[0].startswith(location + ": error: "), errors[0])
        for fragment in fragments:
            self.assertIn(fragment, errors[0])

    def generate(self, text: str, *more: str) -> tuple[str, str]:
        """components.hpp and world.hpp for schema files game.toml (and more_1.toml, ...)."""
        outputs = self.outputs(text, *more)
        return outputs["components.hpp"], outputs["world.hpp"]

    def outputs(self, text: str, *more: str) -> dict[str, str]:
        """Every file kilnc writes for schema files game.toml (and more_1.toml, ...), by file name."""
        names = ["game.toml"] + [f"more_{index}.toml" for index in range(1, len(more) + 1)]
        paths = [str(self.write(name, body)) for name, body in zip(names, (text,) + more)]
        texts = render(validate(load_all(paths), lock=self.previous_lock), names)
        return folded(texts)

    def assertLines(self, text: str, *lines: str) -> None:
        """`text` has each of `lines` as a whole line, in this order (others may come between)."""
        remaining = iter(text.splitlines())
        for line in lines:
            if not any(candidate == line for candidate in remaining):
                self.fail(f"line not found (in this order): {line!r}\n--- in ---\n{text}")


def folded(texts: dict[str, str]) -> dict[str, str]:
    """Generated files by include path ("game/systems/Move.hpp") and by file name ("Move.hpp"), except
    that by file name components.hpp, systems.hpp and world.hpp are as a game that includes them
    reads them: the headers each lists first, in the order listed (components.hpp's the components'
    headers and resources.hpp; systems.hpp's world_fwd.hpp, sets.hpp and the systems' and observers'
    headers; world.hpp's the archetypes' and prefabs' headers), then its own text, so that a test finds a line of
    any of them, in the order the compiler does.
    """
    by_name = {path.rsplit("/", 1)[1]: text for path, text in texts.items()}
    parts = {"components.hpp": [], "systems.hpp": [], "world.hpp": []}
    for path, text in texts.items():
        folder = path.rsplit("/", 2)[-2]
        if folder == "components":
            parts["components.hpp"].append(text)
        elif folder in ("systems", "observers"):
            parts["systems.hpp"].append(text)
        elif folder in ("archetypes", "prefabs"):
            parts["world.hpp"].append(text)
    parts["components.hpp"].append(by_name["resources.hpp"])
    parts["systems.hpp"][:0] = [by_name["world_fwd.hpp"], by_name.get("sets.hpp", "")]
    for name, more in parts.items():
        by_name[name] = "".join(more) + by_name[name]
    return {**texts, **by_name}


def run_kilnc(*args: str, python: str = sys.executable, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([python, str(KILNC), *args], cwd=cwd, capture_output=True, text=True)
