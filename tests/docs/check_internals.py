"""Checks that docs/internals.md names every runtime header and every kilnc module.

Usage: check_internals.py ROOT

The page is the map a contributor finds a concept's file by; a file it does not name is a room the
map lacks. Files are named by their base name in backticks.

>>> missing_names("`world.hpp` and `io/`", ["world.hpp", "entity.hpp"])
['entity.hpp']
"""

import pathlib
import sys


def missing_names(page: str, names: list[str]) -> list[str]:
    return [name for name in names if f"`{name}`" not in page]


def main(root: pathlib.Path) -> int:
    page = (root / "docs/internals.md").read_text(encoding="utf-8")
    headers = sorted(path.name for path in (root / "runtime/include/kiln").rglob("*.hpp"))
    modules = sorted(path.name for path in (root / "codegen/kiln_codegen").rglob("*.py") if path.name != "__init__.py")
    missing = missing_names(page, headers + modules)
    for name in missing:
        print(f"docs/internals.md: error: `{name}` is not named; say in a line what it holds and where it belongs")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(pathlib.Path(sys.argv[1])))
