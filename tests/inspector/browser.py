#!/usr/bin/env python3
"""The inspector's page in a real browser: headless Chromium, driven by Selenium.

Runs invaders headless with --inspect on a free port, writing every frame as a
PNG, and does what a person would: opens the page, pauses, finds an alien in
the entity browser, edits its x, and checks that the next PNG frame shows it
moved; steps one frame and checks the frame counter; opens the systems view.
It takes screenshots of the entity view and the systems view into --shots
(docs/ holds the ones README shows: tests/inspector/browser.py --shots docs).
With --states, it runs a game with states (pacman) instead and requests one
from the menu in the page's bar, and sees it applied.

    browser.py INVADERS SCRIPT --shots DIR
    browser.py PACMAN SCRIPT --states
"""

import argparse
import socket
import subprocess
import sys
import tempfile
import time
import json
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples" / "screen"))
from check_frames import read_png  # noqa: E402  (the PNG reader the frame tests use)

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402


def fail(message):
    print(f"browser: {message}", file=sys.stderr)
    sys.exit(1)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def newest_frame(directory):
    frames = sorted(directory.glob("frame-*.png"))
    return (int(frames[-1].stem.split("-")[1]), frames[-1]) if frames else (-1, None)


def frame_after(directory, number, timeout=10):
    """The path of the first frame numbered above number, once written whole."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        latest, _ = newest_frame(directory)
        if latest > number + 1:  # the one after number + 1 exists, so number + 1 is complete
            return directory / f"frame-{number + 1:06d}.png"
        time.sleep(0.05)
    fail(f"no frame after {number} within {timeout} s")


def changed_box(before, after):
    """The smallest box (x0, y0, x1, y1) holding every pixel that differs, or None."""
    _, _, rows_a = read_png(before)
    width, height, rows_b = read_png(after)
    xs, ys = [], []
    for y in range(height):
        if rows_a[y] != rows_b[y]:
            for x in range(width):
                if rows_a[y][3 * x:3 * x + 3] != rows_b[y][3 * x:3 * x + 3]:
                    xs.append(x)
                    ys.append(y)
    return (min(xs), min(ys), max(xs), max(ys)) if xs else None


def click(browser, selector):
    """Clicks what selector finds; False when it is not there, or was drawn again meanwhile."""
    try:
        browser.find_element(By.CSS_SELECTOR, selector).click()
        return True
    except (NoSuchElementException, StaleElementReferenceException):
        return False


def type_into(browser, selector, text):
    """Replaces the text of the input selector finds and presses Enter, as a person does; False
    when the page drew the input again meanwhile (it does not while the input has the focus)."""
    try:
        field = browser.find_element(By.CSS_SELECTOR, selector)
        field.click()
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys(text, Keys.ENTER)
        return True
    except (NoSuchElementException, StaleElementReferenceException):
        return False


def wait_for(condition, message, timeout=5):
    deadline = time.time() + timeout
    while not condition():
        if time.time() > deadline:
            fail(message)
        time.sleep(0.05)


def row_text(browser, handle):
    """The text of the entity list's row of handle, or None when it has none."""
    return browser.execute_script(
        f'const e = document.querySelector(\'.ent[data-entity="{handle}"]\'); return e ? e.textContent + " " : null;')


def count_shown(browser, archetype):
    return browser.execute_script(
        f'const a = document.querySelector(\'.arch[data-archetype="{archetype}"] .n\'); return a && Number(a.textContent);')


def api(port, path):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api{path}", timeout=10) as r:
        return json.loads(r.read())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("invaders")
    parser.add_argument("script")
    parser.add_argument("--shots", type=Path, help="where to write the screenshots")
    parser.add_argument("--states", action="store_true", help="request a state from the page's bar (pacman)")
    args = parser.parse_args()
    if not args.states and not args.shots:
        parser.error("--shots DIR, or --states")
    if args.shots:
        args.shots.mkdir(parents=True, exist_ok=True)

    port = free_port()
    with tempfile.TemporaryDirectory() as work:
        frames = Path(work)
        pictures = [] if args.states else ["--png", str(frames / "frame-%06d.png")]
        game = subprocess.Popen([args.invaders, "--headless", "--frames", "100000", "--input", args.script,
                                 *pictures, "--inspect", str(port)],
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            line = game.stdout.readline()
            if not line.startswith("inspector: http://127.0.0.1:"):
                fail(f"the game did not start its inspector: {line!r}")
            if args.states:
                run_states(port)
            else:
                run(port, frames, args.shots)
        finally:
            game.terminate()
            game.wait(timeout=10)
    if args.states:
        print("browser: the page requested a state, and the game applied it")
    else:
        print("browser: the page paused, edited, duplicated, destroyed, stepped and showed the schedule")


def chromium():
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1440,900", "--force-device-scale-factor=1"):
        options.add_argument(flag)
    options.binary_location = "/usr/bin/chromium"
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def run_states(port):
    """Pauses, picks another value of the game's last state in the bar's menu, and sees the state
    in that value with no request: pacman runs its render stage while paused, and the request is
    applied at that stage's end, a stage boundary (docs/states.md)."""
    browser = chromium()
    try:
        wait = WebDriverWait(browser, 15)
        browser.get(f"http://127.0.0.1:{port}/")
        states = api(port, "/schema")["states"]
        if not states:
            fail("the game has no states")
        state = states[-1]
        wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, f'select[data-state="{state["name"]}"]'))
        browser.find_element(By.ID, "pause").click()
        wait.until(lambda b: b.find_element(By.ID, "pause").text == "Resume")
        current = api(port, "/world")["states"][state["name"]]["current"]
        wait.until(lambda b: b.find_element(By.CSS_SELECTOR, f'select[data-state="{state["name"]}"]')
                   .get_attribute("value") == current)
        wanted = next(v for v in state["values"] if v != current)
        Select(browser.find_element(By.CSS_SELECTOR, f'select[data-state="{state["name"]}"]')).select_by_value(wanted)
        wait_for(lambda: api(port, "/world")["states"][state["name"]] == {"current": wanted, "requested": None},
                 f"{state['name']} did not become {wanted}: {api(port, '/world')['states']}")
        wait.until(lambda b: b.find_element(By.CSS_SELECTOR, f'[data-requested="{state["name"]}"]').text == "")
        wait.until(lambda b: b.find_element(By.CSS_SELECTOR, f'select[data-state="{state["name"]}"]')
                   .get_attribute("value") == wanted)
        now = api(port, "/world")["states"][state["name"]]
        if now["current"] != wanted:
            fail(f"after a step {state['name']} is {now}, not {wanted}")
        print(f"browser: {state['name']} went from {current} to {wanted}, requested in the page while paused")
    finally:
        browser.quit()


def run(port, frames, shots):
    browser = chromium()
    try:
        wait = WebDriverWait(browser, 15)
        browser.get(f"http://127.0.0.1:{port}/")
        wait.until(lambda b: b.find_element(By.ID, "schema").text == "invaders")

        # Pause: the frame counter stops.
        browser.find_element(By.ID, "pause").click()
        wait.until(lambda b: b.find_element(By.ID, "pause").text == "Resume")
        paused_at = api(port, "/world")["frame"]
        time.sleep(0.3)
        if api(port, "/world")["frame"] != paused_at:
            fail("the frame counter moved while paused")

        # Find an alien: the Invader archetype, its first entity.
        wait.until(lambda b: click(b, '.arch[data-archetype="Invader"]'))
        handle = wait.until(lambda b: b.execute_script(
            'const e = document.querySelector(".ent[data-entity]"); return e && e.dataset.entity;'))
        wait.until(lambda b: click(b, f'.ent[data-entity="{handle}"]'))
        wait.until(lambda b: b.find_element(By.ID, "entity-handle").text == handle)
        x, y = wait.until(lambda b: b.execute_script(
            'const x = document.querySelector(\'input[data-pointer="/Position/x"]\'),'
            '      y = document.querySelector(\'input[data-pointer="/Position/y"]\');'
            'return x && y && [Number(x.value), Number(y.value)];'))

        # From here the page's refresh once a second is stopped (S.frozen), so
        # that the list can only show a change if the change itself redraws it.
        browser.execute_script("S.frozen = true;")
        time.sleep(1.2)  # a refresh under way when frozen has ended

        # Edit its x, as a person types a number and presses Enter.
        newest, _ = newest_frame(frames)
        before_path = frames / f"frame-{newest - 1:06d}.png"  # the newest may be half written
        new_x = x - 24 if x > 60 else x + 100
        wait.until(lambda b: type_into(b, 'input[data-pointer="/Position/x"]', f"{new_x:g}"))
        deadline = time.time() + 10
        while api(port, f"/entity/{handle}")["components"]["Position"]["x"] != new_x:
            if time.time() > deadline:
                fail(f"the edit of {handle}'s x to {new_x} did not reach the world")
            time.sleep(0.05)
        edited, _ = newest_frame(frames)
        after_path = frame_after(frames, edited)
        box = changed_box(before_path, after_path)
        if box is None:
            fail(f"frame {after_path.name} is the same as {before_path.name}: the alien did not move")
        low, high = min(x, new_x) - 8, max(x, new_x) + 8
        if not (low <= box[0] and box[2] <= high and y - 8 <= box[1] and box[3] <= y + 8):
            fail(f"the frames differ in {box}, not only where the alien was ({x}, {y}) and is ({new_x}, {y})")
        reaches = box[2] >= new_x - 4 if new_x > x else box[0] <= new_x + 4
        if not reaches:
            fail(f"the frames differ in {box}, which does not reach the alien's new place {new_x}")
        print(f"browser: alien {handle} moved from x {x:g} to {new_x:g}; frames {before_path.name} and "
              f"{after_path.name} differ in {box}")
        wait.until(lambda b: b.find_element(By.CSS_SELECTOR, 'input[data-pointer="/Position/x"]').get_attribute("value")
                   == f"{new_x:g}")
        # The list sums an alien up by its first component, Local (its place in
        # its formation; Position is the propagation's): an edit of Local's x
        # shows there.
        local_x = float(browser.find_element(By.CSS_SELECTOR, 'input[data-pointer="/Local/x"]').get_attribute("value"))
        new_local = local_x + 1
        wait.until(lambda b: type_into(b, 'input[data-pointer="/Local/x"]', f"{new_local:g}"))
        wait_for(lambda: f"x={new_local:g} " in (row_text(browser, handle) or ""),
                 f"the list still shows {row_text(browser, handle)!r} for {handle} after its Local x became {new_local:g}")
        browser.save_screenshot(str(shots / "inspector_entity.png"))

        # Duplicate it: the copy is picked, and listed; destroy the copy: it leaves the list.
        invaders = api(port, "/world")["archetypes"]["Invader"]
        browser.find_element(By.ID, "duplicate").click()
        wait.until(lambda b: b.find_element(By.ID, "entity-handle").text not in ("", handle))
        copy = browser.find_element(By.ID, "entity-handle").text
        if api(port, "/world")["archetypes"]["Invader"] != invaders + 1:
            fail(f"duplicating {handle} did not create an Invader")
        wait_for(lambda: f"x={new_local:g} " in (row_text(browser, copy) or "") and count_shown(browser, "Invader") == invaders + 1,
                 f"the list does not show the copy {copy} of {handle}, or the count {invaders + 1}")
        browser.find_element(By.ID, "destroy").click()
        wait_for(lambda: row_text(browser, copy) is None and count_shown(browser, "Invader") == invaders,
                 f"the list still shows {copy} after it was destroyed")
        if api(port, "/world")["archetypes"]["Invader"] != invaders:
            fail(f"destroying {copy} did not destroy it")
        print(f"browser: the list followed an edit of {handle}, its copy {copy} and the copy's destruction")
        browser.execute_script("S.frozen = false;")

        # Step one frame: the counter goes up by one, and stays.
        browser.find_element(By.ID, "step").click()
        wait.until(lambda b: b.find_element(By.ID, "frame").text == str(paused_at + 1))
        time.sleep(0.3)
        if api(port, "/world")["frame"] != paused_at + 1:
            fail("a step ran more than one frame")

        # The systems view: the schedule, and which system takes the frame
        # (in the other theme, so that the screenshots show both).
        browser.find_element(By.ID, "theme").click()
        browser.find_element(By.ID, "pause").click()  # resume, so that the bars move
        wait.until(lambda b: b.find_element(By.ID, "pause").text == "Pause")
        browser.find_element(By.ID, "tab-systems").click()
        wait.until(lambda b: b.find_elements(By.CSS_SELECTOR, "#top-systems span"))
        systems = browser.find_elements(By.CSS_SELECTOR, ".sys[data-system]")
        if len(systems) != len(api(port, "/schema")["systems"]):
            fail(f"the systems view shows {len(systems)} systems")
        time.sleep(1.5)
        browser.save_screenshot(str(shots / "inspector_systems.png"))
        top = browser.execute_script('return document.querySelector("#top-systems span").textContent;')
        print(f"browser: the system that takes the most time: {top}")
    finally:
        browser.quit()


if __name__ == "__main__":
    main()
