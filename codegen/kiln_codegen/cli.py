"""The kilnc command line: generate, check, outputs, prefab, scene and schema-json.

Exit status: 0 when all is well, warnings or not (each printed to stderr as
path:line:column: warning: message); 1 when the schema has mistakes (each printed as
path:line:column: error: message); 2 when kilnc cannot do its job: bad usage, an output it
cannot write, or a fault in kilnc itself, which also prints a traceback to report.
"""

import argparse
import os
import sys
import traceback
from pathlib import Path, PurePath

from .back.depfile import depfile_text, tool_files
from .back.outputs import outputs_text
from .persistence.lockfile import Lock, changes, default_lock_path, lock_text, read_lock, updated
from .errors import Diagnostic, Location, SchemaError, in_report_order, joined
from .front.loader import load_all
from .model import Schema
from .pipeline import validate


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.run is _generate and args.depfile and not args.depfile_target:
        parser.error("generate: --depfile needs --depfile-target")
    try:
        return args.run(args)
    except SchemaError as error:
        for diagnostic in error.diagnostics:
            print(diagnostic, file=sys.stderr)
        return 1
    except OSError as error:
        # Reading schemas is reported as a schema mistake, so this is an output kilnc cannot write.
        print(f"kilnc: error: {error.strerror}: {error.filename}", file=sys.stderr)
        return 2
    except Exception as error:
        print(f"kilnc: internal error: {type(error).__name__}: {error}; please report this at the kiln issue "
              "tracker, with the schema and command line if you can", file=sys.stderr)
        traceback.print_exc()
        return 2


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="kilnc",
        description="Compiles kiln schemas (TOML) into the C++ headers of a typed world. All the files "
        "given make up one world.",
        epilog="Exit status: 0 fine, 1 mistakes in the schema, 2 kilnc could not do its job.",
    )
    commands = parser.add_subparsers(required=True, metavar="COMMAND")

    generate = commands.add_parser(
        "generate", help="write the headers and the schedule's graph", description="Writes <out>/<namespace path>/"
        "components.hpp, systems.hpp, world.hpp, reflection.hpp, schedule.dot and hana.hpp, touching only files "
        "whose content changes.")
    generate.add_argument("--out", required=True, metavar="DIR", help="directory to generate into")
    generate.add_argument("--root", default=".", metavar="DIR",
                          help="directory that the schema paths in the banner are relative to (default: .)")
    generate.add_argument("--depfile", metavar="FILE",
                          help="also write a Makefile-style depfile listing the schemas and kilnc's own files")
    generate.add_argument("--depfile-target", metavar="NAME",
                          help="the target the depfile names (required with --depfile)")
    generate.add_argument("--outputs-file", metavar="FILE",
                          help="also write the paths it writes, one a line, as outputs --write does (only when they "
                          "change)")
    generate.add_argument("--locked", action="store_true",
                          help="fail instead of updating the lock file when the schema needs new ids (for CI)")
    _lock_argument(generate)
    generate.add_argument("schemas", nargs="+", metavar="FILE", help="schema files, in order")
    generate.set_defaults(run=_generate)

    check = commands.add_parser(
        "check", help="validate only",
        description="Reports every mistake in the schema, and fails when the lock file is not current; writes nothing.")
    _lock_argument(check)
    check.add_argument("schemas", nargs="+", metavar="FILE", help="schema files, in order")
    check.set_defaults(run=_check)

    outputs = commands.add_parser(
        "outputs", help="print the paths generate would write",
        description="Checks the schema, then prints the paths that generate would write, one per line.")
    outputs.add_argument("--out", required=True, metavar="DIR", help="directory generate would write into")
    outputs.add_argument("--write", metavar="FILE",
                         help="write the paths to FILE instead, only if its content changes (kiln_generate configures "
                         "again when it does)")
    _lock_argument(outputs)
    outputs.add_argument("schemas", nargs="+", metavar="FILE", help="schema files, in order")
    outputs.set_defaults(run=_outputs)

    prefab = commands.add_parser(
        "prefab", help="print a prefab's resolved values",
        description="Checks the schema, then prints the prefab's values after its bases and the schema's "
        "defaults: its archetype, then each component's fields, then each child's (docs/content.md).")
    _lock_argument(prefab)
    prefab.add_argument("name", metavar="PREFAB", help="the prefab's name, or 'all' for every prefab")
    prefab.add_argument("schemas", nargs="+", metavar="FILE", help="schema files, in order")
    prefab.set_defaults(run=_prefab)

    scene = commands.add_parser(
        "scene", help="check a scene file against the schema",
        description="Checks the schema, then the scene file against it: its entities (prefab instances with "
        "overrides, archetypes' entities with values), their parents and entity fields, and the resources' values "
        "(docs/content.md, Scenes). Writes nothing.")
    _lock_argument(scene)
    scene.add_argument("scene", metavar="SCENE", help="the scene file")
    scene.add_argument("schemas", nargs="+", metavar="FILE", help="schema files, in order")
    scene.set_defaults(run=_scene)

    schema_json = commands.add_parser(
        "schema-json", help="print the JSON Schema of kiln's TOML, for editors",
        description="Prints the JSON Schema that editors (Taplo, Even Better TOML) check kiln schemas with, as "
        "schema/kiln.schema.json holds it; with --out, writes it there instead, only if its content changes.")
    schema_json.add_argument("--out", metavar="FILE", help="file to write instead of printing")
    schema_json.set_defaults(run=_schema_json)

    return parser


def _lock_argument(command: argparse.ArgumentParser) -> None:
    command.add_argument("--lock", metavar="FILE", help="the lock file of the stable ids (default: beside the first "
                         "schema, named after it: game.toml's is game.kiln.lock)")


def _generate(args: argparse.Namespace) -> int:
    schema, previous = _validated(args)
    from .back.render import remove_stale, render, write_if_changed  # only generate needs jinja2

    if args.locked:
        _require_current(previous, schema, "run kilnc generate without --locked (or build without KILN_LOCKED)")
    sources = [_relative_posix(path, args.root) for path in args.schemas]
    for include_path, header in render(schema, sources).items():
        write_if_changed(Path(args.out, include_path), header)
    remove_stale(Path(args.out), schema)
    write_if_changed(Path(previous.path), lock_text(updated(previous, schema)))
    if args.depfile:
        dependencies = [Path(path) for path in args.schemas] + [Path(previous.path)] + tool_files()
        write_if_changed(Path(args.depfile), depfile_text(args.depfile_target, dependencies))
    if args.outputs_file:
        write_if_changed(Path(args.outputs_file), outputs_text(args.out, schema))
    return 0


def _check(args: argparse.Namespace) -> int:
    schema, previous = _validated(args)
    _require_current(previous, schema, "run kilnc generate (or build), which writes it,")
    return 0


def _outputs(args: argparse.Namespace) -> int:
    # The whole schema is checked, against the lock too: CMake asks at configure time, and a schema
    # that generate would reject should stop the configure with its messages rather than wait for
    # the build. New ids are no mistake: generate records them.
    schema, _ = _validated(args)
    text = outputs_text(args.out, schema)
    if args.write:
        from .back.render import write_if_changed  # only writing needs jinja2

        write_if_changed(Path(args.write), text)
    else:
        print(text, end="")
    return 0


def _prefab(args: argparse.Namespace) -> int:
    from .back.prefab_values import describe

    schema, _ = _validated(args)
    chosen = [prefab for prefab in schema.prefabs if args.name in (prefab.name, "all")]
    if not chosen:
        known = ", ".join(prefab.name for prefab in schema.prefabs) or "none"
        print(f"kilnc: error: no prefab '{args.name}' in the schema (its prefabs: {known})", file=sys.stderr)
        return 1
    print("\n\n".join(describe(prefab) for prefab in chosen))
    return 0


def _scene(args: argparse.Namespace) -> int:
    from .check.scenes import check_scene
    from .front.loader import load

    schema, _ = _validated(args)
    found = check_scene(schema, load(args.scene))
    errors = [diagnostic for diagnostic in found if diagnostic.severity == "error"]
    if errors:
        raise SchemaError(in_report_order(found, [args.scene]))
    return 0


def _schema_json(args: argparse.Namespace) -> int:
    from .back.json_schema import json_schema_text
    from .back.render import write_if_changed  # only writing needs jinja2

    text = json_schema_text()
    if args.out:
        write_if_changed(Path(args.out), text)
    else:
        sys.stdout.write(text)
    return 0


def _validated(args: argparse.Namespace) -> tuple[Schema, Lock]:
    """The schema, with ids continued from its lock, and the lock as it is on disk."""
    files = load_all(args.schemas)
    lock = read_lock(args.lock or default_lock_path(args.schemas[0]))
    return validate(files, _warn, lock), lock


def _require_current(previous: Lock, schema: Schema, fix: str) -> None:
    """Raises a SchemaError unless the lock file records every id `schema` has already; `fix` says
    what writes it, for the command that was run: check was given no --locked to drop.

    What is locked is the ids, not the text: a lock that reads as the same ids passes though its
    comments or line ends differ (an earlier kilnc's header, a checkout with CRLF), and generate
    without --locked rewrites it as this kilnc writes it."""
    current = updated(previous, schema)
    if not Path(previous.path).is_file():
        why = "there is no lock file yet"
    elif current == previous:
        return
    else:
        found = changes(previous, current)
        why = f"the schema has changed: {joined(found)}" if found else "its next ids are not what kilnc records"
    raise SchemaError([Diagnostic(Location(previous.path), f"the lock file is not current ({why}); {fix} and commit "
                                  f"{previous.path}")])


def _warn(warning: Diagnostic) -> None:
    print(warning, file=sys.stderr)


def _relative_posix(path: str, root: str) -> str:
    """`path` relative to `root` with / separators; banners must not depend on the machine."""
    return PurePath(os.path.relpath(os.path.abspath(path), os.path.abspath(root))).as_posix()
