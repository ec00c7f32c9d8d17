"""Every schema kilnc accepts must give headers that compile: kilnc on a corpus of odd but valid
worlds, and each result compiled.

A world of the corpus is a directory here, whose .toml files kilnc is given in name order; one
more, with many components and a component of many fields, is written by this script. Each is
generated into a temporary directory (its lock file too, so that the source tree stays as it is).
Then one translation unit, which for every world creates an entity of each archetype, runs every
stage, saves, loads, dumps, clears and reflects the world, is compiled with the project's flags and
-fsyntax-only (which still instantiates every template), in ISO and in GNU C++20 at once: the
GNU dialect, CMake's default, is where GCC and Clang add keywords and macros.

With --hana DIR (where Boost's headers are), each world's hana.hpp is compiled too, and its
lists and Structs used.

Usage: compile_corpus.py --cxx COMPILER [--hana BOOST_INCLUDE_DIR]
"""

import argparse
import subprocess
import sys
import tempfile
import tomllib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

CORPUS = Path(__file__).resolve().parent
REPO = CORPUS.parents[1]
KILNC = REPO / "codegen" / "kilnc"
FLAGS = ["-Wall", "-Wextra", "-Wpedantic", "-Werror", "-fno-rtti", "-fno-exceptions", "-fsyntax-only"]
DIALECTS = ("-std=c++20", "-std=gnu++20")

# What Hana code does with a world's hana.hpp: every Struct's members, every list.
USE_HANA = """
void use_hana_{name}() {{
    boost::hana::for_each(boost::hana::concat({namespace}::hana_lists::components, {namespace}::hana_lists::resources),
                          [](auto type) {{
        using T = typename decltype(type)::type;
        boost::hana::for_each(boost::hana::members(T{{}}), [](const auto&) {{}});
        boost::hana::for_each(boost::hana::keys(T{{}}), [](auto key) {{ static_cast<void>(boost::hana::to<const char*>(key)); }});
    }});
    static_cast<void>(boost::hana::size({namespace}::hana_lists::archetypes));
}}
"""

# What game code does with a world, so that every part of the generated code is instantiated.
USE_WORLD = """
void use_{name}({namespace}::World& world, std::vector<std::byte>& bytes) {{
    kiln::for_each_type({namespace}::schema::archetypes{{}}, [&]<class A>() {{ world.create<A>(); }});
    world.progress(1.0);
    world.shutdown();
    static_cast<void>(kiln::save(world, bytes));
    static_cast<void>(kiln::load(world, bytes));
    kiln::dump(world, stdout);
    kiln::for_each_type({namespace}::schema::resources{{}}, [&]<class R>() {{
        kiln::for_each_field(world.resource<R>(), [](std::string_view, auto&) {{}});
    }});
    world.clear();
}}
"""
RUNTIME_HEADERS = """
#include <kiln/dump.hpp>
#include <kiln/schema/reflect.hpp>
#include <kiln/save.hpp>

#include <cstddef>
#include <cstdio>
#include <string_view>
#include <vector>
"""


def wide_world() -> str:
    """A world of 96 components of every scalar type, one of 256 fields, and 32 archetypes and 32
    systems over them. (Not more fields: Clang's fold expressions take 256 elements at most, and the
    runtime folds over a type's fields.)"""
    scalars = ["bool", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f32", "f64", "entity"]
    parts = ['[kiln]\nnamespace = "wide"\n']
    for number in range(96):
        fields = "".join(f"f{field} = \"{scalars[(number + field) % len(scalars)]}\"\n" for field in range(4))
        layout = 'kiln = { layout = "split" }\n' if number % 3 == 0 else ""
        parts.append(f"[component.C{number:03}]\n{layout}{fields}")
    wide_fields = (f"f{field:03} = \"{scalars[field % len(scalars)]}[{field % 5 + 1}]\"\n" for field in range(256))
    parts.append("[component.Wide]\n" + "".join(wide_fields))
    for number in range(32):
        members = ", ".join(f'"C{(number * 3 + offset) % 96:03}"' for offset in range(8))
        parts.append(f"[archetype.A{number:02}]\ncomponents = [{members}, \"Wide\"]\n")
        parts.append(f'[system.S{number:02}]\nstage = "update"\nread = ["C{number * 3 % 96:03}"]\n'
                     f'with = ["Wide"]\nparallel = {str(number % 2 == 0).lower()}\n')
    return "\n".join(parts)


def generate(world: str, schemas: list[Path], out: Path) -> str:
    """kilnc's headers for one world in `out`/<world>; returns its namespace."""
    result = subprocess.run([sys.executable, str(KILNC), "generate", "--out", str(out / world),
                             "--lock", str(out / f"{world}.kiln.lock"), "--root", str(REPO),
                             *map(str, schemas)], capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"compile_corpus: kilnc rejected world {world}, which is meant to be valid:\n"
                         f"{result.stderr}")
    return tomllib.loads(schemas[0].read_text(encoding="utf-8"))["kiln"]["namespace"]


def compile_all(compiler: str, dialect: str, source: Path, out: Path, worlds: list[str],
                includes: list[str]) -> str | None:
    """The compiler's complaints about the worlds in one dialect; None when they compile cleanly."""
    command = [compiler, dialect, *FLAGS, f"-I{REPO / 'runtime' / 'include'}", f"-I{CORPUS / 'include'}",
               *(f"-I{out / world}" for world in worlds), *(f"-I{directory}" for directory in includes), str(source)]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode == 0 and not result.stderr:
        return None
    lines = (result.stdout + result.stderr).splitlines()
    return f"{dialect}:\n" + "\n".join(lines[:80])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cxx", required=True, help="the C++ compiler")
    parser.add_argument("--hana", metavar="DIR", help="where Boost's headers are: compile each world's hana.hpp too")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        out = Path(directory)
        worlds = {path.name: sorted(path.glob("*.toml")) for path in sorted(CORPUS.iterdir())
                  if path.is_dir() and any(path.glob("*.toml"))}
        (out / "wide.toml").write_text(wide_world(), encoding="utf-8")
        worlds["wide"] = [out / "wide.toml"]
        includes, uses = [], []
        for world, schemas in worlds.items():
            namespace = generate(world, schemas, out)
            # world.hpp, and the components' reflection, which saves, dumps and for_each_field read
            includes.append(f"#include <{namespace.replace('::', '/')}/reflection.hpp>")
            uses.append(USE_WORLD.format(name=world, namespace=namespace))
            if args.hana:
                includes.append(f"#include <{namespace.replace('::', '/')}/hana.hpp>")
                uses.append(USE_HANA.format(name=world, namespace=namespace))
        if args.hana:
            includes.append("#include <boost/hana.hpp>")
        # One translation unit for all: the runtime's and the standard library's headers are read once.
        source = out / "corpus.cpp"
        source.write_text("\n".join(includes) + "\n" + RUNTIME_HEADERS + "".join(uses), encoding="utf-8")
        with ThreadPoolExecutor(max_workers=len(DIALECTS)) as pool:
            hana_includes = [args.hana] if args.hana else []
            results = pool.map(lambda dialect: compile_all(args.cxx, dialect, source, out, list(worlds), hana_includes),
                               DIALECTS)
            failures = [failure for failure in results if failure is not None]
    for failure in failures:
        print(failure, file=sys.stderr)
    print(f"compile_corpus: {len(worlds)} worlds ({', '.join(worlds)}) in {len(DIALECTS)} dialects, "
          f"{len(DIALECTS) - len(failures)} of them clean")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
