"""What a name in a schema may be, and the C++ names and types kilnc derives from the schema's."""

import itertools
import re
from collections.abc import Container
from typing import Any

from ..model import Array, Component, Extern, Field, FieldType, Resource, Scalar
from .macros import MACROS

# C++20 keywords and alternative tokens: none of them can name a type, a member or a namespace.
CPP_KEYWORDS = frozenset(
    """
    alignas alignof and and_eq asm auto bitand bitor bool break case catch char char8_t char16_t
    char32_t class compl concept const consteval constexpr constinit const_cast continue co_await
    co_return co_yield decltype default delete do double dynamic_cast else enum explicit export
    extern false float for friend goto if inline int long mutable namespace new noexcept not not_eq
    nullptr operator or or_eq private protected public register reinterpret_cast requires return
    short signed sizeof static static_assert static_cast struct switch template this thread_local
    throw true try typedef typeid typename union unsigned using virtual void volatile wchar_t while
    xor xor_eq
    """.split()
)

# Keywords that GCC and Clang add in the GNU dialect (-std=gnu++20, which CMake asks for by default).
GNU_KEYWORDS = frozenset({"typeof"})

# Where each name that headers or compilers make a macro is one (macros.py says which headers).
_MACRO_ORIGINS = {name: origin for origin, names in MACROS.items() for name in names.split()}
MACRO_NAMES = frozenset(_MACRO_ORIGINS)

# What a C++ name that kilnc derives from schema names must step around.
UNAVAILABLE_NAMES = CPP_KEYWORDS | GNU_KEYWORDS | MACRO_NAMES

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def name_problem(name: str) -> str | None:
    """Why `name` cannot name a type, field or namespace, or None when it can.

    The answer completes a sentence that starts with the name.

    >>> name_problem("Position") is None
    True
    >>> name_problem("class")
    'is a C++ keyword'
    >>> name_problem("2d")
    "is not a C identifier (ASCII letters, digits and '_', not starting with a digit)"
    >>> name_problem("Kiln_state")
    "starts with 'kiln', which is reserved for kiln's own names"
    >>> name_problem("_Tag")
    "is reserved for the C++ implementation (it starts with '_' or contains '__')"
    >>> print(name_problem("errno"))
    is a macro in <cerrno>, so the preprocessor would replace it in the generated code
    >>> print(name_problem("linux").split(",")[0])
    is a macro that GCC or Clang predefines in the GNU dialect
    """
    if not _IDENTIFIER.fullmatch(name):
        return "is not a C identifier (ASCII letters, digits and '_', not starting with a digit)"
    if name in CPP_KEYWORDS:
        return "is a C++ keyword"
    if name in GNU_KEYWORDS:
        return "is a keyword of the GNU dialect of C++ (-std=gnu++20, CMake's default)"
    # Any case: KILN_ names would also collide with the runtime's macros.
    if name.lower().startswith("kiln"):
        return "starts with 'kiln', which is reserved for kiln's own names"
    if name.startswith("_") or "__" in name:
        return "is reserved for the C++ implementation (it starts with '_' or contains '__')"
    if name in _MACRO_ORIGINS:
        return f"is a macro {macro_origin(name)}, so the preprocessor would replace it in the generated code"
    return None


def macro_origin(name: str) -> str | None:
    """Where `name` is a macro, completing "'NAME' is a macro ..."; None when it is none.

    >>> macro_origin("EOF"), macro_origin("NDEBUG"), macro_origin("Eof")
    ('in <cstdio>', 'that release builds define (-DNDEBUG)', None)
    """
    return _MACRO_ORIGINS.get(name)


def snake_case(name: str) -> str:
    """The snake_case spelling of a PascalCase name; acronyms stay one word.

    >>> snake_case("RisingQuad")
    'rising_quad'
    >>> snake_case("HTTPServer")
    'http_server'
    >>> snake_case("Vec3D")
    'vec3_d'
    >>> snake_case("Particle")
    'particle'
    >>> snake_case("already_snake")
    'already_snake'
    """
    words = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name)
    words = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", words)
    return words.lower()


def unique_name(base: str, taken: Container[str]) -> str:
    """`base`, or if that is taken, `base` with '_' appended, then '_2', '_3'... (never '__': reserved).

    >>> unique_name("position", set()), unique_name("class", {"class"}), unique_name("ship_", {"ship_"})
    ('position', 'class_', 'ship_2')
    """
    stem = base.rstrip("_")  # names may end with one '_'
    candidates = itertools.chain([base, stem + "_"], (f"{stem}_{number}" for number in itertools.count(2)))
    return next(candidate for candidate in candidates if candidate not in taken)


_CPP_SCALARS = {
    Scalar.BOOL: "bool",
    Scalar.I8: "std::int8_t",
    Scalar.I16: "std::int16_t",
    Scalar.I32: "std::int32_t",
    Scalar.I64: "std::int64_t",
    Scalar.U8: "std::uint8_t",
    Scalar.U16: "std::uint16_t",
    Scalar.U32: "std::uint32_t",
    Scalar.U64: "std::uint64_t",
    Scalar.F32: "float",
    Scalar.F64: "double",
    Scalar.ENTITY: "kiln::entity",
}


def cpp_type(field_type: FieldType) -> str:
    """The C++ type of a field.

    >>> cpp_type(Scalar.U8), cpp_type(Array(Scalar.F32, 4)), cpp_type(Extern("Mat4", "quads::mat4", None))
    ('std::uint8_t', 'std::array<float, 4>', 'quads::mat4')
    """
    if isinstance(field_type, Array):
        return f"std::array<{cpp_type(field_type.element)}, {field_type.length}>"
    if isinstance(field_type, Extern):
        return field_type.cpp
    return _CPP_SCALARS[field_type]


def migration_function(record: Component | Resource, field: Field) -> str:
    """The name of the function that converts an older type of a field to its type; each older type
    is an overload of it.

    >>> migration_function(Component("Health", 0, None, (), None), Field("hp", Scalar.F32, None, None))
    'Health_hp'
    """
    return f"{record.name}_{field.name}"


def is_header_path(include: Any) -> bool:
    """Whether `include` fits between < and >: not empty, not padded, no <, >, " or line break.

    >>> is_header_path("game/math.hpp"), is_header_path("<game/math.hpp>"), is_header_path(" a.hpp")
    (True, False, False)
    """
    return (isinstance(include, str) and bool(include) and include == include.strip()
            and not set(include) & set('<>"\r\n'))
