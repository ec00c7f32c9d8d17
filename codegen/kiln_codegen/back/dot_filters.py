"""Jinja filters for schedule.dot, the schedule drawn for Graphviz: node names, labels and edges."""

from ..access import who_does_what
from ..model import Schema, Separation, Stage, StageRole, System

_ROLES = {
    StageRole.INIT: "once, before the first frame",
    StageRole.FIXED: "at the fixed step",
    StageRole.FRAME: "once per frame",
    StageRole.SHUTDOWN: "once, at shutdown",
}


def dot_id(name: str) -> str:
    """A node or graph name, quoted: the schema's names may be DOT keywords (Node, Graph, Edge).

    >>> dot_id("Node"), dot_id("studio::game")
    ('"Node"', '"studio::game"')
    """
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def dot_label(system: System) -> str:
    """A system's node label: its name, then what it writes, reads, requires, excludes, and its options.

    >>> from ..model import Access, Component, Resource
    >>> position, rising = Component("Position", 0, None, (), None), Component("Rising", 1, None, (), None)
    >>> rise = System("Rise", "update", Access(write=(position,), read=(rising,),
    ...                                        resources_read=(Resource("Time", (), None),)), parallel=True)
    >>> print(dot_label(rise))
    "Rise\\nwrite Position\\nread Rising, Time\\nparallel"
    """
    access = system.access
    lines = [system.name]
    for word, items in (("write", access.write + access.resources_write), ("read", access.read + access.resources_read),
                        ("with", access.with_), ("without", access.without)):
        if items:
            lines.append(f"{word} {', '.join(item.name for item in items)}")
    for word, events in (("emit", system.emit), ("events", system.events)):
        if events:
            lines.append(f"{word} {', '.join(event.name for event in events)}")
    options = [option for option in ("commands", "parallel", "columns") if getattr(system, option)]
    if system.propagation is not None:
        options.append("propagation")
    if system.priority:
        options.append(f"priority {system.priority}")
    if options:
        lines.append(", ".join(options))
    return '"' + "\\n".join(lines) + '"'


def stage_label(stage: Stage) -> str:
    """A stage's cluster label: its name and when it runs.

    >>> stage_label(Stage("fixed_update"))
    '"stage fixed_update: at the fixed step"'
    """
    return f'"stage {stage.name}: {_ROLES[stage.role]}"'


def separation_label(separation: Separation) -> str:
    """What two systems kept apart by batching do with what they conflict on.

    >>> from ..model import Access, Resource
    >>> time = Resource("Time", (), None)
    >>> tick = System("Tick", "update", Access(resources_write=(time,)))
    >>> show = System("Show", "update", Access(resources_read=(time,)))
    >>> print(separation_label(Separation(tick, show, ("Time",))))
    "'Tick' writes Time, 'Show' reads it"
    """
    return '"' + who_does_what(separation.first, separation.second, separation.contested) + '"'


def dot_spacers(schema: Schema) -> list[tuple[str, list[str], list[str]]]:
    """Invisible points between consecutive rows (a row is a batch, or the note of an empty stage),
    each with the nodes above it and below it, so that dot draws rows in order, top to bottom.

    >>> from ..model import Access
    >>> a, b, c = (System(name, "update", Access()) for name in "ABC")
    >>> dot_spacers(Schema("game", 1, (), (), (), (), (Stage("init"), Stage("update", ((a, b), (c,))))))
    [('spacer 1', ['stage init'], ['A', 'B']), ('spacer 2', ['A', 'B'], ['C'])]
    """
    rows = _rows(schema)
    return [(f"spacer {number}", above, below) for number, (above, below) in enumerate(zip(rows, rows[1:]), start=1)]


def empty_stage_node(stage: Stage) -> str:
    """The name of the note that stands for a stage without systems."""
    return f"stage {stage.name}"


FILTERS = {filter.__name__: filter
           for filter in (dot_id, dot_label, stage_label, separation_label, dot_spacers, empty_stage_node)}


def _rows(schema: Schema) -> list[list[str]]:
    rows = []
    for stage in schema.stages:
        if not stage.batches:
            rows.append([empty_stage_node(stage)])
        rows.extend([system.name for system in batch] for batch in stage.batches)
    return rows
