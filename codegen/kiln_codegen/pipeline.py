"""kilnc's pipeline, front to back: schema files in, a model.Schema (or every mistake at once) out.

front/ loads the TOML files and knows where each key is; check/ checks the declarations and gives
them stable ids through persistence/, which keeps them across edits in the lock file; plan/ orders
the systems into stages and batches; back/ renders the Schema with Jinja templates. Each layer
imports only the ones before it, and what all of them share: model.py, errors.py, access.py,
vocabulary.py and cpp/. This module runs check and plan together; each returns what it found wrong as values, and
this module merges them and reports them once, so that one run reports every mistake of both.
"""

from collections.abc import Callable, Sequence

from .check.archetype_modes import expand_modes
from .check.states import ENTER, stale_conditions, transition_of, transitions
from .check.world import check
from .errors import Diagnostic, SchemaError, in_report_order
from .front.loader import SchemaFile
from .plan.exclusion import Exclusions
from .plan.flushes import place_flushes
from .model import Schema, Stage, State, Transition
from .persistence.lockfile import Lock
from .plan.schedule import plan


def validate(files: Sequence[SchemaFile], warn: Callable[[Diagnostic], None] = lambda warning: None,
             lock: Lock | None = None) -> Schema:
    """The schema of one world made of `files` (in command-line order); raises SchemaError.

    Stable ids continue `lock` (lockfile.read_lock); without one, the schema is generated for the
    first time and ids follow positions. Warnings go to `warn`, in report order, when the schema is
    valid; when it is not, they are among the SchemaError's diagnostics.
    """
    files, mode_problems = expand_modes(files)  # archetypes' one_of, written out as archetypes
    checked = check(files, lock)
    # Which systems never both run in one run of their stage, by their conditions (plan/exclusion.py).
    exclusions = Exclusions(dict(checked.conditions.systems), dict(checked.conditions.stages))
    planned = plan(checked.settings.stages, checked.systems, checked.archetypes, checked.fusions, exclusions)
    # The systems run on entering and leaving states' values, each group planned as a stage of its own.
    moments = transitions(checked.states, checked.systems)
    planned_moments = plan(moments, checked.systems, checked.archetypes, checked.fusions, exclusions)
    stages, missed = place_flushes(planned.stages, checked.changes, checked.archetypes, exclusions)
    moments, missed_in_moments = place_flushes(planned_moments.stages, checked.changes, checked.archetypes,
                                               exclusions)
    found = checked.diagnostics + tuple(mode_problems)
    for planned_stages in (planned, planned_moments):
        found += tuple(planned_stages.diagnostics(checked.locations.__getitem__, checked.settings.strict,
                                                  checked.archetypes_known))
    found += tuple(stale_conditions(planned.stages + planned_moments.stages, checked.conditions,
                                    checked.settings.strict, exclusions))
    found += tuple(Diagnostic(checked.locations[problem.reader.name], problem.message(),
                              "error" if checked.settings.strict else "warning") for problem in missed + missed_in_moments)
    _report(found, [file.path for file in files], warn)
    return Schema(checked.namespace, checked.version, checked.externs, checked.components, checked.resources,
                  checked.archetypes, tuple(stages), checked.settings.fixed_step, checked.systems, checked.observers,
                  checked.events, checked.states, checked.conditions.sets, checked.conditions.systems,
                  checked.conditions.stages, tuple(_transition(checked.states, stage) for stage in moments),
                  checked.prefabs, checked.settings.row_loops, checked.settings.schedule_unit)


def _transition(states: Sequence[State], stage: Stage) -> Transition:
    state, value, kind = transition_of(stage.name)
    return Transition(next(item for item in states if item.name == state), value, kind == ENTER, stage)


def _report(found: Sequence[Diagnostic], paths: Sequence[str], warn: Callable[[Diagnostic], None]) -> None:
    """The one place a run's diagnostics leave the pipeline, in report order: as a SchemaError that
    holds them all when any is an error, else each warning to `warn`."""
    errors = [diagnostic for diagnostic in found if diagnostic.severity == "error"]
    warnings = [diagnostic for diagnostic in found if diagnostic.severity == "warning"]
    if errors:
        raise SchemaError(in_report_order(errors + warnings, paths))
    for warning in in_report_order(warnings, paths):
        warn(warning)
