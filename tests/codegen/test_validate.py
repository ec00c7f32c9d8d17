"""Every mistake kilnc knows: where it is reported (file:line:column) and that the message names the key."""

import unittest

from .support import REPO, SchemaTestCase

TYPE_CHOICES = (
    "use one of bool, i8, i16, i32, i64, u8, u16, u32, u64, f32, f64, entity, a fixed array like 'f32[4]', "
    "or a type declared in [extern]"
)


class FieldTypeErrors(SchemaTestCase):
    def test_unknown_type(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [component.Position]
            x = "f23"
        """)
        self.assertEqual(errors, [f"game.toml:5:1: error: component 'Position': field 'x' has unknown type 'f23'; {TYPE_CHOICES}"])

    def test_unknown_type_in_a_table_points_at_type(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [resource.Time]
            dt = { type = "float", default = 0.5 }
        """)
        self.assertError(errors, "game.toml:5:8", "resource 'Time': field 'dt' has unknown type 'float'")

    def test_unknown_array_element_type(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [component.Trail]
            xs = "f23[4]"
        """)
        self.assertError(errors, "game.toml:5:1", "field 'xs' has unknown element type 'f23' in 'f23[4]'")

    def test_a_component_is_not_a_field_type(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [component.Position]
            x = "f32"

            [component.Follow]
            leader = "Position"
        """)
        self.assertError(errors, "game.toml:8:1", "field 'leader' has type 'Position'", "is a component")

    def test_array_length_must_be_at_least_one(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [component.Trail]
            xs = "f32[0]"
        """)
        self.assertError(errors, "game.toml:5:1", "field 'xs' has type 'f32[0]', which is not a fixed array")

    def test_array_length_limit(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [resource.Trail]
            fits = "u8[1048576]"
            over = "u8[1048577]"
            huge = { type = "f32[4294967296]" }
            absurd = "u8[99999999999999999999999]"
            four_gib = "f64[536870912]"
        """)
        self.assertEqual(errors, [
            "game.toml:6:1: error: resource 'Trail': field 'over' has type 'u8[1048577]', but an array holds at most "
            "1048576 elements; make it shorter, or spread the data over several fields or components",
            "game.toml:7:10: error: resource 'Trail': field 'huge' has type 'f32[4294967296]', but an array holds at "
            "most 1048576 elements; make it shorter, or spread the data over several fields or components",
            "game.toml:8:1: error: resource 'Trail': field 'absurd' has type 'u8[99999999999999999999999]', but an "
            "array holds at most 1048576 elements; make it shorter, or spread the data over several fields or components",
            "game.toml:9:1: error: resource 'Trail': field 'four_gib' has type 'f64[536870912]', but an array holds at "
            "most 1048576 elements; make it shorter, or spread the data over several fields or components",
        ])

    def test_size_limit_of_components_and_resources(self):
        # Grid is 64 KiB exactly; Bitmap's bool, padded to f64's alignment, takes it 8 bytes over. A
        # resource may be larger: Frame, a 320x240 frame buffer, fits; Terrain is 1 MiB and 8 bytes. An event
        # is held to a component's limit.
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [component.Grid]
            cells = "f64[8192]"

            [component.Bitmap]
            cells = "f64[8192]"
            dirty = "bool"

            [resource.Frame]
            pixels = "i8[76800]"

            [resource.Terrain]
            heights = "f64[131072]"
            seed = "u32"

            [event.Snapshot]
            cells = "f64[8193]"
        """)
        self.assertEqual(errors, [
            "game.toml:7:12: error: component 'Bitmap' takes 65544 bytes, but a component takes at most 65536 (64 "
            "KiB); make its arrays shorter, or spread its fields over several components",
            "game.toml:14:11: error: resource 'Terrain' takes 1048584 bytes, but a resource takes at most 1048576 (1 "
            "MiB); make its arrays shorter, or spread its fields over several resources",
            "game.toml:18:8: error: event 'Snapshot' takes 65544 bytes, but an event takes at most 65536 (64 KiB); "
            "make its arrays shorter, or spread its fields over several events",
        ])

    def test_arrays_of_arrays(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [component.Grid]
            cells = "u8[4][4]"
        """)
        self.assertError(errors, "game.toml:5:1", "field 'cells'", "arrays of arrays are not supported")

    def test_field_without_type(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [component.Health]
            hp = { default = 3 }
        """)
        self.assertError(errors, "game.toml:5:1", "component 'Health': field 'hp' has no type")

    def test_field_neither_type_nor_table(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [component.Health]
            hp = 100
        """)
        self.assertError(errors, "game.toml:5:1", "field 'hp' must be a type like \"f32\"", "not 100")


class DefaultErrors(SchemaTestCase):
    def test_wrong_type(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [component.Velocity]
            x = { type = "f32", default = true }
            alive = { type = "bool", default = 1 }
            hp = { type = "i32", default = 1.5 }
            name = { type = "u8", default = "a" }
        """)
        self.assertEqual(errors, [
            "game.toml:5:21: error: component 'Velocity': field 'x': default true is not a number; f32 needs a number "
            "such as 1.0 (or inf, nan)",
            "game.toml:6:26: error: component 'Velocity': field 'alive': default 1 is not a bool; use true or false",
            "game.toml:7:22: error: component 'Velocity': field 'hp': default 1.5 is not an integer; i32 needs a whole "
            "number from -2147483648 to 2147483647",
            "game.toml:8:23: error: component 'Velocity': field 'name': default \"a\" is not an integer; u8 needs a "
            "whole number from 0 to 255",
        ])

    def test_out_of_range(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [component.Color]
            r = { type = "u8", default = 256 }
            t = { type = "i8", default = -129 }
            far = { type = "f32", default = 1e39 }
            ok = { type = "u64", default = 18446744073709551615 }
        """)
        self.assertEqual(errors, [
            "game.toml:5:20: error: component 'Color': field 'r': default 256 is out of range for u8; use a whole "
            "number from 0 to 255",
            "game.toml:6:20: error: component 'Color': field 't': default -129 is out of range for i8; use a whole "
            "number from -128 to 127",
            "game.toml:7:23: error: component 'Color': field 'far': default 1e+39 is out of range for f32, whose "
            "largest value is 3.4028235e+38; use inf for infinity",
        ])

    def test_array_of_the_wrong_length(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [component.Trail]
            xs = { type = "f32[4]", default = [1, 2, 3] }
        """)
        self.assertError(errors, "game.toml:5:25", "field 'xs': default has 3 values but 'f32[4]' needs 4")

    def test_array_element_out_of_range_points_at_the_element(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [component.Color]
            rgb = { type = "u8[3]", default = [
                255,
                300,
                0,
            ] }
        """)
        self.assertError(errors, "game.toml:7:5", "field 'rgb': default[1] = 300 is out of range for u8")

    def test_entity_fields_have_no_default(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [component.Target]
            who = { type = "entity", default = 0 }
        """)
        self.assertError(errors, "game.toml:5:26", "field 'who': an entity field cannot have a default")

    def test_extern_default_is_an_array_of_numbers(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [extern.Vec2]
            cpp = "glm::vec2"

            [component.Position]
            at = { type = "Vec2", default = 1.0 }
        """)
        self.assertError(errors, "game.toml:8:23", "field 'at': default 1.0 does not fit extern type 'Vec2'")


class NameErrors(SchemaTestCase):
    def test_type_names_must_be_identifiers_and_not_keywords(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [component.class]

            [resource."Game Time"]

            [archetype.2D]
            components = ["class"]
        """)
        self.assertEqual(errors, [
            "game.toml:4:12: error: component name 'class' is a C++ keyword; choose another name",
            "game.toml:6:11: error: resource name 'Game Time' is not a C identifier (ASCII letters, digits and '_', "
            "not starting with a digit); choose another name",
            "game.toml:8:12: error: archetype name '2D' is not a C identifier (ASCII letters, digits and '_', not "
            "starting with a digit); choose another name",
        ])

    def test_field_names(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [component.Shape]
            union = "f32"
            "x-y" = "f32"
            typeof = "f32"
        """)
        self.assertEqual(errors, [
            "game.toml:5:1: error: component 'Shape': field name 'union' is a C++ keyword; choose another name",
            "game.toml:6:1: error: component 'Shape': field name 'x-y' is not a C identifier (ASCII letters, digits "
            "and '_', not starting with a digit); choose another name",
            "game.toml:7:1: error: component 'Shape': field name 'typeof' is a keyword of the GNU dialect of C++ "
            "(-std=gnu++20, CMake's default); choose another name",
        ])

    def test_namespace_parts(self):
        errors = self.errors("""
            [kiln]
            namespace = "studio::new"
        """)
        self.assertError(errors, "game.toml:2:1", "[kiln] namespace 'studio::new': 'new' is a C++ keyword")

    def test_names_starting_with_kiln(self):
        errors = self.errors("""
            [kiln]
            namespace = "kiln_game"

            [component.KilnState]
            kiln_id = "u32"
        """)
        self.assertEqual(errors, [
            "game.toml:2:1: error: [kiln] namespace 'kiln_game': 'kiln_game' starts with 'kiln', which is reserved "
            "for kiln's own names; choose another namespace",
            "game.toml:4:12: error: component name 'KilnState' starts with 'kiln', which is reserved for kiln's own "
            "names; choose another name",
            "game.toml:5:1: error: component 'KilnState': field name 'kiln_id' starts with 'kiln', which is reserved "
            "for kiln's own names; choose another name",
        ])

    def test_names_that_are_macros(self):
        # Each would compile to `float 1;`, `struct ((void*)0)` and the like in the generated headers.
        errors = self.errors("""
            [kiln]
            namespace = "studio::unix"
            stages = ["update", "linux"]

            [extern.EINVAL]
            cpp = "int"

            [component.NULL]

            [component.Pos]
            linux = "f32"
            errno = "f32"
            major = "u8"

            [resource.EOF]

            [archetype.stdin]
            components = ["Pos"]

            [system.assert]
            stage = "update"
            read = ["Pos"]

            [observer.offsetof]
            on_add = "Pos"
        """)
        macro = "so the preprocessor would replace it in the generated code"
        self.assertEqual(errors, [
            f"game.toml:2:1: error: [kiln] namespace 'studio::unix': 'unix' is a macro that GCC or Clang predefines in "
            f"the GNU dialect, {macro}; choose another namespace",
            f"game.toml:3:21: error: [kiln] stage name 'linux' is a macro that GCC or Clang predefines in the GNU "
            f"dialect, {macro}; choose another name",
            f"game.toml:5:9: error: extern name 'EINVAL' is a macro in <cerrno>, {macro}; choose another name",
            f"game.toml:8:12: error: component name 'NULL' is a macro in <cstddef>, {macro}; choose another name",
            f"game.toml:11:1: error: component 'Pos': field name 'linux' is a macro that GCC or Clang predefines in the "
            f"GNU dialect, {macro}; choose another name",
            f"game.toml:12:1: error: component 'Pos': field name 'errno' is a macro in <cerrno>, {macro}; choose "
            "another name",
            f"game.toml:13:1: error: component 'Pos': field name 'major' is a macro in <sys/sysmacros.h>, {macro}; "
            "choose another name",
            f"game.toml:15:11: error: resource name 'EOF' is a macro in <cstdio>, {macro}; choose another name",
            f"game.toml:17:12: error: archetype name 'stdin' is a macro in <cstdio>, {macro}; choose another name",
            f"game.toml:20:9: error: system name 'assert' is a macro in <cassert>, {macro}; choose another name",
            f"game.toml:24:11: error: observer name 'offsetof' is a macro in <cstddef>, {macro}; choose another name",
        ])

    def test_names_kilnc_derives_step_around_macros(self):
        # Errno's parameter would be `errno`, a macro.
        outputs = self.outputs("""
            [kiln]
            namespace = "game"

            [component.Errno]
            code = "i32"

            [archetype.Linux]
            components = ["Errno"]

            [archetype.Typeof]
            components = ["Errno", "Typed"]

            [component.Typed]

            [system.Report]
            stage = "update"
            read = ["Errno"]
        """)
        self.assertLines(outputs["systems.hpp"],
                         "    static void run(const Errno& errno_);  // declared by [system.Report]: change it there")

    def test_names_the_generated_code_uses(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [resource.World]
        """)
        self.assertError(errors, "game.toml:4:11", "resource name 'World' is taken by the generated code")

    def test_origin_is_a_member_of_every_archetype(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [component.origin]
        """)
        self.assertError(errors, "game.toml:4:12", "component name 'origin' is taken by the generated code (a member "
                         "of the generated archetype and schema structs)")

    def test_reserved_identifiers(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [component.Speed]
            max__value = "f32"
        """)
        self.assertError(errors, "game.toml:5:1", "field name 'max__value' is reserved for the C++ implementation")

    def test_a_field_named_like_its_component(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [component.Mass]
            Mass = "f32"
        """)
        self.assertError(errors, "game.toml:5:1", "field name 'Mass' is the name of its own component")

    def test_duplicate_names_across_files_give_the_other_location(self):
        errors = self.errors_in({
            "a.toml": """
                [kiln]
                namespace = "game"

                [component.Position]
                x = "f32"
            """,
            "b.toml": """
                [kiln]
                namespace = "game"

                [resource.Position]
                x = "f32"

                [extern.Vec]
                cpp = "v::vec"

                [archetype.Vec]
                components = ["Position"]
            """,
        })
        self.assertEqual(errors, [
            "b.toml:4:11: error: resource 'Position': the name 'Position' is already taken by component 'Position' "
            "at a.toml:4:12; components, resources, events, archetypes, externs, systems, observers, propagations "
            "and fusions share one name space, so rename one of them",
            "b.toml:10:12: error: archetype 'Vec': the name 'Vec' is already taken by extern 'Vec' at "
            "b.toml:7:9; components, resources, events, archetypes, externs, systems, observers, propagations "
            "and fusions share one name space, so rename one of them",
        ])


class ComponentErrors(SchemaTestCase):
    def test_unknown_layout(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [component.Color]
            kiln = { layout = "splt" }
            r = "u8"
        """)
        self.assertError(errors, "game.toml:5:10", "component 'Color': unknown layout \"splt\"", '"split"')

    def test_a_tag_has_no_layout(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [component.Frozen]
            kiln = { layout = "packed" }
        """)
        self.assertError(errors, "game.toml:5:10", "component 'Frozen' has no fields, so it is a tag", "kiln.layout")

    def test_split_view_names_are_taken(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [component.Color]
            kiln = { layout = "split" }
            ref = "u8"
        """)
        self.assertError(errors, "game.toml:6:1", "component 'Color': field name 'ref' is taken by the view")

    def test_unknown_option(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [component.Color]
            kiln = { layuot = "split" }
            r = "u8"
        """)
        self.assertError(errors, "game.toml:5:10", "component 'Color': unknown key 'layuot' in kiln; did you mean 'layout'?")

    def test_kiln_is_reserved_for_options(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [component.Furnace]
            kiln = "f32"
        """)
        self.assertError(errors, "game.toml:5:1", "component 'Furnace': the key 'kiln' is reserved for options")

    def test_doc_lines_cannot_end_with_a_backslash(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [component.Path]
            dir = { type = "u8", doc = 'C:\\' }
        """)
        self.assertError(errors, "game.toml:5:22", "field 'dir': a line of doc ends with a backslash")

    def test_docs_cannot_hold_trigraphs(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [component.Quiz]
            kiln = { doc = "What??!" }
            answer = { type = "u8", doc = "Who?? Nobody?" }
        """)
        self.assertEqual(errors, [
            "game.toml:5:10: error: component 'Quiz': doc holds '??!', a trigraph, which C++ compilers warn of (and "
            "before C++17 replaced with another character); put a space between the question marks",
        ])


class ArchetypeErrors(SchemaTestCase):
    COMPONENTS = """
        [kiln]
        namespace = "game"

        [component.Position]
        x = "f32"

        [component.Velocity]
        x = "f32"

        [resource.Time]
        dt = "f32"
    """  # archetypes start at line 12

    def archetype_errors(self, archetypes: str) -> list[str]:
        return self.errors(self.COMPONENTS + archetypes)

    def test_unknown_component_suggests_a_close_name(self):
        errors = self.archetype_errors("""
        [archetype.Particle]
        components = ["Position", "Velocty"]
        """)
        self.assertEqual(errors, [
            "game.toml:14:27: error: archetype 'Particle': unknown component 'Velocty'; did you mean 'Velocity'?"
        ])

    def test_unknown_component_without_a_close_name(self):
        errors = self.archetype_errors("""
        [archetype.Particle]
        components = ["Sprite"]
        """)
        self.assertError(errors, "game.toml:14:15", "unknown component 'Sprite'; declare it as [component.Sprite]")

    def test_a_resource_is_not_a_component(self):
        errors = self.archetype_errors("""
        [archetype.Particle]
        components = ["Time"]
        """)
        self.assertError(errors, "game.toml:14:15", "archetype 'Particle': 'Time' is a resource, not a component")

    def test_a_component_listed_twice(self):
        errors = self.archetype_errors("""
        [archetype.Particle]
        components = ["Position", "Velocity", "Position"]
        """)
        self.assertError(errors, "game.toml:14:39", "archetype 'Particle' lists component 'Position' twice")

    def test_two_archetypes_with_the_same_components(self):
        errors = self.archetype_errors("""
        [archetype.Particle]
        components = ["Position", "Velocity"]

        [archetype.Bullet]
        components = ["Velocity", "Position"]
        """)
        self.assertError(errors, "game.toml:16:12", "archetype 'Bullet' holds the same components as archetype "
                         "'Particle' at game.toml:13:12")

    def test_an_empty_archetype(self):
        errors = self.archetype_errors("""
        [archetype.Nothing]
        components = []
        """)
        self.assertError(errors, "game.toml:14:1", "archetype 'Nothing' has an empty components list")

    def test_missing_components(self):
        errors = self.archetype_errors("""
        [archetype.Nothing]
        """)
        self.assertError(errors, "game.toml:13:12", "archetype 'Nothing' has no components")

    def test_a_misspelled_key_is_reported_once(self):
        errors = self.archetype_errors("""
        [archetype.Particle]
        compnents = ["Position"]
        """)
        self.assertEqual(errors, [
            "game.toml:14:1: error: archetype 'Particle': unknown key 'compnents'; did you mean 'components'?"
        ])


class HeaderErrors(SchemaTestCase):
    def test_missing_kiln_table(self):
        errors = self.errors("""
            [component.Position]
            x = "f32"
        """)
        self.assertError(errors, "game.toml:1:1", "missing [kiln] table")

    def test_missing_namespace(self):
        errors = self.errors("""
            # The game.
            [kiln]
            version = 2
        """)
        self.assertError(errors, "game.toml:2:2", "[kiln] has no namespace", 'namespace = "game"')

    def test_bad_version(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"
            version = 0
        """)
        self.assertError(errors, "game.toml:3:1", "[kiln] version must be a whole number from 1", "not 0")

    def test_files_declaring_different_namespaces_and_versions(self):
        errors = self.errors_in({
            "a.toml": """
                [kiln]
                namespace = "game"
                version = 2
            """,
            "b.toml": """
                [kiln]
                namespace = "gaem"
                version = 3
            """,
            "c.toml": """
                [kiln]
                namespace = "game"
            """,
        })
        self.assertEqual(errors, [
            "b.toml:2:1: error: [kiln] namespace 'gaem' differs from 'game' at a.toml:2:1; all "
            "files of one world declare the same namespace",
            "b.toml:3:1: error: [kiln] version 3 differs from version 2 at a.toml:3:1; a world has one "
            "version: give it in one file, or the same in each",
        ])

    def test_only_files_that_give_a_version_are_compared(self):
        errors = self.errors_in({
            "a.toml": '[kiln]\nnamespace = "game"\n',
            "b.toml": '[kiln]\nnamespace = "game"\nversion = 2\n',
            "c.toml": '[kiln]\nnamespace = "game"\nversion = 2\n',
            "d.toml": '[kiln]\nnamespace = "game"\nversion = 1\n',
        })
        self.assertError(errors, "d.toml:3:1", "[kiln] version 1 differs from version 2 at b.toml:3:1")

    def test_a_bad_version_is_reported_once_and_not_compared(self):
        errors = self.errors_in({
            "a.toml": '[kiln]\nnamespace = "game"\nversion = "2"\n',
            "b.toml": '[kiln]\nnamespace = "game"\nversion = 3\n',
        })
        self.assertError(errors, "a.toml:3:1", "[kiln] version must be a whole number", 'not "2"')

    def test_a_bad_namespace_does_not_hide_the_version(self):
        errors = self.errors_in({
            "a.toml": '[kiln]\nnamespace = "std"\nversion = 2\n',
            "b.toml": '[kiln]\nnamespace = "game"\nversion = 3\n',
        })
        self.assertEqual([error.split(": error: ") for error in errors], [
            ["a.toml:2:1", "[kiln] namespace 'std': 'std' is the C++ standard library's namespace; choose another "
             "namespace"],
            ["b.toml:3:1", "[kiln] version 3 differs from version 2 at a.toml:3:1; a world has one version: give "
             "it in one file, or the same in each"],
        ])


class StructureErrors(SchemaTestCase):
    def test_unknown_top_level_table(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [compnent.Position]
            x = "f32"
        """)
        self.assertEqual(errors, ["game.toml:4:2: error: unknown table [compnent]; did you mean [component]?"])

    def test_unknown_keys(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"
            name = "x"

            [extern.Mat4]
            cpp = "quads::mat4"
            header = "quads/mat4.hpp"

            [component.Velocity]
            x = { type = "f32", defualt = 0.0 }
        """)
        self.assertEqual(errors, [
            "game.toml:3:1: error: [kiln]: unknown key 'name'; did you mean 'namespace'?",
            "game.toml:7:1: error: extern 'Mat4': unknown key 'header'; the keys allowed here are 'cpp' and 'include'",
            "game.toml:10:21: error: component 'Velocity': unknown key 'defualt' in field 'x'; did you mean 'default'?",
        ])

    def test_a_declaration_must_be_a_table(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [component]
            Position = "f32"
        """)
        self.assertError(errors, "game.toml:5:1", "component 'Position' must be a table; write it as [component.Position]")

    def test_toml_syntax_error(self):
        errors = self.errors("""
            [kiln]
            namespace = "game"

            [component.Position]
            x = "f32
        """)
        self.assertEqual(len(errors), 1)
        self.assertRegex(errors[0], r"^game\.toml:5:\d+: error: invalid TOML: ")
        self.assertNotIn("(at line", errors[0])

    def test_toml_error_at_the_end_of_the_document(self):
        errors = self.errors('[kiln]\nnamespace = "game"\nx = [1, 2')
        self.assertError(errors, "game.toml:3:10", "invalid TOML: ")

    def test_invalid_utf8(self):
        path = self.directory / "game.toml"
        path.write_bytes(b'[kiln]\nnamespace = "g\xffame"\n')
        self.assertError(self.errors_of([path]), "game.toml:2:15", "not valid UTF-8")

    def test_missing_file(self):
        errors = self.errors_of([self.directory / "nowhere.toml"])
        self.assertError(errors, "nowhere.toml", "cannot read this schema file: No such file or directory")


class AllAtOnce(SchemaTestCase):
    def test_every_mistake_is_reported_sorted_by_file_then_line(self):
        errors = self.errors_in({
            "b.toml": """
                [kiln]
                namespace = "game"

                [archetype.Ship]
                components = ["Positon"]
            """,
            "a.toml": """
                [kiln]
                namespace = "game"

                [component.Position]
                y = "f23"
                x = "f32"
                z = { type = "u8", default = -1 }
            """,
        })
        self.assertEqual([error.split(": error: ")[0] for error in errors], ["b.toml:5:15", "a.toml:5:1", "a.toml:7:20"])

    def test_syntax_errors_of_every_file(self):
        errors = self.errors_in({"a.toml": "[kiln\n", "b.toml": "[kiln]\nnamespace = \n"})
        self.assertEqual([error.split(": error: ")[0] for error in errors], ["a.toml:1:6", "b.toml:2:13"])

    def test_the_bundled_schema_has_no_errors(self):
        self.assertEqual(self.errors_of([REPO / "examples" / "game" / "game.toml"]), [])


if __name__ == "__main__":
    unittest.main()
