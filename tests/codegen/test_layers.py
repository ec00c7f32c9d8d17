"""kiln_codegen's layers import only forward (front, persistence, check, plan, back), plan and back
see only the model and what the whole generator knows, and that shared knowledge imports no layer."""

import ast
import unittest
from pathlib import Path

from . import support

PACKAGE = support.CODEGEN / "kiln_codegen"
LAYERS = ["front", "persistence", "check", "plan", "back"]  # in pipeline order
# What each layer may import besides the shared modules. plan and back take the checked model as
# it is: nothing of how it was checked.
MAY_IMPORT = {
    "front": {"front"},
    "persistence": {"front", "persistence"},
    "check": {"front", "persistence", "check"},
    "plan": {"plan"},
    "back": {"back"},
}
SHARED = {"model", "errors", "access", "vocabulary"}  # the model, its mistakes, access as data, the schema language
SHARED_FOLDERS = {"cpp"}  # what the whole generator knows of C++


def _imports(path: Path) -> list[str]:
    """The package's modules that `path` imports, from the package's top ("check.names")."""
    here = path.parent.relative_to(PACKAGE).parts
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if not isinstance(node, ast.ImportFrom) or node.level == 0:
            continue
        base = here[:len(here) - (node.level - 1)]
        if node.module:
            found.append(".".join(base + tuple(node.module.split("."))))
        else:  # from . import a, b: the modules a and b
            found += [".".join(base + (alias.name,)) for alias in node.names]
    return found


def _modules(folder: str) -> list[Path]:
    return sorted((PACKAGE / folder).rglob("*.py"))


class Layers(unittest.TestCase):
    def test_each_layer_imports_only_what_it_may_and_the_shared_modules(self):
        for layer, allowed in MAY_IMPORT.items():
            for path in _modules(layer):
                for target in _imports(path):
                    with self.subTest(module=path.relative_to(PACKAGE).as_posix(), imports=target):
                        self.assertIn(target.split(".")[0], allowed | SHARED | SHARED_FOLDERS,
                                      f"{layer} may not import {target}")

    def test_layers_come_in_pipeline_order(self):
        for layer, allowed in MAY_IMPORT.items():
            with self.subTest(layer=layer):
                self.assertTrue(all(LAYERS.index(other) <= LAYERS.index(layer) for other in allowed))

    def test_plan_and_back_import_nothing_of_check(self):
        for layer in ("plan", "back"):
            for path in _modules(layer):
                with self.subTest(module=path.relative_to(PACKAGE).as_posix()):
                    self.assertFalse([target for target in _imports(path) if target.split(".")[0] == "check"])

    def test_shared_knowledge_imports_no_layer(self):
        shared = [PACKAGE / f"{name}.py" for name in sorted(SHARED)]
        for path in shared + [path for folder in sorted(SHARED_FOLDERS) for path in _modules(folder)]:
            for target in _imports(path):
                with self.subTest(module=path.relative_to(PACKAGE).as_posix(), imports=target):
                    self.assertIn(target.split(".")[0], SHARED | SHARED_FOLDERS)

    def test_every_module_is_in_a_layer_or_shared_or_drives_them(self):
        top_level = {path.stem for path in PACKAGE.glob("*.py")} - {"__init__"}
        self.assertEqual(top_level, SHARED | {"cli", "pipeline"})
        folders = {path.name for path in PACKAGE.iterdir() if path.is_dir() and path.name != "__pycache__"}
        self.assertEqual(folders, set(LAYERS) | SHARED_FOLDERS)


if __name__ == "__main__":
    unittest.main()
