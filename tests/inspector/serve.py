#!/usr/bin/env python3
"""Requests served while a game runs: a game (invaders, pacman) with
--inspect, asked for everything the API offers (each archetype's entities,
from the schema), edits, state requests, pauses and steps among them, from several
client threads at once while its frames run (on the parallel executor when
--parallel is passed through). Under ThreadSanitizer (the tsan preset) a
race between the server's threads, the world's and the executor's fails
the run. The game must finish its frames and exit 0.

    serve.py GAME [the game's arguments...]
"""

import json
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request


def request(base, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    try:
        with urllib.request.urlopen(urllib.request.Request(base + path, data=data), timeout=60) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()
    except (urllib.error.URLError, ConnectionError):
        return 0, b""  # the game has ended and its server with it


def client(base, stop, counts, failures, schema, world):
    paths = ["/api/schema", "/api/world", "/api/resources", "/api/timings?frames=30", "/api/hierarchy",
             "/api/entity/0:0", "/api/entities?archetype=Nope", "/api/changed?since=0"]
    paths += [f"/api/entities?archetype={a['name']}&limit=20" for a in schema["archetypes"]]
    edits = [("/api/pause", {}), ("/api/step", {"frames": 2}), ("/api/resume", {}),
             ("/api/state", {"state": "Nope", "value": "x"})]
    if schema["schema"] == "invaders":
        edits += [("/api/edit", {"resource": "Game", "pointer": "/lives", "value": 3}),
                  ("/api/edit", {"resource": "Game", "pointer": "/lives", "value": "x"})]
    # Each state asked for the value it was in as the run began (a transition back, or nothing), and for a
    # value it lacks.
    for name, state in world["states"].items():
        edits += [("/api/state", {"state": name, "value": state["current"]}),
                  ("/api/state", {"state": name, "value": "nope"})]
    i = 0
    while not stop.is_set():
        path, body = (paths[i % len(paths)], None) if i % 3 else edits[(i // 3) % len(edits)]
        status, answer = request(base, path, body)
        if status == 0 or (status == 503 and b"stopping" in answer):
            break  # the game ended its frames while this request was on its way
        if status >= 500 or not answer.startswith(b"{"):
            failures.append(f"{path}: {status} {answer[:200]!r}")
        counts[0] += 1
        i += 1


def stream(base, stop, counts):
    with urllib.request.urlopen(base + "/api/stream", timeout=60) as r:
        while not stop.is_set():
            line = r.readline()
            if not line:
                break
            if line.startswith(b"data: "):
                json.loads(line[6:])
                counts[1] += 1


def main():
    game = subprocess.Popen(sys.argv[1:] + ["--inspect", "0"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True)
    first = game.stdout.readline()
    if not first.startswith("inspector: http://"):
        print(f"serve: the game did not start its inspector: {first!r}{game.stdout.read()}")
        return 1
    base = first.split(" ", 1)[1].strip().rstrip("/")
    schema = json.loads(request(base, "/api/schema")[1])
    world = json.loads(request(base, "/api/world")[1])
    stop = threading.Event()
    counts, failures = [0, 0], []
    threads = [threading.Thread(target=client, args=(base, stop, counts, failures, schema, world)) for _ in range(3)]
    threads.append(threading.Thread(target=stream, args=(base, stop, counts), daemon=True))
    for t in threads:
        t.start()
    rest = game.stdout.read()  # until the game ends its frames
    stop.set()
    for t in threads[:-1]:
        t.join()
    code = game.wait()
    print(first + rest, end="")
    print(f"serve: {counts[0]} requests answered, {counts[1]} stream messages, while the game ran")
    if failures:
        print("serve: " + "\nserve: ".join(failures[:10]))
        return 1
    if counts[0] < 20 or counts[1] < 1:
        print("serve: too few requests were answered")
        return 1
    return code


if __name__ == "__main__":
    sys.exit(main())
