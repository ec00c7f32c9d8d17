#include <kiln/schema/component.hpp>

#include <fixture/world.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <type_traits>

TEST_CASE("component and resource tell the schema's components and resources apart") {
    STATIC_REQUIRE(kiln::component<fixture::Position>);
    STATIC_REQUIRE(kiln::component<fixture::Frozen>);
    STATIC_REQUIRE(kiln::component<fixture::Unused>);
    STATIC_REQUIRE_FALSE(kiln::component<fixture::Clock>);
    STATIC_REQUIRE_FALSE(kiln::component<fixture::Particle>);
    STATIC_REQUIRE_FALSE(kiln::component<int>);

    STATIC_REQUIRE(kiln::resource<fixture::Clock>);
    STATIC_REQUIRE(kiln::resource<fixture::Score>);
    STATIC_REQUIRE_FALSE(kiln::resource<fixture::Position>);
    STATIC_REQUIRE_FALSE(kiln::resource<int>);
}

TEST_CASE("layout_of gives the layout the schema chose") {
    STATIC_REQUIRE(kiln::layout_of<fixture::Position> == kiln::layout::packed);
    STATIC_REQUIRE(kiln::layout_of<fixture::Color> == kiln::layout::split);
    STATIC_REQUIRE(kiln::layout_of<fixture::Scanner> == kiln::layout::split);
    STATIC_REQUIRE(kiln::layout_of<fixture::Frozen> == kiln::layout::tag);
    STATIC_REQUIRE(kiln::layout_of<fixture::Tag> == kiln::layout::tag);
}

TEST_CASE("reference_t is C& for packed and tag components, C::ref or C::cref for split ones") {
    STATIC_REQUIRE(std::is_same_v<kiln::reference_t<fixture::Position>, fixture::Position&>);
    STATIC_REQUIRE(std::is_same_v<kiln::reference_t<const fixture::Position>, const fixture::Position&>);
    STATIC_REQUIRE(std::is_same_v<kiln::reference_t<fixture::Frozen>, fixture::Frozen&>);
    STATIC_REQUIRE(std::is_same_v<kiln::reference_t<fixture::Color>, fixture::Color::ref>);
    STATIC_REQUIRE(std::is_same_v<kiln::reference_t<const fixture::Color>, fixture::Color::cref>);

    STATIC_REQUIRE(std::is_same_v<kiln::field_ref_t<false, float>, float&>);
    STATIC_REQUIRE(std::is_same_v<kiln::field_ref_t<true, float>, const float&>);
}

TEST_CASE("a split component's ref reads and writes the fields it refers to") {
    std::uint8_t r = 1;
    std::uint8_t g = 2;
    std::uint8_t b = 3;
    const kiln::reference_t<fixture::Color> color{r, g, b};
    const fixture::Color read = color;
    CHECK((read.r == 1 && read.g == 2 && read.b == 3));

    color = fixture::Color{7, 8, 9};
    CHECK((r == 7 && g == 8 && b == 9));
    color.g = 80;
    CHECK(g == 80);

    const kiln::reference_t<const fixture::Color> view{r, g, b};
    STATIC_REQUIRE(std::is_same_v<decltype(view.g), const std::uint8_t&>);
    CHECK(fixture::Color(view).g == 80);
}

TEST_CASE("component ids are dense, in schema order") {
    std::uint32_t expected_id = 0;
    kiln::for_each_type(fixture::schema::components{},
                        [&expected_id]<class C>() { CHECK(kiln::component_traits<C>::id == expected_id++); });
    CHECK(expected_id == fixture::schema::components::size);
}
