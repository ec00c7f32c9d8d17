#include <kiln/storage/column.hpp>

#include <fixture/components.hpp>

#include <catch2/catch.hpp>

#include <array>
#include <cstddef>
#include <cstdint>

TEST_CASE("a component takes one column if packed, one per field if split, none if a tag") {
    STATIC_REQUIRE(kiln::column_count_v<fixture::Position> == 1);
    STATIC_REQUIRE(kiln::column_count_v<fixture::Color> == 3);
    STATIC_REQUIRE(kiln::column_count_v<fixture::Scanner> == 2);
    STATIC_REQUIRE(kiln::column_count_v<fixture::Frozen> == 0);
}

TEST_CASE("column_layouts lists every column's element size and alignment, in order") {
    constexpr auto& layouts = kiln::column_layouts<fixture::Position, fixture::Frozen, fixture::Scanner>;
    STATIC_REQUIRE(layouts.size() == 3);
    CHECK(layouts[0].size == sizeof(fixture::Position));
    CHECK(layouts[0].alignment == alignof(fixture::Position));
    CHECK(layouts[1].size == sizeof(float));
    CHECK(layouts[2].size == sizeof(std::array<std::int32_t, 2>));
    CHECK(layouts[2].alignment == alignof(std::int32_t));
}

TEST_CASE("first_column finds a component's columns among an archetype's") {
    using components = kiln::type_list<fixture::Color, fixture::Frozen, fixture::Position, fixture::Scanner>;
    STATIC_REQUIRE(kiln::first_column<fixture::Color>(components{}) == 0);
    STATIC_REQUIRE(kiln::first_column<fixture::Position>(components{}) == 3);
    STATIC_REQUIRE(kiln::first_column<fixture::Scanner>(components{}) == 4);
}

TEST_CASE("an archetype's columns as numbers: which components it holds, where their columns start") {
    using components = kiln::type_list<fixture::Color, fixture::Frozen, fixture::Position, fixture::Scanner>;
    constexpr const kiln::internal::archetype_columns& columns = kiln::internal::columns_of_v<components>;
    constexpr std::uint32_t position = kiln::component_traits<fixture::Position>::id;
    STATIC_REQUIRE(columns.count == 4);
    STATIC_REQUIRE(columns.position_of(position) == 2);
    STATIC_REQUIRE(columns.holds(kiln::component_traits<fixture::Frozen>::id));
    STATIC_REQUIRE(columns.first_column(position) == kiln::first_column<fixture::Position>(components{}));
    STATIC_REQUIRE(columns.first_column(kiln::component_traits<fixture::Scanner>::id) == 4);

    // Health is a component of the schema, not of this list: not held, and its
    // columns would start after all of the archetype's, as first_column says.
    constexpr std::uint32_t health = kiln::component_traits<fixture::Health>::id;
    STATIC_REQUIRE(columns.position_of(health) == 4);
    STATIC_REQUIRE(!columns.holds(health));
    STATIC_REQUIRE(columns.first_column(health) == 6);
    STATIC_REQUIRE(kiln::first_column<fixture::Health>(components{}) == 6);
}

TEST_CASE("a packed cursor is a pointer to the column") {
    std::array<fixture::Position, 2> values{fixture::Position{1, 2}, fixture::Position{3, 4}};
    std::byte* columns[] = {reinterpret_cast<std::byte*>(values.data())};
    fixture::Position* cursor = kiln::make_cursor<fixture::Position, false>(columns);
    CHECK(cursor[1].y == 4);
}

TEST_CASE("write_component and a split cursor go field by field") {
    std::array<std::uint8_t, 2> reds{}, greens{}, blues{};
    std::byte* columns[] = {reinterpret_cast<std::byte*>(reds.data()), reinterpret_cast<std::byte*>(greens.data()),
                            reinterpret_cast<std::byte*>(blues.data())};
    kiln::write_component(columns, 1, fixture::Color{10, 20, 30});
    CHECK(reds[1] == 10);
    CHECK(greens[1] == 20);
    CHECK(blues[1] == 30);

    fixture::Color::ref row = kiln::make_cursor<fixture::Color, false>(columns)[1];
    row.g = 99;
    CHECK(greens[1] == 99);
    row = fixture::Color{4, 5, 6};
    const fixture::Color copy = kiln::make_cursor<fixture::Color, true>(columns)[1];
    CHECK(copy.r == 4);
    CHECK(copy.g == 5);
    CHECK(copy.b == 6);
}

TEST_CASE("a tag cursor gives the same empty value for every row") {
    const kiln::cursor_t<fixture::Frozen> cursor{};
    CHECK(&cursor[0] == &cursor[7]);
}
