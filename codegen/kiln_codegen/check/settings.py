"""The world-wide settings of [kiln] besides namespace and version: stages, fixed_step, strict,
row_loops and schedule_unit.

Like the version, each may be given in one file of a world and left out of the others, or given
the same in several; the first file that gives a valid value sets it, and the others must agree.
"""

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..cpp.names import name_problem
from ..errors import listing, shown
from ..front.loader import SchemaFile
from ..model import DEFAULT_FIXED_STEP, DEFAULT_STAGES, ROW_LOOPS, ROW_LOOPS_IN_BODIES, ROW_LOOPS_IN_WORLD
from ..vocabulary import MAX_STAGES
from .checker import Checker

@dataclass(frozen=True)
class Settings:
    stages: tuple[str, ...] = DEFAULT_STAGES  # in the order a frame runs them
    fixed_step: float = DEFAULT_FIXED_STEP  # seconds of game time between runs of fixed_update
    strict: bool = False  # whether the schedule's ambiguities are errors
    row_loops: str = ROW_LOOPS_IN_WORLD  # where systems' row loops compile (model.Schema.row_loops)
    schedule_unit: bool = False  # whether the schedule compiles in a unit of its own (model.Schema.schedule_unit)


def settings(checker: Checker) -> Settings:
    """The settings the files give, each checked, and their defaults for those none gives."""
    checks: dict[str, tuple[Callable[[Checker, SchemaFile, Any], Any], str]] = {
        "stages": (_stages, "list of stages"),
        "fixed_step": (_fixed_step, "fixed step"),
        "strict": (_strict, "strictness"),
        "row_loops": (_row_loops, "place for row loops"),
        "schedule_unit": (_schedule_unit, "place for the schedule"),
    }
    chosen: dict[str, tuple[Any, SchemaFile]] = {}
    for file in checker.files:
        header = file.data.get("kiln")
        if not isinstance(header, dict):
            continue  # reported with the namespace
        for key, (check, what) in checks.items():
            if key not in header:
                continue
            value = check(checker, file, header[key])
            if value is None:
                continue
            first_value, first_file = chosen.setdefault(key, (value, file))
            if value != first_value:
                checker.error(file, ("kiln", key),
                              f"[kiln] {key} {_spelled(value)} differs from {_spelled(first_value)} at "
                              f"{first_file.locate(('kiln', key))}; a world has one {what}: give it in one file, "
                              "or the same in each")
    found = Settings(**{key: value for key, (value, _) in chosen.items()})
    if found.schedule_unit and found.row_loops != ROW_LOOPS_IN_BODIES:
        _, file = chosen["schedule_unit"]
        checker.error(file, ("kiln", "schedule_unit"),
                      '[kiln] schedule_unit = true needs row_loops = "bodies": the schedule\'s unit sees the '
                      "components declared only, and a row loop compiled there would need them defined; add "
                      'row_loops = "bodies" to [kiln]')
    return found


def _stages(checker: Checker, file: SchemaFile, value: Any) -> tuple[str, ...] | None:
    keys = ("kiln", "stages")
    if not isinstance(value, list):
        checker.error(file, keys, '[kiln] stages must be an array of stage names in the order a frame runs them, '
                      f'like ["init", "update", "render"], not {shown(value)}')
        return None
    if not value:
        checker.error(file, keys, f"[kiln] stages is empty; a world has at least one stage (the default stages are "
                      f"{listing(DEFAULT_STAGES)})")
        return None
    if len(value) > MAX_STAGES:
        checker.error(file, keys, f"[kiln] stages lists {len(value)} stages; a world has at most {MAX_STAGES}")
        return None
    valid = True
    for index, stage in enumerate(value):
        where = keys + (index,)
        problem = name_problem(stage) if isinstance(stage, str) else None
        if not isinstance(stage, str):
            checker.error(file, where, f"[kiln] stages[{index}] must be a stage's name in quotes, not {shown(stage)}")
        elif problem is not None:
            checker.error(file, where, f"[kiln] stage name '{stage}' {problem}; choose another name")
        elif stage in value[:index]:
            checker.error(file, where, f"[kiln] stages lists '{stage}' twice; remove one")
        else:
            continue
        valid = False
    return tuple(value) if valid else None


def _fixed_step(checker: Checker, file: SchemaFile, value: Any) -> float | None:
    try:
        seconds = float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else math.nan
    except OverflowError:
        seconds = math.inf
    if not math.isfinite(seconds) or seconds <= 0:
        checker.error(file, ("kiln", "fixed_step"),
                      f"[kiln] fixed_step must be a number of seconds greater than 0, like 0.02 (50 steps a "
                      f"second), not {shown(value)}")
        return None
    return seconds


def _strict(checker: Checker, file: SchemaFile, value: Any) -> bool | None:
    if not isinstance(value, bool):
        checker.error(file, ("kiln", "strict"), f"[kiln] strict must be true (ambiguities in the schedule are errors) "
                      f"or false (they are warnings), not {shown(value)}")
        return None
    return value


def _row_loops(checker: Checker, file: SchemaFile, value: Any) -> str | None:
    if value not in ROW_LOOPS:
        checker.error(file, ("kiln", "row_loops"),
                      f'[kiln] row_loops must be "world" (each system\'s row loop compiles in the world\'s unit) or '
                      f'"bodies" (in the file that defines its run()), not {shown(value)}')
        return None
    return value


def _schedule_unit(checker: Checker, file: SchemaFile, value: Any) -> bool | None:
    if not isinstance(value, bool):
        checker.error(file, ("kiln", "schedule_unit"),
                      "[kiln] schedule_unit must be true (the schedule compiles in a unit of its own, schedule.cpp) "
                      f"or false (in the unit that calls world.progress), not {shown(value)}")
        return None
    return value


def _spelled(value: Any) -> str:
    return shown(list(value)) if isinstance(value, tuple) else shown(value)
