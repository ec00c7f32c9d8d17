"""Checks that every public member of the small public types has a doc comment.

Usage: check_doc_comments.py INCLUDE_DIR   (the directory holding kiln/)

The types a game programmer holds in every system (TYPES) document each public member where it
is declared, as EnTT does: what it does, its preconditions and what happens when they are broken.
A member is documented when a comment stands right above it, or above the member declared on the
line just before it, with no blank line between (a group: a copy constructor and its assignment,
the const and non-const overloads of one function). Members are the declarations indented one
level (four spaces) inside the class's public part; a function's body, indented deeper, is not.

>>> undocumented('''class a {
... public:
...     // Documented.
...     int f() const;
...     int f();
...
...     template <class C>
...     void g() {
...         body();
...     }
...     using t = int;
...
...     void h();
...
... private:
...     void hidden();
... };''', "a")
['template <class C>', 'void h();']
>>> undocumented("struct b {};", "a")
Traceback (most recent call last):
ValueError: no class a
"""

import pathlib
import re
import sys

# The headers of the small public types, and the classes each declares.
TYPES = {
    "kiln/entity/entity.hpp": ["entity"],
    "kiln/entity/handle.hpp": ["handle"],
    "kiln/events/event.hpp": ["event_writer", "event_reader"],
    "kiln/system/command_buffer.hpp": ["command_buffer"],
    "kiln/system/command_recorder.hpp": ["command_recorder"],
    "kiln/system/deferred_world.hpp": ["deferred_world"],
    "kiln/system/system_commands.hpp": ["system_commands"],
    "kiln/hierarchy/hierarchy.hpp": ["hierarchy"],
}

MEMBER_INDENT = " " * 4


def public_lines(text: str, name: str) -> list[str]:
    """The lines of class name's public part (up to `private:` or the class's end)."""
    match = re.search(rf"^class {name}\b[^;{{]*{{\n", text, flags=re.MULTILINE)
    if not match:
        raise ValueError(f"no class {name}")
    lines = text[match.end() :].split("\n")
    public = []
    in_public = False
    for line in lines:
        if line.startswith("};"):
            break
        if line.strip() in ("public:", "private:", "protected:"):
            in_public = line.strip() == "public:"
            continue
        if in_public:
            public.append(line)
    return public


def undocumented(text: str, name: str) -> list[str]:
    """The first lines of class name's public members that no comment documents."""
    found = []
    previous = "blank"  # what the last line at member level was: blank, comment or member
    for line in public_lines(text, name):
        if not line.strip():
            previous = "blank"
            continue
        if not line.startswith(MEMBER_INDENT) or line.startswith(MEMBER_INDENT + " "):
            continue  # a body, or a declaration's continuation
        stripped = line.strip()
        if stripped.startswith("//"):
            previous = "comment"
        elif stripped.startswith("}"):
            previous = "member"  # the end of a body: the next line may be its overload
        else:
            if previous == "blank":
                found.append(stripped)
            previous = "member"  # a template's head and its function, or the members of a group
    return found


def main(include_dir: pathlib.Path) -> int:
    problems = []
    for header, classes in TYPES.items():
        text = (include_dir / header).read_text()
        for name in classes:
            problems += [
                f"runtime/include/{header}: {name}: no doc comment above `{line}`" for line in undocumented(text, name)
            ]
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(pathlib.Path(sys.argv[1])))
