"""Checks that the runtime's concept folders include only downward.

Usage: check_layers.py INCLUDE_DIR   (the directory holding kiln/)

The headers of runtime/include/kiln/ are the doors users include, at the top, and the concept
folders below them, in this order from the bottom up (FOLDERS). The rule:

- a header in a folder includes headers of its own folder and of the folders before it in
  FOLDERS, never of a folder after it: no folder includes a folder that includes it;
- of the doors, a folder's header includes only config.hpp (the assert macro) and fwd.hpp
  (declarations only), never the world, the umbrella or an entry point;
- the doors include anything;
- every header is a door or sits directly in one of the folders, and every <kiln/...> include
  names a header that exists.

>>> violations({"core/a.hpp": [], "storage/b.hpp": ["core/a.hpp", "config.hpp"], "config.hpp": []})
[]
>>> violations({"core/a.hpp": ["storage/b.hpp"], "storage/b.hpp": []})
['core/a.hpp includes storage/b.hpp: core is below storage']
>>> violations({"io/a.hpp": ["world.hpp"], "world.hpp": ["io/a.hpp"]})
['io/a.hpp includes world.hpp: a folder includes no door but config.hpp and fwd.hpp']
>>> violations({"loose.hpp": [], "game/a.hpp": ["core/gone.hpp"]})
['loose.hpp is neither a door nor in a folder of FOLDERS', 'game/a.hpp is neither a door nor in a folder of FOLDERS', 'game/a.hpp includes core/gone.hpp, which does not exist']
"""

import pathlib
import re
import sys

# The concept folders, from the bottom up: each may include the ones before it.
FOLDERS = ["core", "entity", "schema", "storage", "query", "system", "events", "changes", "hierarchy", "schedule",
           "world", "io"]
# The headers users include, at the top of kiln/.
DOORS = {"kiln.hpp", "fwd.hpp", "config.hpp", "world.hpp", "json.hpp", "save.hpp", "dump.hpp", "scene.hpp",
         "propagation.hpp"}
# The doors a folder's header may include.
DOORS_BELOW = {"config.hpp", "fwd.hpp"}

INCLUDE = re.compile(r"^\s*#\s*include\s*<kiln/([^>]+)>", re.MULTILINE)


def _folder(header: str) -> str | None:
    """The folder of a header's path under kiln/, None for a door; '' for a misplaced one."""
    parts = header.split("/")
    if len(parts) == 1:
        return None if header in DOORS else ""
    return parts[0] if len(parts) == 2 and parts[0] in FOLDERS else ""


def violations(includes: dict[str, list[str]]) -> list[str]:
    """What breaks the rule, given each header's <kiln/...> includes, paths relative to kiln/."""
    found = []
    for header, included in includes.items():
        here = _folder(header)
        if here == "":
            found.append(f"{header} is neither a door nor in a folder of FOLDERS")
        for target in included:
            there = _folder(target)
            if target not in includes:
                found.append(f"{header} includes {target}, which does not exist")
            elif not here:
                continue  # a door includes anything; a misplaced header is reported above
            elif there is None:
                if target not in DOORS_BELOW:
                    found.append(f"{header} includes {target}: a folder includes no door but config.hpp and fwd.hpp")
            elif there and FOLDERS.index(there) > FOLDERS.index(here):
                found.append(f"{header} includes {target}: {here} is below {there}")
    return found


def main(include_dir: pathlib.Path) -> int:
    root = include_dir / "kiln"
    includes = {path.relative_to(root).as_posix(): INCLUDE.findall(path.read_text(encoding="utf-8"))
                for path in sorted(root.rglob("*.hpp"))}
    found = violations(includes)
    for line in found:
        print(f"runtime/include/kiln/{line}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(pathlib.Path(sys.argv[1])))
