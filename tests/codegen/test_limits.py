"""The sizes past which kilnc refuses a world, because the C++ compiler would take minutes on it
(check/limits.py): said at the key, with the limit and the fix."""

import unittest

from .support import SchemaTestCase
from kiln_codegen.check.limits import MAX_COMPONENTS, MAX_COMPONENTS_PER_ARCHETYPE  # noqa: E402 (support sets the path)


def components(count: int) -> list[str]:
    return [f"C{index:05}" for index in range(count)]


def schema(names: list[str], archetypes: dict[str, list[str]]) -> str:
    """A schema declaring names as one-field components (two lines each, after a four-line header),
    then the archetypes."""
    lines = ["[kiln]", 'namespace = "game"', ""]
    for name in names:
        lines += [f"[component.{name}]", 'value = "f32"']
    for archetype, members in archetypes.items():
        quoted = ", ".join(f'"{name}"' for name in members)
        lines += ["", f"[archetype.{archetype}]", f"components = [{quoted}]"]
    return "\n".join(lines) + "\n"


class ComponentsPerArchetype(SchemaTestCase):
    def test_an_archetype_over_the_limit_is_an_error_at_its_components(self):
        names = components(MAX_COMPONENTS_PER_ARCHETYPE + 1)
        errors = self.errors(schema(names, {"Everything": names}))
        line = 3 + 2 * len(names) + 3  # after the header, the components, a blank line and the table's header
        self.assertError(errors, f"game.toml:{line}:1", "archetype 'Everything'",
                         f"holds {len(names)} components, more than the {MAX_COMPONENTS_PER_ARCHETYPE} an "
                         "archetype may hold", "split it into archetypes of fewer components")

    def test_an_archetype_at_the_limit_is_valid(self):
        names = components(MAX_COMPONENTS_PER_ARCHETYPE)
        self.assertEqual(self.errors(schema(names, {"Everything": names})), [])


class ComponentsPerWorld(SchemaTestCase):
    def test_the_first_component_over_the_limit_is_the_error(self):
        names = components(MAX_COMPONENTS + 2)
        archetypes = {f"A{start}": names[start:start + 32] for start in range(0, len(names), 32)}
        errors = self.errors(schema(names, archetypes))
        line = 3 + 2 * MAX_COMPONENTS + 1  # after the header and two lines for each component before it
        self.assertError(errors, f"game.toml:{line}:12", f"component '{names[MAX_COMPONENTS]}'",
                         f"more than the {MAX_COMPONENTS} a world may declare ({len(names)} are declared",
                         "split the game into worlds of fewer components")


if __name__ == "__main__":
    unittest.main()
