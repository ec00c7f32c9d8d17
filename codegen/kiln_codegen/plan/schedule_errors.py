"""What can be wrong with a schedule, as one typed list: each kind of problem is a class that
knows where it is reported and says its message.

An order cycle is always an error: no order runs every system after those it must follow. An
ambiguity is a warning, or an error under `strict = true`: the schedule still runs, but the order
of two systems that collide is kilnc's choice rather than the game's.
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Union

from ..access import who_does_what
from ..errors import Diagnostic, Location, joined
from ..model import Fusion, System

Locate = Callable[[str], Location]  # where a system is declared, by name


@dataclass(frozen=True)
class OrderCycle:
    """Systems of one stage that after and before order in a circle."""

    stage: str
    systems: tuple[System, ...]  # all that the circle joins, in schema order
    path: tuple[System, ...]  # one way round: each runs before the next, the last before the first

    is_warning = False

    @property
    def subject(self) -> str:
        """The system the problem is reported at."""
        return self.systems[0].name

    def members(self, locate: Locate) -> str:
        """Every system of the circle, with where it is declared."""
        return joined([f"'{system.name}' ({locate(system.name)})" for system in self.systems])

    def message(self, locate: Locate) -> str:
        names = [system.name for system in self.path + self.path[:1]]
        circle = f"'{names[0]}' runs before '{names[1]}'" + "".join(f", which runs before '{name}'"
                                                                  for name in names[2:])
        return (f"systems {self.members(locate)} in stage '{self.stage}' are ordered in a cycle, so none of them can "
                f"run first: {circle}; remove one of these after or before")


@dataclass(frozen=True)
class Ambiguity:
    """Two systems of one stage that conflict, and that no after or before orders."""

    stage: str
    first: System  # the one declared first
    second: System
    contested: tuple[str, ...]  # what they conflict on: the names of components and resources

    is_warning = True

    @property
    def subject(self) -> str:
        return self.second.name

    def message(self, locate: Locate) -> str:
        return (f"systems '{self.first.name}' and '{self.second.name}' in stage '{self.stage}' conflict "
                f"({who_does_what(self.first, self.second, self.contested)}) and nothing orders them; add "
                "after/before, or ambiguous_with to accept either order")


@dataclass(frozen=True)
class EventCycle(OrderCycle):
    """Systems of one stage in a circle that events close: each emits an event that the next reads
    (or runs before it by after or before), so none can run before all those it should follow."""

    events: tuple[tuple[str, ...], ...]  # for each step of path: the events passed, or () for after or before

    def message(self, locate: Locate) -> str:
        steps = []
        for system, following, events in zip(self.path, self.path[1:] + self.path[:1], self.events):
            if events:
                steps.append(f"'{system.name}' emits {joined(list(events))}, which '{following.name}' reads")
            else:
                steps.append(f"'{system.name}' runs before '{following.name}'")
        return (f"systems {self.members(locate)} in stage '{self.stage}' pass events in a cycle, so none of them "
                f"can run first: {'; '.join(steps)}; say which runs first with after or before (an order given wins "
                "over the events', and the reader sees the events on its next run)")


@dataclass(frozen=True)
class FusionSplit:
    """A system outside a fusion that must run after one of its systems and before another, so that
    they cannot run as one pass."""

    stage: str
    fusion: Fusion
    between: System
    earlier: System  # a system of the fusion that `between` runs after
    later: System  # one that `between` runs before

    is_warning = False

    @property
    def subject(self) -> str:
        return self.fusion.name

    def message(self, locate: Locate) -> str:
        return (f"fuse '{self.fusion.name}': '{self.between.name}' ({locate(self.between.name)}) must run after "
                f"'{self.earlier.name}' and before '{self.later.name}' (by after, before, events or a propagation), "
                "so the systems of the fused pass cannot run one right after another; leave "
                f"'{self.earlier.name}' or '{self.later.name}' out of systems, or change the order that puts "
                f"'{self.between.name}' between them")


@dataclass(frozen=True)
class FusionOrder:
    """A fusion that lists two of its systems in the order that after and before reverse."""

    stage: str
    fusion: Fusion
    listed_first: System
    runs_first: System

    is_warning = False

    @property
    def subject(self) -> str:
        return self.fusion.name

    def message(self, locate: Locate) -> str:
        return (f"fuse '{self.fusion.name}': systems lists '{self.listed_first.name}' before "
                f"'{self.runs_first.name}', but after and before run '{self.runs_first.name}' first; a fused pass "
                "runs its systems in the order listed, so list them in the order they run")


ScheduleProblem = Union[OrderCycle, EventCycle, Ambiguity, FusionSplit, FusionOrder]


def diagnostics(problems: Iterable[ScheduleProblem], locate: Locate, strict: bool,
                ambiguities_known: bool) -> list[Diagnostic]:
    """Each problem as a diagnostic at the system it names; under `strict`, warnings are errors too.

    Warnings are left out unless `ambiguities_known`: conflicts depend on archetypes, and when some
    are broken (and reported), which systems collide is not known.
    """
    found = []
    for problem in problems:
        if problem.is_warning and not ambiguities_known:
            continue
        severity = "warning" if problem.is_warning and not strict else "error"
        found.append(Diagnostic(locate(problem.subject), problem.message(locate), severity))
    return found
