#!/usr/bin/env python3
"""F6 in a running invaders (examples/invaders/main.cpp): the wave and the prefabs read again.

    reload_wave.py INVADERS --work DIR

Copies wave.toml and invaders.toml into DIR, edits the copies as a designer would, and plays the
volley of scripts/volley.txt with F6 pressed at frame 2 (scripts/reload_wave.txt), F6 reading the
copies (--wave, --schema). Twice:

- edited: the wave loses r0c10 and gains `spare` at its place (the formation keeps its edges, so the
  game plays on as before), r0c1 moves 2 pixels right; the prefab Octopus becomes kind 0, worth 30
  points. The reload keeps 54 aliens in place (one moved), spawns one and destroys one; the 22
  octopuses already in the formation turn kind 0 in place (the scene does not give their kind), so
  the volley's three octopuses and one crab score 3 x 30 + 20 = 110 instead of 50.
- broken: each copy has a mistake. Both are printed as file:line:col, nothing changes and the
  volley ends as it always does (score 50).
- past the columns: r0c10 moved to column 11, which the scene's types allow (a u8) and the
  formation's 11 columns do not (wave_file.cpp, wave_problems): printed at its line and key, the wave
  unchanged, the volley as always.

A release build compiles reloading out: then F6 says so, and the volley ends as always.
Exit status 0 when every check holds, 1 otherwise (what differed is printed).
"""

import argparse
import pathlib
import re
import shutil
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent.parent
VOLLEY = "300 frames, step 300: score 50, high score 50, aliens 51, bricks 160, lives 3, wave 1, playing"
EDITED = "300 frames, step 300: score 110, high score 110, aliens 51, bricks 160, lives 3, wave 1, playing"


def edit(path: pathlib.Path, old: str, new: str) -> int:
    """Replaces the one line holding old with new's text in it; returns its line number (from 1)."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    found = [n for n, line in enumerate(lines) if old in line]
    if len(found) != 1:
        sys.exit(f"reload_wave.py: {path.name}: {len(found)} lines hold {old!r}, not one")
    lines[found[0]] = lines[found[0]].replace(old, new)
    path.write_text("".join(lines), encoding="utf-8")
    return found[0] + 1


def run(invaders: str, wave: pathlib.Path, schema: pathlib.Path) -> str:
    script = HERE / "scripts" / "reload_wave.txt"
    result = subprocess.run([invaders, "--headless", "--frames", "300", "--input", str(script),
                             "--wave", str(wave), "--schema", str(schema)],
                            capture_output=True, text=True, timeout=120, check=False)
    output = result.stdout + result.stderr
    print(output)
    if result.returncode != 0:
        sys.exit(f"reload_wave.py: invaders exited with {result.returncode}")
    return output


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("invaders")
    parser.add_argument("--work", required=True, type=pathlib.Path)
    arguments = parser.parse_args()
    arguments.work.mkdir(parents=True, exist_ok=True)
    wave = arguments.work / "wave.toml"
    schema = arguments.work / "invaders.toml"
    failures = []

    def expect(output: str, pattern: str, what: str) -> None:
        if not re.search(pattern, output):
            failures.append(f"{what}: no match for {pattern!r}")

    shutil.copyfile(HERE / "wave.toml", wave)
    shutil.copyfile(HERE / "invaders.toml", schema)
    edit(wave, 'r0c10 = { prefab = "Squid"', 'spare = { prefab = "Squid"')
    edit(wave, "r0c1 = { prefab = \"Squid\", Local = { x = 24.0,", "r0c1 = { prefab = \"Squid\", Local = { x = 26.0,")
    octopus = schema.read_text(encoding="utf-8").index("[prefab.Octopus]")
    text = schema.read_text(encoding="utf-8")
    schema.write_text(text[:octopus] + text[octopus:].replace("Alien = { kind = 2 }", "Alien = { kind = 0 }", 1),
                      encoding="utf-8")
    output = run(arguments.invaders, wave, schema)
    if "compiled reloading out" in output:
        expect(output, "frame 2: F6 reloads the wave and the prefabs in a debug build", "release build")
        expect(output, re.escape(VOLLEY), "release build: the volley as always")
        return report(failures)
    expect(output, r"frame 2: reloaded the prefabs of .*invaders\.toml\n", "edited")
    expect(output, r"frame 2: reloaded .*wave\.toml: 54 aliens kept \(1 moved\), 1 spawned, 1 destroyed\n", "edited")
    expect(output, re.escape(EDITED), "edited: octopuses worth 30, the game played on")

    shutil.copyfile(HERE / "wave.toml", wave)
    shutil.copyfile(HERE / "invaders.toml", schema)
    wave_line = edit(wave, "Alien = { column = 3, row = 2 }", 'Alien = { column = "three", row = 2 }')
    schema_line = edit(schema, "Box = { half_width = 6.0, half_height = 4.0 }",
                       "Box = { half_width = 6.0, height = 4.0 }")
    output = run(arguments.invaders, wave, schema)
    expect(output, rf"the prefabs were not reloaded:\n.*invaders\.toml:{schema_line}:[0-9]+: error: .*height", "broken")
    expect(output, rf"the wave was not reloaded:\n.*wave\.toml:{wave_line}:[0-9]+: error: .*column", "broken")
    expect(output, re.escape(VOLLEY), "broken: the game unchanged")

    shutil.copyfile(HERE / "wave.toml", wave)
    shutil.copyfile(HERE / "invaders.toml", schema)
    column_line = edit(wave, "Alien = { column = 10, row = 0 }", "Alien = { column = 11, row = 0 }")
    column_at = wave.read_text(encoding="utf-8").splitlines()[column_line - 1].index("column = 11") + 1
    output = run(arguments.invaders, wave, schema)
    expect(output, rf"the wave was not reloaded:\n.*wave\.toml:{column_line}:{column_at}: error: entity 'r0c10': "
           r"Alien\.column: 11 is past the formation's last column, 10 ", "past the columns")
    expect(output, re.escape(VOLLEY), "past the columns: the game unchanged")
    return report(failures)


def report(failures: list[str]) -> int:
    for failure in failures:
        print(f"reload_wave.py: {failure}")
    print("reload_wave.py: " + ("failed" if failures else "every check holds"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
