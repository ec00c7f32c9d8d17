"""kiln_codegen's layers import only forward: front, then check, then plan, then back."""

import ast
import unittest

from . import support

PACKAGE = support.CODEGEN / "kiln_codegen"
LAYERS = ["front", "check", "plan", "back"]  # in pipeline order
SHARED = {"model", "errors"}  # what every layer may import


def _layer(module: str) -> str | None:
    """The layer a module of the package is in ("front" for front.loader); None for the shared and top-level ones."""
    top = module.split(".")[0]
    return top if top in LAYERS else None


class Layers(unittest.TestCase):
    def test_each_layer_imports_only_itself_the_layers_before_it_and_the_shared_modules(self):
        for path in sorted(PACKAGE.rglob("*.py")):
            here = path.parent.relative_to(PACKAGE).as_posix()
            if here not in LAYERS:
                continue  # the driver modules (cli, pipeline) use every layer
            for node in ast.walk(ast.parse(path.read_text(), str(path))):
                if not isinstance(node, ast.ImportFrom) or node.level == 0:
                    continue
                target = node.module or ""
                if node.level == 1:
                    target = f"{here}.{target}" if target else here
                layer = _layer(target)
                with self.subTest(module=path.relative_to(PACKAGE).as_posix(), imports=target):
                    if layer is None:
                        self.assertIn(target.split(".")[0], SHARED)
                    else:
                        self.assertLessEqual(LAYERS.index(layer), LAYERS.index(here),
                                             f"{here} may not import {target}: it comes later in the pipeline")

    def test_every_module_is_in_a_layer_or_shared_or_drives_them(self):
        top_level = {path.stem for path in PACKAGE.glob("*.py")} - {"__init__"}
        self.assertEqual(top_level, SHARED | {"cli", "pipeline"})


if __name__ == "__main__":
    unittest.main()
