"""Checks a scene file (docs/content.md, "Scenes") against the schema of its world: a level's entities,
each a prefab's instance with overrides or an archetype's entity with values, their parents, and the
resources' initial values, with the same sentences as the schema's mistakes.

A scene is authored intent, not a save: entities are named, so that parents, entity fields and later
edits can refer to them. kilnc checks scenes at build time (kiln_generate's SCENES); the runtime's
loader, kiln::load_scene (runtime/include/kiln/io/scene_reader.hpp), makes the same checks when the
game loads or reloads one.
"""

from collections.abc import Sequence
from typing import Any

from ..errors import Diagnostic, closest, listing, shown
from ..front.declaration import Declaration
from ..front.key_positions import KeyPath
from ..front.loader import SchemaFile
from ..model import Prefab, Scalar, Schema
from .checker import Checker
from .defaults import DefaultProblem, check_default
from .prefabs import PrefabChecker, PartValues

SCENE_TABLES = ("scene", "entity", "resource")
SCENE_KEYS = ("schema", "doc")
ENTITY_KEYS = ("prefab", "archetype", "parent", "children", "doc")


def check_scene(schema: Schema, file: SchemaFile) -> Sequence[Diagnostic]:
    """Every mistake of the scene in `file`, for a world of `schema`; none when it loads."""
    checker = Checker([file])
    _SceneChecker(checker, schema, file).check()
    return checker.diagnostics.found


class _SceneChecker:
    def __init__(self, checker: Checker, schema: Schema, file: SchemaFile):
        self.checker, self.schema, self.file = checker, schema, file
        self.prefabs = {prefab.name: prefab for prefab in schema.prefabs}
        self.values = PrefabChecker(checker, schema.components, schema.archetypes, ())

    def check(self) -> None:
        data, file = self.file.data, self.file
        for key in data:
            if key not in SCENE_TABLES:
                close = closest(key, SCENE_TABLES)
                advice = f"did you mean [{close}]?" if close else "a scene has [scene], [entity.NAME] and [resource.NAME]"
                self.checker.error(file, (key,), f"unknown table [{key}]; {advice}")
        self._header(data.get("scene"))
        entities = data.get("entity", {})
        if not isinstance(entities, dict):
            self.checker.error(file, ("entity",), "'entity' must be a table of entities, each written [entity.NAME]")
            entities = {}
        parts: dict[str, set[str]] = {}  # each entity, and its prefab's children, which entity fields may name
        for name, body in entities.items():
            if isinstance(body, dict):
                parts[name] = self._entity(name, body)
            else:
                self.checker.error(file, ("entity", name), f"entity '{name}' must be a table, written [entity.{name}] "
                                   "with a prefab or an archetype and values")
        for name, body in entities.items():
            if isinstance(body, dict):
                self._references(name, body, parts)
        self._parents(entities)
        resources = data.get("resource", {})
        if not isinstance(resources, dict):
            self.checker.error(file, ("resource",), "'resource' must be a table of resources, each written "
                               "[resource.NAME]")
            resources = {}
        for name, body in resources.items():
            self._resource(name, body)

    def _header(self, header: Any) -> None:
        if not isinstance(header, dict):
            self.checker.error(self.file, (), f'a scene starts with [scene] and schema = "{self.schema.namespace}", '
                               "the namespace of the world it is for")
            return
        self.checker.unknown_keys(self.file, ("scene",), header, SCENE_KEYS, "[scene]")
        if header.get("schema") != self.schema.namespace:
            self.checker.error(self.file, ("scene", "schema") if "schema" in header else ("scene",),
                               f"[scene]: schema is {shown(header.get('schema'))}, but the world is "
                               f'"{self.schema.namespace}"; a scene names the namespace of the world it is for')

    def _entity(self, name: str, body: dict[str, Any]) -> set[str]:
        """Checks one [entity.NAME]; returns the names its entity fields may give of it."""
        keys, label = ("entity", name), f"entity '{name}'"
        declaration = Declaration("entity", name, body, self.file, self.file.locate(keys), (0, 0, 0))
        prefab_name, archetype_name = body.get("prefab"), body.get("archetype")
        if (prefab_name is None) == (archetype_name is None):
            self.checker.error(self.file, keys, f'{label} needs a prefab = "NAME" to spawn or an archetype = "NAME" '
                               "to create, one of the two")
            return {name}
        if prefab_name is not None:
            prefab = self.prefabs.get(prefab_name) if isinstance(prefab_name, str) else None
            if prefab is None:
                close = closest(prefab_name, self.prefabs) if isinstance(prefab_name, str) else None
                advice = f"did you mean '{close}'?" if close else "declare it in the schema as [prefab.NAME]"
                self.checker.error(self.file, keys + ("prefab",), f"{label}: prefab {shown(prefab_name)} is not a "
                                   f"prefab of the schema; {advice}")
                return {name}
            self._prefab_instance(declaration, keys, label, body, prefab)
            return {name} | {f"{name}.{child.name}" for child in prefab.children}
        archetype = self.values.archetype_of(declaration, keys, label, body, None)
        if archetype is not None:
            if "children" in body:
                self.checker.error(self.file, keys + ("children",), f"{label}: children overrides a prefab's "
                                   "children; an archetype's entity has none (give children entities a parent)")
            self.values.check_values(declaration, keys, label, body, ENTITY_KEYS, PartValues(name, archetype))
        return {name}

    def _prefab_instance(self, declaration: Declaration, keys: KeyPath, label: str, body: dict[str, Any],
                         prefab: Prefab) -> None:
        self.values.check_values(declaration, keys, label, body, ENTITY_KEYS, PartValues("root", prefab.root.archetype))
        children = body.get("children", {})
        if not isinstance(children, dict):
            self.checker.error(self.file, keys + ("children",), f"{label}: children must be a table of the prefab's "
                               "children by name, each with the values it overrides")
            return
        by_name = {child.name: child for child in prefab.children}
        for child_name, child_body in children.items():
            child = by_name.get(child_name)
            where = keys + ("children", child_name)
            if child is None:
                close = closest(child_name, by_name)
                advice = (f"did you mean '{close}'?" if close else
                          f"its children are {listing(list(by_name))}" if by_name else "it has no children")
                self.checker.error(self.file, where, f"{label}: prefab '{prefab.name}' has no child '{child_name}'; "
                                   f"{advice}")
                continue
            if not isinstance(child_body, dict):
                self.checker.error(self.file, where, f"{label}: child '{child_name}' must be a table of the values it "
                                   "overrides")
                continue
            self.values.check_values(declaration, where, f"{label}: child '{child_name}'", child_body, ("doc",),
                                     PartValues(child_name, child.archetype))

    def _references(self, name: str, body: dict[str, Any], parts: dict[str, set[str]]) -> None:
        """Each entity field names an entity of the scene, or a child of a prefab's instance."""
        known = sorted(set().union(*parts.values())) if parts else []
        written = [((), body)] + [(("children", child), child_body)
                                  for child, child_body in (body.get("children") or {}).items()
                                  if isinstance(child_body, dict)] if isinstance(body.get("children", {}), dict) \
            else [((), body)]
        components = {component.name: component for component in self.schema.components}
        for inner, part_body in written:
            for component_name, values in part_body.items():
                component = components.get(component_name)
                if component is None or not isinstance(values, dict):
                    continue
                for field_name, value in values.items():
                    field_ = next((f for f in component.fields if f.name == field_name), None)
                    if field_ is None or field_.type is not Scalar.ENTITY or not isinstance(value, str):
                        continue
                    if value not in known:
                        close = closest(value, known)
                        advice = f"did you mean '{close}'?" if close else "name an [entity.NAME] of the scene"
                        self.checker.error(self.file, ("entity", name) + inner + (component_name, field_name),
                                           f"entity '{name}': {component_name}.{field_name} names '{value}', which "
                                           f"is no entity of the scene; {advice}")

    def _parents(self, entities: dict[str, Any]) -> None:
        parents = {}
        for name, body in entities.items():
            if not isinstance(body, dict) or "parent" not in body:
                continue
            parent = body["parent"]
            if not isinstance(parent, str) or parent not in entities:
                close = closest(parent, entities) if isinstance(parent, str) else None
                advice = f"did you mean '{close}'?" if close else "name an [entity.NAME] of the scene"
                self.checker.error(self.file, ("entity", name, "parent"), f"entity '{name}': parent {shown(parent)} "
                                   f"is no entity of the scene; {advice}")
                continue
            parents[name] = parent
        reported: set[str] = set()
        for start in parents:
            chain, at = [start], parents[start]
            while at in parents and at not in chain:
                chain.append(at)
                at = parents[at]
            if at == start and start not in reported:
                reported.update(chain)
                self.checker.error(self.file, ("entity", start, "parent"),
                                   f"entity '{start}': its parents make a cycle ({' -> '.join(chain + [start])}); "
                                   "an entity cannot be its own ancestor, so remove parent from one of them")

    def _resource(self, name: str, body: Any) -> None:
        keys = ("resource", name)
        resource = next((r for r in self.schema.resources if r.name == name), None)
        if resource is None or not resource.saved:
            known = [r.name for r in self.schema.resources if r.saved]
            close = closest(name, known)
            advice = f"did you mean '{close}'?" if close else "a scene gives values to the schema's saved resources"
            self.checker.error(self.file, keys, f"[resource.{name}]: the schema has no resource '{name}' that a "
                               f"scene can set; {advice}")
            return
        if not isinstance(body, dict):
            self.checker.error(self.file, keys, f"[resource.{name}] must be a table of its fields' values, not "
                               f"{shown(body)}")
            return
        fields = {f.name: f for f in resource.fields}
        for field_name, value in body.items():
            field_ = fields.get(field_name)
            if field_ is None:
                close = closest(field_name, fields)
                advice = f"did you mean '{close}'?" if close else f"its fields are {listing(list(fields))}"
                self.checker.error(self.file, keys + (field_name,), f"resource '{name}' has no field '{field_name}'; "
                                   f"{advice}")
                continue
            checked = check_default(value, field_.type, "value")
            if isinstance(checked, DefaultProblem):
                self.checker.error(self.file, keys + (field_name,) + checked.element,
                                   f"resource '{name}': {field_name}: {checked.clause}")

