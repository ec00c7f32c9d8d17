"""Which run conditions cannot both hold (docs/states.md, "Systems whose conditions exclude each other").

A stage evaluates its systems' conditions once, as it starts; no system of the stage changes them
before it ends (a state changes at stage boundaries only, and what its systems write to a
resource is seen by the next run's conditions). So two systems of a stage whose conditions cannot
both hold never both run in one run of it: the planner neither reports them as a conflict nor keeps
them apart, the stale-condition check does not count one's writes against the other's condition,
and no flush is placed for one's commands before the other.

exclusive() proves it only where it is plain, and says False where it cannot tell: the conditions,
and'ed, are spread into a disjunction of conjunctions of tests (at most MAX_TERMS of them, else no
proof), and each conjunction must ask something impossible of one thing the world holds:

- a state: the values that its tests allow (== a value, != a value) leave none;
- an integer field of a resource compared with literals: the ranges they allow do not meet;
- a bool field: tested both true and false;
- anything else (any(...), every(N), a float field's comparison, which NaN keeps from being a
  range): the same test both holding and not.
"""

from collections.abc import Iterable
from itertools import product

from ..model import AllOf, AnyEntity, AnyOf, Condition, Every, FieldTest, Not, Scalar, SetCondition, StateIs

MAX_TERMS = 256
_Test = StateIs | FieldTest | AnyEntity | Every
_Literal = tuple[_Test, bool]  # a test, and whether it must hold (True) or must not (False)


def exclusive(*conditions: Condition | None) -> bool:
    """Whether `conditions` (None: always holds) cannot all hold at once.

    >>> from ..model import Field, Resource, State
    >>> phase = State("Phase", (), None, values=("ready", "playing", "over"), initial="ready")
    >>> freeze = Resource("Freeze", (Field("steps", Scalar.U16, None, None),), None)
    >>> steps = freeze.fields[0]
    >>> exclusive(StateIs(phase, "ready"), StateIs(phase, "playing"))
    True
    >>> exclusive(StateIs(phase, "ready", equal=False), StateIs(phase, "playing"))
    False
    >>> exclusive(FieldTest(freeze, steps, "==", 0), FieldTest(freeze, steps, ">", 0))
    True
    >>> exclusive(FieldTest(freeze, steps, "<=", 3), Not(FieldTest(freeze, steps, "<", 5)))
    True
    >>> exclusive(AnyOf((StateIs(phase, "ready"), StateIs(phase, "over"))), StateIs(phase, "playing"), None)
    True
    >>> exclusive(StateIs(phase, "playing"), None)
    False
    """
    terms = _terms(AllOf(tuple(condition for condition in conditions if condition is not None)), True)
    return terms is not None and all(_impossible(term) for term in terms)


def _terms(condition: Condition, holds: bool) -> list[tuple[_Literal, ...]] | None:
    """`condition` (or its negation, unless `holds`) as a disjunction of conjunctions of literals;
    None when there would be more than MAX_TERMS."""
    if isinstance(condition, SetCondition):
        return _terms(condition.condition, holds)
    if isinstance(condition, Not):
        return _terms(condition.operand, not holds)
    if isinstance(condition, (AllOf, AnyOf)):
        parts = [_terms(operand, holds) for operand in condition.operands]
        if any(part is None for part in parts):
            return None
        if isinstance(condition, AllOf) == holds:  # and, or a negated or: every operand
            count = 1
            for part in parts:
                count *= len(part)
            if count > MAX_TERMS:
                return None
            return [tuple(literal for term in chosen for literal in term) for chosen in product(*parts)]
        joined = [term for part in parts for term in part]  # or, or a negated and: any operand
        return joined if len(joined) <= MAX_TERMS else None
    return [((condition, holds),)]


def _impossible(term: Iterable[_Literal]) -> bool:
    """Whether one conjunction of literals asks for something that cannot be."""
    states: dict[str, set[str]] = {}
    ranges: dict[tuple[str, str], list[tuple[int, int]]] = {}
    others: dict[object, bool] = {}
    for test, holds in term:
        if isinstance(test, StateIs):
            allowed = {test.value} if test.equal == holds else set(test.state.values) - {test.value}
            left = states.setdefault(test.state.name, set(test.state.values))
            left &= allowed
            if not left:
                return True
        elif isinstance(test, FieldTest) and _ranged(test):
            key = (test.resource.name, test.field.name)
            low, high = _bounds(test)
            allowed_ranges = _allowed(test, holds, low, high)
            left_ranges = _intersect(ranges.get(key, [(low, high)]), allowed_ranges)
            ranges[key] = left_ranges
            if not left_ranges:
                return True
        else:
            key = _key(test)
            if others.setdefault(key, holds) != holds:
                return True
    return False


def _ranged(test: FieldTest) -> bool:
    """Whether the field's values are whole numbers (a bool is 0 or 1) that the test compares."""
    kind = test.field.type
    return kind is Scalar.BOOL or (isinstance(kind, Scalar) and kind.integer_range is not None and test.op is not None)


def _bounds(test: FieldTest) -> tuple[int, int]:
    return (0, 1) if test.field.type is Scalar.BOOL else test.field.type.integer_range


def _allowed(test: FieldTest, holds: bool, low: int, high: int) -> list[tuple[int, int]]:
    """The ranges of values, within [low, high], for which the test holds (or, unless `holds`, not)."""
    op = "==" if test.op is None else test.op
    value = 1 if test.op is None else int(test.literal)
    spans = {"==": [(value, value)], "!=": [(low, value - 1), (value + 1, high)], "<": [(low, value - 1)],
             "<=": [(low, value)], ">": [(value + 1, high)], ">=": [(value, high)]}[op]
    spans = [(max(first, low), min(last, high)) for first, last in spans if max(first, low) <= min(last, high)]
    if holds:
        return spans
    complement, start = [], low
    for first, last in spans:
        if start < first:
            complement.append((start, first - 1))
        start = last + 1
    if start <= high:
        complement.append((start, high))
    return complement


def _intersect(one: list[tuple[int, int]], other: list[tuple[int, int]]) -> list[tuple[int, int]]:
    return [(max(a, c), min(b, d)) for a, b in one for c, d in other if max(a, c) <= min(b, d)]


def _key(test: _Test) -> object:
    """What identifies a test that exclusive() reads no further: the same key, the same test."""
    if isinstance(test, AnyEntity):
        return ("any", tuple(archetype.name for archetype in test.archetypes))
    if isinstance(test, Every):
        return ("every", test.runs)
    return ("field", test.resource.name, test.field.name, test.op, test.literal)


class Exclusions:
    """Which systems of a stage exclude each other, by their conditions and their stage's (each
    system's condition by name in `systems`, each stage's in `stages`); a pair is worked out once."""

    def __init__(self, systems: dict[str, Condition] | None = None, stages: dict[str, Condition] | None = None):
        self.systems = systems or {}
        self.stages = stages or {}
        self.known: dict[tuple[str, str, str], bool] = {}

    def __call__(self, stage: str, one: str, other: str) -> bool:
        """Whether the systems `one` and `other` of `stage` never both run in one run of it."""
        key = (stage, *sorted((one, other)))
        if key not in self.known:
            first, second = self.systems.get(one), self.systems.get(other)
            self.known[key] = (first is not None or second is not None) and exclusive(first, second,
                                                                                      self.stages.get(stage))
        return self.known[key]
