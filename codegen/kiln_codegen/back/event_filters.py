"""Jinja filters for events: the type lists of what a system emits and reads, and each event's plan
in world.hpp, which tells the runtime who emits it and which readers it is kept for."""

from collections.abc import Iterable

from ..model import Event, Schema, StageRole, System

# Stages whose systems run again and again: an event is kept until each of its readers there has
# seen it. A reader in init or shutdown runs once, and sees what is kept when it does.
_REPEATING = (StageRole.FIXED, StageRole.FRAME)


def event_names(events: Iterable[Event]) -> str:
    """Events as kiln::type_list arguments."""
    return ", ".join(event.name for event in events)


def event_plan(event: Event, schema: Schema) -> str:
    """An event's kiln::event_plan: the event, the systems that emit it and the readers it is kept
    for, each in schema order.

    >>> from ..model import Access, Stage
    >>> hit = Event("Hit", (), None)
    >>> fire, hurt = System("Fire", "update", Access(), emit=(hit,)), System("Hurt", "update", Access(), events=(hit,))
    >>> bye = System("Bye", "shutdown", Access(), events=(hit,))
    >>> stages = (Stage("update", ((fire,), (hurt,))), Stage("shutdown", ((bye,),)))
    >>> event_plan(hit, Schema("game", 1, (), (), (), (), stages, systems=(fire, hurt, bye), events=(hit,)))
    'kiln::event_plan<Hit, kiln::type_list<Fire>, kiln::type_list<Hurt>>'
    """
    repeating = {system.name for stage in schema.stages if stage.role in _REPEATING for system in stage.systems}
    emitters = [system.name for system in schema.systems if event in system.emit]
    readers = [system.name for system in schema.systems if event in system.events and system.name in repeating]
    return (f"kiln::event_plan<{event.name}, kiln::type_list<{', '.join(emitters)}>, "
            f"kiln::type_list<{', '.join(readers)}>>")


FILTERS = {filter.__name__: filter for filter in (event_names, event_plan)}
