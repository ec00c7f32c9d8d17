#include <kiln/column.hpp>

#include <fixture/components.hpp>

#include <catch2/catch.hpp>

TEST_CASE("column_t follows the component's layout") {
    STATIC_REQUIRE(std::is_same_v<kiln::column_t<fixture::Position>, kiln::packed_column<fixture::Position>>);
    STATIC_REQUIRE(std::is_same_v<kiln::column_t<fixture::Color>, kiln::split_column<fixture::Color>>);
    STATIC_REQUIRE(std::is_same_v<kiln::column_t<fixture::Frozen>, kiln::tag_column<fixture::Frozen>>);
}

TEST_CASE("packed_column swap_remove moves the last value into the hole") {
    kiln::packed_column<fixture::Position> column;
    column.push_back({1, 1});
    column.push_back({2, 2});
    column.push_back({3, 3});
    column.swap_remove(0);
    REQUIRE(column.size() == 2);
    CHECK(column.cursor()[0].x == 3);
    CHECK(column.cursor()[1].x == 2);
    column.swap_remove(1);
    REQUIRE(column.size() == 1);
    CHECK(column.cursor()[0].x == 3);
}

TEST_CASE("packed_column append adds copies of one value") {
    kiln::packed_column<fixture::Health> column;
    column.push_back({});
    column.append(3, fixture::Health{7, false});
    REQUIRE(column.size() == 4);
    CHECK(column.cursor()[0].hp == 100);
    CHECK(column.cursor()[3].hp == 7);
}

TEST_CASE("split_column stores one vector per field and reads rows through refs") {
    kiln::split_column<fixture::Color> column;
    column.push_back({10, 20, 30});
    column.push_back({});
    REQUIRE(column.size() == 2);
    CHECK(column.field<0>() == std::vector<std::uint8_t>{10, 1});
    CHECK(column.field<2>() == std::vector<std::uint8_t>{30, 3});

    fixture::Color::ref row = column.cursor()[1];
    row.g = 99;
    CHECK(column.field<1>()[1] == 99);

    row = fixture::Color{4, 5, 6};
    const fixture::Color copy = std::as_const(column).cursor()[1];
    CHECK(copy.r == 4);
    CHECK(copy.g == 5);
    CHECK(copy.b == 6);
}

TEST_CASE("split_column swap_remove and append work field by field") {
    kiln::split_column<fixture::Scanner> column;
    column.push_back({1.0f, {1, 2}});
    column.append(2, fixture::Scanner{2.0f, {3, 4}});
    column.swap_remove(0);
    REQUIRE(column.size() == 2);
    CHECK(column.cursor()[0].range == 2.0f);
    CHECK(column.cursor()[0].history[1] == 4);
    column.pop_back();
    column.clear();
    CHECK(column.size() == 0);
}

TEST_CASE("tag_column only counts") {
    kiln::tag_column<fixture::Frozen> column;
    column.push_back({});
    column.append(4, {});
    column.swap_remove(0);
    CHECK(column.size() == 4);
    column.clear();
    CHECK(column.size() == 0);
}
