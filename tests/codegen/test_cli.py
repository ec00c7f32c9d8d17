"""kilnc as builds run it: a subprocess, its exit status, what it prints and which files it touches."""

import os
import subprocess
import sys
import textwrap
import unittest
from pathlib import Path

from .support import CODEGEN, KILNC, REPO, SchemaTestCase, run_kilnc

SYSTEM_PYTHON = "/usr/bin/python3"
RUNS_ON_SYSTEM_PYTHON = os.path.realpath(sys.executable) == os.path.realpath(SYSTEM_PYTHON)

VALID = """
    [kiln]
    namespace = "game"

    [component.Position]
    x = "f32"

    [component.Velocity]
    x = { type = "f32", default = 0.0 }

    [archetype.Particle]
    components = ["Position", "Velocity"]
"""


class ExitStatus(SchemaTestCase):
    def test_0_when_the_schema_is_valid(self):
        schema = self.write("game.toml", VALID)
        # generate first: it writes the lock file, which check wants current.
        for command in (["generate", "--out", str(self.directory / "out")], ["check"]):
            with self.subTest(command=command[0]):
                result = run_kilnc(*command, str(schema))
                self.assertEqual((result.returncode, result.stdout, result.stderr), (0, "", ""))

    def test_1_with_every_mistake_on_stderr_and_no_traceback(self):
        schema = self.write("game.toml", """
            [kiln]
            namespace = "game"

            [component.Position]
            x = "f23"
            y = { type = "u8", default = 256 }

            [archetype.Dot]
            components = ["Positon"]
        """)
        for command in (["check"], ["generate", "--out", str(self.directory / "out")]):
            with self.subTest(command=command[0]):
                result = run_kilnc(*command, "game.toml", cwd=self.directory)
                self.assertEqual(result.returncode, 1)
                self.assertEqual([line.split(": error: ")[0] for line in result.stderr.splitlines()],
                                 ["game.toml:5:1", "game.toml:6:20", "game.toml:9:15"])
                self.assertNotIn("Traceback", result.stderr)
        self.assertFalse((self.directory / "out").exists())
        self.assertTrue(schema.exists())

    def test_1_for_a_missing_schema_file(self):
        result = run_kilnc("check", "nowhere.toml", cwd=self.directory)
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stderr, "nowhere.toml: error: cannot read this schema file: No such file or directory\n")

    def test_2_for_bad_usage(self):
        schema = self.write("game.toml", VALID)
        for arguments in ([], ["compile", str(schema)], ["generate", str(schema)],
                          ["generate", "--out", "out", "--depfile", "d", str(schema)]):
            with self.subTest(arguments=arguments):
                result = run_kilnc(*arguments, cwd=self.directory)
                self.assertEqual(result.returncode, 2)
                self.assertIn("usage: kilnc", result.stderr)

    def test_2_when_an_output_cannot_be_written(self):
        schema = self.write("game.toml", VALID)
        blocker = self.directory / "out"
        blocker.write_text("a file where the output directory should be")
        result = run_kilnc("generate", "--out", str(blocker), str(schema))
        self.assertEqual(result.returncode, 2)
        self.assertTrue(result.stderr.startswith("kilnc: error: "), result.stderr)
        self.assertNotIn("Traceback", result.stderr)

    def test_2_with_a_plea_and_a_traceback_when_kilnc_itself_fails(self):
        schema = self.write("game.toml", VALID)
        # Break kilnc on purpose: replace validate() before the command line imports it.
        script = textwrap.dedent(f"""
            import runpy, sys
            sys.path.insert(0, {str(CODEGEN)!r})
            import kiln_codegen.pipeline

            def broken(files, warn=None, lock=None):
                raise RuntimeError("a bug in kilnc")

            kiln_codegen.pipeline.validate = broken
            sys.argv = [{str(KILNC)!r}, "check", {str(schema)!r}]
            runpy.run_path({str(KILNC)!r}, run_name="__main__")
        """)
        result = run_python("-c", script)
        self.assertEqual(result.returncode, 2)
        self.assertTrue(result.stderr.startswith("kilnc: internal error: RuntimeError: a bug in kilnc; please report "
                                                 "this at the kiln issue tracker"), result.stderr)
        self.assertIn("Traceback (most recent call last):", result.stderr)


class Interpreter(SchemaTestCase):
    def test_runs_through_its_shebang(self):
        # python3 on PATH may lack jinja2; kilnc then runs itself again with /usr/bin/python3.
        schema = self.write("game.toml", VALID)
        result = run_command(str(KILNC), "generate", "--out", str(self.directory / "out"), str(schema))
        self.assertEqual((result.returncode, result.stderr), (0, ""))
        self.assertTrue((self.directory / "out" / "game" / "world.hpp").is_file())

    @unittest.skipUnless(RUNS_ON_SYSTEM_PYTHON, "needs the tests to run on /usr/bin/python3")
    def test_explains_a_missing_jinja2(self):
        # -S hides the packages installed beside Python; there is no other Python to turn to.
        schema = self.write("game.toml", VALID)
        result = run_python("-S", str(KILNC), "generate", "--out", str(self.directory / "out"), str(schema))
        self.assertEqual(result.returncode, 2)
        self.assertIn("needs the Python package jinja2", result.stderr)
        self.assertIn("install python3-jinja2", result.stderr)
        self.assertNotIn("Traceback", result.stderr)

    @unittest.skipUnless(RUNS_ON_SYSTEM_PYTHON, "needs the tests to run on /usr/bin/python3")
    def test_check_and_outputs_need_no_jinja2(self):
        schema = self.write("game.toml", VALID)
        run_kilnc("generate", "--out", str(self.directory / "out"), str(schema))  # check wants a current lock
        self.assertEqual(run_python("-S", str(KILNC), "check", str(schema)).returncode, 0)
        self.assertEqual(run_python("-S", str(KILNC), "outputs", "--out", "out", str(schema)).returncode, 0)


class Generate(SchemaTestCase):
    def test_writes_under_the_namespace_path(self):
        schema = self.write("game.toml", VALID.replace('"game"', '"studio::game"'))
        run_kilnc("generate", "--out", str(self.directory / "out"), str(schema))
        written = sorted(path.relative_to(self.directory / "out").as_posix()
                         for path in (self.directory / "out").rglob("*") if path.is_file())
        self.assertEqual(written, ["studio/game/archetypes/Particle.hpp", "studio/game/components.hpp", "studio/game/components/Position.hpp",
                                   "studio/game/components/Velocity.hpp", "studio/game/hana.hpp",
                                   "studio/game/reflection.hpp", "studio/game/resources.hpp", "studio/game/schedule.dot",
                                   "studio/game/systems.hpp", "studio/game/world.hpp", "studio/game/world_fwd.hpp"])

    def test_output_is_deterministic_and_names_schemas_relative_to_root(self):
        self.write("schema/game.toml", VALID)
        first = self.directory / "first"
        second = self.directory / "second"
        run_kilnc("generate", "--out", str(first), "schema/game.toml", cwd=self.directory)
        run_kilnc("generate", "--out", str(second), "--root", str(self.directory),
                  str(self.directory / "schema" / "game.toml"), cwd=REPO)
        for header in ("components.hpp", "systems.hpp", "world.hpp", "reflection.hpp", "schedule.dot", "hana.hpp"):
            text = (first / "game" / header).read_bytes()
            self.assertEqual(text, (second / "game" / header).read_bytes())
            self.assertIn(b"from schema/game.toml (template", text)
            self.assertNotIn(str(self.directory).encode(), text)

    def test_rewrites_only_files_whose_content_changes(self):
        schema = self.write("game.toml", VALID)
        out = self.directory / "out" / "game"
        run_kilnc("generate", "--out", str(self.directory / "out"), str(schema))
        long_ago = 1_000_000_000
        headers = ("components.hpp", "components/Position.hpp", "components/Velocity.hpp", "world.hpp")
        for header in headers:
            os.utime(out / header, ns=(long_ago, long_ago))

        run_kilnc("generate", "--out", str(self.directory / "out"), str(schema))
        self.assertEqual([(out / header).stat().st_mtime_ns for header in headers], [long_ago] * 4)

        # A new default of Velocity's changes Velocity's header only: not components.hpp, which lists
        # the headers, nor Position's.
        schema.write_text(schema.read_text().replace("default = 0.0", "default = 1.0"))
        run_kilnc("generate", "--out", str(self.directory / "out"), str(schema))
        self.assertIn("float x{1.0f};", (out / "components/Velocity.hpp").read_text())
        self.assertEqual([(out / header).stat().st_mtime_ns != long_ago for header in headers],
                         [False, False, True, False])

    def test_removes_the_headers_of_what_the_schema_no_longer_declares(self):
        schema = self.write("game.toml", VALID + '\n[state.Phase]\nvalues = ["on", "off"]\n\n[set.Play]\n'
                            'run_if = "Phase == on"\n\n[system.Move]\nstage = "update"\nwrite = ["Position"]\n'
                            'sets = ["Play"]\n')
        out = self.directory / "out" / "game"
        run_kilnc("generate", "--out", str(self.directory / "out"), str(schema))
        self.assertTrue((out / "systems" / "Move.hpp").is_file() and (out / "sets.hpp").is_file())
        (out / "systems" / "Mine.hpp").write_text("// the game's own\n")  # not kilnc's: left alone
        schema.write_text(VALID.replace("Velocity", "Speed").replace("Particle", "Dust"))
        run_kilnc("generate", "--out", str(self.directory / "out"), str(schema))
        self.assertEqual(sorted(path.name for path in out.rglob("*.hpp") if path.parent != out),
                         ["Dust.hpp", "Mine.hpp", "Position.hpp", "Speed.hpp"])
        self.assertFalse((out / "sets.hpp").exists())



class Outputs(SchemaTestCase):
    def test_prints_the_paths_generate_writes(self):
        schema = self.write("game.toml", VALID.replace('"game"', '"studio::game"'))
        result = run_kilnc("outputs", "--out", "build/generated", str(schema))
        self.assertEqual((result.returncode, result.stdout),
                         (0, "build/generated/studio/game/components.hpp\nbuild/generated/studio/game/systems.hpp\n"
                             "build/generated/studio/game/world.hpp\nbuild/generated/studio/game/reflection.hpp\n"
                             "build/generated/studio/game/schedule.dot\n"
                             "build/generated/studio/game/hana.hpp\nbuild/generated/studio/game/world_fwd.hpp\n"
                             "build/generated/studio/game/resources.hpp\n"
                             "build/generated/studio/game/components/Position.hpp\n"
                             "build/generated/studio/game/components/Velocity.hpp\n"
                             "build/generated/studio/game/archetypes/Particle.hpp\n"))

    def test_writes_the_paths_only_when_they_change(self):
        # kiln_generate configures again when this file changes, so an edit of the schema that keeps its
        # namespace and its components', systems' and observers' names must leave it alone, and generate
        # must write the bytes that outputs does.
        schema = self.write("game.toml", VALID)
        listing = self.directory / "outputs.txt"
        result = run_kilnc("outputs", "--out", "out", "--write", str(listing), str(schema))
        self.assertEqual((result.returncode, result.stdout), (0, ""))
        self.assertEqual(listing.read_text(), run_kilnc("outputs", "--out", "out", str(schema)).stdout)
        long_ago = 1_000_000_000
        os.utime(listing, ns=(long_ago, long_ago))
        schema.write_text(schema.read_text().replace("default = 0.0", "default = 1.0"))
        run_kilnc("generate", "--out", "out", "--outputs-file", str(listing), str(schema), cwd=self.directory)
        self.assertEqual(listing.stat().st_mtime_ns, long_ago)
        for edit in ('"game"', '"studio"'), ("Velocity", "Speed"):  # a new namespace, a component renamed
            with self.subTest(edit=edit):
                os.utime(listing, ns=(long_ago, long_ago))
                schema.write_text(schema.read_text().replace(*edit))
                run_kilnc("generate", "--out", "out", "--outputs-file", str(listing), str(schema), cwd=self.directory)
                self.assertNotEqual(listing.stat().st_mtime_ns, long_ago)
        self.assertEqual(listing.read_text().splitlines()[0], "out/studio/components.hpp")

    def test_checks_the_whole_schema(self):
        # CMake runs outputs at configure time: a schema generate would reject exits 1, and kiln_generate
        # leaves the messages to the build's generate step.
        self.write("game.toml", VALID.replace('"Velocity"]', '"Velocty"]'))
        result = run_kilnc("outputs", "--out", "out", "game.toml", cwd=self.directory)
        self.assertEqual((result.returncode, result.stdout), (1, ""))
        self.assertIn("game.toml:11:27: error: archetype 'Particle': unknown component 'Velocty'", result.stderr)

    def test_fails_without_a_valid_namespace(self):
        schema = self.write("game.toml", VALID.replace('"game"', '"game::"'))
        result = run_kilnc("outputs", "--out", "out", str(schema))
        self.assertEqual((result.returncode, result.stdout), (1, ""))
        self.assertIn("game.toml:2:1: error: [kiln] namespace 'game::'", result.stderr)


class Depfile(SchemaTestCase):
    def test_lists_schemas_and_every_file_of_kilnc(self):
        first = self.write("my schemas/a.toml", VALID)
        second = self.write("my schemas/b.toml", '[kiln]\nnamespace = "game"\n')
        depfile = self.directory / "game.d"
        result = run_kilnc("generate", "--out", "out", "--depfile", str(depfile), "--depfile-target",
                           "out/game/components.hpp", "my schemas/a.toml", "my schemas/b.toml", cwd=self.directory)
        self.assertEqual(result.returncode, 0, result.stderr)
        text = depfile.read_text()
        self.assertTrue(text.startswith("out/game/components.hpp: "))
        self.assertTrue(text.endswith("\n") and text.count("\n") == 1)
        # Split at unescaped spaces only: "my\\ schemas" is one path.
        escaped_spaces = text.split(": ", 1)[1].replace("\\ ", "\0").split()
        listed = [Path(part.replace("\0", " ")) for part in escaped_spaces]
        expected = [first, second, self.directory / "my schemas" / "a.kiln.lock", KILNC, *sorted((CODEGEN / "kiln_codegen").rglob("*.py")),
                    *sorted((CODEGEN / "kiln_codegen" / "back" / "templates").glob("*.j2"))]
        self.assertEqual(listed, expected)
        self.assertTrue(all(path.is_absolute() and path.is_file() for path in listed))
        self.assertIn(f"{self.directory}/my\\ schemas/a.toml", text)


def run_python(*arguments: str) -> subprocess.CompletedProcess:
    return run_command(sys.executable, *arguments)


def run_command(*command: str) -> subprocess.CompletedProcess:
    return subprocess.run(list(command), capture_output=True, text=True)


if __name__ == "__main__":
    unittest.main()
