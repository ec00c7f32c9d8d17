"""Checks that README.md and docs/index.md each link every page of docs/.

Usage: check_doc_lists.py ROOT

A page that neither list names is a page a reader does not find. README.md's
list is its "## Documentation" section; docs/index.md's is the whole page
(it does not link itself). A link is to `docs/NAME.md` from README.md and to
`NAME.md` from docs/index.md.

>>> section("# a\\n## Documentation\\n- [x](docs/x.md)\\n## Layout\\n[y](docs/y.md)\\n", "Documentation")
'- [x](docs/x.md)\\n'
>>> unlisted("- [x](docs/x.md)\\n- [z](docs/zz.md)\\n", "docs/", ["x.md", "y.md", "z.md"])
['y.md', 'z.md']
"""

import pathlib
import re
import sys


def section(page: str, heading: str) -> str:
    """The text of the `## heading` section of page, up to the next `## ` heading."""
    match = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", page, flags=re.MULTILINE | re.DOTALL)
    return match.group(1) if match else ""


def unlisted(text: str, prefix: str, pages: list[str]) -> list[str]:
    """The pages that text does not link as (prefix + page)."""
    linked = set(re.findall(r"\]\(([^)#\s]+)", text))
    return [page for page in pages if prefix + page not in linked]


def main() -> int:
    root = pathlib.Path(sys.argv[1])
    pages = sorted(path.name for path in (root / "docs").glob("*.md") if path.name != "index.md")
    readme = section((root / "README.md").read_text(), "Documentation")
    if not readme:
        problems = ["README.md: no `## Documentation` section"]
    else:
        problems = [
            f"README.md: its Documentation section does not link docs/{page}"
            for page in unlisted(readme, "docs/", pages)
        ]
    index = (root / "docs" / "index.md").read_text()
    problems += [f"docs/index.md: does not link {page}" for page in unlisted(index, "", pages)]
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
