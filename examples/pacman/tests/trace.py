#!/usr/bin/env python3
"""Pac-Man's rules in scripted runs of the game: the facts its --trace prints after each frame.

    trace.py PACMAN ghost_home --scripts DIR [--parallel]
    trace.py PACMAN level_two --scripts DIR [--parallel]

Runs the game headless on a level and an input script of DIR (scripts/NAME.toml and NAME.txt), with
--trace: after each frame a line of the score, the level, Pac-Man's place and heading, and each
ghost's mode, place, heading and target tile (main.cpp, print_trace). Checks what the classic rules
say must happen:

- ghost_home: Pac-Man eats an energizer and Blinky, frightened, turns about into him; Blinky is
  eaten for 200, play stands still for a second (60 frames), then his eyes, at the eyes' speed
  (160 %: 2.02 pixels a step), head for the tile above the house's door, go down into the house,
  come back to life and out, calm. A frame's PNG on the way shows eyes alone where he is (white
  eyes, blue pupils, no red body), and frame 120's his red body.
- level_two: the level's one dot eaten clears level 1; after the cleared maze's pause (120
  frames) and READY! (120 more), level 2 plays, and in its first 48 steps Pac-Man goes 54 pixels
  (90 % of full speed: 1.136 a step) where level 1's first 48 took him 48 (80 %: 1.010), and
  Blinky 51 (85 %: 1.073) where level 1's took him 45 (75 %: 0.947); and Inky leaves the house at
  once (his dot limit is 0 from level 2), where on level 1 he waits.

With --parallel, the same run on the parallel executor (every batch at once, every parallel system
split) must print the same lines, frame for frame, and hold the same checks (its pictures are left
to example.pacman.frames, which holds a parallel run's frames to the serial run's bytes). Exits 0 when every check holds, 1 otherwise,
printing what differed.
"""

import argparse
import pathlib
import re
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent / "screen"))
import check_frames  # noqa: E402  (examples/screen/check_frames.py: its PNG reader)

MAZE_TOP = 24  # screen rows above the maze (rules.hpp, maze_top)
BLINKY_RED = (255, 0, 0)
WHITE = (255, 255, 255)
PUPIL_BLUE = (33, 33, 255)

ACTOR = re.compile(r"(\w+) (\w+) (\w+) (-?\d+),(-?\d+) (\w+) to (-?\d+),(-?\d+)")
PAC = re.compile(r"pac (-?\d+),(-?\d+) (\w+)")


class Run:
    """What a run printed: each frame's trace, and the frames at which the phase changed."""

    def __init__(self, output: str):
        self.lines = [line for line in output.splitlines()
                      if line.startswith(("trace ", "frame ")) or re.match(r"\d+ frames, step", line)]
        self.frames = {}
        self.phases = []  # (frame, phase, level)
        for line in output.splitlines():
            if match := re.match(r"trace (\d+): score (\d+), level (\d+)(.*)", line):
                frame = {"score": int(match[2]), "level": int(match[3]), "pac": None, "ghosts": {}}
                for part in match[4].split("; ")[1:]:
                    if pac := PAC.fullmatch(part):
                        frame["pac"] = (int(pac[1]), int(pac[2]), pac[3])
                    elif ghost := ACTOR.fullmatch(part):
                        frame["ghosts"][ghost[1]] = {
                            "mode": ghost[2], "fear": ghost[3], "x": int(ghost[4]), "y": int(ghost[5]),
                            "heading": ghost[6], "target": (int(ghost[7]), int(ghost[8]))}
                self.frames[int(match[1])] = frame
            elif match := re.match(r"frame (\d+): (\w+), score \d+, lives \d+, level (\d+)", line):
                self.phases.append((int(match[1]), match[2], int(match[3])))

    def phase_frame(self, phase: str, level: int) -> int:
        """The first frame at which the game entered phase on level; -1 when it did not."""
        return next((frame for frame, name, at in self.phases if name == phase and at == level), -1)


def run(pacman: str, scripts: pathlib.Path, name: str, frames: int, extra: list[str]) -> str:
    command = [pacman, "--headless", "--frames", str(frames), "--level", str(scripts / f"{name}.toml"),
               "--input", str(scripts / f"{name}.txt"), "--trace", *extra]
    result = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    if result.returncode != 0:
        print(result.stdout + result.stderr)
        sys.exit(f"trace.py: {' '.join(command)} exited with {result.returncode}")
    return result.stdout


class Checks:
    def __init__(self):
        self.failures = []

    def expect(self, held: bool, what: str) -> bool:
        print(f"trace.py: {'ok' if held else 'FAILED'}: {what}")
        if not held:
            self.failures.append(what)
        return held


def tile(x: int, y: int) -> tuple[int, int]:
    return x >> 3, y >> 3


def moved(a: dict, b: dict) -> int:
    """Pixels a mover went between two frames (it moves along one axis at a time, a pixel a move)."""
    return abs(a["x"] - b["x"]) + abs(a["y"] - b["y"])


def pac_of(frame: dict) -> dict:
    x, y, heading = frame["pac"]
    return {"x": x, "y": y, "heading": heading}


def ghost_home(pacman: str, scripts: pathlib.Path, extra: list[str], checks: Checks) -> list[str]:
    drawn = not extra  # the pictures of the serial run (example.pacman.frames holds the parallel run's the same)
    with tempfile.TemporaryDirectory() as pictures:
        png = ["--png", f"{pictures}/frame-%04d.png", "--every", "10"] if drawn else []
        output = run(pacman, scripts, "ghost_home", 330, [*extra, *png])
        trace = Run(output)
        playing = trace.phase_frame("playing", 1)
        checks.expect(playing == 119, f"play starts at frame 119 (READY! is 120 steps): {playing}")
        frames = trace.frames
        blinky = {n: f["ghosts"]["blinky"] for n, f in frames.items() if "blinky" in f["ghosts"]}

        # The energizer: 50 points, and Blinky frightened and turned about (he headed up, away from
        # Pac-Man; frightened, he heads down, towards him).
        energizer = next((n for n in sorted(frames) if frames[n]["score"] == 50), -1)
        scared = next((n for n in sorted(blinky) if blinky[n]["fear"] == "scared"), -1)
        checks.expect(energizer == 124 and scared == energizer,
                      f"the energizer eaten at frame 124 (5 pixels at 1.010 a step from frame 120, play's first), "
                      f"Blinky frightened then: frames {energizer} and {scared}")
        if scared > 0:
            checks.expect(blinky[scared - 1]["heading"] == "up" and blinky[scared]["heading"] == "down",
                          f"Blinky turned about when frightened: {blinky[scared - 1]['heading']} at frame "
                          f"{scared - 1}, {blinky[scared]['heading']} at {scared}")

        # Eaten: on Pac-Man's tile, for 200, and calm eyes from then on.
        eaten = next((n for n in sorted(blinky) if blinky[n]["mode"] == "eaten"), -1)
        if not checks.expect(eaten > 0, f"Blinky eaten: frame {eaten}"):
            return trace.lines
        pac = pac_of(frames[eaten])
        checks.expect(frames[eaten]["score"] - frames[eaten - 1]["score"] == 200,
                      f"eating him scored 200: {frames[eaten - 1]['score']} to {frames[eaten]['score']}")
        checks.expect(tile(blinky[eaten]["x"], blinky[eaten]["y"]) == tile(pac["x"], pac["y"]),
                      f"on Pac-Man's tile: Blinky at {blinky[eaten]['x']},{blinky[eaten]['y']}, "
                      f"Pac-Man at {pac['x']},{pac['y']}")
        checks.expect(blinky[eaten - 1]["mode"] == "out" and blinky[eaten - 1]["fear"] == "scared"
                      and blinky[eaten]["fear"] == "calm",
                      f"out and frightened before, calm eyes at frame {eaten}")

        # Play stands still for 60 frames, the eaten frame the first of them: nobody moves.
        still = all(frames[n]["pac"] == frames[eaten]["pac"] and frames[n]["ghosts"] == frames[eaten]["ghosts"]
                    for n in range(eaten, eaten + 60))
        checks.expect(still, f"frames {eaten} to {eaten + 59}: nobody moves")
        checks.expect(moved(blinky[eaten + 60], blinky[eaten]) > 0, f"the eyes move again at frame {eaten + 60}")

        # Then eyes, entering, leaving, out: each mode's first frame, and no other mode in between.
        modes = []
        for n in sorted(blinky):
            if n >= eaten and (not modes or modes[-1][0] != blinky[n]["mode"]):
                modes.append((blinky[n]["mode"], n))
        names = [mode for mode, _ in modes]
        checks.expect(names == ["eaten", "entering", "leaving", "out"],
                      f"Blinky's modes from frame {eaten}: {', '.join(f'{m} at {n}' for m, n in modes)}")
        if names != ["eaten", "entering", "leaving", "out"]:
            return trace.lines
        entering, leaving, out = (n for _, n in modes[1:])

        # The eyes aim at the tile above the door and go at their speed: 2 pixels a step, 3 once in
        # 50 steps (2.02), every step until the last, which stops at the door.
        steps = [moved(blinky[n], blinky[n - 1]) for n in range(eaten + 60, entering)]
        checks.expect(all(blinky[n]["target"] == (13, 11) for n in range(eaten + 60, entering)),
                      "the eyes aim at the tile above the door, (13, 11)")
        checks.expect(len(steps) > 10 and all(s in (2, 3) for s in steps),
                      f"the eyes go 2 or 3 pixels a step (160 %), {sum(steps)} pixels in {len(steps)} steps: {steps}")
        at_door = blinky[entering]
        checks.expect(at_door["y"] == 92 and 108 <= at_door["x"] <= 116,
                      f"they go in above the door, between the centres of (13, 11) and (14, 11): at "
                      f"{at_door['x']},{at_door['y']}")
        inside = blinky[leaving]
        checks.expect((inside["x"], inside["y"]) == (112, 116),
                      f"down to the middle of the house, 112,116: at {inside['x']},{inside['y']}")
        back = blinky[out]
        checks.expect(back["fear"] == "calm" and back["y"] == 92 and abs(back["x"] - 112) <= 2,
                      f"out above the door, calm: {back['mode']} {back['fear']} at {back['x']},{back['y']}")
        # The frames, worked from the level: Pac-Man, stalled 3 steps by the energizer, then at 1.136
        # a step (frightened ghosts make him faster), meets Blinky, coming down at 0.63, in row 13 at
        # frame 142. Play stands still to frame 201. From (172, 109), heading down, the eyes go down
        # to row 14, left to column 18, up to row 11 and left to column 14's centre, 87 pixels at
        # 2.02 a step: in at frame 245, the 44th step; then 4 pixels left and 24 down into the
        # house, 2 of them that step, 14 steps; then 24 up at the house's 0.63 a step, 39 steps.
        checks.expect((eaten, entering, leaving, out) == (142, 245, 259, 298),
                      f"eaten, entering, leaving, out at frames 142, 245, 259, 298: {eaten}, {entering}, "
                      f"{leaving}, {out}")

        # The pictures: where the eyes are, white eyes and blue pupils and no red body (in the first
        # frame written while they head home with nobody else within 16 pixels); where Blinky was
        # calm, his red body.
        def alone(n: int) -> bool:
            others = [pac_of(frames[n])] + [g for name, g in frames[n]["ghosts"].items() if name != "blinky"]
            return all(abs(o["x"] - blinky[n]["x"]) >= 16 or abs(o["y"] - blinky[n]["y"]) >= 16 for o in others)

        shown = next((n for n in range(eaten + 60, entering) if n % 10 == 0 and alone(n)), -1)
        checks.expect(shown > 0, f"a frame written while the eyes head home, nobody near them: frame {shown}")
        for number, eyes in ((120, False), (shown, True)) if drawn else ():
            path = pathlib.Path(pictures) / f"frame-{number:04d}.png"
            if not checks.expect(path.exists(), f"frame {number} written"):
                continue
            width, _, rows = check_frames.read_png(path)
            ghost = blinky[number]
            box = [tuple(rows[y][3 * x:3 * x + 3]) for y in range(ghost["y"] + MAZE_TOP - 7, ghost["y"] + MAZE_TOP + 7)
                   for x in range(max(0, ghost["x"] - 7), min(width, ghost["x"] + 7))]
            red, white, blue = box.count(BLINKY_RED), box.count(WHITE), box.count(PUPIL_BLUE)
            if eyes:
                checks.expect(red == 0 and white == 32 and blue == 8,
                              f"frame {number}: eyes alone at {ghost['x']},{ghost['y']} ({ghost['mode']}): "
                              f"{white} white, {blue} blue, {red} red pixels (32, 8 and 0)")
            else:
                checks.expect(red > 100 and ghost["mode"] == "out",
                              f"frame {number}: Blinky's red body at {ghost['x']},{ghost['y']}: {red} red pixels")
    return trace.lines


def level_two(pacman: str, scripts: pathlib.Path, extra: list[str], checks: Checks) -> list[str]:
    trace = Run(run(pacman, scripts, "level_two", 480, extra))
    frames = trace.frames
    first = trace.phase_frame("playing", 1)
    cleared = trace.phase_frame("cleared", 1)
    ready = trace.phase_frame("ready", 2)
    second = trace.phase_frame("playing", 2)
    checks.expect((first, cleared, ready, second) == (119, 176, 296, 416),
                  f"level 1 plays from frame 119 and is cleared at 176 (the dot 56 pixels on, at 1.010 a step); "
                  f"level 2 is ready 120 frames later and plays 120 after that: {first}, {cleared}, {ready}, {second}")
    if min(first, cleared, ready, second) < 0:
        return trace.lines
    checks.expect(frames[cleared]["score"] == 10 and all(frames[n]["level"] == 1 for n in range(first, cleared + 1)),
                  f"level 1 until it is cleared, for the one dot's 10 points: score {frames[cleared]['score']}")
    checks.expect(all(frames[n]["level"] == 2 for n in range(ready, second + 49)),
                  f"the level counter is 2 from frame {ready}: {frames[ready]['level']}")

    def run_of(start: int, steps: int) -> tuple[int, int, str]:
        """Pixels Pac-Man and Blinky went in steps steps of play from start's places, and Pac-Man's heading."""
        pac = [pac_of(frames[n]) for n in range(start, start + steps + 1)]
        blinky = [frames[n]["ghosts"]["blinky"] for n in range(start, start + steps + 1)]
        pac_distance = sum(moved(a, b) for a, b in zip(pac, pac[1:]))
        blinky_distance = sum(moved(a, b) for a, b in zip(blinky, blinky[1:]))
        return pac_distance, blinky_distance, pac[-1]["heading"]

    for start, level in ((first, 1), (second, 2)):
        blinky = frames[start]["ghosts"]["blinky"]
        checks.expect(frames[start]["pac"][:2] == (112, 188) and (blinky["x"], blinky["y"]) == (112, 92),
                      f"level {level} plays from Pac-Man at 112,188 and Blinky at 112,92: {frames[start]['pac'][:2]}, "
                      f"{blinky['x']},{blinky['y']}")
    # The house too: from level 2, Inky's dot limit is 0 (rules.hpp, dot_limit), so he leaves with
    # Pinky at play's first step; on level 1 he waits for 30 dots, and is home when it is cleared.
    inky_out = next((n for n in range(second, second + 49) if frames[n]["ghosts"]["inky"]["mode"] != "home"), -1)
    checks.expect(inky_out == second + 1 and frames[cleared]["ghosts"]["inky"]["mode"] == "home",
                  f"Inky home until level 1 is cleared, leaving at level 2's first step: frame {inky_out}")
    slow_pac, slow_blinky, slow_heading = run_of(first, 48)
    fast_pac, fast_blinky, fast_heading = run_of(second, 48)
    checks.expect((slow_pac, slow_heading) == (48, "right"),
                  f"level 1: Pac-Man goes 48 pixels in 48 steps (80 %), right: {slow_pac}, {slow_heading}")
    checks.expect(slow_blinky == 45, f"level 1: Blinky goes 45 pixels in 48 steps (75 %): {slow_blinky}")
    checks.expect((fast_pac, fast_heading) == (54, "left"),
                  f"level 2: Pac-Man goes 54 pixels in 48 steps (90 %), left: {fast_pac}, {fast_heading}")
    checks.expect(fast_blinky == 51, f"level 2: Blinky goes 51 pixels in 48 steps (85 %): {fast_blinky}")
    return trace.lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pacman")
    parser.add_argument("run", choices=["ghost_home", "level_two"])
    parser.add_argument("--scripts", required=True, type=pathlib.Path)
    parser.add_argument("--parallel", action="store_true",
                        help="run on the parallel executor too, and require the same lines")
    arguments = parser.parse_args()
    check = ghost_home if arguments.run == "ghost_home" else level_two
    checks = Checks()
    serial = check(arguments.pacman, arguments.scripts, [], checks)
    if arguments.parallel:
        print("trace.py: again on the parallel executor, every batch at once")
        parallel = check(arguments.pacman, arguments.scripts, ["--parallel", "--split"], checks)
        differ = next((i for i, (a, b) in enumerate(zip(serial, parallel)) if a != b), None)
        if differ is None and len(serial) != len(parallel):
            differ = min(len(serial), len(parallel))
        checks.expect(differ is None, "the parallel run printed the serial run's lines" if differ is None else
                      f"the parallel run differs from the serial one at line {differ + 1}: "
                      f"{serial[differ] if differ < len(serial) else '(none)'} | "
                      f"{parallel[differ] if differ < len(parallel) else '(none)'}")
    print(f"trace.py: {arguments.run}: " + ("every check holds" if not checks.failures else
                                             f"{len(checks.failures)} checks failed"))
    return 1 if checks.failures else 0


if __name__ == "__main__":
    sys.exit(main())
