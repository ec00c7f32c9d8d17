#!/usr/bin/env python3
"""Runs a drawn example headless and checks the PNG frames it writes.

    check_frames.py --size WxH PROGRAM ARG...
        one run; every frame is WxH, no frame is one flat colour, and the
        last frame differs from the first
    check_frames.py --size WxH --same-as "ARG..." PROGRAM ARG...
        and a second run with the other arguments writes the same frames,
        byte for byte (serial against parallel, say)
    check_frames.py --size WxH --repeats A:B:N PROGRAM ARG...
        and frame B+k is frame A+k, byte for byte, for each k below N of
        which both were written, while frame A differs from the last such
        frame A+k (a save at A restored at B)

The program is given --png DIR/frame-%04d.png; its output is printed, so
that ctest can match it. Reads PNGs with zlib alone: 8-bit RGB, as
examples/screen writes them. Exits 1 with a message on the first failure.
"""
import argparse
import shlex
import struct
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path


def fail(message):
    print(f"check_frames: {message}")
    sys.exit(1)


def read_png(path):
    """(width, height, rows): rows are the unfiltered RGB bytes of each row."""
    data = path.read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail(f"{path} is not a PNG")
    at, idat, width, height = 8, b"", 0, 0
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            if (depth, colour) != (8, 2):
                fail(f"{path} is not 8-bit RGB")
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    raw = zlib.decompress(idat)
    stride = width * 3
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - 3] if i >= 3 else 0
            up, corner = previous[i], previous[i - 3] if i >= 3 else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, rows


def run(program, arguments, directory):
    pattern = str(Path(directory) / "frame-%04d.png")
    result = subprocess.run([program, *arguments, "--png", pattern], capture_output=True, text=True)
    sys.stdout.write(result.stdout)
    sys.stdout.write(result.stderr)
    if result.returncode != 0:
        fail(f"{Path(program).name} {' '.join(arguments)} exited with {result.returncode}")
    frames = sorted(Path(directory).glob("frame-*.png"))
    if len(frames) < 2:
        fail(f"{Path(program).name} wrote {len(frames)} frames; the checks need at least 2")
    return frames


def frame_path(directory, number):
    return Path(directory) / f"frame-{number:04d}.png"


def frame(directory, number):
    path = frame_path(directory, number)
    if not path.exists():
        fail(f"no frame {number} (run more frames, or write every frame)")
    return path


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", required=True, help="WxH, every frame's size")
    parser.add_argument("--same-as", help="the arguments of a second run that must write the same frames")
    parser.add_argument("--repeats", help="A:B:N: frames B to B+N-1 are frames A to A+N-1 again")
    parser.add_argument("program")
    parser.add_argument("arguments", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    width, height = (int(n) for n in options.size.split("x"))

    with tempfile.TemporaryDirectory() as first, tempfile.TemporaryDirectory() as second:
        frames = run(options.program, options.arguments, first)
        for path in frames:
            w, h, rows = read_png(path)
            if (w, h) != (width, height):
                fail(f"{path.name} is {w}x{h}, not {width}x{height}")
            if len({rows[y][x:x + 3] for y in range(h) for x in range(0, w * 3, 3)}) < 2:
                fail(f"{path.name} is blank: one colour throughout")
        if read_png(frames[0])[2] == read_png(frames[-1])[2]:
            fail(f"{frames[-1].name} shows what {frames[0].name} shows: nothing moved")
        print(f"check_frames: {len(frames)} frames of {width}x{height}, none blank, the last unlike the first")

        if options.same_as is not None:
            others = run(options.program, shlex.split(options.same_as), second)
            if [p.name for p in others] != [p.name for p in frames]:
                fail("the second run wrote other frames than the first")
            for mine, theirs in zip(frames, others):
                if mine.read_bytes() != theirs.read_bytes():
                    fail(f"{mine.name} differs between the runs")
            print(f"check_frames: the second run's {len(others)} frames are the first's, byte for byte")

        if options.repeats is not None:
            a, b, n = (int(part) for part in options.repeats.split(":"))
            compared = [k for k in range(n) if frame_path(first, b + k).exists()]
            if len(compared) < 2:
                fail(f"fewer than 2 frames written from {b} to {b + n - 1}; write more of them")
            for k in compared:
                if frame(first, b + k).read_bytes() != frame(first, a + k).read_bytes():
                    fail(f"frame {b + k} is not frame {a + k} again")
            if frame(first, a + compared[-1]).read_bytes() == frame(first, a).read_bytes():
                fail(f"frame {a + compared[-1]} is frame {a}: the game stood still, so the repeat proves nothing")
            print(f"check_frames: frames {b} to {b + n - 1} repeat frames {a} to {a + n - 1}, byte for byte "
                  f"({len(compared)} compared)")


if __name__ == "__main__":
    main()
