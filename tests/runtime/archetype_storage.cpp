#include <kiln/archetype_storage.hpp>

#include <fixture/components.hpp>

#include <catch2/catch.hpp>

#include <cstddef>
#include <cstring>
#include <utility>
#include <vector>

namespace {

constexpr auto& layouts = kiln::column_layouts<fixture::Position, fixture::Health>;

void push(kiln::archetype_storage& storage, kiln::entity e, float x, int hp) {
    const std::uint32_t row = storage.grow_by(1);
    storage.entity_at(row) = e;
    kiln::write_component(storage.columns(), row, fixture::Position{x, 0});
    kiln::write_component(storage.columns() + 1, row, fixture::Health{hp, true});
}

const fixture::Position& position(const kiln::archetype_storage& storage, std::size_t row) {
    return reinterpret_cast<const fixture::Position*>(storage.columns()[0])[row];
}

const fixture::Health& health(const kiln::archetype_storage& storage, std::size_t row) {
    return reinterpret_cast<const fixture::Health*>(storage.columns()[1])[row];
}

} // namespace

TEST_CASE("archetype_storage keeps every column's rows together as it grows") {
    kiln::archetype_storage storage{layouts};
    CHECK(storage.empty());
    for (std::uint32_t i = 0; i < 100; ++i) {
        push(storage, kiln::entity(i, 0), static_cast<float>(i), static_cast<int>(i) * 2);
    }
    REQUIRE(storage.size() == 100);
    CHECK(storage.capacity() >= 100);
    CHECK(storage.entities()[57] == kiln::entity(57, 0));
    CHECK(position(storage, 57).x == 57);
    CHECK(health(storage, 99).hp == 198);
}

TEST_CASE("archetype_storage swap_remove has the last row copied into the hole") {
    kiln::archetype_storage storage{layouts};
    for (std::uint32_t i = 0; i < 3; ++i) {
        push(storage, kiln::entity(i, 0), static_cast<float>(i), static_cast<int>(i));
    }
    std::vector<std::pair<std::size_t, std::size_t>> copies;
    const auto copy_row = [&](std::byte* const* columns, std::size_t to, std::size_t from) {
        CHECK(columns == storage.columns());
        copies.emplace_back(to, from);
        for (std::size_t column = 0; column < layouts.size(); ++column) {
            std::memcpy(columns[column] + to * layouts[column].size, columns[column] + from * layouts[column].size,
                        layouts[column].size);
        }
    };
    CHECK(storage.swap_remove(0, copy_row) == kiln::entity(2, 0));
    CHECK(copies == std::vector<std::pair<std::size_t, std::size_t>>{{0, 2}});
    REQUIRE(storage.size() == 2);
    CHECK(storage.entities()[0] == kiln::entity(2, 0));
    CHECK(position(storage, 0).x == 2);
    CHECK(health(storage, 0).hp == 2);
    // The last row leaves without a copy.
    CHECK(storage.swap_remove(1, copy_row).is_null());
    CHECK(copies.size() == 1);
    REQUIRE(storage.size() == 1);
    CHECK(storage.entities()[0] == kiln::entity(2, 0));
}

TEST_CASE("archetype_storage reserve keeps the rows, and clear keeps the memory") {
    kiln::archetype_storage storage{layouts};
    push(storage, kiln::entity(0, 0), 5, 6);
    storage.reserve(1000);
    CHECK(storage.capacity() >= 1000);
    CHECK(position(storage, 0).x == 5);
    CHECK(health(storage, 0).hp == 6);
    storage.clear();
    CHECK(storage.empty());
    CHECK(storage.capacity() >= 1000);
}

TEST_CASE("a moved archetype_storage takes the rows along and leaves an empty one") {
    kiln::archetype_storage storage{layouts};
    push(storage, kiln::entity(3, 1), 7, 8);
    kiln::archetype_storage moved{std::move(storage)};
    CHECK(moved.size() == 1);
    CHECK(position(moved, 0).x == 7);
    CHECK(storage.empty());
    push(storage, kiln::entity(4, 0), 9, 9);
    CHECK(storage.size() == 1);
    storage = std::move(moved);
    CHECK(position(storage, 0).x == 7);
}
