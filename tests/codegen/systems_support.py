"""A small world that the tests of systems, observers and the schedule declare theirs in."""

import textwrap

from .support import SchemaTestCase

# Ship and FrozenShip hold Position, Velocity and Color; FrozenShip and Beacon hold Frozen; Dot and
# Beacon lack Velocity.
WORLD = textwrap.dedent("""
    [kiln]
    namespace = "game"

    [component.Position]
    x = "f32"

    [component.Velocity]
    x = "f32"

    [component.Color]
    kiln = { layout = "split" }
    r = "u8"

    [component.Frozen]

    [resource.Time]
    dt = "f32"

    [resource.Input]
    x = "f32"

    [archetype.Ship]
    components = ["Position", "Velocity", "Color"]

    [archetype.FrozenShip]
    components = ["Position", "Velocity", "Color", "Frozen"]

    [archetype.Dot]
    components = ["Position"]

    [archetype.Beacon]
    components = ["Position", "Frozen"]
""").lstrip("\n")
WORLD_LINES = WORLD.count("\n")


def line(number: int) -> int:
    """The line of the schema that is line `number` of the text after WORLD."""
    return WORLD_LINES + number


class SystemsTestCase(SchemaTestCase):
    def with_world(self, text: str) -> str:
        return WORLD + textwrap.dedent(text).lstrip("\n")

    def system_errors(self, text: str) -> list[str]:
        """The error lines for WORLD followed by `text` (whose line 1 is line(1))."""
        return self.errors(self.with_world(text))

    def system_warnings(self, text: str) -> list[str]:
        return self.warnings(self.with_world(text))

    def system_outputs(self, text: str) -> dict[str, str]:
        return self.outputs(self.with_world(text))

    def batches(self, text: str, stage: str = "update") -> str:
        """The kiln::stage_plan line of `stage` in world.hpp, without what every plan shares."""
        world = self.system_outputs(text)["world.hpp"]
        prefix = f"        kiln::stage_plan<stage::{stage}, kiln::type_list<"
        plan = next(row for row in world.splitlines() if row.startswith(prefix))
        return plan[len(prefix):].rsplit(">, kiln::stage_role::", 1)[0]
