"""Resources left out of saves: `kiln = { saved = false }` on a [resource.NAME], with its fields
as any resource has, or with `cpp = "the::type"` (and `include`), a C++ type of the game's that
kilnc does not see into (a draw list, a scratch buffer, a random generator). Such a resource is
in no save, JSON document or dump, and a load leaves it as it was."""

from collections.abc import Sequence
from typing import Any

from ..cpp.names import is_header_path
from ..errors import shown
from ..model import Field, Resource


def unsaved_options(checker: Any, declaration: Any, options: dict[str, Any],
                    fields: Sequence[Field]) -> dict[str, Any]:
    """The `saved`, `cpp` and `include` of a resource, as Resource's keyword arguments; each mistake
    is reported at its key."""
    file, keys, label = declaration.file, declaration.keys + ("kiln",), declaration.label
    saved = options.get("saved", True)
    if not isinstance(saved, bool):
        checker.error(file, keys + ("saved",), f"{label}: saved must be true or false, not {shown(saved)}")
        saved = True
    cpp = options.get("cpp")
    include = options.get("include")
    if cpp is not None:
        if not isinstance(cpp, str) or not cpp.strip() or cpp != cpp.strip() or "\n" in cpp:
            checker.error(file, keys + ("cpp",),
                          f'{label}: cpp must be the C++ type\'s name on one line, like "screen::draw_list"')
            cpp = None
        elif saved:
            checker.error(file, keys + ("cpp",),
                          f"{label}: cpp = {shown(cpp)} is a type kilnc cannot see into, so it cannot be saved; "
                          "add saved = false to kiln (the resource then stays out of saves, JSON and dumps), or "
                          "declare its fields instead")
        elif fields:
            checker.error(file, declaration.keys + (fields[0].name,),
                          f"{label}: a resource of cpp = {shown(cpp)} is that type, so it has no fields of its "
                          "own; remove the fields, or remove cpp")
    if include is not None:
        if cpp is None:
            checker.error(file, keys + ("include",), f"{label}: include names the header of cpp's type; add cpp "
                          "= \"the::type\", or remove include")
            include = None
        elif not is_header_path(include):
            checker.error(file, keys + ("include",), f'{label}: include must be a header path like '
                          '"screen/draw_list.hpp" (kilnc writes the #include <...> around it)')
            include = None
    return {"saved": saved, "cpp": cpp if not saved else None, "include": include}


def check_distinct_types(checker: Any, resources: Sequence[Resource], located: Any) -> None:
    """Two resources of the same cpp type would be one type to the world, which finds resources by
    type; reports the later one. `located(name)` is the declaration of a resource."""
    first: dict[str, str] = {}
    for resource in resources:
        if resource.cpp is None:
            continue
        earlier = first.setdefault(resource.cpp, resource.name)
        if earlier != resource.name:
            declaration = located(resource.name)
            checker.error(declaration.file, declaration.keys + ("kiln", "cpp"),
                          f"{declaration.label}: cpp = {shown(resource.cpp)} is the type of resource '{earlier}' "
                          "too, and the world finds a resource by its type; wrap one of them in a struct of the "
                          "game's")
