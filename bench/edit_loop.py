#!/usr/bin/python3
"""Measures the edit loop: what a build redoes after one schema or source edit of a game.

Usage:
    bench/edit_loop.py [--game examples/pacman | --generated-game] [--preset release] [--work DIR [--keep]]
                       [--edits NAME...] [--skip-full] [--jobs N]
    bench/edit_loop.py --count --build build/default [--game examples/pacman] [--edits NAME...]
                       [--at-most N | EDIT=N...] [--only-users]
    bench/edit_loop.py --count --generated-game [--build DIR] [--edits NAME...] [--at-most N | EDIT=N...]
                       [--only-users]

The edits, each applied alone to the game as it is in the repository (the
schema's declarations they touch are chosen by rules below, and printed):

    schema_comment   a comment line added to the schema (nothing to rebuild, as promised)
    doc_edit         a system's doc changed
    access_edit      a system's access changed: one more `with` component, one
                     that every archetype it runs on holds, so that it still
                     runs on the same rows and its run() keeps its signature
    field_add        a field added to one component (one that no source builds
                     from a brace list of values, which would then miss one)
    archetype_add    a component added to one archetype (a tag where there is one; a new tag
                     where every component is named by some system, as in invaders)
    new_system       a new system, reading the schema's first resource, its
                     body added to the file of the edited systems' bodies, with
                     an include of its header
    new_component    a new component, held by no archetype (kilnc warns)
    body_edit        one system body's file edited

By default (the benchmark, run by hand: docs/compile_time.md, "The edit
loop") it copies the repository's files (tracked and untracked, not ignored:
the work tree as it is) into --work, configures the copy with --preset,
builds the game's directory (`<game>/all`, which links its programs and, with
tests on, its test programs), then for each edit: applies it, builds again,
and reports the translation units the build compiled ("Building CXX object"
lines of ninja's output), the wall time, the CPU time of all it ran (user and
system: what others' work on the machine disturbs less), whether CMake ran
again, and the units that the count below predicted; then
puts the files back and builds again, untimed. A first row, `first build`,
is the first build of the copy (kilnc, then every unit the game needs, and
what it links), and a second, `full`, the game's every unit compiled again
(its objects deleted; --skip-full leaves it out). A --work kept from an
earlier run (--keep) is built again and reused, not copied: one full build,
then the edits, a few at a time.

--generated-game is the game bench/generated_game.py writes (200 units, 300
components, 150 archetypes, 200 systems: issue #42's), a project of its own
that uses kiln through add_subdirectory, as a user's game does: written into
--work/generated_game, configured into --work/generated_game_build with the
CMAKE_ cache variables of --preset (its build type and compiler), and built
whole (`all`).

With --count it builds nothing: in the configured and built --build of this
repository, it applies each edit to a copy of the game's schemas, lock and
sources, runs kilnc on them as the build does, and counts the units that
ninja would compile: those whose recorded header dependencies (`ninja -t
deps`) include a generated file whose bytes change or an edited source.
kilnc rewrites only the files whose bytes change and ninja then skips what
includes the others (restat), so this is the number the build compiles. It
says too whether CMake would configure again: when an edited file is an
input of build.ninja, or the files kilnc writes are not those the build
knows (a component, system or observer added, removed or renamed). With
--at-most N it exits 1 when an edit would compile more than N units, or
would configure the project again (EDIT=N: the target of that edit alone,
several at once); with --only-users, when an edit would
compile a unit other than those that include the world (`<ns>/world.hpp`),
those that define the run() of a system the edit touches (the edited
system; for a field added, each system that names the component) and those
that include the header of an archetype or prefab that the edit changes or
that holds a component it changes (`<ns>/archetypes/<name>.hpp`, a file
that creates one; `<ns>/prefabs/<name>.hpp`, a file that spawns one): the
ctests edit_loop.<game>.<edit> (tests/edit_loop/) hold the cheap edits to
their targets this way, in seconds, where building would take minutes.
With --generated-game, --build is the generated game's build (--work's
generated_game_build, kept); without it, the game is written into a
temporary directory, kilnc run on it once as the build would, and each
unit's dependencies read from the #include lines of the game's files and of
the generated headers, which the benchmark's build checks against ninja's
record (docs/compile_time.md): the ctest edit_loop.generated counts so,
without building 200 units.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import pathlib
import posixpath
import re
import resource
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib

import generated_game

REPOSITORY = pathlib.Path(__file__).resolve().parent.parent
EDITS = ("schema_comment", "doc_edit", "access_edit", "field_add", "archetype_add", "new_system", "new_component",
         "body_edit")
# What ninja prints for each unit it compiles, and when it runs CMake again.
COMPILED = re.compile(r"Building CXX object (\S+)")
RECONFIGURED = "Re-running CMake"
PROBE = "EditLoopProbe"  # the name of the new system and of the new component


class EditLoopError(Exception):
    """A failure, reported as one line (or a command's output)."""


@dataclasses.dataclass
class Game:
    """What the edits need to know of a game: its schemas, lock and sources, relative to the tree's root."""

    directory: str  # relative to the root, e.g. "examples/pacman", or "." where the root is the game's
    schemas: list[str]
    lock: str
    sources: list[str]
    namespace: str
    document: dict  # the schemas' tables, merged

    @staticmethod
    def read(root: pathlib.Path, directory: str) -> "Game":
        lists = (root / directory / "CMakeLists.txt").read_text(encoding="utf-8")
        call = re.search(r"kiln_generate\(\s*\S+\s+(.*?)\)", lists, re.DOTALL)
        if call is None:
            raise EditLoopError(f"{directory}/CMakeLists.txt calls no kiln_generate")
        words = call.group(1).split()
        schemas, lock, key = [], None, None
        for word in words:
            if word in ("SCHEMAS", "SCENES", "OUTPUT_DIR", "LOCK"):
                key = word
            elif key == "SCHEMAS":
                schemas.append(posixpath.normpath(f"{directory}/{word}"))
            elif key == "LOCK":
                lock = posixpath.normpath(f"{directory}/{word}")
        if not schemas:
            raise EditLoopError(f"{directory}/CMakeLists.txt: kiln_generate names no SCHEMAS")
        lock = lock or re.sub(r"\.toml$", ".kiln.lock", schemas[0])
        document: dict = {}
        for schema in schemas:
            with open(root / schema, "rb") as file:
                for kind, tables in tomllib.load(file).items():
                    if isinstance(tables, dict) and kind != "kiln":
                        document.setdefault(kind, {}).update(tables)
                    else:
                        document[kind] = tables
        sources = sorted(
            path.relative_to(root).as_posix()
            for path in (root / directory).rglob("*")
            if path.suffix in (".cpp", ".hpp") and path.is_file()
        )
        return Game(directory, schemas, lock, sources, document["kiln"]["namespace"], document)


@dataclasses.dataclass
class Choice:
    """The declarations the edits touch, chosen once for a game."""

    system: str  # the system whose doc and access change, and beside whose body the new system's goes
    body: str  # the source that defines its run()
    with_component: str  # the component its access gains
    field_component: str  # the component a field is added to
    archetype: str  # the archetype a component is added to
    archetype_component: str
    archetype_component_is_new: bool  # a tag declared by the edit, where the game has no component to spare
    resource: str  # what the new system reads
    stage: str


def body_in(texts: dict[str, str], name: str) -> str | None:
    """The source, of those given with their text, that defines system `name`'s run()."""
    pattern = re.compile(rf"\b{name}::run\(")
    return next((source for source, text in texts.items() if pattern.search(text)), None)


def body_of(root: pathlib.Path, game: Game, name: str) -> str | None:
    """The game's source that defines system `name`'s run(), relative to root."""
    return body_in({source: (root / source).read_text(encoding="utf-8") for source in game.sources}, name)


def system_list(system: dict, key: str) -> list[str]:
    value = system.get(key, [])
    return [value] if isinstance(value, str) else list(value)


def choose(root: pathlib.Path, game: Game) -> Choice:
    """Picks the declarations to edit by the rules of the module's doc; raises when a game has none."""
    document = game.document
    components = document.get("component", {})
    archetypes = document.get("archetype", {})
    systems = document.get("system", {})
    texts = {source: (root / source).read_text(encoding="utf-8") for source in game.sources}

    def body_of(name: str) -> str | None:
        return body_in(texts, name)

    def reachable(archetype: dict) -> set[str]:  # its components, and every one_of choice
        held = set(archetype.get("components", []))
        for group in archetype.get("one_of", []):
            held.update(group)
        return held

    lists = ("read", "write", "with", "without", "has", "optional_read", "optional_write")
    system, body, with_component = None, None, None
    for name, declaration in systems.items():
        if "doc" not in declaration or body_of(name) is None:
            continue
        named = {component for key in lists for component in system_list(declaration, key)}
        required = {component for key in ("read", "write", "with") for component in system_list(declaration, key)}
        if not required:
            continue
        matched = [archetype for archetype in archetypes.values() if required <= reachable(archetype)]
        if not matched:
            continue
        common = set.intersection(*(set(archetype.get("components", [])) for archetype in matched))
        candidates = [component for component in components if component in common - named]
        if candidates:
            system, body, with_component = name, body_of(name), candidates[0]
            break
    if system is None:
        raise EditLoopError("no system with a doc, a query and a body in the game's sources to edit")

    everything = "\n".join(texts.values())
    field_component = next(
        (
            name
            for name, fields in components.items()
            if any(key != "kiln" for key in fields)
            and not re.search(rf"\b{name}(\s+\w+)?\s*\{{\s*[^\s}}]", everything)
        ),
        None,
    )
    if field_component is None:
        raise EditLoopError("every component with fields is built from a brace list somewhere")

    named_anywhere = set()
    for declaration in systems.values():
        for key in ("read", "write", "with", "without"):
            named_anywhere.update(system_list(declaration, key))
        for lookup in declaration.get("lookup", {}).values():
            for key in ("read", "write", "with", "without"):
                named_anywhere.update(system_list(lookup, key))
    in_groups = {component for archetype in archetypes.values() for group in archetype.get("one_of", [])
                 for component in group}
    archetype, archetype_component = None, None
    for name, declaration in archetypes.items():
        if declaration.get("one_of"):
            continue
        candidates = [component for component in components
                      if component not in declaration.get("components", [])
                      and component not in named_anywhere | in_groups]
        candidates.sort(key=lambda component: any(key != "kiln" for key in components[component]))  # tags first
        if candidates:
            archetype, archetype_component = name, candidates[0]
            break
    new_tag = archetype is None
    if new_tag:
        archetype = next((name for name, declaration in archetypes.items() if not declaration.get("one_of")), None)
        archetype_component = f"{PROBE}Tag"
    if archetype is None:
        raise EditLoopError("no archetype without one_of to add a component to")

    resources = document.get("resource", {})
    if not resources:
        raise EditLoopError("the game has no resource for the new system to read")
    stage = systems[system].get("stage") or next(
        (declaration["stage"] for declaration in systems.values() if "stage" in declaration), "update")
    return Choice(system, body, with_component, field_component, archetype, archetype_component, new_tag,
                  next(iter(resources)), stage)


def table_span(lines: list[str], header: str) -> tuple[int, int] | None:
    """The lines of a TOML table `[header]`: its header's index and the index past its last key."""
    try:
        start = lines.index(f"[{header}]")
    except ValueError:
        return None
    end = start + 1
    while end < len(lines) and not lines[end].startswith("["):
        end += 1
    while end > start + 1 and (not lines[end - 1].strip() or lines[end - 1].startswith("#")):
        end -= 1
    return start, end


class Tree:
    """A copy of a game's files under a root, edited in place and put back."""

    def __init__(self, root: pathlib.Path, game: Game) -> None:
        self.root = root
        self.game = game
        self.saved: dict[str, bytes] = {}

    def text(self, path: str) -> str:
        return (self.root / path).read_text(encoding="utf-8")

    def write(self, path: str, text: str) -> None:
        if path not in self.saved:
            self.saved[path] = (self.root / path).read_bytes()
        (self.root / path).write_text(text, encoding="utf-8")

    def edit_table(self, header: str, change) -> None:
        """Applies change(lines, start, end) to the schema that holds [header]."""
        for schema in self.game.schemas:
            lines = self.text(schema).split("\n")
            span = table_span(lines, header)
            if span is not None:
                change(lines, *span)
                self.write(schema, "\n".join(lines))
                return
        raise EditLoopError(f"no schema of the game has a table [{header}]")

    def restore(self) -> None:
        """Puts back every file the edit wrote, and the lock, where kilnc records new stable ids."""
        for path, data in self.saved.items():
            (self.root / path).write_bytes(data)
        self.saved.clear()

    def save_lock(self) -> None:
        if self.game.lock not in self.saved and (self.root / self.game.lock).exists():
            self.saved[self.game.lock] = (self.root / self.game.lock).read_bytes()


def apply(tree: Tree, edit: str, choice: Choice) -> str:
    """Applies one edit to the tree; returns what it did, in words."""
    tree.save_lock()
    game = tree.game
    if edit == "schema_comment":
        schema = game.schemas[0]
        tree.write(schema, tree.text(schema) + "# edited by bench/edit_loop.py\n")
        return f"a comment line at the end of {schema}"
    if edit == "doc_edit":
        def change(lines, start, end):
            index = next(i for i in range(start, end) if lines[i].startswith("doc = "))
            lines[index] = re.sub(r'"$', ' (edited)"', lines[index])
        tree.edit_table(f"system.{choice.system}", change)
        return f"system {choice.system}'s doc"
    if edit == "access_edit":
        def change(lines, start, end):
            index = next((i for i in range(start, end) if lines[i].startswith("with = [")), None)
            if index is None:
                lines.insert(end, f'with = ["{choice.with_component}"]')
            else:
                lines[index] = re.sub(r"\]$", f', "{choice.with_component}"]', lines[index])
        tree.edit_table(f"system.{choice.system}", change)
        return f"system {choice.system} runs with {choice.with_component} too"
    if edit == "field_add":
        tree.edit_table(f"component.{choice.field_component}",
                        lambda lines, start, end: lines.insert(end, 'edit_loop = "u8"'))
        return f"component {choice.field_component} gains a field edit_loop"
    if edit == "archetype_add":
        def change(lines, start, end):
            index = next(i for i in range(start, end) if lines[i].startswith("components = ["))
            lines[index] = re.sub(r"\]$", f', "{choice.archetype_component}"]', lines[index])
        tree.edit_table(f"archetype.{choice.archetype}", change)
        if choice.archetype_component_is_new:
            schema = game.schemas[0]
            tree.write(schema, tree.text(schema) + f"\n[component.{choice.archetype_component}]\n")
            return f"archetype {choice.archetype} gains {choice.archetype_component}, a new tag"
        return f"archetype {choice.archetype} gains {choice.archetype_component}"
    if edit == "new_system":
        schema = game.schemas[0]
        tree.write(schema, tree.text(schema) + f'\n[system.{PROBE}]\nstage = "{choice.stage}"\n'
                   f'resources = ["{choice.resource}"]\n')
        ns = game.namespace
        header = f"{ns.replace('::', '/')}/systems/{PROBE}.hpp"  # for a file that includes its systems' alone
        tree.write(choice.body, tree.text(choice.body) +
                   f"\n#include <{header}>\n\nvoid {ns}::{PROBE}::run(const {ns}::{choice.resource}&) {{}}\n")
        return f"system {PROBE} (stage {choice.stage}, reads {choice.resource}), its body in {choice.body}"
    if edit == "new_component":
        schema = game.schemas[0]
        tree.write(schema, tree.text(schema) + f'\n[component.{PROBE}]\nvalue = "u8"\n')
        return f"component {PROBE}, in no archetype"
    if edit == "body_edit":
        tree.write(choice.body, tree.text(choice.body) + "// edited by bench/edit_loop.py\n")
        return f"{choice.body} (a line added)"
    raise EditLoopError(f"unknown edit {edit}")


def run(command: list[str], cwd: pathlib.Path | None = None, check: bool = True) -> subprocess.CompletedProcess:
    completed = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if check and completed.returncode != 0:
        raise EditLoopError(f"{shlex.join(command)} failed:\n{completed.stdout[-4000:]}{completed.stderr[-4000:]}")
    return completed


def ninja_program(build: pathlib.Path) -> str:
    for line in (build / "CMakeCache.txt").read_text().splitlines():
        if line.startswith("CMAKE_MAKE_PROGRAM:"):
            return line.partition("=")[2]
    return "ninja"


@dataclasses.dataclass
class Generation:
    """How the build runs kilnc for the game, read from its build.ninja."""

    python: str
    kilnc: str
    out: pathlib.Path
    root: pathlib.Path
    lock: pathlib.Path
    schemas: list[pathlib.Path]
    outputs_file: pathlib.Path  # the paths kilnc writes, as the build knows them (kiln_generate)


def generation(build: pathlib.Path, game: Game) -> Generation:
    stamps = [path for path in (build / game.directory).glob("*/.kiln-*.stamp") if "-scene-" not in path.name]
    if len(stamps) != 1:
        raise EditLoopError(f"{build / game.directory}: expected one kiln_generate stamp, found {len(stamps)} "
                            "(is the game built?)")
    target = stamps[0].relative_to(build).as_posix()
    commands = run([ninja_program(build), "-C", str(build), "-t", "commands", "-s", target]).stdout
    for part in commands.split("&&"):
        words = shlex.split(part)
        if "generate" in words and any(word.endswith("kilnc") for word in words):
            break
    else:
        raise EditLoopError(f"no kilnc generate command builds {target}")
    at = words.index("generate")
    options, schemas, index = {}, [], at + 1
    while index < len(words):
        if words[index] in ("--out", "--root", "--lock", "--depfile", "--depfile-target", "--outputs-file"):
            options[words[index]] = words[index + 1]
            index += 2
        elif words[index].startswith("--"):
            index += 1
        else:
            schemas.append(pathlib.Path(words[index]))
            index += 1
    return Generation(words[at - 2], words[at - 1], pathlib.Path(options["--out"]), pathlib.Path(options["--root"]),
                      pathlib.Path(options["--lock"]), schemas, pathlib.Path(options["--outputs-file"]))


def recorded_dependencies(build: pathlib.Path) -> dict[str, set[str]]:
    """Each object ninja has compiled, with the absolute paths of the files its depfile named."""
    output = run([ninja_program(build), "-C", str(build), "-t", "deps"]).stdout
    objects: dict[str, set[str]] = {}
    current = None
    for line in output.splitlines():
        if not line.strip():
            current = None
        elif not line.startswith(" "):
            current = line.split(":")[0]
            objects[current] = set()
        elif current is not None:
            path = line.strip()
            objects[current].add(os.path.normpath(path if os.path.isabs(path) else build / path))
    return {name: files for name, files in objects.items() if name.endswith(".o")}


def configure_inputs(build: pathlib.Path) -> set[str]:
    """The files whose change makes ninja run CMake again (the inputs of build.ninja)."""
    output = run([ninja_program(build), "-C", str(build), "-t", "query", "build.ninja"]).stdout
    inputs, reading = set(), False
    for line in output.splitlines():
        if line.strip().startswith("input:"):
            reading = True
        elif line.strip().startswith("outputs:"):
            reading = False
        elif reading and line.startswith("    "):
            path = line.strip().removeprefix("| ").removeprefix("|| ")
            inputs.add(os.path.normpath(path if os.path.isabs(path) else build / path))
    return inputs


def predicted(made: Generation, game: Game, choice: Choice, edit: str,
              dependencies: dict[str, set[str]]) -> tuple[list[str], list[str], list[str], bool]:
    """The generated files an edit changes, the objects that ninja would compile, the files the
    edit wrote (absolute, as the build names them), and whether kilnc would write other files than
    the build knows (which configures again), without building."""
    known = {pathlib.Path(os.path.relpath(line, made.out)).as_posix()
             for line in made.outputs_file.read_text(encoding="utf-8").splitlines()}
    with tempfile.TemporaryDirectory(prefix="edit_loop.") as scratch:
        root = pathlib.Path(scratch) / "root"
        copied = [*(schema.relative_to(made.root) for schema in made.schemas), made.lock.relative_to(made.root),
                  *(pathlib.Path(source) for source in game.sources)]
        for relative in copied:
            if (made.root / relative).exists():
                (root / relative).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(made.root / relative, root / relative)
        tree = Tree(root, game)
        apply(tree, edit, choice)
        edited = [os.path.normpath(made.root / path) for path in tree.saved if path != game.lock]
        if not any(schema in tree.saved for schema in game.schemas):  # a source edited: kilnc writes the same
            objects = sorted(name for name, files in dependencies.items() if files & set(edited))
            return [], objects, edited, False
        out = pathlib.Path(scratch) / "out"
        run([made.python, made.kilnc, "generate", "--out", str(out), "--root", str(root),
             "--lock", str(root / made.lock.relative_to(made.root)),
             *(str(root / schema.relative_to(made.root)) for schema in made.schemas)])
        changed, written = [], set()
        for path in sorted(out.rglob("*")):
            if path.is_file():
                written.add(path.relative_to(out).as_posix())
                existing = made.out / path.relative_to(out)
                if not existing.is_file() or existing.read_bytes() != path.read_bytes():
                    changed.append(str(existing))
    touched = set(changed) | set(edited)
    objects = sorted(name for name, files in dependencies.items() if files & touched)
    return [os.path.relpath(path, made.out) for path in changed], objects, edited, written != known


def users(game: Game, choice: Choice, edit: str) -> list[str]:
    """The systems whose bodies' files an edit may compile beyond the world's: the edited system, or
    for a field added, each system that names the component (in its access, filters or lookups, or
    as a propagation's part); none for the other edits."""
    if edit in ("doc_edit", "access_edit", "body_edit"):
        return [choice.system]
    if edit != "field_add":
        return []
    keys = ("read", "write", "with", "without", "has", "optional_read", "optional_write", "changed", "added")
    found = []
    for name, declaration in game.document.get("system", {}).items():
        named = {component for key in keys for component in system_list(declaration, key)}
        for lookup in declaration.get("lookup", {}).values():
            named.update(component for key in keys for component in system_list(lookup, key))
        if choice.field_component in named:
            found.append(name)
    for name, declaration in game.document.get("propagate", {}).items():
        if choice.field_component in (declaration.get("local"), declaration.get("global")):
            found.append(name)
    return found


def unit_source(files: set[str], game: Game, root: pathlib.Path) -> str | None:
    """The game's source that an object compiles, among the files its depfile named: a .cpp, not one
    of the game's headers that it includes (maze.hpp sorts before pac.cpp)."""
    return next((source for source in game.sources
                 if source.endswith(".cpp") and os.path.normpath(root / source) in files), None)


INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.MULTILINE)
# The includes that the schedule's unit ([kiln] schedule_unit), which defines the macro, leaves out.
SCHEDULE_UNIT_MACRO = "KILN_SCHEDULE_UNIT"
NOT_IN_SCHEDULE_UNIT = re.compile(r'^\s*#\s*ifndef\s+' + SCHEDULE_UNIT_MACRO + r'\b.*?^\s*#\s*endif', re.MULTILINE | re.DOTALL)


def scanned_dependencies(game: Game, root: pathlib.Path, out: pathlib.Path,
                         generated_sources: list[pathlib.Path]) -> dict[str, set[str]]:
    """Each unit of the game (an object named after its source), and each source kilnc writes
    (generated_sources, [kiln] schedule_unit's), with the files of the game and the generated
    headers under out that it includes, itself and through them: what ninja would record of those
    files after compiling it, read from the #include lines instead (the runtime's and the system's
    headers, which no edit changes, left out)."""
    direct: dict[tuple[str, bool], list[str]] = {}

    def includes(path: str, schedule_unit: bool) -> list[str]:
        if (path, schedule_unit) not in direct:
            found = []
            text = pathlib.Path(path).read_text(encoding="utf-8")
            if schedule_unit:
                text = NOT_IN_SCHEDULE_UNIT.sub("", text)
            for form, name in INCLUDE.findall(text):
                places = ([pathlib.Path(path).parent] if form == '"' else []) + [out]
                found += [os.path.normpath(place / name) for place in places if (place / name).is_file()][:1]
            direct[(path, schedule_unit)] = found
        return direct[(path, schedule_unit)]

    objects = {}
    units = [(f"{source}.o", root / source) for source in game.sources if source.endswith(".cpp")]
    units += [(f"{source.relative_to(out).as_posix()}.o", source) for source in generated_sources]
    for name, source in units:
        schedule_unit = f"#define {SCHEDULE_UNIT_MACRO}" in pathlib.Path(source).read_text(encoding="utf-8")
        seen, stack = set(), [os.path.normpath(source)]
        while stack:
            path = stack.pop()
            if path not in seen:
                seen.add(path)
                stack += includes(path, schedule_unit)
        objects[name] = seen
    return objects


# The sources kilnc writes for a schema whose schedule compiles apart ([kiln] schedule_unit), which
# the targets that link its library compile: units of the world, as main.cpp is.
KILN_SOURCES = ("schedule.cpp", "components.cpp")


def kiln_unit(name: str) -> bool:
    """Whether the object `name` compiles one of KILN_SOURCES."""
    return pathlib.Path(name).name.removesuffix(".o") in KILN_SOURCES


@dataclasses.dataclass
class Counted:
    """A game's units and what the build knows of them, for counting what an edit compiles."""

    root: pathlib.Path  # where the game's directory is
    game: Game
    made: Generation
    dependencies: dict[str, set[str]]  # by object
    inputs: set[str]  # the files whose change configures again
    where: str  # in words, for the report


def counted_build(build: pathlib.Path, arguments: argparse.Namespace) -> Counted:
    """A built game: this repository's --game, or a generated game's build (its own project)."""
    if arguments.generated_game:
        for line in (build / "CMakeCache.txt").read_text().splitlines():
            if line.startswith("CMAKE_HOME_DIRECTORY:"):
                root, directory = pathlib.Path(line.partition("=")[2]), "."
                break
        else:
            raise EditLoopError(f"{build} is no configured build")
    else:
        root, directory = REPOSITORY, arguments.game
    game = Game.read(root, directory)
    return Counted(root, game, generation(build, game), recorded_dependencies(build),
                   configure_inputs(build), f"built in {build}")


def counted_scan(scratch: pathlib.Path) -> Counted:
    """The generated game written into scratch, and kilnc's headers for it, with its units'
    dependencies read from their includes: no build, no compiler."""
    root = scratch / "game"
    generated_game.write(root)
    game = Game.read(root, ".")
    out = scratch / "out"
    made = Generation(sys.executable, str(REPOSITORY / "codegen" / "kilnc"), out, root, root / game.lock,
                      [root / schema for schema in game.schemas], out / ".kiln-outputs")
    run([made.python, made.kilnc, "generate", "--out", str(out), "--root", str(root), "--lock", str(made.lock),
         "--outputs-file", str(made.outputs_file), *map(str, made.schemas)])
    generated_sources = [pathlib.Path(line) for line in made.outputs_file.read_text(encoding="utf-8").splitlines()
                         if line.endswith(".cpp")]
    return Counted(root, game, made, scanned_dependencies(game, root, out, generated_sources),
                   {str(root / "CMakeLists.txt")}, "generated, its includes read")


def counting(arguments: argparse.Namespace) -> int:
    if arguments.generated_game and arguments.build is None:
        with tempfile.TemporaryDirectory(prefix="edit_loop.game.") as scratch:
            return count(counted_scan(pathlib.Path(scratch)), arguments)
    return count(counted_build((arguments.build or REPOSITORY / "build" / "default").resolve(), arguments), arguments)


def count(counted: Counted, arguments: argparse.Namespace) -> int:
    root, game, made, dependencies = counted.root, counted.game, counted.made, counted.dependencies
    choice = choose(root, game)
    includers = [name for name, files in dependencies.items()
                 if any(path.startswith(str(made.out) + os.sep) for path in files)]
    if not includers:
        raise EditLoopError(f"no object includes {made.out}'s headers: build the game first")
    name = "the generated game" if arguments.generated_game else game.directory
    print(f"edit_loop: {name} ({counted.where}): {len(includers)} units include the generated headers")
    world = os.path.normpath(made.out.joinpath(*game.namespace.split("::"), "world.hpp"))
    world_units = sorted(name for name in includers if world in dependencies[name] or kiln_unit(name))
    shown = [pathlib.Path(name).name.removesuffix(".o") for name in world_units]
    print(f"edit_loop: {len(world_units)} of them are the world's (include world.hpp, or are kilnc's sources) "
          f"({', '.join(shown if len(shown) <= 12 else shown[:12] + [f'and {len(shown) - 12} more']) or 'none'})")
    limits = at_most(arguments.at_most, arguments.edits)
    over, configures, strays = [], False, []
    for edit in arguments.edits:
        changed, objects, edited, new_outputs = predicted(made, game, choice, edit, dependencies)
        if edit in limits and len(objects) > limits[edit]:
            over.append(f"{edit}: {len(objects)} units, more than the target of {limits[edit]}")
        configure = bool(set(edited) & counted.inputs) or new_outputs
        configures |= configure and edit in limits
        names = [pathlib.Path(name).name.removesuffix(".o") for name in objects]
        units = ", ".join(names if len(names) <= 12 else names[:12] + [f"and {len(names) - 12} more"]) or "none"
        shown = changed if len(changed) <= 8 else changed[:8] + [f"and {len(changed) - 8} more"]
        print(f"edit_loop: {edit}: {len(objects)} units ({units}); generated files changed: "
              f"{', '.join(shown) or 'none'}; CMake runs again: {'yes' if configure else 'no'}")
        touched = [PROBE] if edit == "new_system" else users(game, choice, edit)
        bodies = {source for system in touched for source in [body_of(root, game, system)] if source}
        if edit == "new_system":
            bodies.add(choice.body)  # where the edit writes the new system's run()
        holders = holding_headers(made, game, changed)
        beyond = [name for name in objects if name not in world_units
                  and unit_source(dependencies[name], game, root) not in bodies
                  and not holders & set(dependencies[name])]
        print(f"edit_loop: {edit}: beyond the units of the world and of the bodies of "
              f"{', '.join(touched) or 'no system'}: "
              f"{', '.join(pathlib.Path(name).name.removesuffix('.o') for name in beyond) or 'none'}")
        strays += beyond
    for line in over:
        print(f"edit_loop: {line}")
    if over:
        return 1
    if arguments.only_users and strays:
        print("edit_loop: an edit would compile units that neither include the world nor define a body it touches")
        return 1
    if configures:
        print("edit_loop: the edit would configure the project again, which only a new namespace, or a component, "
              "system or observer added, removed or renamed, needs")
        return 1
    return 0


def holding_headers(made: Generation, game: Game, changed: list[str]) -> set[str]:
    """The headers of the archetypes and prefabs (<ns>/archetypes/<name>.hpp and
    <ns>/prefabs/<name>.hpp, normalized paths as in the units' dependencies) that change, or include
    a changed component header or an archetype header so found: what a file that creates or
    spawns one of them includes."""
    namespace = made.out.joinpath(*game.namespace.split("::"))
    headers = {os.path.normpath(header): header.read_text(encoding="utf-8")
               for folder in ("archetypes", "prefabs") for header in sorted((namespace / folder).glob("*.hpp"))}
    held = [path for path in changed if "/components/" in path]
    holders = {os.path.normpath(made.out / path) for path in changed if "/archetypes/" in path or "/prefabs/" in path}
    holders |= {header for header, text in headers.items() if any(f"#include <{path}>" in text for path in held)}
    holding_archetypes = [os.path.relpath(header, made.out) for header in holders if "/archetypes/" in header]
    return holders | {header for header, text in headers.items() if "/prefabs/" in header
                      and any(f"#include <{path}>" in text for path in holding_archetypes)}


def at_most(values: list[str] | None, edits: list[str]) -> dict[str, int]:
    """--at-most's targets by edit: N for every edit, or EDIT=N for one."""
    limits = {}
    for value in values or []:
        edit, _, number = value.rpartition("=")
        if edit and edit not in edits:
            raise EditLoopError(f"--at-most {value}: {edit} is not among the edits")
        if not number.isdigit():
            raise EditLoopError(f"--at-most {value}: a number of units, or EDIT=N")
        limits.update({edit: int(number)} if edit else {name: int(number) for name in edits})
    return limits


def copy_repository(repository: pathlib.Path, work: pathlib.Path) -> pathlib.Path:
    """A work tree's files, tracked and untracked but not ignored, under work/src."""
    source = work / "src"
    listing = run(["git", "-C", str(repository), "ls-files", "-z", "--cached", "--others", "--exclude-standard"]).stdout
    for name in filter(None, listing.split("\0")):
        origin = repository / name
        if origin.is_file():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(origin, source / name)
    return source


@dataclasses.dataclass
class Built:
    """What one build did: its wall time, the CPU time of everything it ran (ninja, kilnc, the
    compilers: user and system, which others' work on the machine disturbs less than the wall
    time), the objects it compiled, and whether CMake ran again."""

    seconds: float
    cpu: float
    compiled: list[str]
    reconfigured: bool


def timed_build(build: pathlib.Path, target: str, jobs: int | None) -> Built:
    started, before = time.monotonic(), resource.getrusage(resource.RUSAGE_CHILDREN)
    completed = run([ninja_program(build), "-C", str(build), *([f"-j{jobs}"] if jobs else []), target], check=False)
    seconds, after = time.monotonic() - started, resource.getrusage(resource.RUSAGE_CHILDREN)
    if completed.returncode != 0:
        raise EditLoopError(f"building {target} failed:\n{completed.stdout[-6000:]}{completed.stderr[-2000:]}")
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return Built(seconds, cpu, COMPILED.findall(completed.stdout), RECONFIGURED in completed.stdout)


def preset_cache(preset: str) -> list[str]:
    """The CMAKE_ cache variables of one of kiln's configure presets (with those it inherits), as -D
    options for a game's own project: its build type, compiler and flags."""
    presets = {entry["name"]: entry for entry in
               json.loads((REPOSITORY / "CMakePresets.json").read_text(encoding="utf-8"))["configurePresets"]}
    if preset not in presets:
        raise EditLoopError(f"CMakePresets.json has no configure preset {preset}")

    def variables(name: str) -> dict[str, str]:
        entry = presets[name]
        inherited = entry.get("inherits", [])
        values: dict[str, str] = {}
        for parent in reversed([inherited] if isinstance(inherited, str) else inherited):
            values.update(variables(parent))
        return values | entry.get("cacheVariables", {})

    return [f"-D{key}={value}" for key, value in variables(preset).items() if key.startswith("CMAKE_")]


def benchmark(arguments: argparse.Namespace) -> int:
    work = None
    if arguments.in_place:
        # This work tree's own build: its files are edited and put back.
        source, build = REPOSITORY, (arguments.build or REPOSITORY / "build" / "default").resolve()
    else:
        work = pathlib.Path(arguments.work or tempfile.mkdtemp(prefix="kiln_edit_loop.")).resolve()
        source = work / "src"
        if source.is_dir():
            print(f"edit_loop: building again in {work}, kept from an earlier run", flush=True)
        else:
            print(f"edit_loop: copying {arguments.source} into {source}", flush=True)
            copy_repository(arguments.source.resolve(), work)
        build = source / "build" / arguments.preset
        if not arguments.generated_game and not (build / "CMakeCache.txt").is_file():
            run(["cmake", "--preset", arguments.preset], cwd=source)
    if arguments.generated_game:
        # A game of its own project beside kiln's copy, as a user builds one.
        kiln, source, build = source, work / "generated_game", work / "generated_game_build"
        generated_game.write(source)
        if not (build / "CMakeCache.txt").is_file():
            run(["cmake", "-S", str(source), "-B", str(build), "-G", "Ninja", f"-DKILN_SOURCE_DIR={kiln}",
                 *preset_cache(arguments.preset)])
        directory, target, name = ".", "all", "the generated game"
    else:
        directory, target, name = arguments.game, f"{arguments.game}/all", arguments.game
    print(f"edit_loop: building {target} ({build})", flush=True)
    rows = []
    built = timed_build(build, target, arguments.jobs)
    if built.compiled:
        rows.append(("first build", f"{target} built in the new copy: kilnc, every unit it needs", built, None))
        print(f"edit_loop: first build: {len(built.compiled)} units, {built.seconds:.1f} s", flush=True)
    game = Game.read(source, directory)
    choice = choose(source, game)
    made = generation(build, game)

    if not arguments.skip_full:
        for path in (build / directory).rglob("*.o"):
            path.unlink()
        built = timed_build(build, target, arguments.jobs)
        rows.append(("full", "every unit of the game compiled again", built, None))
        print(f"edit_loop: full: {len(built.compiled)} units, {built.seconds:.1f} s", flush=True)

    tree = Tree(source, game)
    for edit in arguments.edits:
        dependencies = recorded_dependencies(build)
        _, expected, _, _ = predicted(made, game, choice, edit, dependencies)
        what = apply(tree, edit, choice)
        try:
            built = timed_build(build, target, arguments.jobs)
        finally:
            tree.restore()
        rows.append((edit, what, built, len(expected)))
        units = ", ".join(pathlib.Path(name).name.removesuffix(".o") for name in built.compiled) or "none"
        print(f"edit_loop: {edit} ({what}): {len(built.compiled)} units ({units}), {built.seconds:.1f} s, "
              f"{built.cpu:.1f} s of CPU{', CMake ran again' if built.reconfigured else ''}; "
              f"predicted {len(expected)}, load average {os.getloadavg()[0]:.1f}", flush=True)
        timed_build(build, target, arguments.jobs)  # back to the game as it is, untimed

    compiler = run(["c++", "--version"], check=False).stdout.splitlines()[:1]
    preset = build.name if arguments.in_place and not arguments.generated_game else arguments.preset
    print(f"\n{name}, build {preset}, {' '.join(compiler)}, load average "
          f"{' '.join(f'{load:.1f}' for load in os.getloadavg())}\n")
    print("| edit | what | units compiled | predicted | wall s | CPU s | CMake again |")
    print("|---|---|---:|---:|---:|---:|---|")
    for edit, what, built, expected in rows:
        print(f"| {edit} | {what} | {len(built.compiled)} | {'' if expected is None else expected} | "
              f"{built.seconds:.1f} | {built.cpu:.1f} | {'yes' if built.reconfigured else ''} |")
    if work is not None and not arguments.keep:
        shutil.rmtree(work)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="examples/pacman", help="the game's directory, relative to the repository")
    parser.add_argument("--edits", nargs="+", default=list(EDITS), choices=EDITS, metavar="EDIT")
    parser.add_argument("--count", action="store_true", help="count what the edits would compile in --build")
    parser.add_argument("--generated-game", action="store_true",
                        help="the game bench/generated_game.py writes, instead of --game: its own project")
    parser.add_argument("--build", type=pathlib.Path,
                        help="with --count or --in-place: the configured, built build directory (default: this "
                             "tree's build/default; with --count --generated-game, none: the game is generated and "
                             "its includes read)")
    parser.add_argument("--at-most", nargs="+", metavar="N|EDIT=N",
                        help="with --count: fail when an edit compiles more units than N (EDIT=N: that edit's target)")
    parser.add_argument("--only-users", action="store_true",
                        help="with --count: fail when an edit compiles a unit that neither includes world.hpp nor "
                             "defines the run() of a system it touches")
    parser.add_argument("--preset", default="release", help="the benchmark's configure preset (default release)")
    parser.add_argument("--work", type=pathlib.Path, help="where the benchmark copies and builds (default: a temporary directory)")
    parser.add_argument("--source", type=pathlib.Path, default=REPOSITORY,
                        help="the kiln work tree to copy (default: this one), e.g. another branch's worktree")
    parser.add_argument("--in-place", action="store_true",
                        help="benchmark in --build, this work tree's own build, editing its files and putting them back")
    parser.add_argument("--jobs", type=int, help="the benchmark's builds run this many jobs at once (default: ninja's)")
    parser.add_argument("--skip-full", action="store_true", help="leave out the row of the whole game compiled again")
    parser.add_argument("--keep", action="store_true", help="keep --work's copy and build afterwards")
    arguments = parser.parse_args()
    if arguments.generated_game and arguments.in_place:
        parser.error("--generated-game is a project of its own, built in --work: not with --in-place")
    try:
        return counting(arguments) if arguments.count else benchmark(arguments)
    except EditLoopError as error:
        print(f"bench/edit_loop.py: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
