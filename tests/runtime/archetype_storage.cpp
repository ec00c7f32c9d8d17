#include <kiln/archetype_storage.hpp>

#include <fixture/components.hpp>

#include <catch2/catch.hpp>

#include <array>

using ship_storage = kiln::archetype_storage<fixture::Position, fixture::Health, fixture::Color>;

TEST_CASE("archetype_storage keeps rows of all columns together") {
    ship_storage storage;
    CHECK(storage.empty());
    CHECK(storage.push_back(kiln::entity(0, 0), {1, 1}, {10, true}, {1, 1, 1}) == 0);
    CHECK(storage.push_back(kiln::entity(1, 0), {2, 2}, {20, true}, {2, 2, 2}) == 1);
    CHECK(storage.push_back(kiln::entity(2, 0), {3, 3}, {30, true}, {3, 3, 3}) == 2);
    REQUIRE(storage.size() == 3);
    CHECK(storage.at<fixture::Health>(1).hp == 20);
    CHECK(storage.at<const fixture::Color>(2).b == 3);
    CHECK(storage.column<fixture::Position>().size() == 3);
}

TEST_CASE("archetype_storage swap_remove reports which entity moved") {
    ship_storage storage;
    for (std::uint32_t i = 0; i < 3; ++i) {
        storage.push_back(kiln::entity(i, 0), {static_cast<float>(i), 0}, {static_cast<std::int32_t>(i), true}, {});
    }
    CHECK(storage.swap_remove(0) == kiln::entity(2, 0));
    CHECK(storage.entities()[0] == kiln::entity(2, 0));
    CHECK(storage.at<fixture::Health>(0).hp == 2);
    CHECK(storage.at<fixture::Position>(0).x == 2);
    CHECK(storage.swap_remove(1).is_null());
    REQUIRE(storage.size() == 1);
}

TEST_CASE("archetype_storage append adds many rows with the same values") {
    ship_storage storage;
    storage.reserve(8);
    const std::array entities{kiln::entity(4, 0), kiln::entity(5, 0), kiln::entity(6, 0)};
    CHECK(storage.append(entities, {7, 8}, {}, {9, 9, 9}) == 0);
    REQUIRE(storage.size() == 3);
    CHECK(storage.entities()[2] == kiln::entity(6, 0));
    CHECK(storage.at<fixture::Position>(2).y == 8);
    CHECK(storage.at<fixture::Color>(1).r == 9);
    storage.clear();
    CHECK(storage.empty());
    CHECK(storage.column<fixture::Color>().size() == 0);
}
