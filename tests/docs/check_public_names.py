#!/usr/bin/env python3
"""Checks that every public name of the runtime is findable in the documentation.

A public name is one a game can spell: declared in namespace kiln (or a namespace nested in it
other than internal), outside any function, and inside a class only where it is public. Each
must appear in code (a `span` or a fenced block) on some page of docs/, spelled as a whole word:
a member as `entity::index()`, `index()` or `.index()`, a type as `kiln::entity` or `entity`.

The names are read from the headers with a scanner that knows as much C++ as the runtime's
declarations use (namespaces, classes, enums, templates, using, functions and variables); it is
not a parser, and kiln's headers are written plainly enough for it.

Usage: check_public_names.py RUNTIME_INCLUDE_DIR DOCS_DIR   (exit status 1 lists what is missing)
"""

import pathlib
import re
import sys

_COMMENT_OR_LITERAL = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'', re.DOTALL)
_DIRECTIVE = re.compile(r"^[ \t]*#(?:[^\n]*\\\n)*[^\n]*", re.MULTILINE)
_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
_ACCESS = re.compile(r"\b(public|private|protected)\s*:(?!:)")
_CLASS_HEAD = re.compile(r"\b(class|struct|union)\s+(?:\[\[[^\]]*\]\]\s*)?([A-Za-z_]\w*)")
_NAMESPACE_HEAD = re.compile(r"^\s*(?:inline\s+)?namespace\s*([\w:]*)\s*$")
_KEYWORDS = {"const", "constexpr", "noexcept", "override", "final", "requires", "decltype", "sizeof", "return",
             "operator", "explicit", "static", "inline", "virtual", "friend", "typename", "template", "auto",
             "void", "bool", "if", "for", "while", "switch", "default", "delete", "this", "true", "false"}


def public_names(header: str) -> list[str]:
    """The public names a header declares, in order, each once.

    >>> public_names('''#pragma once
    ... #include <cstdint>
    ... namespace kiln {
    ... // a comment with class Fake {}
    ... class entity {
    ... public:
    ...     using index_type = int;
    ...     constexpr entity() noexcept = default;
    ...     [[nodiscard]] constexpr index_type index() const noexcept { return index_; }
    ...     friend bool operator==(entity, entity) = default;
    ... private:
    ...     int index_ = 0;
    ... };
    ... inline constexpr entity null_entity{};
    ... template <class C> concept component = requires { C::x; };
    ... enum class save_error : int { none, bad };
    ... namespace internal { struct hidden {}; }
    ... template <class W> void save(const W& world, int out) { if (world) { int x; } }
    ... }''')
    ['entity', 'index_type', 'index', 'null_entity', 'component', 'save_error', 'save']
    """
    text = _COMMENT_OR_LITERAL.sub(lambda match: " " if match.group().startswith("/") else '""', header)
    text = _DIRECTIVE.sub(" ", text)
    names: list[str] = []
    # Each open brace's context: ("namespace", public?), ("class", public now?), or ("hidden", False).
    stack: list[list] = []
    head_start = 0
    depth_parens = 0
    for index, char in enumerate(text):
        if char in "([":
            depth_parens += 1
        elif char in ")]":
            depth_parens -= 1
        if depth_parens or char not in "{};:":
            continue
        head = text[head_start:index]
        visible = all(context[1] for context in stack)
        if char == ":":
            access = _ACCESS.search(head + ":")
            if access and stack and stack[-1][0] == "class" and access.end() == len(head) + 1:
                stack[-1][1] = access.group(1) == "public"
                head_start = index + 1
            continue
        if char == "{":
            namespace = _NAMESPACE_HEAD.match(head)
            if namespace:
                stack.append(["namespace", "internal" not in namespace.group(1).split("::") and
                              "detail" not in namespace.group(1).split("::")])
            elif _is_type_head(head):
                kind, name = _type_head(head)
                if visible and name and _is_public_name(name):
                    names.append(name)
                stack.append(["class", kind == "struct"] if kind in ("class", "struct", "union")
                             else ["hidden", False])
            else:
                # A function's body, or a variable's or concept's braces.
                name = _declared_name(head)
                if visible and name and _is_public_name(name):
                    names.append(name)
                stack.append(["hidden", False])
        elif char == "}":
            if stack:
                stack.pop()
        elif char == ";" and visible:
            name = _declared_name(head)
            if name and _is_public_name(name):
                names.append(name)
        head_start = index + 1
    return list(dict.fromkeys(names))


def _is_type_head(head: str) -> bool:
    stripped = _without_template(head)
    return bool(re.match(r"\s*(?:class|struct|union|enum)\b", stripped)) and "(" not in stripped.split("{")[0]


def _type_head(head: str) -> tuple[str, str]:
    stripped = _without_template(head)
    enum = re.match(r"\s*enum\s+(?:class\s+|struct\s+)?([A-Za-z_]\w*)", stripped)
    if enum:
        return "enum", enum.group(1)
    match = _CLASS_HEAD.search(stripped)
    if match is None:  # an unnamed struct
        return re.match(r"\s*(\w+)", stripped).group(1), ""
    return match.group(1), match.group(2)


def _declared_name(head: str) -> str | None:
    """The name a declaration at namespace or class scope declares, or None."""
    stripped = _without_template(head).strip()
    if not stripped or stripped.startswith(("friend", "static_assert", "return", "#")):
        return None
    using = re.match(r"using\s+([A-Za-z_]\w*)\s*=", stripped)
    if using:
        return using.group(1)
    if stripped.startswith("using"):
        return None
    concept = re.match(r"concept\s+([A-Za-z_]\w*)", stripped)
    if concept:
        return concept.group(1)
    if re.match(r"(?:class|struct|union|enum)\b", stripped):  # a forward declaration
        return None
    # A function: the identifier before the first parenthesis; a variable: the last before = or {;
    # template arguments of a specialization (`unique_v<type_list<T, Rest...>>`) are not names.
    before = re.split(r"[({=]", stripped, maxsplit=1)[0]
    while re.search(r"<[^<>]*>", before):
        before = re.sub(r"<[^<>]*>", " ", before)
    if "operator" in before:
        return None
    words = [word for word in _IDENTIFIER.findall(before) if word not in _KEYWORDS]
    return words[-1] if words else None


def _without_template(head: str) -> str:
    """The head without a leading `template <...>` (nested angle brackets included) or attributes."""
    head = re.sub(r"\[\[[^\]]*\]\]", " ", head).strip()
    while head.startswith("template"):
        depth = 0
        for position, char in enumerate(head):
            if char == "<":
                depth += 1
            elif char == ">":
                depth -= 1
                if depth == 0:
                    head = head[position + 1:].strip()
                    break
        else:
            return head
    return head


def _is_public_name(name: str) -> bool:
    return not name.startswith("_") and not name.endswith("_") and name not in _KEYWORDS


def code_in(docs: str) -> str:
    """The code of markdown pages: fenced blocks and `spans`, joined by newlines.

    >>> code_in("Use `kiln::entity` here.\\n```cpp\\nworld.progress(1.0);\\n```\\nand `index()`.")
    'world.progress(1.0);\\n\\nkiln::entity\\nindex()'
    """
    fenced = re.findall(r"^```[^\n]*\n(.*?)^```$", docs, re.MULTILINE | re.DOTALL)
    prose = re.sub(r"^```[^\n]*\n.*?^```$", "", docs, flags=re.MULTILINE | re.DOTALL)
    return "\n".join(fenced + re.findall(r"`([^`\n]+)`", prose))


def main(include_dir: pathlib.Path, docs_dir: pathlib.Path) -> int:
    code = "\n".join(code_in(page.read_text(encoding="utf-8")) for page in sorted(docs_dir.glob("*.md")))
    missing = []
    for header in sorted(include_dir.rglob("*.hpp")):
        for name in public_names(header.read_text(encoding="utf-8")):
            if not re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", code):
                missing.append(f"{header.relative_to(include_dir)}: {name}")
    for line in missing:
        print(f"check_public_names: not in any code of {docs_dir}: {line}", file=sys.stderr)
    if missing:
        print(f"check_public_names: {len(missing)} public names are documented nowhere; name each in code "
              "(`name`) on the page about its header", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    sys.exit(main(pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])))
