"""Checks [extern.NAME], [component.NAME] and [resource.NAME] tables and turns them into the model's
Extern, Component and Resource."""

from ..cpp.names import is_header_path
from ..errors import listing, shown
from ..front.declaration import Declaration
from ..model import Component, Extern, Layout, Resource
from ..vocabulary import EXTERN_KEYS, LAYOUT_NAMES
from .checker import Checker
from .fields import check_size, fields_of, options_of
from .tracking import tracked
from .unsaved_resources import unsaved_options

LAYOUTS = {name: Layout[name.upper()] for name in LAYOUT_NAMES}
# What the reference view of a split component declares; its fields cannot take these names.
SPLIT_VIEW_NAMES = ("basic_ref", "ref", "cref", "Const", "value")


def extern(checker: Checker, declaration: Declaration) -> Extern:
    file, keys, label, body = declaration.file, declaration.keys, declaration.label, declaration.body
    checker.unknown_keys(file, keys, body, EXTERN_KEYS, label)
    cpp = body.get("cpp")
    if cpp is None:
        checker.error(file, keys, f'{label} has no cpp; add cpp = "the::type" (its C++ name)')
    elif not isinstance(cpp, str) or not cpp.strip() or cpp != cpp.strip() or "\n" in cpp:
        checker.error(file, keys + ("cpp",),
                      f'{label}: cpp must be the C++ type\'s name on one line, like "quads::mat4"')
    include = body.get("include")
    if include is not None and not is_header_path(include):
        checker.error(file, keys + ("include",),
                      f'{label}: include must be a header path like "quads/mat4.hpp" (kilnc writes the '
                      "#include <...> around it)")
    # Fields may name this extern even when it is broken: that is reported above, not again.
    return Extern(declaration.name, cpp if isinstance(cpp, str) else "",
                  include if isinstance(include, str) else None)


def component(checker: Checker, declaration: Declaration, component_id: int,
              propagated_local: bool = False) -> Component:
    """`propagated_local`: the component is the local part of a propagation, so tracked by default."""
    file, keys, label = declaration.file, declaration.keys, declaration.label
    options = options_of(checker, declaration)
    fields = fields_of(checker, declaration)
    layout_name = options.get("layout")
    if not any(key != "kiln" for key in declaration.body):
        layout = Layout.TAG
        if layout_name is not None:
            checker.error(file, keys + ("kiln", "layout"),
                          f"{label} has no fields, so it is a tag and has nothing to lay out; remove kiln.layout")
    elif layout_name is None:
        layout = Layout.PACKED
    elif isinstance(layout_name, str) and layout_name in LAYOUTS:
        layout = LAYOUTS[layout_name]
    else:
        layout = Layout.PACKED
        checker.error(file, keys + ("kiln", "layout"),
                      f'{label}: unknown layout {shown(layout_name)}; use "packed" (the default: one struct '
                      'per entity) or "split" (one array per field)')
    if layout is Layout.SPLIT:
        for field in fields:
            if field.name in SPLIT_VIEW_NAMES:
                checker.error(file, keys + (field.name,),
                              f"{label}: field name '{field.name}' is taken by the view kilnc generates for split "
                              f"components ({listing(SPLIT_VIEW_NAMES)}); choose another name")
    doc = checker.doc(file, keys + ("kiln", "doc"), options.get("doc"), label)
    check_size(checker, declaration, fields)
    return Component(declaration.name, component_id, layout, tuple(fields), doc, declaration.origin,
                     tracked=tracked(checker, declaration, options, propagated_local))


def resource(checker: Checker, declaration: Declaration) -> Resource:
    options = options_of(checker, declaration)
    doc = checker.doc(declaration.file, declaration.keys + ("kiln", "doc"), options.get("doc"), declaration.label)
    fields = fields_of(checker, declaration)
    check_size(checker, declaration, fields)
    unsaved = unsaved_options(checker, declaration, options, fields)
    return Resource(declaration.name, tuple(fields), doc, declaration.origin, **unsaved)
