"""Checks the `track` option of a component, and the `changed` and `added` filters of systems.

`[component.X] kiln = { track = true }` asks the runtime to keep, for each row of X, the tick at
which the row gained X and the tick at which a system or a writable each() last wrote it, so that
kiln::changed<X> and kiln::added<X> can find them (docs/changes.md). The local part of a
[propagate.NAME] is tracked unless it says track = false: its generated system recomputes only
below the locals that changed. A component that is not tracked keeps exactly the code and the
memory it had before tracking existed.

A system's `changed = ["C"]` (or `added`) runs it only on the rows whose C was written (or gained)
since the system last ran; given several components, in either list, a row passes when any one of
them passes. C must be tracked (kilnc says which key to add) and read or written by the system, so
that the schedule already keeps writers of C apart from it.
"""

from typing import TYPE_CHECKING, Any

from ..errors import shown
from ..front.declaration import Declaration
from ..model import Access, Component
from ..vocabulary import CHANGE_KEYS
from .checker import Checker

if TYPE_CHECKING:  # systems.py checks the rest of a system, and imports this module
    from .systems import SystemChecker

def tracked(checker: Checker, declaration: Declaration, options: dict[str, Any],
            propagated_local: bool = False) -> bool:
    """Whether the component `declaration` is tracked: it asks to be, or it is the local part of a
    propagation (`propagated_local`, a component with fields) and does not say track = false. A wrong
    `track` is reported."""
    has_fields = any(key != "kiln" for key in declaration.body)
    track = options.get("track", propagated_local and has_fields)
    keys = declaration.keys + ("kiln", "track")
    if not isinstance(track, bool):
        checker.error(declaration.file, keys,
                      f"{declaration.label}: track must be true or false, not {shown(track)}; "
                      "kiln = { track = true } keeps a change tick per row (docs/changes.md)")
        return False
    if track and not has_fields:
        checker.error(declaration.file, keys,
                      f"{declaration.label} has no fields, so it is a tag and has no value that could change; "
                      "remove kiln.track")
        return False
    return track


def change_filters(systems: "SystemChecker", declaration: Declaration, access: Access,
                   columns: bool) -> dict[str, tuple[Component, ...]]:
    """The system's `changed` and `added` components, keyed so; their mistakes are reported."""
    file, label = declaration.file, declaration.label
    found: dict[str, tuple[Component, ...]] = {}
    accessed = {component.name for component in access.write + access.read}
    for key in CHANGE_KEYS:
        components = []
        for name, where in systems.names_in(declaration, (key,), "component"):
            component = systems.component(declaration, name, where[len(declaration.keys):], key)
            if component is None:
                continue
            if not component.tracked:
                systems.checker.error(file, where,
                                      f"{label}: {key} = [\"{name}\"] needs the ticks of a tracked component; add "
                                      f"kiln = {{ track = true }} to [component.{name}] (docs/changes.md)")
            elif name not in accessed:
                systems.checker.error(file, where,
                                      f"{label}: '{name}' in {key} is neither read nor written by it; add it to "
                                      "read (or write), so that the schedule keeps its writers apart")
            else:
                components.append(component)
        found[key] = tuple(components)
    both = [component for component in found["added"] if component in found["changed"]]
    for component in both:
        systems.checker.error(file, declaration.keys + ("added",),
                              f"{label}: '{component.name}' is in both changed and added; a row that gains it "
                              "counts as changed already, so keep it in changed alone")
    found["added"] = tuple(component for component in found["added"] if component not in both)
    filters = [key for key in CHANGE_KEYS if found[key]]
    if filters and columns:
        systems.checker.error(file, declaration.keys + (filters[0],),
                              f"{label}: {filters[0]} and columns = true do not go together: a columns system is "
                              "handed whole chunks of rows; remove columns, or the filter")
        found = {key: () for key in CHANGE_KEYS}
    return found
