"""The schedule, decided at build time: for each stage, the order after and before ask for, the
conflicts nothing orders, and the batches the runtime runs one after another.

A stage's systems are placed batch by batch. Each time, the systems all of whose predecessors
are in earlier batches are ready; taken by priority (higher first), then in schema order, each
joins the batch unless it conflicts with a system already in it, or both record commands, and
waits for a later batch otherwise. The systems of one batch touch nothing the others write, so they
may run at once, and the result depends on the schema alone. Two systems that record commands
never share a batch: a deferred create reserves its handle in the world's entity table at once,
and two at the same time would race on the table and get handles in an order that changed from
run to run.

Events order systems too: within a stage, a system that emits an event runs before each system
that reads it, so that readers see the events of the same run of the stage. An after or before
that says otherwise wins (the reader then sees the events on its next run); a circle that events
close (A emits what B reads, B emits what A reads) is reported, as circles of after and before are.

So do propagations ([propagate.NAME]): a propagation runs after each system of its stage that
writes its local part and before each that reads its global part (on entities they both see),
unless after, before or events already order the two the other way; a system that does both is
left for after or before to order. A propagation shares a batch with no other propagation and no
system that records commands: it brings the world's hierarchy order, a cache, up to date when
stale, which reads the entity table that a deferred create writes. For the same reason a system
with lookups shares no batch with one that records commands.

A fusion ([fuse.NAME]) is placed as one system: its systems run in the order it lists them, one
right after another, as kiln::fused, in a batch of their own. So the order it lists must agree
with after and before, and no other system may have to run after one of them and before another
(by after, before, events or a propagation); either is reported.

Two systems whose run conditions exclude each other (plan/exclusion.py) never both run in one run
of their stage, since conditions are decided as it starts: they do not conflict, whatever they
access, nothing need order them, and they may share a batch, of which at most one of the two runs.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from ..access import contested, reach
from ..errors import Diagnostic
from ..model import Archetype, Fusion, Separation, Stage, System
from .exclusion import Exclusions
from .schedule_errors import (Ambiguity, EventCycle, FusionOrder, FusionSplit, Locate, OrderCycle, ScheduleProblem,
                              diagnostics)


@dataclass(frozen=True)
class Plan:
    """Every stage's plan, in stage order, and what is wrong with them (in stage order too)."""

    stages: tuple[Stage, ...]
    problems: tuple[ScheduleProblem, ...]

    def diagnostics(self, locate: Locate, strict: bool, ambiguities_known: bool) -> list[Diagnostic]:
        """The problems as diagnostics (schedule_errors.diagnostics says how)."""
        return diagnostics(self.problems, locate, strict, ambiguities_known)


def plan(stages: Sequence[str], systems: Sequence[System], archetypes: Sequence[Archetype],
         fusions: Sequence[Fusion] = (), exclusions: Exclusions | None = None) -> Plan:
    """Plans each stage. `systems` are in schema order, and their after, before and ambiguous_with
    name only systems of a stage of theirs (validation leaves out the others); `fusions` list
    systems of one stage each, every one a system of `systems`, and no system twice; `exclusions`
    says which systems' conditions exclude each other (none, without it).

    >>> from ..model import Access, Resource
    >>> time = Resource("Time", (), None)
    >>> tick = System("Tick", "update", Access(resources_write=(time,)))
    >>> show = System("Show", "update", Access(resources_read=(time,)))
    >>> log = System("Log", "update", Access(resources_read=(time,)), after=("Tick",))
    >>> result = plan(["update"], [tick, show, log], [])
    >>> [[system.name for system in batch] for batch in result.stages[0].batches]
    [['Tick'], ['Show', 'Log']]
    >>> [(problem.first.name, problem.second.name, problem.contested) for problem in result.problems]
    [('Tick', 'Show', ('Time',))]
    """
    planned = []
    problems: list[ScheduleProblem] = []
    exclusions = exclusions or Exclusions()
    for stage in stages:
        stage_plan = _StagePlanner(stage, [system for system in systems if stage in system.stages], archetypes,
                                   [fusion for fusion in fusions if fusion.stage == stage], exclusions)
        planned.append(stage_plan.stage)
        problems.extend(stage_plan.problems)
    return Plan(tuple(planned), tuple(problems))


class _StagePlanner:
    def __init__(self, stage: str, systems: list[System], archetypes: Sequence[Archetype], fusions: list[Fusion],
                 exclusions: Exclusions):
        self.name = stage
        self.systems = systems
        self.index = {system.name: index for index, system in enumerate(systems)}
        self.fusions = fusions
        self.order = self.order_edges()
        self.successors: list[set[int]] = [set() for _ in systems]
        self.predecessors: list[set[int]] = [set() for _ in systems]
        for earlier, later in self.order:
            self.successors[self.index[earlier.name]].add(self.index[later.name])
            self.predecessors[self.index[later.name]].add(self.index[earlier.name])
        self.reach = [self.reachable(start) for start in range(len(systems))]
        reaches = [reach(system.access, archetypes) for system in systems]
        self.contested = {
            (first, second): contested(systems[first].access, systems[second].access, reaches[first], reaches[second])
            for first in range(len(systems)) for second in range(first + 1, len(systems))
        }
        self.exclusive = {
            (first, second) for first in range(len(systems)) for second in range(first + 1, len(systems))
            if exclusions(stage, systems[first].name, systems[second].name)
        }
        self.passes: dict[tuple[int, int], tuple[str, ...]] = {}  # (emitter, reader): the events it passes
        self.problems: list[ScheduleProblem] = self.cycles()
        if not self.problems:
            self.add_event_order()
        if not self.problems:
            self.add_propagation_order()
        if not self.problems:
            self.problems = self.order_fusions()
        batches = () if self.problems else self.batches()
        self.problems += self.ambiguities()
        passes = tuple((systems[emitter], systems[reader], events) for (emitter, reader), events in self.passes.items())
        self.stage = Stage(stage, batches, tuple(self.order), self.separations(batches), passes, tuple(fusions))

    def order_edges(self) -> list[tuple[System, System]]:
        """Each (earlier, later) pair that after or before asks for, once, in schema order of the
        system that asks: its after first, then its before."""
        edges = {}
        for system in self.systems:  # a system of several transitions names some of other ones
            for name in (name for name in system.after if name in self.index):
                edges.setdefault((name, system.name), (self.systems[self.index[name]], system))
            for name in (name for name in system.before if name in self.index):
                edges.setdefault((system.name, name), (system, self.systems[self.index[name]]))
        return list(edges.values())

    def add_event_order(self) -> None:
        """Orders each emitter of an event before each reader of it, unless after and before already
        order the reader first; then looks for circles again, now that events may close them."""
        for emitter, system in enumerate(self.systems):
            for reader, other in enumerate(self.systems):
                passed = tuple(event.name for event in system.emit if event in other.events)
                if passed and emitter != reader and emitter not in self.reach[reader]:
                    self.passes[emitter, reader] = passed
                    self.successors[emitter].add(reader)
                    self.predecessors[reader].add(emitter)
        if self.passes:
            self.reach = [self.reachable(start) for start in range(len(self.systems))]
            self.problems = self.cycles()

    def add_propagation_order(self) -> None:
        """Orders each propagation after the writers of its local part, then before the readers of its
        global part, one edge at a time, each only if nothing orders the two the other way already:
        so a reader that after or before puts before a writer reads the values of the run before."""
        for after_writers in (True, False):
            for index, system in enumerate(self.systems):
                if system.propagation is None:
                    continue
                local, global_ = system.propagation.local.name, system.propagation.global_.name
                for other in range(len(self.systems)):
                    contested = self.conflict(index, other) if other != index else ()
                    writes_local, reads_global = local in contested, global_ in contested
                    if after_writers and writes_local and not reads_global:
                        self.add_edge(other, index)
                    elif not after_writers and reads_global and not writes_local:
                        self.add_edge(index, other)

    def add_edge(self, earlier: int, later: int) -> None:
        """Runs `earlier` before `later`, unless `later` already runs before `earlier`."""
        if earlier in self.reach[later] or later in self.reach[earlier]:
            return
        self.successors[earlier].add(later)
        self.predecessors[later].add(earlier)
        following = {later} | self.reach[later]
        for start in range(len(self.systems)):
            if start == earlier or earlier in self.reach[start]:
                self.reach[start] |= following

    def order_fusions(self) -> list[ScheduleProblem]:
        """Orders the systems of each fusion as it lists them, and reports what keeps them from running
        one right after another: first the fusions that list two in the order the stage's orders
        reverse; then, with every fusion's order in place (two fusions' orders can put a system of one
        between those of the other), the systems outside a fusion that must run between two of its own."""
        members = {fusion.name: [self.index[name] for name in fusion.systems] for fusion in self.fusions}
        problems: list[ScheduleProblem] = []
        for fusion in self.fusions:
            reversed_pairs = [(first, later) for position, first in enumerate(members[fusion.name])
                              for later in members[fusion.name][position + 1:] if first in self.reach[later]]
            if reversed_pairs:
                first, later = reversed_pairs[0]
                problems.append(FusionOrder(self.name, fusion, self.systems[first], self.systems[later]))
        if problems:
            return problems
        for fusion in self.fusions:
            for earlier, later in zip(members[fusion.name], members[fusion.name][1:]):
                self.add_edge(earlier, later)
        for fusion in self.fusions:
            own = members[fusion.name]
            for outside in range(len(self.systems)):
                earlier = [member for member in own if outside in self.reach[member]]
                later = [member for member in own if member in self.reach[outside]]
                if outside not in own and earlier and later:
                    problems.append(FusionSplit(self.name, fusion, self.systems[outside], self.systems[earlier[0]],
                                                self.systems[later[0]]))
        return problems

    def reachable(self, start: int) -> set[int]:
        """The systems that must run after `start`, through any chain of after and before."""
        seen: set[int] = set()
        pending = [start]
        while pending:
            for successor in self.successors[pending.pop()]:
                if successor not in seen:
                    seen.add(successor)
                    pending.append(successor)
        return seen

    def ordered(self, first: int, second: int) -> bool:
        return second in self.reach[first] or first in self.reach[second]

    def cycles(self) -> list[ScheduleProblem]:
        """One problem per set of systems that after and before join in a circle."""
        problems: list[ScheduleProblem] = []
        reported: set[int] = set()
        for start in range(len(self.systems)):
            if start in reported or start not in self.reach[start]:
                continue
            members = sorted(other for other in self.reach[start] if start in self.reach[other])
            reported.update(members)
            path = self.shortest_cycle(members[0])
            systems = tuple(self.systems[index] for index in members)
            steps = tuple(self.systems[index] for index in path)
            steps_taken = list(zip(path, path[1:] + path[:1]))
            if any(step in self.passes for step in steps_taken):
                events = tuple(self.passes.get(step, ()) for step in steps_taken)
                problems.append(EventCycle(self.name, systems, steps, events))
            else:
                problems.append(OrderCycle(self.name, systems, steps))
        return problems

    def shortest_cycle(self, start: int) -> list[int]:
        """The shortest way from `start` back to itself, breadth first, successors in schema order."""
        came_from: dict[int, int] = {}
        frontier = [start]
        while frontier:
            following = []
            for node in frontier:
                for successor in sorted(self.successors[node]):
                    if successor == start:
                        path = [node]
                        while path[-1] != start:
                            path.append(came_from[path[-1]])
                        return path[::-1]
                    if successor not in came_from:
                        came_from[successor] = node
                        following.append(successor)
            frontier = following
        raise AssertionError(f"system {self.systems[start].name} is on no cycle")

    def conflict(self, first: int, second: int) -> tuple[str, ...]:
        return self.contested[min(first, second), max(first, second)]

    def ambiguities(self) -> list[ScheduleProblem]:
        problems: list[ScheduleProblem] = []
        for (first, second), contested in self.contested.items():
            if (not contested or self.ordered(first, second) or self.accepted(first, second)
                    or (first, second) in self.exclusive):
                continue
            problems.append(Ambiguity(self.name, self.systems[first], self.systems[second], contested))
        return problems

    def accepted(self, first: int, second: int) -> bool:
        """Whether either system says, with ambiguous_with, that the other may run before or after it."""
        one, other = self.systems[first], self.systems[second]
        return other.name in one.ambiguous_with or one.name in other.ambiguous_with

    def batches(self) -> tuple[tuple[System, ...], ...]:
        """Batch after batch, each as described in this module's docstring, until all are placed."""
        rank = {index: (-system.priority, index) for index, system in enumerate(self.systems)}
        fused = [[self.index[name] for name in fusion.systems] for fusion in self.fusions]
        in_fusion = {member for members in fused for member in members}
        # What is placed as one: a fusion's systems in the order it lists, or one system. A fusion
        # ranks as its first in rank, and is ready when all that its systems follow is placed.
        units = fused + [[index] for index in range(len(self.systems)) if index not in in_fusion]
        unit_rank = {id(unit): min(rank[member] for member in unit) for unit in units}
        placed: set[int] = set()
        batches = []
        while len(placed) < len(self.systems):
            ready = sorted((unit for unit in units if unit[0] not in placed
                            and set().union(*(self.predecessors[member] for member in unit)) - set(unit) <= placed),
                           key=lambda unit: unit_rank[id(unit)])
            batch: list[int] = []
            for unit in ready:
                if unit in fused:  # a fused pass runs alone
                    if not batch:
                        batch = unit
                        break
                    continue
                candidate = unit[0]
                if not any(not self.excludes(candidate, member) and (self.conflict(candidate, member) or self.both_record_commands(candidate, member)
                           or self.share_hierarchy_order(candidate, member)
                           or self.looks_up_while_recording(candidate, member)) for member in batch):
                    batch.append(candidate)
            placed.update(batch)
            batches.append(tuple(self.systems[index] for index in batch))
        return tuple(batches)

    def excludes(self, first: int, second: int) -> bool:
        """Whether the two never both run in one run of the stage: their conditions exclude each other."""
        return (min(first, second), max(first, second)) in self.exclusive

    def both_record_commands(self, first: int, second: int) -> bool:
        return self.systems[first].commands and self.systems[second].commands

    def looks_up_while_recording(self, first: int, second: int) -> bool:
        """Whether one has lookups, which read the entity table, and the other records commands, whose
        deferred creates may grow it."""
        one, other = self.systems[first], self.systems[second]
        return bool((one.access.lookups and other.commands) or (other.access.lookups and one.commands))

    def share_hierarchy_order(self, first: int, second: int) -> bool:
        """Whether one is a propagation and the other a propagation too or a recorder of commands."""
        one, other = self.systems[first], self.systems[second]
        return ((one.propagation is not None and (other.propagation is not None or other.commands))
                or (other.propagation is not None and one.commands))

    def separations(self, batches: tuple[tuple[System, ...], ...]) -> tuple[Separation, ...]:
        """The conflicts that batching alone keeps apart, earlier batch first, in batch order."""
        batch_of = {system.name: number for number, batch in enumerate(batches) for system in batch}
        if len(batch_of) < len(self.systems):
            return ()  # a cycle left the stage without batches
        position = {system.name: place for place, system in enumerate(system for batch in batches for system in batch)}
        separations = []
        for (first, second), contested in self.contested.items():
            if contested and not self.ordered(first, second) and (first, second) not in self.exclusive:
                one, other = sorted((self.systems[first], self.systems[second]),
                                    key=lambda system: (batch_of[system.name], position[system.name]))
                separations.append(Separation(one, other, contested))
        separations.sort(key=lambda separation: (position[separation.first.name], position[separation.second.name]))
        return tuple(separations)
