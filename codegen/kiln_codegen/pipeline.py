"""kilnc's pipeline, front to back: schema files in, a model.Schema (or every mistake at once) out.

front/ loads the TOML files and knows where each key is; check/ checks the declarations and gives
them stable ids through persistence/, which keeps them across edits in the lock file; plan/ orders
the systems into stages and batches; back/ renders the Schema with Jinja templates. Each layer
imports only the ones before it, and what all of them share: model.py, errors.py, access.py and
cpp/. This module runs check and plan together, so that one run reports every mistake of both.
"""

from collections.abc import Callable, Iterable, Sequence

from .persistence.lockfile import Lock
from .check.checker import Checker
from .check.world import check
from .errors import Diagnostic, Location
from .front.loader import SchemaFile
from .model import Schema
from .plan.schedule import plan
from .plan.schedule_errors import ScheduleProblem


def validate(files: Sequence[SchemaFile], warn: Callable[[Diagnostic], None] = lambda warning: None,
             lock: Lock | None = None) -> Schema:
    """The schema of one world made of `files` (in command-line order); raises SchemaError.

    Stable ids continue `lock` (lockfile.read_lock); without one, the schema is generated for the
    first time and ids follow positions. Warnings go to `warn`, in report order, when the schema is
    valid; when it is not, they are among the SchemaError's diagnostics.
    """
    checked = check(files, lock)
    planned = plan(checked.settings.stages, checked.systems, checked.archetypes, checked.fusions)
    _report(planned.problems, checked.checker, checked.settings.strict, checked.archetypes_known)
    checked.checker.raise_if_any()
    for warning in checked.checker.sorted(checked.checker.warnings):
        warn(warning)
    return Schema(checked.namespace, checked.version, checked.externs, checked.components, checked.resources,
                  checked.archetypes, planned.stages, checked.settings.fixed_step, checked.systems, checked.observers,
                  checked.events)


def _report(problems: Iterable[ScheduleProblem], checker: Checker, strict: bool, ambiguities_known: bool) -> None:
    """Reports each problem at the system it names; under `strict`, warnings are errors too."""
    def locate(name: str) -> Location:
        return checker.declared[name].location

    for problem in problems:
        if problem.is_warning and not ambiguities_known:
            continue  # conflicts depend on archetypes, and some are broken (and reported)
        severity = "warning" if problem.is_warning and not strict else "error"
        diagnostic = Diagnostic(locate(problem.subject), problem.message(locate), severity)
        (checker.warnings if severity == "warning" else checker.diagnostics).append(diagnostic)
