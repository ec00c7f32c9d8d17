"""Checks [fuse.NAME] tables and turns each into a model.Fusion.

A fusion lists at least two systems of one stage, in the order they run; the runtime runs them as
one pass over the rows (kiln::fused), handing each row to each of them in turn. That gives the
result of running them one after another only for systems that touch nothing but the row they are
handed: so each is plain (no commands, columns, parallel chunks, change filters, events, and it
runs per entity), takes part in one fusion at most, and no resource is written by one of them and
read or written by another (row by row, each would see it half updated). Whether after and before
let them run in the order listed, with nothing between them, is the schedule's to say
(plan/schedule.py), which knows every order. A fusion with a mistake is left out of the plan.
"""

from collections.abc import Sequence

from ..errors import a, closest, joined, listing
from ..front.declaration import Declaration
from ..model import Fusion, System
from ..vocabulary import FUSE_KEYS
from .checker import Checker
from .systems import SystemChecker

class FusionChecker:
    def __init__(self, checker: Checker, systems: SystemChecker):
        self.checker = checker
        self.system_checker = systems
        self.fused_in: dict[str, Declaration] = {}  # system: the fusion that lists it first

    def fusions(self, declarations: Sequence[Declaration], systems: Sequence[System]) -> list[Fusion]:
        """The fusions without mistakes, in schema order. `systems` are those scheduled: a system
        with a mistake of its own is not, and a fusion that lists it is left out unreported."""
        scheduled = {system.name: system for system in systems}
        found = []
        for declaration in declarations:
            reported = len(self.checker.errors)
            fusion = self.fusion(declaration, scheduled)
            if fusion is not None and len(self.checker.errors) == reported:
                found.append(fusion)
        return found

    def fusion(self, declaration: Declaration, scheduled: dict[str, System]) -> Fusion | None:
        file, keys, label, body = declaration.file, declaration.keys, declaration.label, declaration.body
        misspelled = self.checker.unknown_keys(file, keys, body, FUSE_KEYS, label)
        self.checker.doc(file, keys + ("doc",), body.get("doc"), label)  # for readers of the schema
        if "systems" not in body:
            if not misspelled:  # a misspelled `systems` is already reported
                self.checker.error(file, keys, f'{label} has no systems; add systems = ["Move", "Turn"] (at least '
                                   "two systems of one stage, in the order they run)")
            return None
        members: list[System] = []
        complete = True
        for name, where in self.system_checker.names_in(declaration, ("systems",), "system"):
            system = self.member(declaration, name, where, scheduled)
            if system is None:
                complete = False
                continue
            first = self.fused_in.setdefault(name, declaration)
            if first is not declaration:
                self.checker.error(file, where, f"{label}: '{name}' is in {first.label} already (at "
                                   f"{first.file.locate(first.keys)}); a system runs in one fused pass at most, "
                                   "so remove it from one of them")
            elif members and system.stage != members[0].stage:
                self.checker.error(file, where, f"{label}: '{name}' runs in stage '{system.stage}', but "
                                   f"'{members[0].name}' in stage '{members[0].stage}'; a fused pass is part of "
                                   "one stage, so list systems of one stage")
            else:
                self.check_shared_resources(declaration, where, system, members)
                members.append(system)
        listed = body["systems"]
        if isinstance(listed, list) and len(listed) < 2:
            self.checker.error(file, keys + ("systems",),
                               f"{label} lists {len(listed)} system{'' if len(listed) == 1 else 's'}; a fused "
                               f"pass joins at least two, so add another or remove [fuse.{declaration.name}]")
        if not complete or len(members) < 2:
            return None
        return Fusion(declaration.name, members[0].stage, tuple(system.name for system in members))

    def member(self, declaration: Declaration, name: str, where: tuple, scheduled: dict[str, System]) -> System | None:
        """The scheduled system `name`, if it is one that a fused pass can run; reports the others."""
        file, label = declaration.file, declaration.label
        declared = self.checker.declared.get(name)
        if declared is None:
            systems = [other.name for other in self.checker.declared.values() if other.kind == "system"]
            close = closest(name, systems)
            advice = f"did you mean '{close}'?" if close else f"declare it as [system.{name}] or fix the name"
            self.checker.error(file, where, f"{label}: unknown system '{name}' in systems; {advice}")
            return None
        if declared.kind == "propagate":
            self.checker.error(file, where, f"{label}: '{name}' in systems is a propagation, which runs parents "
                               "before children rather than row by row, so it cannot be fused; remove it")
            return None
        if declared.kind != "system":
            self.checker.error(file, where, f"{label}: '{name}' in systems is {a(declared.kind)}, not a system")
            return None
        system = scheduled.get(name)
        if system is None:
            return None  # its own mistake is reported at it
        reasons = _not_plain(system)
        if reasons:
            self.checker.error(file, where, f"{label}: '{name}' cannot run in a fused pass, which hands each row "
                               f"to each system in turn: it {joined(reasons)}; remove it from systems")
            return None
        return system

    def check_shared_resources(self, declaration: Declaration, where: tuple, system: System,
                               earlier: Sequence[System]) -> None:
        """Reports each resource that `system` and one listed before it share, one of them writing it."""
        touched = {resource.name for resource in system.access.resources}
        written = {resource.name for resource in system.access.resources_write}
        for other in earlier:
            shared = sorted(touched & {resource.name for resource in other.access.resources_write}
                            | written & {resource.name for resource in other.access.resources})
            if shared:
                self.checker.error(declaration.file, where,
                                   f"{declaration.label}: '{system.name}' and '{other.name}' share "
                                   f"{'resource' if len(shared) == 1 else 'resources'} {listing(shared)}, which "
                                   f"one of them writes; in one pass each would see {'it' if len(shared) == 1 else 'them'} "
                                   "as the other left it after some rows only, so leave one of them out of systems "
                                   "(a resource that the systems only read is fine)")


def _not_plain(system: System) -> list[str]:
    """What keeps `system` out of a fused pass, as clauses after "it"; empty for a plain system."""
    reasons = []
    if not system.per_entity:
        reasons.append("accesses no components (it runs once per run of its stage, not per row)")
    for key, clause in (("commands", "records commands (commands = true)"),
                        ("parallel", "runs in parallel chunks (parallel = true)"),
                        ("columns", "takes columns (columns = true)")):
        if getattr(system, key):
            reasons.append(clause)
    for key in ("changed", "added"):
        if getattr(system, key):
            reasons.append(f"has a {key} filter")
    if system.emit:
        reasons.append("emits events")
    if system.events:
        reasons.append("reads events")
    if system.access.lookups:
        reasons.append("reaches other entities (lookup)")
    if system.entity or system.access.optional_write or system.access.optional_read or system.access.has:
        reasons.append("is handed its entity, optional components or has")
    return reasons
