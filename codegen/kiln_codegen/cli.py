"""The kilnc command line: generate, check and outputs.

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

from .depfile import depfile_text, tool_files
from .errors import Diagnostic, SchemaError
from .loader import load_all
from .outputs import output_paths
from .validate import validate


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
        "components.hpp, systems.hpp, world.hpp and schedule.dot, touching only files whose content changes.")
    generate.add_argument("--out", required=True, metavar="DIR", help="directory to generate into")
    generate.add_argument("--root", default=".", metavar="DIR",
                          help="directory that the schema paths in the banner are relative to (default: .)")
    generate.add_argument("--depfile", metavar="FILE",
                          help="also write a Makefile-style depfile listing the schemas and kilnc's own files")
    generate.add_argument("--depfile-target", metavar="NAME",
                          help="the target the depfile names (required with --depfile)")
    generate.add_argument("schemas", nargs="+", metavar="FILE", help="schema files, in order")
    generate.set_defaults(run=_generate)

    check = commands.add_parser("check", help="validate only", description="Reports every mistake in the schema.")
    check.add_argument("schemas", nargs="+", metavar="FILE", help="schema files, in order")
    check.set_defaults(run=_check)

    outputs = commands.add_parser(
        "outputs", help="print the paths generate would write",
        description="Checks the schema, then prints the paths that generate would write, one per line.")
    outputs.add_argument("--out", required=True, metavar="DIR", help="directory generate would write into")
    outputs.add_argument("schemas", nargs="+", metavar="FILE", help="schema files, in order")
    outputs.set_defaults(run=_outputs)

    return parser


def _generate(args: argparse.Namespace) -> int:
    schema = validate(load_all(args.schemas), _warn)
    from .render import render, write_if_changed  # only generate needs jinja2

    sources = [_relative_posix(path, args.root) for path in args.schemas]
    for include_path, text in render(schema, sources).items():
        write_if_changed(Path(args.out, include_path), text)
    if args.depfile:
        dependencies = [Path(path) for path in args.schemas] + tool_files()
        write_if_changed(Path(args.depfile), depfile_text(args.depfile_target, dependencies))
    return 0


def _check(args: argparse.Namespace) -> int:
    validate(load_all(args.schemas), _warn)
    return 0


def _outputs(args: argparse.Namespace) -> int:
    # The whole schema is checked: CMake asks at configure time, and a schema that generate would
    # reject should stop the configure with its messages rather than wait for the build.
    schema = validate(load_all(args.schemas), _warn)
    for path in output_paths(args.out, schema.namespace):
        print(path.as_posix())
    return 0


def _warn(warning: Diagnostic) -> None:
    print(warning, file=sys.stderr)


def _relative_posix(path: str, root: str) -> str:
    """`path` relative to `root` with / separators; banners must not depend on the machine."""
    return PurePath(os.path.relpath(os.path.abspath(path), os.path.abspath(root))).as_posix()
