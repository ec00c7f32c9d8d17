"""Checks that docs/internals.md names every runtime header, in its folder's section, and every kilnc module.

Usage: check_internals.py ROOT

The page is the map a contributor finds a concept's file by; a file it does not name is a room the
map lacks. Files are named by their base name in backticks. The runtime's headers are named by
folder: a header of runtime/include/kiln/F/ in the section whose `### ` heading names `F/`, a door
(a header directly under kiln/) in the section headed "### The doors".

>>> missing_names("`world.hpp` and `io/`", ["world.hpp", "entity.hpp"])
['entity.hpp']
>>> page = "### The doors\\n`world.hpp`\\n### `core/`: below\\n`type_list.hpp`, `entity.hpp`\\n### `entity/`\\n"
>>> misplaced_headers(page, ["world.hpp", "core/type_list.hpp", "entity/entity.hpp", "io/id_index.hpp"])
['entity/entity.hpp', 'io/id_index.hpp']
"""

import pathlib
import re
import sys


def missing_names(page: str, names: list[str]) -> list[str]:
    return [name for name in names if f"`{name}`" not in page]


def sections(page: str) -> dict[str, str]:
    """Each `### ` section's text, keyed by the folder its heading names ("core" for "### `core/`: ..."),
    or "" for the doors' section."""
    found = {}
    for part in re.split(r"^### ", page, flags=re.MULTILINE)[1:]:
        heading, _, text = part.partition("\n")
        text = text.split("\n## ")[0]
        folder = re.match(r"`([a-z_]+)/`", heading)
        if folder:
            found[folder.group(1)] = text
        elif heading.startswith("The doors"):
            found[""] = text
    return found


def misplaced_headers(page: str, headers: list[str]) -> list[str]:
    """The headers (paths under kiln/) not named in their folder's section."""
    by_folder = sections(page)
    misplaced = []
    for header in headers:
        folder, _, name = header.rpartition("/")
        if f"`{name}`" not in by_folder.get(folder, ""):
            misplaced.append(header)
    return misplaced


def main(root: pathlib.Path) -> int:
    page = (root / "docs/internals.md").read_text(encoding="utf-8")
    include = root / "runtime/include/kiln"
    headers = sorted(path.relative_to(include).as_posix() for path in include.rglob("*.hpp"))
    modules = sorted(path.name for path in (root / "codegen/kiln_codegen").rglob("*.py") if path.name != "__init__.py")
    missing = missing_names(page, modules)
    for name in missing:
        print(f"docs/internals.md: error: `{name}` is not named; say in a line what it holds and where it belongs")
    misplaced = misplaced_headers(page, headers)
    for header in misplaced:
        folder, _, name = header.rpartition("/")
        where = f"the section headed ### `{folder}/`" if folder else "the section headed ### The doors"
        print(f"docs/internals.md: error: `{name}` ({header}) is not named in {where}; "
              "say in a line what it holds")
    return 1 if missing or misplaced else 0


if __name__ == "__main__":
    sys.exit(main(pathlib.Path(sys.argv[1])))
