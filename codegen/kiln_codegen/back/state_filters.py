"""Jinja filters for states and run conditions (docs/states.md): a condition as the C++ type the
runtime evaluates (kiln/schedule/run_condition.hpp), a condition as the schema reads, and each
state's plan of transitions in world.hpp."""

import struct

from ..cpp.names import cpp_type
from ..model import (AllOf, AnyEntity, AnyOf, Condition, Every, FieldTest, Not, Scalar, Schema, SetCondition, Stage,
                     State, StateIs, Transition)

_COMPARE = {"==": "equal", "!=": "not_equal", "<": "less", "<=": "less_equal", ">": "greater", ">=": "greater_equal"}


def condition_type(condition: Condition) -> str:
    """The run condition's C++ type.

    >>> from ..model import Field, Resource
    >>> game = Resource("Game", (Field("over", Scalar.BOOL, None, None), Field("lives", Scalar.I32, None, None),
    ...                          Field("t", Scalar.F32, None, None)), None)
    >>> phase = State("Phase", (), None, values=("title", "playing"))
    >>> condition_type(AllOf((StateIs(phase, "playing"), Not(FieldTest(game, game.fields[0])))))
    'kiln::all_of<kiln::in_state<Phase, Phase::playing>, kiln::not_<kiln::field_is<&Game::over>>>'
    >>> condition_type(FieldTest(game, game.fields[1], ">", -1))
    'kiln::field_compare<&Game::lives, kiln::compare::greater, kiln::literal<std::int32_t{-1}>>'
    >>> condition_type(FieldTest(game, game.fields[2], "<", 0.5))
    'kiln::field_compare<&Game::t, kiln::compare::less, kiln::f32_literal<0x3f000000u>>'
    """
    if isinstance(condition, StateIs):
        test = f"kiln::in_state<{condition.state.name}, {condition.state.name}::{condition.value}>"
        return test if condition.equal else f"kiln::not_<{test}>"
    if isinstance(condition, FieldTest):
        member = f"&{condition.resource.name}::{condition.field.name}"
        if condition.op is None:
            return f"kiln::field_is<{member}>"
        return f"kiln::field_compare<{member}, kiln::compare::{_COMPARE[condition.op]}, {_literal(condition)}>"
    if isinstance(condition, AnyEntity):
        return f"kiln::any_entity<{', '.join(archetype.name for archetype in condition.archetypes)}>"
    if isinstance(condition, Every):
        return f"kiln::every<{condition.runs}>"
    if isinstance(condition, Not):
        return f"kiln::not_<{condition_type(condition.operand)}>"
    if isinstance(condition, AllOf):
        return f"kiln::all_of<{', '.join(condition_type(operand) for operand in condition.operands)}>"
    if isinstance(condition, AnyOf):
        return f"kiln::any_of<{', '.join(condition_type(operand) for operand in condition.operands)}>"
    assert isinstance(condition, SetCondition)
    return condition.name


def _literal(test: FieldTest) -> str:
    field_type = test.field.type
    if field_type is Scalar.BOOL:
        return f"kiln::literal<{'true' if test.literal else 'false'}>"
    if field_type is Scalar.F32:
        return f"kiln::f32_literal<0x{struct.unpack('<I', struct.pack('<f', test.literal))[0]:08x}u>"
    if field_type is Scalar.F64:
        return f"kiln::f64_literal<0x{struct.unpack('<Q', struct.pack('<d', test.literal))[0]:016x}ull>"
    return f"kiln::literal<{cpp_type(field_type)}{{{test.literal}}}>"


def condition_text(condition: Condition, top: bool = True) -> str:
    """The condition as the schema would write it, for the generated comments.

    >>> phase = State("Phase", (), None, values=("title", "playing"))
    >>> condition_text(AnyOf((StateIs(phase, "title"), Not(AllOf((StateIs(phase, "playing", False),))))))
    'Phase == title or not (Phase != playing)'
    """
    if isinstance(condition, StateIs):
        return f"{condition.state.name} {'==' if condition.equal else '!='} {condition.value}"
    if isinstance(condition, FieldTest):
        spelled = f"{condition.resource.name}.{condition.field.name}"
        if condition.op is None:
            return spelled
        literal = str(condition.literal).lower() if isinstance(condition.literal, bool) else repr(condition.literal)
        return f"{spelled} {condition.op} {literal}"
    if isinstance(condition, AnyEntity):
        return f"any({condition.spelled})"
    if isinstance(condition, Every):
        return f"every({condition.runs})"
    if isinstance(condition, Not):
        inner = condition_text(condition.operand, False)
        return f"not {inner}"
    if isinstance(condition, SetCondition):
        return condition.name
    joiner = " and " if isinstance(condition, AllOf) else " or "
    text = joiner.join(condition_text(operand, False) for operand in condition.operands)
    if len(condition.operands) == 1 and not top:
        return f"({text})"
    return text if top else f"({text})"


def state_values(state: State) -> str:
    """The values as a std::array initializer of names."""
    return ", ".join(f'"{value}"' for value in state.values)


def state_plan(state: State, schema: Schema) -> str:
    """A state's kiln::state_plan: its on-exit and on-enter plans, and what leaving each value destroys.

    >>> phase = State("Phase", (), None, values=("title", "playing"))
    >>> state_plan(phase, Schema("game", 1, (), (), (), (), states=(phase,)))
    'kiln::state_plan<Phase, kiln::type_list<>, kiln::type_list<>, kiln::type_list<>>'
    """
    def plans(enter: bool) -> str:
        return ", ".join(_transition_plan(transition) for transition in schema.state_transitions
                         if transition.state.name == state.name and transition.enter == enter)

    destroyed = ", ".join(f"kiln::destroyed_on_exit<{state.name}::{value}, kiln::type_list<"
                          f"{', '.join(archetype.name for archetype in archetypes)}>>"
                          for value, archetypes in state.destroy_on_exit if archetypes)
    return (f"kiln::state_plan<{state.name}, kiln::type_list<{plans(False)}>, kiln::type_list<{plans(True)}>, "
            f"kiln::type_list<{destroyed}>>")


def _transition_plan(transition: Transition) -> str:
    return (f"kiln::transition_plan<{transition.state.name}::{transition.value}, "
            f"kiln::type_list<{plan_batches(transition.plan)}>>")


def plan_batches(stage: Stage) -> str:
    """A stage's batches as kiln::type_list arguments, each a kiln::batch or kiln::fused, with a
    kiln::flush before each batch that must see the commands recorded before it (plan/flushes.py).

    >>> from ..model import Access, System
    >>> tick, show = System("Tick", "update", Access()), System("Show", "update", Access())
    >>> plan_batches(Stage("update", ((tick,), (show,)), flushes=(1,)))
    'kiln::batch<Tick>, kiln::flush, kiln::batch<Show>'
    """
    parts = []
    for index, batch in enumerate(stage.batches):
        if index in stage.flushes:
            parts.append("kiln::flush")
        kind = "fused" if stage.fusion_of(batch) else "batch"
        parts.append(f"kiln::{kind}<{', '.join(system.name for system in batch)}>")
    return ", ".join(parts)


FILTERS = {
    filter.__name__: filter
    for filter in (condition_type, condition_text, state_values, state_plan)
}
