#include <kiln/io/id_index.hpp>

#include <catch2/catch.hpp>

#include <cstdint>

TEST_CASE("id_index finds each position by its stable id, in whatever order they were added") {
    kiln::internal::id_index index;
    const std::uint32_t ids[] = {900, 3, 41, 7, 12'000'000};
    for (std::uint32_t position = 0; position < 5; ++position) {
        index.add(ids[position], position);
    }
    std::uint32_t duplicate = 0;
    REQUIRE(index.seal(duplicate));
    for (std::uint32_t position = 0; position < 5; ++position) {
        CHECK(index.find(ids[position]) == position);
    }
}

TEST_CASE("id_index answers none for an id it does not hold, below, between and above those it does") {
    kiln::internal::id_index index;
    index.add(10, 0);
    index.add(20, 1);
    std::uint32_t duplicate = 0;
    REQUIRE(index.seal(duplicate));
    for (const std::uint32_t absent : {0u, 15u, 21u, ~0u}) {
        CHECK(index.find(absent) == kiln::internal::id_index::none);
    }
    kiln::internal::id_index empty;
    REQUIRE(empty.seal(duplicate));
    CHECK(empty.find(10) == kiln::internal::id_index::none);
}

TEST_CASE("id_index refuses to seal over an id given twice, and names it") {
    kiln::internal::id_index index;
    index.add(5, 0);
    index.add(8, 1);
    index.add(5, 2);
    std::uint32_t duplicate = 0;
    CHECK_FALSE(index.seal(duplicate));
    CHECK(duplicate == 5);
}
