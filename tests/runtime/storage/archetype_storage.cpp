#include <kiln/storage/archetype_storage.hpp>

#include <fixture/components.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

#if defined(KILN_COLUMN_RESERVATIONS)
#    include <sys/mman.h>
#endif

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

TEST_CASE("archetype_storage grows to its max_rows and reserves no more") {
    kiln::archetype_storage storage{layouts, 40};
    for (std::uint32_t i = 0; i < 40; ++i) {
        push(storage, kiln::entity(i, 0), static_cast<float>(i), static_cast<int>(i));
    }
    CHECK(storage.capacity() == 40); // 16, 32, then 40 rather than 64
    CHECK(position(storage, 39).x == 39);
    CHECK(health(storage, 16).hp == 16);
    storage.reserve(100);
    CHECK(storage.capacity() == 40);
    kiln::archetype_storage small{layouts, 40};
    small.reserve(100);
    CHECK(small.capacity() == 40);
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

TEST_CASE("archetype_storage remove_marked fills each hole below the new size once, from the last rows") {
    kiln::archetype_storage storage{layouts};
    for (std::uint32_t i = 0; i < 8; ++i) {
        push(storage, kiln::entity(i, 0), static_cast<float>(i), static_cast<int>(i) * 10);
    }
    // Rows 1, 3 and 6 go: 3 holes, the new size 5; holes 1 and 3 take the
    // unmarked rows 7 and 5 (6 is a hole itself, past the new size).
    const std::uint64_t marked[] = {(1u << 1) | (1u << 3) | (1u << 6)};
    std::vector<std::pair<std::size_t, std::size_t>> copies;
    std::vector<std::pair<kiln::entity, std::uint32_t>> moved;
    storage.remove_marked(
        marked, 3,
        [&](std::byte* const* columns, std::size_t to, std::size_t from) {
            copies.emplace_back(to, from);
            for (std::size_t column = 0; column < layouts.size(); ++column) {
                std::memcpy(columns[column] + to * layouts[column].size,
                            columns[column] + from * layouts[column].size, layouts[column].size);
            }
        },
        [&](kiln::entity e, std::uint32_t row) { moved.emplace_back(e, row); });
    CHECK(copies == std::vector<std::pair<std::size_t, std::size_t>>{{1, 7}, {3, 5}});
    CHECK(moved == std::vector<std::pair<kiln::entity, std::uint32_t>>{{kiln::entity(7, 0), 1}, {kiln::entity(5, 0), 3}});
    REQUIRE(storage.size() == 5);
    const std::vector<kiln::entity> rows(storage.entities().begin(), storage.entities().end());
    CHECK(rows == std::vector<kiln::entity>{kiln::entity(0, 0), kiln::entity(7, 0), kiln::entity(2, 0),
                                            kiln::entity(5, 0), kiln::entity(4, 0)});
    for (std::size_t row = 0; row < rows.size(); ++row) {
        CHECK(position(storage, row).x == static_cast<float>(rows[row].index()));
        CHECK(health(storage, row).hp == static_cast<int>(rows[row].index()) * 10);
    }
}

TEST_CASE("archetype_storage remove_marked across words of marks, and of every row, copies nothing it need not") {
    kiln::archetype_storage storage{layouts};
    for (std::uint32_t i = 0; i < 200; ++i) {
        push(storage, kiln::entity(i, 0), static_cast<float>(i), 0);
    }
    const auto never = [](std::byte* const*, std::size_t, std::size_t) { FAIL("no row should move"); };
    const auto unmoved = [](kiln::entity, std::uint32_t) { FAIL("no entity should move"); };
    // The last 100 rows, across the second, third and fourth words: nothing below them moves.
    std::uint64_t tail[4] = {0, 0, 0, 0};
    for (std::size_t row = 100; row < 200; ++row) {
        tail[row / 64] |= std::uint64_t{1} << (row % 64);
    }
    storage.remove_marked(tail, 100, never, unmoved);
    REQUIRE(storage.size() == 100);
    CHECK(storage.entities()[99] == kiln::entity(99, 0));
    // Then every row.
    std::uint64_t all[2] = {~std::uint64_t{0}, (std::uint64_t{1} << 36) - 1};
    storage.remove_marked(all, 100, never, unmoved);
    CHECK(storage.empty());
}

#if defined(KILN_COLUMN_RESERVATIONS)
namespace {

// Empties the program's list of kept reservations, so that what a test
// takes from it is what the test gave.
void forget_kept_reservations() {
    for (kiln::internal::column_block kept = kiln::internal::kept_reservations::instance().take(0);
         kept.memory != nullptr; kept = kiln::internal::kept_reservations::instance().take(0)) {
        kiln::internal::asan_unpoison(kept.memory, kept.backed + kiln::internal::poisoned_tail_bytes);
        ::munmap(kept.memory, kept.reserved);
    }
}

// The page holding address.
std::uintptr_t page_of(const void* address) {
    return reinterpret_cast<std::uintptr_t>(address) / kiln::internal::column_page_bytes;
}

// Rows enough for a Position column (8 bytes a row) past the threshold.
constexpr std::uint32_t large_rows = 3 * kiln::internal::column_reservation_threshold / sizeof(fixture::Position);

} // namespace

TEST_CASE("archetype_storage grows a large column in place, every row kept across the move to a reservation") {
    kiln::archetype_storage storage{layouts};
    const std::byte* reserved_at = nullptr;
    for (std::uint32_t i = 0; i < large_rows; ++i) {
        const std::size_t capacity = storage.capacity();
        push(storage, kiln::entity(i, 0), static_cast<float>(i), static_cast<int>(i));
        if (storage.capacity() != capacity && capacity * sizeof(fixture::Position) >=
                                                  kiln::internal::column_reservation_threshold) {
            // Grown again past the threshold: in place.
            CHECK(storage.columns()[0] == reserved_at);
        }
        if (storage.capacity() * sizeof(fixture::Position) >= kiln::internal::column_reservation_threshold) {
            reserved_at = storage.columns()[0];
        }
    }
    // Each column in a cache set of its own, not all at the start of a page.
    const auto set_of = [](const void* column) { return reinterpret_cast<std::uintptr_t>(column) % 4096 / 64; };
    CHECK(set_of(storage.columns()[0]) != set_of(storage.columns()[1]));
    CHECK(set_of(storage.columns()[1]) != set_of(storage.entities().data()));
    CHECK(set_of(storage.columns()[0]) != set_of(storage.entities().data()));
    std::uint32_t wrong = 0;
    for (std::uint32_t i = 0; i < large_rows; ++i) {
        wrong += position(storage, i).x == static_cast<float>(i) && health(storage, i).hp == static_cast<int>(i) &&
                         storage.entities()[i] == kiln::entity(i, 0)
                     ? 0
                     : 1;
    }
    CHECK(wrong == 0);
}

TEST_CASE("a large archetype's columns, freed, are reused by the next one, which reads only its own rows") {
    forget_kept_reservations();
    std::vector<std::uintptr_t> freed; // the pages the first storage's columns start on
    {
        kiln::archetype_storage storage{layouts};
        for (std::uint32_t i = 0; i < large_rows; ++i) {
            push(storage, kiln::entity(i, 0), static_cast<float>(i), 1);
        }
        freed = {page_of(storage.columns()[0]), page_of(storage.columns()[1]), page_of(storage.entities().data())};
    }
#    if defined(__SANITIZE_ADDRESS__)
    for (const std::uintptr_t page : freed) {
        CHECK(__asan_address_is_poisoned(reinterpret_cast<void*>(page * kiln::internal::column_page_bytes)));
    }
#    endif
    kiln::archetype_storage storage{layouts};
    for (std::uint32_t i = 0; i < large_rows / 2; ++i) {
        push(storage, kiln::entity(i, 1), -static_cast<float>(i), 2);
    }
    // Each large column took one the first storage gave back, already written.
    const std::size_t health_bytes = storage.capacity() * sizeof(fixture::Health);
    CHECK(std::count(freed.begin(), freed.end(), page_of(storage.columns()[0])) == 1);
    CHECK(std::count(freed.begin(), freed.end(), page_of(storage.entities().data())) == 1);
    if (health_bytes >= kiln::internal::column_reservation_threshold) {
        CHECK(std::count(freed.begin(), freed.end(), page_of(storage.columns()[1])) == 1);
    }
    // With its pages: past the rows pushed, the first storage's are still there, where a
    // new mapping, at the same address even, would read zero.
    REQUIRE(storage.capacity() > large_rows / 2);
    CHECK(position(storage, large_rows / 2).x == static_cast<float>(large_rows / 2));
    std::uint32_t wrong = 0;
    for (std::uint32_t i = 0; i < large_rows / 2; ++i) {
        wrong += position(storage, i).x == -static_cast<float>(i) && health(storage, i).hp == 2 &&
                         storage.entities()[i] == kiln::entity(i, 1)
                     ? 0
                     : 1;
    }
    CHECK(wrong == 0);
#    if defined(__SANITIZE_ADDRESS__)
    // Past the capacity, a reservation's column is as out of bounds as the heap's.
    CHECK(__asan_address_is_poisoned(storage.columns()[0] + storage.capacity() * sizeof(fixture::Position)));
    CHECK_FALSE(__asan_address_is_poisoned(storage.columns()[0] + (storage.capacity() - 1) * sizeof(fixture::Position)));
#    endif
}

TEST_CASE("reservations mapped one after another start on different pages modulo the spread, each whole") {
    namespace internal = kiln::internal;
    constexpr std::size_t count = 4;
    std::byte* mapped[count];
    for (std::byte*& reservation : mapped) {
        reservation = internal::map_reservation(internal::column_reservation_bytes);
        REQUIRE(reservation != nullptr);
    }
    // On consecutive pages modulo the spread, wherever the system put them (left to itself,
    // each 1 GiB below the one before: all on the same page modulo the spread).
    for (std::size_t i = 1; i < count; ++i) {
        CHECK((page_of(mapped[i]) - page_of(mapped[i - 1])) % internal::reservation_spread_pages == 1);
    }
    for (std::byte* const reservation : mapped) {
        reservation[0] = std::byte{1}; // writable from its first byte to its last
        reservation[internal::column_reservation_bytes - 1] = std::byte{1};
        CHECK(::munmap(reservation, internal::column_reservation_bytes) == 0);
    }
}

TEST_CASE("a column outgrowing its reservation is moved whole to a larger one") {
    namespace internal = kiln::internal;
    internal::column_block block = internal::grow_column({}, 0, internal::column_reservation_threshold, 4, 1);
    REQUIRE(block.reserved >= block.offset + internal::column_reservation_threshold);
    const std::size_t first_bytes = internal::column_reservation_threshold;
    for (std::size_t i = 0; i < first_bytes; ++i) {
        block.elements()[i] = static_cast<std::byte>(i * 7);
    }
    const std::size_t outgrown = block.reserved + internal::column_page_bytes;
    block = internal::grow_column(block, first_bytes, outgrown, 4, 1);
    REQUIRE(block.reserved >= block.offset + outgrown);
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < first_bytes; ++i) {
        wrong += block.elements()[i] == static_cast<std::byte>(i * 7) ? 0 : 1;
    }
    CHECK(wrong == 0);
    block.elements()[outgrown - 1] = std::byte{1}; // writable to its end
    internal::free_column(block, 4);
}
#endif
