"""Flush points: where a stage applies the commands recorded so far, before a later system that
would otherwise miss what they change (docs/states.md, "Changes that systems of the same stage
would miss").

A system with commands = true may say what they change: `changes = ["Scared", "Invader"]` names
the components its commands add, remove or replace, and the archetypes whose entities they create
or destroy. Commands apply when the stage ends; a later system of the same stage that filters on
or reads such a component (with, without, write, read), or that runs on such an archetype, would
run on the world as it was before them, and so would one that reaches such a component or
archetype through a lookup, or is handed it as an optional component or through has. When after,
before or events run it after the changer, kilnc places a flush before its batch: the runtime
applies the commands of the batches before it there (kiln::flush), as Bevy inserts its sync
points. When nothing orders the two, which runs first is not known, so kilnc cannot place one: it
warns (an error under strict) and says which after to add.
"""

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..access import matches
from ..model import Archetype, Changes, Stage, System


@dataclass(frozen=True)
class MissedChange:
    """`reader` is affected by what `changer` changes through commands (`what`), in `stage`, and
    nothing orders the two."""

    stage: str
    changer: System
    reader: System
    what: tuple[str, ...]

    def message(self) -> str:
        changed = ", ".join(self.what)
        return (f"system '{self.reader.name}' runs on entities whose {changed} system '{self.changer.name}' changes "
                f"through commands in the same stage '{self.stage}', and nothing orders the two: commands apply "
                f"when the stage ends, so whether '{self.reader.name}' sees the change depends on an order nobody "
                f"chose; add after = [\"{self.changer.name}\"] to '{self.reader.name}' (kilnc then applies "
                f"'{self.changer.name}''s commands before it runs), or before = [\"{self.changer.name}\"] to keep "
                "the world as the stage found it")


def affected(reader: System, changes: Changes, archetypes: Sequence[Archetype]) -> tuple[str, ...]:
    """What of `changes` `reader` depends on: components it filters on or accesses, on its rows or
    through a lookup, components its rows may hold (optional, optional_write, has), archetypes it
    runs on or a lookup of its reaches."""
    accesses = (reader.access, *(lookup.access for lookup in reader.access.lookups))
    touched = {component.name for access in accesses for component in access.required + access.without}
    touched.update(component.name for component in
                   reader.access.optional_write + reader.access.optional_read + reader.access.has)
    names = [component.name for component in changes.components if component.name in touched]
    for archetype in changes.archetypes:
        if any((access.required or access.without) and matches(access, archetype) for access in accesses):
            names.append(archetype.name)
    return tuple(names)


def place_flushes(stages: Sequence[Stage], changes: dict[str, Changes],
                  archetypes: Sequence[Archetype]) -> tuple[list[Stage], list[MissedChange]]:
    """Each stage with the flushes its changers need, and the pairs nothing orders."""
    planned = []
    missed = []
    for stage in stages:
        batch_of = {system.name: index for index, batch in enumerate(stage.batches) for system in batch}
        later = stage.reach()
        flushes = set()
        for changer in stage.systems:
            change = changes.get(changer.name)
            if change is None:
                continue
            for reader in stage.systems:
                if reader.name == changer.name:
                    continue
                what = affected(reader, change, archetypes)
                if not what:
                    continue
                if reader.name in later[changer.name]:
                    flushes.add(batch_of[reader.name])
                elif changer.name not in later[reader.name]:
                    missed.append(MissedChange(stage.name, changer, reader, what))
        planned.append(replace(stage, flushes=tuple(sorted(flushes))))
    return planned, missed
