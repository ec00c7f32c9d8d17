"""The schema as the templates see it: frozen values, already validated and resolved.

validate.validate() builds these from the TOML files. Names are plain strings; how they are
spelled in C++ is the business of filters.py.
"""

import enum
from dataclasses import dataclass
from typing import Union

# A default as validated against its field's type: bool, int or float, or a tuple of these
# (possibly nested) for arrays and externs. None means "no default": the member is value-initialised.
DefaultValue = Union[bool, int, float, tuple, None]


class Scalar(enum.Enum):
    """A built-in field type; the value is how the schema spells it."""

    BOOL = "bool"
    I8 = "i8"
    I16 = "i16"
    I32 = "i32"
    I64 = "i64"
    U8 = "u8"
    U16 = "u16"
    U32 = "u32"
    U64 = "u64"
    F32 = "f32"
    F64 = "f64"
    ENTITY = "entity"

    @property
    def integer_range(self) -> tuple[int, int] | None:
        """The smallest and largest value of an integer type; None for the others.

        >>> Scalar.I8.integer_range, Scalar.U16.integer_range, Scalar.F32.integer_range
        ((-128, 127), (0, 65535), None)
        """
        kind, bits = self.value[0], self.value[1:]
        if kind not in "iu" or not bits.isdigit():
            return None
        bits = int(bits)
        if kind == "i":
            return -(2 ** (bits - 1)), 2 ** (bits - 1) - 1
        return 0, 2**bits - 1

    @property
    def is_floating(self) -> bool:
        return self in (Scalar.F32, Scalar.F64)


@dataclass(frozen=True)
class Extern:
    """A C++ type defined outside the schema, which field types name by `name`."""

    name: str
    cpp: str
    include: str | None


@dataclass(frozen=True)
class Array:
    """A fixed array `element[length]`; elements are never arrays themselves."""

    element: Union[Scalar, Extern]
    length: int


FieldType = Union[Scalar, Extern, Array]


@dataclass(frozen=True)
class Field:
    name: str
    type: FieldType
    default: DefaultValue
    doc: str | None


class Layout(enum.Enum):
    """How the runtime stores a component; the value is the name of kiln::layout's enumerator."""

    PACKED = "packed"  # one array of structs: queries hand out T&
    SPLIT = "split"  # one array per field: queries hand out T::ref / T::cref views
    TAG = "tag"  # no fields, so no storage: only membership


@dataclass(frozen=True)
class Component:
    name: str
    id: int
    layout: Layout
    fields: tuple[Field, ...]
    doc: str | None

    @property
    def is_split(self) -> bool:
        return self.layout is Layout.SPLIT


@dataclass(frozen=True)
class Resource:
    """One instance per world, so always a plain struct."""

    name: str
    fields: tuple[Field, ...]
    doc: str | None

    # Resources share the struct template with components, which asks this.
    is_split = False


@dataclass(frozen=True)
class Archetype:
    name: str
    id: int
    components: tuple[Component, ...]
    storage: str  # the member of archetype_storages that holds this archetype's entities
    doc: str | None


@dataclass(frozen=True)
class Edge:
    """A move between archetypes: an entity of `source` that gains or loses a component lands in `target`."""

    source: Archetype
    target: Archetype


@dataclass(frozen=True)
class Transitions:
    """Where entities go when they gain (`add`) or lose (`remove`) `component`, each in schema order of source."""

    component: Component
    add: tuple[Edge, ...]
    remove: tuple[Edge, ...]


@dataclass(frozen=True)
class Schema:
    """One world: every file given to kilnc, merged in command-line order."""

    namespace: str
    version: int
    externs: tuple[Extern, ...]
    components: tuple[Component, ...]
    resources: tuple[Resource, ...]
    archetypes: tuple[Archetype, ...]

    @property
    def extern_includes(self) -> list[str]:
        """The headers of the externs, each once, in the order they are first declared."""
        return list(dict.fromkeys(extern.include for extern in self.externs if extern.include))

    @property
    def archetypes_by_component(self) -> list[tuple[Component, list[Archetype]]]:
        """Each component that some archetype holds, with those archetypes, all in schema order."""
        holders: dict[str, list[Archetype]] = {}
        for archetype in self.archetypes:
            for component in archetype.components:
                holders.setdefault(component.name, []).append(archetype)
        return [(component, holders[component.name]) for component in self.components if component.name in holders]

    @property
    def transitions(self) -> list[Transitions]:
        """Each component that some entity can gain or lose, with its edges, in schema order.

        Gaining C moves an entity of archetype A to the archetype that holds exactly A's components
        and C; losing C, to the one that holds A's without C. An edge needs both ends declared: a set
        of components that no archetype declares is not an archetype, so no move leads there.

        >>> p, v, f = (Component(name, index, Layout.TAG, (), None) for index, name in enumerate("PVF"))
        >>> ship, frozen = Archetype("Ship", 0, (p, v), "", None), Archetype("Frozen", 1, (p, v, f), "", None)
        >>> [(t.component.name, [(e.source.name, e.target.name) for e in t.add + t.remove])
        ...  for t in Schema("game", 1, (), (p, v, f), (), (ship, frozen)).transitions]
        [('F', [('Ship', 'Frozen'), ('Frozen', 'Ship')])]
        """
        by_set = {frozenset(component.name for component in archetype.components): archetype
                  for archetype in self.archetypes}
        order = {archetype.name: index for index, archetype in enumerate(self.archetypes)}
        add: dict[str, list[Edge]] = {}
        remove: dict[str, list[Edge]] = {}
        # Every edge joins an archetype to a declared one with a component fewer, so dropping each
        # component of each archetype in turn finds them all, both ways, with one lookup per drop.
        for archetype in self.archetypes:
            names = frozenset(component.name for component in archetype.components)
            for component in archetype.components:
                smaller = by_set.get(names - {component.name})
                if smaller is not None:
                    remove.setdefault(component.name, []).append(Edge(archetype, smaller))
                    add.setdefault(component.name, []).append(Edge(smaller, archetype))
        result = []
        for component in self.components:
            adds = sorted(add.get(component.name, ()), key=lambda edge: order[edge.source.name])
            removes = remove.get(component.name, [])  # found in schema order of source already
            if adds or removes:
                result.append(Transitions(component, tuple(adds), tuple(removes)))
        return result
