#include <kiln/storage/archetype_view.hpp>

#include <fixture/components.hpp>

#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <span>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace {

using ship_view = kiln::archetype_view<fixture::Position, fixture::Health, fixture::Color, fixture::Frozen>;
constexpr auto& ship_layouts = kiln::column_layouts<fixture::Position, fixture::Health, fixture::Color, fixture::Frozen>;

} // namespace

TEST_CASE("archetype_view writes and reads whole components, whatever their layout") {
    kiln::archetype_storage storage{ship_layouts};
    const ship_view ships{storage};
    CHECK(ships.push_back(kiln::entity(0, 0), {1, 1}, {10, true}, {1, 2, 3}, {}) == 0);
    CHECK(ships.push_back(kiln::entity(1, 0), {2, 2}, {20, false}, {4, 5, 6}, {}) == 1);
    REQUIRE(ships.size() == 2);
    CHECK(ships.at<fixture::Health>(1).hp == 20);
    CHECK(ships.at<const fixture::Color>(1).g == 5);
    ships.at<fixture::Color>(0).b = 9;
    CHECK(ships.field<fixture::Color, 2>()[0] == 9);
    CHECK(ships.column<fixture::Position>()[1].x == 2);
    CHECK(ships.entities()[1] == kiln::entity(1, 0));
}

TEST_CASE("archetype_view columns() is every component's column as a std::tuple, in the archetype's order") {
    kiln::archetype_storage storage{ship_layouts};
    const ship_view ships{storage};
    ships.push_back(kiln::entity(0, 0), {1, 2}, {10, true}, {4, 5, 6}, {});
    ships.push_back(kiln::entity(1, 0), {3, 4}, {20, false}, {7, 8, 9}, {});

    auto [position, health, color, frozen] = ships.columns();
    STATIC_REQUIRE(std::is_same_v<decltype(position), std::span<fixture::Position>>);
    STATIC_REQUIRE(std::is_same_v<decltype(color),
                                  std::tuple<std::span<std::uint8_t>, std::span<std::uint8_t>, std::span<std::uint8_t>>>);
    STATIC_REQUIRE(std::is_same_v<decltype(frozen), kiln::tag_column<fixture::Frozen>>);
    CHECK(position.size() == 2);
    CHECK(position[1].y == 4);
    CHECK(health[0].hp == 10);
    auto& [r, g, b] = color;
    CHECK(r[1] == 7);
    CHECK(g[0] == 5);
    CHECK(frozen.size() == 2);

    // The spans are the columns themselves: a write through one is a write to the storage.
    b[1] = 42;
    health[1].hp = 21;
    CHECK(ships.at<fixture::Color>(1).b == 42);
    CHECK(ships.at<fixture::Health>(1).hp == 21);

    // std::apply hands a function the whole archetype, a column an argument.
    const float x_sum = std::apply(
        [](std::span<fixture::Position> xs, auto&&...) {
            float sum = 0;
            for (const fixture::Position& p : xs) {
                sum += p.x;
            }
            return sum;
        },
        ships.columns());
    CHECK(x_sum == 4);
    CHECK(std::tuple_size_v<decltype(ships.columns())> == 4);

    const kiln::const_archetype_view<fixture::Position, fixture::Health, fixture::Color, fixture::Frozen> view{
        std::as_const(storage)};
    STATIC_REQUIRE(std::is_same_v<std::tuple_element_t<0, decltype(view.columns())>, std::span<const fixture::Position>>);
    CHECK(std::get<0>(std::get<2>(view.columns()))[0] == 4);
}

TEST_CASE("a const archetype_view reads only") {
    kiln::archetype_storage storage{ship_layouts};
    ship_view{storage}.push_back(kiln::entity(0, 0), {1, 1}, {}, {}, {});
    const kiln::const_archetype_view<fixture::Position, fixture::Health, fixture::Color, fixture::Frozen> view{
        std::as_const(storage)};
    STATIC_REQUIRE(std::is_same_v<decltype(view.at<fixture::Position>(0)), const fixture::Position&>);
    STATIC_REQUIRE(std::is_same_v<decltype(view.at<fixture::Color>(0)), fixture::Color::cref>);
    CHECK(view.at<fixture::Health>(0).hp == 100);
}

TEST_CASE("archetype_view append_made fills each column from a function of the index") {
    kiln::archetype_storage storage{ship_layouts};
    const ship_view ships{storage};
    ships.push_back(kiln::entity(9, 0), {}, {}, {}, {});
    const std::uint32_t first = ships.append_made(
        3, [](std::uint32_t row) { return kiln::entity(row, 0); },
        [](std::size_t i) { return std::tuple{fixture::Health{static_cast<int>(i)}, fixture::Color{7, 7, 7}}; });
    CHECK(first == 1);
    REQUIRE(ships.size() == 4);
    CHECK(ships.entities()[3] == kiln::entity(3, 0));
    CHECK(ships.at<fixture::Health>(3).hp == 2);
    CHECK(ships.at<fixture::Color>(2).r == 7);
    CHECK(ships.at<fixture::Position>(2).x == 0);
}

TEST_CASE("archetype_view swap_remove moves every component of the last row into the hole") {
    kiln::archetype_storage storage{ship_layouts};
    const ship_view ships{storage};
    for (std::uint32_t i = 0; i < 4; ++i) {
        const auto v = static_cast<float>(i);
        const auto c = static_cast<std::uint8_t>(i);
        ships.push_back(kiln::entity(i, 0), {v, -v}, {static_cast<int>(i), i % 2 == 0},
                        {c, static_cast<std::uint8_t>(2 * c), static_cast<std::uint8_t>(3 * c)}, {});
    }
    CHECK(ships.swap_remove(1) == kiln::entity(3, 0));
    REQUIRE(ships.size() == 3);
    CHECK(ships.entities()[1] == kiln::entity(3, 0));
    CHECK(ships.at<fixture::Position>(1).x == 3);
    CHECK(ships.at<fixture::Position>(1).y == -3);
    CHECK(ships.at<fixture::Health>(1).hp == 3);
    CHECK_FALSE(ships.at<fixture::Health>(1).regen);
    CHECK(ships.at<fixture::Color>(1).r == 3);
    CHECK(ships.at<fixture::Color>(1).g == 6);
    CHECK(ships.at<fixture::Color>(1).b == 9);
    // The other rows stay as they were.
    CHECK(ships.at<fixture::Health>(0).hp == 0);
    CHECK(ships.at<fixture::Color>(2).b == 6);
    CHECK(ships.swap_remove(2).is_null());
    REQUIRE(ships.size() == 2);
    CHECK(ships.at<fixture::Color>(1).g == 6);
}

TEST_CASE("archetype_view remove_marked moves every component of the rows that fill the holes") {
    kiln::archetype_storage storage{ship_layouts};
    const ship_view ships{storage};
    for (std::uint32_t i = 0; i < 5; ++i) {
        const auto c = static_cast<std::uint8_t>(i);
        ships.push_back(kiln::entity(i, 0), {static_cast<float>(i), 0}, {static_cast<int>(i), true},
                        {c, static_cast<std::uint8_t>(2 * c), static_cast<std::uint8_t>(3 * c)}, {});
    }
    const std::uint64_t marked[] = {(1u << 0) | (1u << 2)};
    std::vector<std::pair<kiln::entity, std::uint32_t>> moved;
    ships.remove_marked(marked, 2, [&](kiln::entity e, std::uint32_t row) { moved.emplace_back(e, row); });
    CHECK(moved == std::vector<std::pair<kiln::entity, std::uint32_t>>{{kiln::entity(4, 0), 0}, {kiln::entity(3, 0), 2}});
    REQUIRE(ships.size() == 3);
    for (std::uint32_t row = 0; row < 3; ++row) {
        const auto i = ships.entities()[row].index();
        CHECK(ships.at<fixture::Position>(row).x == static_cast<float>(i));
        CHECK(ships.at<fixture::Health>(row).hp == static_cast<int>(i));
        CHECK(ships.at<fixture::Color>(row).g == static_cast<std::uint8_t>(2 * i));
        CHECK(ships.at<fixture::Color>(row).b == static_cast<std::uint8_t>(3 * i));
    }
}

TEST_CASE("archetype_view push_given appends a row of the values given, in any order, and defaults for the rest") {
    kiln::archetype_storage storage{ship_layouts};
    const ship_view ships{storage};
    ships.push_back(kiln::entity(0, 0), {1, 1}, {10, true}, {1, 2, 3}, {}); // a row before, whose values must stay
    CHECK(ships.push_given(kiln::entity(1, 0), fixture::Color{7, 8, 9}, fixture::Position{5, 6}) == 1);
    CHECK(ships.push_given(kiln::entity(2, 0)) == 2);
    REQUIRE(ships.size() == 3);
    CHECK(ships.entities()[1] == kiln::entity(1, 0));
    CHECK(ships.at<fixture::Position>(1).x == 5);
    CHECK(ships.at<fixture::Position>(1).y == 6);
    CHECK(ships.at<const fixture::Color>(1).g == 8);
    CHECK(ships.at<fixture::Health>(1).hp == fixture::Health{}.hp); // not given: the schema's default
    CHECK(ships.at<fixture::Health>(1).regen == fixture::Health{}.regen);
    CHECK(ships.at<fixture::Position>(2).x == fixture::Position{}.x);
    CHECK(ships.at<const fixture::Color>(2).b == fixture::Color{}.b);
    CHECK(ships.at<fixture::Health>(0).hp == 10);
    CHECK(ships.at<const fixture::Color>(0).r == 1);
}
