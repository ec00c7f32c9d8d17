"""The reflection metadata kilnc writes: docs, origins, members and field infos, a component's in
reflection.hpp (kiln::component_reflection), a resource's in its traits."""

import unittest

from .support import SchemaTestCase, load_all, render, validate


class FieldInfos(SchemaTestCase):
    def test_each_field_gets_name_type_offset_size_default_and_doc(self):
        outputs = self.outputs('''
            [kiln]
            namespace = "game"

            [extern.Vec2]
            cpp = "glm::vec2"
            include = "glm/vec2.hpp"

            [component.Body]
            mass = { type = "f32", default = 2, doc = "Kilograms." }
            alive = { type = "bool", default = true }
            owner = "entity"
            samples = { type = "u8[4]", default = [1, 2, 3, 4] }
            at = { type = "Vec2", default = [0.5, -1] }
            reach = { type = "f64", default = inf }
        ''')
        self.assertLines(
            outputs["reflection.hpp"],
            "struct kiln::component_reflection<game::Body> : kiln::component_reflection_base<game::Body> {",
            "    static constexpr std::array<kiln::field_info, 6> field_infos = {{",
            '        {0, "mass", "f32", kiln::scalar_type::f32, 1, offsetof(game::Body, mass), sizeof(game::Body::mass), "2.0f", "Kilograms."},',
            '        {1, "alive", "bool", kiln::scalar_type::boolean, 1, offsetof(game::Body, alive), sizeof(game::Body::alive), "true", ""},',
            '        {2, "owner", "entity", kiln::scalar_type::entity, 1, offsetof(game::Body, owner), sizeof(game::Body::owner), "", ""},',
            '        {3, "samples", "u8[4]", kiln::scalar_type::u8, 4, offsetof(game::Body, samples), sizeof(game::Body::samples), "{1, 2, 3, 4}", ""},',
            '        {4, "at", "Vec2", kiln::scalar_type::external, 1, offsetof(game::Body, at), sizeof(game::Body::at), "{0.5, -1}", ""},',
            '        {5, "reach", "f64", kiln::scalar_type::f64, 1, offsetof(game::Body, reach), sizeof(game::Body::reach), '
            '"std::numeric_limits<double>::infinity()", ""},',
            "    }};",
            "};",
        )
        # What every file that uses the world reads has none of it: only the files that save, load,
        # dump or reflect include reflection.hpp.
        self.assertLines(outputs["components.hpp"], "struct kiln::component_members<game::Body> {",
                         "    using type = kiln::member_list<&game::Body::mass, &game::Body::alive, "
                         "&game::Body::owner, &game::Body::samples, &game::Body::at, &game::Body::reach>;", "};")
        self.assertNotIn("field_infos", outputs["components.hpp"])
        self.assertIn("#include <game/world.hpp>", outputs["reflection.hpp"])

    def test_docs_are_escaped_string_literals(self):
        reflection = self.outputs('''
            [kiln]
            namespace = "game"

            [component.Label]
            kiln = { doc = """
            Says "hello".
            Then a backslash: \\\\ and a tab:\t."""  }
            text = { type = "u8[8]", doc = "  Padded.  " }
        ''')["reflection.hpp"]
        self.assertLines(
            reflection,
            "struct kiln::component_reflection<game::Label> : kiln::component_reflection_base<game::Label> {",
            '    static constexpr std::string_view doc = "Says \\"hello\\".\\nThen a backslash: \\\\ and a tab:\\t.";',
            '        {0, "text", "u8[8]", kiln::scalar_type::u8, 8, offsetof(game::Label, text), sizeof(game::Label::text), "", "Padded."},',
        )


class TypeMetadata(SchemaTestCase):
    SCHEMA = """
        [kiln]
        namespace = "game"

        [component.Position]
        kiln = { doc = "Where it is." }
        x = "f32"

        [component.Color]
        kiln = { layout = "split" }
        r = "u8"

        [component.Frozen]

        [resource.Time]
        dt = "f32"

        [resource.Settings]

        [archetype.Dot]
        components = ["Position", "Color"]
    """

    def test_each_component_has_doc_origin_and_members(self):
        outputs = self.outputs(self.SCHEMA)
        self.assertLines(
            outputs["components.hpp"],
            "struct kiln::component_traits<game::Position> {",
            "    static constexpr kiln::layout layout = kiln::layout::packed;",
            "};",
            "struct kiln::component_members<game::Position> {",
            "    using type = kiln::member_list<&game::Position::x>;",
            "};",
            "struct kiln::component_traits<game::Color> {",
            "    static constexpr kiln::layout layout = kiln::layout::split;",
            "};",
            "struct kiln::component_members<game::Color> {",
            "    using type = kiln::member_list<&game::Color::r>;",
        )
        self.assertLines(
            outputs["reflection.hpp"],
            "struct kiln::component_reflection<game::Position> : kiln::component_reflection_base<game::Position> {",
            '    static constexpr std::string_view doc = "Where it is.";',
            '    static constexpr kiln::schema_origin origin = {"game.toml", 4};',
            "    static constexpr std::array<kiln::field_info, 1> field_infos = {{",
            "};",
            "struct kiln::component_reflection<game::Color> : kiln::component_reflection_base<game::Color> {",
            '    static constexpr std::string_view doc = "";',
            '    static constexpr kiln::schema_origin origin = {"game.toml", 8};',
        )

    def test_member_pointers_are_listed_once_per_type_and_as_a_type(self):
        # members, a type, is what reflection visits and what the runtime splits columns by; a
        # std::tuple of member pointers per type would cost every translation unit of a large
        # world seconds to compile. A component's reflection takes its name and members from its
        # traits (kiln::component_reflection_base) rather than writing them again.
        outputs = self.outputs(self.SCHEMA)
        self.assertEqual(outputs["components.hpp"].count("&game::Color::r"), 1)
        self.assertNotIn("&game::Color::r", outputs["reflection.hpp"])
        self.assertNotIn('"Color"', outputs["reflection.hpp"])
        self.assertNotIn("std::make_tuple", outputs["components.hpp"])

    def test_reflection_declares_nothing_in_the_namespace(self):
        self.assertNotIn("namespace game", self.outputs(self.SCHEMA)["reflection.hpp"])

    def test_tags_have_no_fields(self):
        outputs = self.outputs(self.SCHEMA)
        self.assertIn(
            "struct kiln::component_traits<game::Frozen> {\n"
            "    static constexpr std::uint32_t id = 2;\n"
            '    static constexpr std::string_view name = "Frozen";\n'
            "    static constexpr kiln::layout layout = kiln::layout::tag;\n"
            "};\n"
            "template <>\n"
            "struct kiln::component_members<game::Frozen> {\n"
            "    using type = kiln::member_list<>;\n"
            "};\n", outputs["components.hpp"])
        self.assertIn(
            "struct kiln::component_reflection<game::Frozen> : kiln::component_reflection_base<game::Frozen> {\n"
            "    static constexpr std::uint32_t stable_id = 2;\n"
            '    static constexpr std::string_view doc = "";\n'
            '    static constexpr kiln::schema_origin origin = {"game.toml", 12};\n'
            "    static constexpr std::array<kiln::field_info, 0> field_infos{};\n"
            "    static constexpr std::array<kiln::field_migration, 0> migrations{};\n"
            "};\n", outputs["reflection.hpp"])

    def test_resources_too(self):
        components, _ = self.generate(self.SCHEMA)
        self.assertLines(
            components,
            "struct kiln::resource_traits<game::Time> {",
            '    static constexpr std::string_view name = "Time";',
            '    static constexpr std::string_view doc = "";',
            '    static constexpr kiln::schema_origin origin = {"game.toml", 14};',
            "    using members = kiln::member_list<&game::Time::dt>;",
            '        {0, "dt", "f32", kiln::scalar_type::f32, 1, offsetof(game::Time, dt), sizeof(game::Time::dt), "", ""},',
            "struct kiln::resource_traits<game::Settings> {",
            '    static constexpr kiln::schema_origin origin = {"game.toml", 17};',
            "    using members = kiln::member_list<>;",
            "    static constexpr std::array<kiln::field_info, 0> field_infos{};",
        )

    def test_archetypes_have_their_origin(self):
        _, world = self.generate(self.SCHEMA)
        self.assertLines(
            world,
            "struct Dot {",
            "    using components = kiln::type_list<Position, Color>;",
            "    static const kiln::schema_origin origin; // where the schema declares it, which world.hpp defines",
            "};",
            'inline constexpr kiln::schema_origin Dot::origin = {"game.toml", 19};',
        )


class Origins(SchemaTestCase):
    def test_each_file_as_the_banner_names_it(self):
        outputs = self.outputs("""
            [kiln]
            namespace = "game"

            [component.Position]
            x = "f32"
        """, """
            [kiln]
            namespace = "game"

            # Declared with its field's sub-table only.
            [component.Health.hp]
            type = "i32"

            [archetype.Ship]
            components = ["Position", "Health"]
        """)
        self.assertLines(outputs["reflection.hpp"],
                         "struct kiln::component_reflection<game::Position> : kiln::component_reflection_base<game::Position> {",
                         '    static constexpr kiln::schema_origin origin = {"game.toml", 4};',
                         "struct kiln::component_reflection<game::Health> : kiln::component_reflection_base<game::Health> {",
                         '    static constexpr kiln::schema_origin origin = {"more_1.toml", 5};')
        self.assertLines(outputs["world.hpp"], 'inline constexpr kiln::schema_origin Ship::origin = {"more_1.toml", 8};')

    def test_paths_relative_to_the_root(self):
        schema = self.write("schema/game.toml", '[kiln]\nnamespace = "game"\n\n[component.Frozen]\n')
        outputs = render(validate(load_all([str(schema)])), ["schema/game.toml"])
        self.assertIn('    static constexpr kiln::schema_origin origin = {"schema/game.toml", 4};\n',
                      outputs["game/reflection.hpp"])


if __name__ == "__main__":
    unittest.main()
