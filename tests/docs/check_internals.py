"""Checks docs/internals.md: it names every runtime header in its folder's section and every kilnc module,
and tests/runtime/ holds each header's tests where the page says.

Usage: check_internals.py ROOT

The page is the map a contributor finds a concept's file by; a file it does not name is a room the
map lacks. Files are named by their base name in backticks. The runtime's headers are named by
folder: a header of runtime/include/kiln/F/ in the section whose `### ` heading names `F/`, a door
(a header directly under kiln/) in the section headed "### The doors".

tests/runtime/ mirrors the folders: the tests of kiln/F/x.hpp are in tests/runtime/F/x.cpp; a
header without that file is named in a line "- `tests/runtime/FILE.cpp`: `F/x.hpp`, ..." of the
page, and FILE exists.

>>> missing_names("`world.hpp` and `io/`", ["world.hpp", "entity.hpp"])
['entity.hpp']
>>> page = "### The doors\\n`world.hpp`\\n### `core/`: below\\n`type_list.hpp`, `entity.hpp`\\n### `entity/`\\n"
>>> misplaced_headers(page, ["world.hpp", "core/type_list.hpp", "entity/entity.hpp", "io/id_index.hpp"])
['entity/entity.hpp', 'io/id_index.hpp']
>>> tested_through("- `tests/runtime/world.cpp`: `world/gather.hpp`,\\n  `query/query.hpp`\\n- `x`: `a.hpp`\\n")
{'world/gather.hpp': 'tests/runtime/world.cpp', 'query/query.hpp': 'tests/runtime/world.cpp'}
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


def tested_through(page: str) -> dict[str, str]:
    """The headers the page says are tested in another header's file, each with that file."""
    through = {}
    for item in re.split(r"^- ", page, flags=re.MULTILINE)[1:]:
        head = re.match(r"`(tests/runtime/[\w/]+\.cpp)`:", item)
        if head:
            body = item[head.end():].split("\n\n")[0]
            for header in re.findall(r"`([\w/]+\.hpp)`", body):
                through[header] = head.group(1)
    return through


def untested_headers(root: pathlib.Path, page: str, headers: list[str]) -> list[str]:
    """Messages for the headers with neither their own test file nor an existing file the page names."""
    through = tested_through(page)
    found = []
    for header in headers:
        own = f"tests/runtime/{header[:-len('.hpp')]}.cpp"
        if (root / own).is_file():
            if header in through:
                found.append(f"{header} has its own tests, {own}: drop it from the list of headers tested through another's")
        elif header not in through:
            found.append(f"{header} has no tests at {own}, and no line names the file that tests it")
        elif not (root / through[header]).is_file():
            found.append(f"{header} is said to be tested in {through[header]}, which does not exist")
    return found


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
    untested = untested_headers(root, page, headers)
    for message in untested:
        print(f"docs/internals.md: error: {message}")
    return 1 if missing or misplaced or untested else 0


if __name__ == "__main__":
    sys.exit(main(pathlib.Path(sys.argv[1])))
