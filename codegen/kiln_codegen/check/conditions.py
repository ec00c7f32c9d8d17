"""Run conditions as written in `run_if` (docs/states.md), parsed and resolved against the schema.

A condition is a string: `Phase == playing`, `Game.over`, `Game.lives > 0`, `any(Invader)`,
`any(Alien, not Frozen)`, `every(30)`, combined with `not`, `and`, `or` and parentheses (`not` binds tightest,
then `and`, then `or`). parse() turns one into a model.Condition, or raises ConditionError with the
offset in the string where it went wrong, so that the message points at the very word.
"""

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..errors import a, closest, listing
from ..model import (AllOf, AnyEntity, AnyOf, Archetype, Component, Condition, Every, Field, FieldTest, Not,
                     Resource, Scalar, State, StateIs)

_TOKEN = re.compile(r"\s*(?:(?P<number>-?[0-9]+(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?)|(?P<name>[A-Za-z_][A-Za-z0-9_]*)"
                    r"|(?P<op>==|!=|<=|>=|<|>|\(|\)|,|\.)|(?P<bad>\S))")
COMPARISONS = ("==", "!=", "<", "<=", ">", ">=")
KEYWORDS = ("and", "or", "not", "any", "every", "true", "false")
MAX_EVERY = 2**32 - 1


class ConditionError(Exception):
    """A mistake in a condition: `message` completes "run_if: ...", `offset` is where in the string."""

    def __init__(self, message: str, offset: int):
        super().__init__(message)
        self.message = message
        self.offset = offset


@dataclass(frozen=True)
class _Token:
    kind: str  # "number", "name", "op" or "end"
    text: str
    offset: int


@dataclass(frozen=True)
class Names:
    """What a condition's names may refer to."""

    resources: dict[str, Resource]
    states: dict[str, State]
    archetypes: Sequence[Archetype]
    components: dict[str, Component]
    kind_of: Callable[[str], str | None]  # the kind of any declared name ("component", ...), None if unknown


def _tokens(text: str) -> list[_Token]:
    found = []
    position = 0
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None or match.end() == position:
            break  # only spaces were left
        kind = match.lastgroup
        token = match.group(kind)
        start = match.start(kind)
        if kind == "bad" and token == "=":
            raise ConditionError("unexpected '='; compare with ==", start)
        if kind == "bad":
            raise ConditionError(f"unexpected {token!r}; a condition uses names, numbers, ==, !=, <, <=, >, >=, "
                                 "'.', parentheses, and, or, not and any(...)", start)
        found.append(_Token(kind, token, start))
        position = match.end()
    found.append(_Token("end", "", len(text)))
    return found


def parse(text: str, names: Names) -> Condition:
    """The condition `text` says, resolved against `names`; raises ConditionError.

    >>> from ..model import Field, Scalar
    >>> game = Resource("Game", (Field("over", Scalar.BOOL, None, None), Field("lives", Scalar.U8, None, None)), None)
    >>> phase = State("Phase", (), None, values=("title", "playing"), initial="title")
    >>> names = Names({"Game": game}, {"Phase": phase}, [], {}, lambda name: None)
    >>> parse("Phase == playing and not Game.over", names)  # doctest: +ELLIPSIS
    AllOf(operands=(StateIs(state=State(name='Phase', ...), value='playing', equal=True), Not(operand=FieldTest(...
    >>> parse("Game.lives >", names)
    Traceback (most recent call last):
    ...
    kiln_codegen.check.conditions.ConditionError: expected a number after '>', found the end of the condition
    """
    parser = _Parser(_tokens(text), names)
    if parser.peek().kind == "end":
        raise ConditionError("the condition is empty; write one, like \"Phase == playing\" or \"not Game.over\"", 0)
    condition = parser.either()
    last = parser.peek()
    if last.kind != "end":
        raise ConditionError(f"unexpected {_said(last)} after a whole condition; join conditions with and or or",
                             last.offset)
    return condition


def _said(token: _Token) -> str:
    return "the end of the condition" if token.kind == "end" else repr(token.text)


class _Parser:
    def __init__(self, tokens: list[_Token], names: Names):
        self.tokens = tokens
        self.position = 0
        self.names = names

    def peek(self) -> _Token:
        return self.tokens[self.position]

    def take(self) -> _Token:
        token = self.tokens[self.position]
        self.position += 1
        return token

    def word(self, text: str) -> bool:
        token = self.peek()
        if token.kind in ("name", "op") and token.text == text:
            self.position += 1
            return True
        return False

    def expect(self, text: str, after: str) -> None:
        if not self.word(text):
            token = self.peek()
            raise ConditionError(f"expected '{text}' {after}, found {_said(token)}", token.offset)

    def either(self) -> Condition:
        operands = [self.both()]
        while self.word("or"):
            operands.append(self.both())
        return operands[0] if len(operands) == 1 else AnyOf(tuple(operands))

    def both(self) -> Condition:
        operands = [self.unary()]
        while self.word("and"):
            operands.append(self.unary())
        return operands[0] if len(operands) == 1 else AllOf(tuple(operands))

    def unary(self) -> Condition:
        if self.word("not"):
            return Not(self.unary())
        return self.primary()

    def primary(self) -> Condition:
        token = self.peek()
        if self.word("("):
            inner = self.either()
            self.expect(")", "to close the '(' at offset " + str(token.offset))
            return inner
        if token.kind == "name" and token.text == "any":
            self.take()
            return self.any_entity(token)
        if token.kind == "name" and token.text == "every":
            self.take()
            return self.every()
        if token.kind != "name" or token.text in KEYWORDS:
            raise ConditionError(f"expected a state, a resource's field or any(...), found {_said(token)}",
                                 token.offset)
        self.take()
        name = token.text
        state = self.names.states.get(name)
        if state is not None:
            return self.state_test(state, token)
        resource = self.names.resources.get(name)
        if resource is None:
            raise ConditionError(self.not_a_source(name), token.offset)
        if not self.word("."):
            raise ConditionError(f"'{name}' is a resource: test one of its fields, like {name}."
                                 f"{resource.fields[0].name if resource.fields else 'field'}", token.offset)
        field_token = self.take()
        field = next((field for field in resource.fields if field.name == field_token.text), None)
        if field_token.kind != "name" or field is None:
            fields = [field.name for field in resource.fields]
            close = closest(field_token.text, fields) if field_token.kind == "name" else None
            advice = f"did you mean '{close}'?" if close else f"its fields are {listing(fields) or 'none'}"
            raise ConditionError(f"resource '{name}' has no field {_said(field_token)}; {advice}",
                                 field_token.offset)
        return self.field_test(resource, field, field_token)

    def not_a_source(self, name: str) -> str:
        kind = self.names.kind_of(name)
        if kind == "archetype" or kind == "component":
            return f"'{name}' is {a(kind)}; test whether such entities exist with any({name})"
        if kind is not None:
            return f"'{name}' is {a(kind)}; a condition reads states and resources' fields"
        close = closest(name, list(self.names.states) + list(self.names.resources))
        advice = f"did you mean '{close}'?" if close else "declare it as [state.NAME] or [resource.NAME]"
        return f"unknown name '{name}'; {advice}"

    def state_test(self, state: State, token: _Token) -> Condition:
        op = self.peek()
        if op.text not in ("==", "!="):
            raise ConditionError(f"state '{state.name}' is a value, not true or false: compare it, like "
                                 f"{state.name} == {state.values[0]}", op.offset if op.kind != "end" else token.offset)
        self.take()
        value = self.take()
        if value.kind != "name" or value.text not in state.values:
            close = closest(value.text, state.values) if value.kind == "name" else None
            advice = f"did you mean '{close}'?" if close else f"its values are {listing(state.values)}"
            raise ConditionError(f"state '{state.name}' has no value {_said(value)}; {advice}", value.offset)
        return StateIs(state, value.text, op.text == "==")

    def field_test(self, resource: Resource, field: Field, token: _Token) -> Condition:
        spelled = f"{resource.name}.{field.name}"
        op = self.peek()
        if op.kind != "op" or op.text not in COMPARISONS:
            if field.type is not Scalar.BOOL:
                raise ConditionError(f"{spelled} is not a bool; compare it with a literal, like {spelled} > 0",
                                     token.offset)
            return FieldTest(resource, field)
        self.take()
        literal_token = self.take()
        if not isinstance(field.type, Scalar) or field.type is Scalar.ENTITY:
            raise ConditionError(f"{spelled} is not a number or a bool, so it cannot be compared", token.offset)
        if field.type is Scalar.BOOL:
            if op.text not in ("==", "!=") or literal_token.text not in ("true", "false"):
                raise ConditionError(f"{spelled} is a bool: test it alone ({spelled}, not {spelled}), or compare "
                                     "it with == or != to true or false", op.offset)
            return FieldTest(resource, field, op.text, literal_token.text == "true")
        if literal_token.kind != "number":
            raise ConditionError(f"expected a number after '{op.text}', found {_said(literal_token)}",
                                 literal_token.offset)
        text = literal_token.text
        if field.type.is_floating:
            return FieldTest(resource, field, op.text, float(text))
        if not re.fullmatch(r"-?[0-9]+", text):
            raise ConditionError(f"{spelled} is a whole number ({field.type.value}), so compare it with one, not "
                                 f"{text}", literal_token.offset)
        low, high = field.type.integer_range
        value = int(text)
        if not low <= value <= high:
            raise ConditionError(f"{text} is out of {spelled}'s range ({field.type.value}: {low} to {high})",
                                 literal_token.offset)
        return FieldTest(resource, field, op.text, value)

    def every(self) -> Condition:
        self.expect("(", "after every")
        count = self.take()
        if count.kind != "number" or not re.fullmatch(r"[0-9]+", count.text) or not 1 <= int(count.text) <= MAX_EVERY:
            raise ConditionError(f"every(N) takes a whole number of runs of its stage from 1 to {MAX_EVERY}, like "
                                 f"every(30), not {_said(count)}", count.offset)
        self.expect(")", "to close every(")
        return Every(int(count.text))

    def any_entity(self, start: _Token) -> Condition:
        self.expect("(", "after any")
        required: list[str] = []
        excluded: list[str] = []
        archetype: Archetype | None = None
        while True:
            negated = self.word("not")
            token = self.take()
            if token.kind != "name":
                raise ConditionError(f"expected an archetype or a component in any(...), found {_said(token)}",
                                     token.offset)
            found = next((item for item in self.names.archetypes if item.name == token.text), None)
            if found is not None and not negated and archetype is None and not required and not excluded:
                archetype = found
            elif token.text in self.names.components:
                (excluded if negated else required).append(token.text)
            else:
                kind = self.names.kind_of(token.text)
                what = (f"'{token.text}' is {a(kind)}" if kind and kind != "archetype" else
                        f"'{token.text}' must come alone: any(Archetype), or any(Component, not Component, ...)"
                        if kind == "archetype" else f"unknown archetype or component '{token.text}'")
                raise ConditionError(f"{what}; any(...) takes an archetype, or components an entity must hold "
                                     "(and, after not, must not)", token.offset)
            if not self.word(","):
                break
        self.expect(")", "to close any(")
        if archetype is not None:
            return AnyEntity((archetype,), archetype.name)
        matching = tuple(item for item in self.names.archetypes
                         if all(name in {c.name for c in item.components} for name in required)
                         and not any(name in {c.name for c in item.components} for name in excluded))
        if not required:
            raise ConditionError("any(...) needs an archetype or a component that entities hold", start.offset)
        if not matching:
            raise ConditionError(f"no archetype holds {listing(required)}"
                                 f"{' without ' + listing(excluded, 'or') if excluded else ''}, so any(...) would "
                                 "never hold; fix the names or declare such an archetype", start.offset)
        spelled = ", ".join(required + [f"not {name}" for name in excluded])
        return AnyEntity(matching, spelled)
