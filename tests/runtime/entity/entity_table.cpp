#include <kiln/entity/entity_table.hpp>
#include <kiln/entity/huge_pages.hpp>

#include <catch2/catch.hpp>

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

TEST_CASE("entity_table issues live handles that remember their location") {
    kiln::entity_table table{6};
    const kiln::entity a = table.create({2, 7});
    const kiln::entity b = table.create({0, 0});
    CHECK(a != b);
    CHECK(table.alive(a));
    CHECK(table.alive(b));
    CHECK(table.size() == 2);
    CHECK(table.location(a).archetype == 2);
    CHECK(table.location(a).row == 7);

    table.relocate(a, {5, 1});
    CHECK(table.location(a).archetype == 5);
    CHECK(table.location(a).row == 1);
}

TEST_CASE("a destroyed handle stays dead when its slot is reused") {
    kiln::entity_table table{6};
    const kiln::entity first = table.create({0, 0});
    table.destroy(first);
    CHECK_FALSE(table.alive(first));
    CHECK(table.size() == 0);

    const kiln::entity reused = table.create({0, 0});
    CHECK(reused.index() == first.index());
    CHECK(reused.generation() == first.generation() + 1);
    CHECK(table.alive(reused));
    CHECK_FALSE(table.alive(first));
}

TEST_CASE("freed slots are reused last in, first out") {
    kiln::entity_table table{6};
    const kiln::entity a = table.create({0, 0});
    const kiln::entity b = table.create({0, 1});
    table.create({0, 2});
    table.destroy(a);
    table.destroy(b);
    CHECK(table.create({0, 0}).index() == b.index());
    CHECK(table.create({0, 0}).index() == a.index());
    CHECK(table.create({0, 0}).index() == 3);
}

TEST_CASE("entity_table rejects handles it did not issue") {
    kiln::entity_table table{6};
    table.create({0, 0});
    CHECK_FALSE(table.alive(kiln::null_entity));
    CHECK_FALSE(table.alive(kiln::entity(1, 0)));
    CHECK_FALSE(table.alive(kiln::entity(0, 1)));
}

TEST_CASE("clear destroys every entity and keeps old handles dead") {
    kiln::entity_table table{6};
    const kiln::entity a = table.create({0, 0});
    const kiln::entity b = table.create({1, 0});
    table.destroy(a);
    table.clear();
    CHECK(table.size() == 0);
    CHECK_FALSE(table.alive(b));
    const kiln::entity c = table.create({0, 0});
    CHECK(c != a);
    CHECK(c != b);
    CHECK(table.size() == 1);
}

TEST_CASE("create_block issues consecutive new handles at consecutive rows") {
    kiln::entity_table table{6};
    table.create({0, 0});
    CHECK_FALSE(table.has_free_slots());
    const kiln::entity::index_type first = table.create_block(3, 2, 10);
    CHECK(first == 1);
    CHECK(table.size() == 4);
    for (std::uint32_t i = 0; i < 3; ++i) {
        const kiln::entity e(first + i, 0);
        REQUIRE(table.alive(e));
        CHECK(table.location(e).archetype == 2);
        CHECK(table.location(e).row == 10 + i);
    }
    table.destroy(kiln::entity(first, 0));
    CHECK(table.has_free_slots());
}

TEST_CASE("growing the table keeps every slot and the free list") {
    kiln::entity_table table{6};
    std::vector<kiln::entity> created;
    for (std::uint32_t row = 0; row < 40; ++row) { // past the first capacity, 16 slots, twice
        created.push_back(table.create({row % 6, row}));
    }
    table.destroy(created[3]);
    table.destroy(created[30]);
    table.reserve(1000);

    for (std::uint32_t row = 0; row < 40; ++row) {
        const kiln::entity e = created[row];
        if (row == 3 || row == 30) {
            CHECK_FALSE(table.alive(e));
        } else {
            REQUIRE(table.alive(e));
            CHECK(table.location(e).archetype == row % 6);
            CHECK(table.location(e).row == row);
        }
    }
    const kiln::entity reused = table.create({0, 0});
    CHECK(reused.index() == created[30].index());
    CHECK(reused.generation() == created[30].generation() + 1);
    CHECK(table.create({0, 0}).index() == created[3].index());
    CHECK(table.create({0, 0}).index() == 40);
}

TEST_CASE("an array for random reads takes whole huge pages from a huge page's size on") {
    constexpr std::size_t huge = kiln::internal::huge_page_bytes;
    const auto small = kiln::internal::allocate_random_access<std::uint64_t>(huge / 8 - 1);
    CHECK(small.capacity == huge / 8 - 1);

    const auto large = kiln::internal::allocate_random_access<std::uint64_t>(huge / 8 + 1);
#if defined(__linux__)
    CHECK(large.capacity == 2 * huge / 8); // rounded up to whole huge pages, all of them usable
    CHECK(reinterpret_cast<std::uintptr_t>(large.elements.get()) % huge == 0);
#else
    CHECK(large.capacity == huge / 8 + 1);
#endif
}

#if defined(__linux__)
TEST_CASE("a huge-page array freed is reused, faulted in, by the next one that fits in it") {
    constexpr std::size_t huge = kiln::internal::huge_page_bytes;
    std::uint64_t* first = nullptr;
    {
        auto array = kiln::internal::allocate_random_access<std::uint64_t>(3 * huge / 8);
        first = array.elements.get();
        first[0] = 7;
    }
    const auto smaller = kiln::internal::allocate_random_access<std::uint64_t>(huge / 8);
    CHECK(smaller.elements.get() == first);
    CHECK(smaller.capacity == 3 * huge / 8); // all of the kept mapping
    const auto larger = kiln::internal::allocate_random_access<std::uint64_t>(4 * huge / 8);
    CHECK(larger.elements.get() != first); // in use, so not kept
    CHECK(larger.capacity == 4 * huge / 8);
    larger.elements[4 * huge / 8 - 1] = 1; // the whole capacity is mapped
}
#endif

// A million entities' slots fill four huge pages; the table takes the
// rounded-up capacity, and the free list must hold as many: every slot of it
// can be freed at once.
TEST_CASE("a table on huge pages fills its whole capacity and frees every slot") {
    kiln::entity_table table{6};
    constexpr std::uint32_t asked = 300'000; // 2.4 MB of slots: rounded up to 4 MiB, 524,288 slots
    table.reserve(asked);
    std::vector<kiln::entity> created;
    for (std::uint32_t row = 0; row < 524'288; ++row) {
        created.push_back(table.create({row % 6, row}));
    }
    for (const kiln::entity e : created) {
        table.destroy(e);
    }
    CHECK(table.size() == 0);
    std::size_t out_of_order = 0;
    for (std::uint32_t row = 0; row < 524'288; ++row) { // last freed, first reused
        const kiln::entity reused = table.create({1, row});
        out_of_order += reused != kiln::entity(created[created.size() - 1 - row].index(), 1) ? 1 : 0;
    }
    CHECK(out_of_order == 0);
    CHECK(table.slot_count() == 524'288);
    CHECK(table.location(kiln::entity(created.front().index(), 1)).row == 524'287);
}

TEST_CASE("a moved-from table has no slots and issues handles again") {
    kiln::entity_table table{6};
    const kiln::entity a = table.create({1, 0});
    table.destroy(table.create({1, 1}));

    kiln::entity_table moved{std::move(table)};
    CHECK(moved.alive(a));
    CHECK(moved.size() == 1);
    CHECK(moved.has_free_slots());
    CHECK(table.size() == 0); // NOLINT(bugprone-use-after-move): the state a move leaves is the point
    CHECK(table.slot_count() == 0);
    CHECK_FALSE(table.alive(a));
    CHECK_FALSE(table.has_free_slots());
    CHECK(table.create({2, 0}).index() == 0);

    table = std::move(moved);
    CHECK(table.alive(a));
    CHECK(table.location(a).archetype == 1);
    CHECK(moved.slot_count() == 0); // NOLINT(bugprone-use-after-move)
    CHECK_FALSE(moved.alive(a));
}

TEST_CASE("a slot holds the highest archetype id at the last row its archetype may use") {
    CHECK(kiln::entity_table{3}.max_rows() == std::uint32_t{1} << 29);
    CHECK(kiln::entity_table{256}.max_rows() == std::uint32_t{1} << 23);
    CHECK(kiln::entity_table{0}.max_rows() == std::uint32_t{1} << 31);
    for (const std::uint32_t archetypes : {1u, 2u, 3u, 6u, 7u, 255u, 256u, 1000u}) {
        kiln::entity_table table{archetypes};
        CHECK(kiln::entity_table::max_rows_for(archetypes) == table.max_rows());
        const std::uint32_t last_row = table.max_rows() - 1;
        const kiln::entity last = table.create({archetypes - 1, last_row});
        const kiln::entity first = table.create({0, 0});
        const kiln::entity reserved = table.reserve();
        INFO(archetypes << " archetypes");
        REQUIRE(table.alive(last));
        CHECK(table.location(last).archetype == archetypes - 1);
        CHECK(table.location(last).row == last_row);
        CHECK(table.find(last).row == last_row);
        CHECK(table.location(first).row == 0);
        CHECK_FALSE(table.alive(reserved));
        CHECK(table.reserved(reserved));
        CHECK(table.find(reserved).archetype >= archetypes);
        CHECK(table.find_place(last) == table.encode({archetypes - 1, last_row}));
        CHECK(table.find_place(first) == table.encode({0, 0}));
        // find_place of an entity not alive is in no archetype's rows.
        const auto in_no_archetype = [&](std::uint32_t place) {
            for (std::uint32_t archetype = 0; archetype < archetypes; ++archetype) {
                if (place - table.encode({archetype, 0}) < table.max_rows()) {
                    return false;
                }
            }
            return true;
        };
        CHECK(in_no_archetype(table.find_place(reserved)));
        CHECK(in_no_archetype(table.find_place(kiln::entity(last.index(), last.generation() + 1))));
        CHECK(in_no_archetype(table.find_place(kiln::entity(1000000, 0))));
        table.relocate(last, {archetypes - 1, 5});
        CHECK(table.location(last).archetype == archetypes - 1);
        CHECK(table.location(last).row == 5);
        table.destroy(last);
        CHECK(table.find(last).archetype >= archetypes);
        CHECK(in_no_archetype(table.find_place(last)));
        CHECK_FALSE(table.alive(kiln::entity(last.index(), last.generation() + 1))); // free, not yet reused
    }
}

TEST_CASE("the free list comes back from restore in the order it was saved") {
    kiln::entity_table table{2};
    for (std::uint32_t row = 0; row < 5; ++row) {
        table.create({0, row});
    }
    for (const std::uint32_t index : {3u, 0u, 4u}) {
        table.destroy(kiln::entity(index, 0));
    }
    std::vector<std::uint32_t> free;
    table.for_each_free([&](std::uint32_t index) { free.push_back(index); });
    CHECK(free == std::vector<std::uint32_t>{4, 0, 3});

    kiln::entity_table restored{2};
    restored.restore(5, [](std::uint32_t index) { return index == 1 || index == 2 ? 0u : 1u; }, free);
    restored.restore_alive(kiln::entity(1, 0), {1, 0});
    std::vector<std::uint32_t> restored_free;
    restored.for_each_free([&](std::uint32_t index) { restored_free.push_back(index); });
    CHECK(restored_free == free);
    CHECK(restored.size() == 1);
    CHECK(restored.location(kiln::entity(1, 0)).archetype == 1);
    CHECK_FALSE(restored.alive(kiln::entity(2, 0))); // neither free nor alive: retired
    CHECK(restored.create({0, 0}) == kiln::entity(4, 1));
    CHECK(restored.create({0, 1}) == kiln::entity(0, 1));
    CHECK(restored.create({0, 2}) == kiln::entity(3, 1));
    CHECK(restored.create({0, 3}) == kiln::entity(5, 0));
}

TEST_CASE("a reserved entity is counted until placed or released, and a released handle stays dead") {
    kiln::entity_table table{4};
    const kiln::entity placed = table.reserve();
    const kiln::entity released = table.reserve();
    CHECK(table.reserved_count() == 2);
    CHECK(table.size() == 0);

    table.place(placed, {1, 0});
    CHECK(table.alive(placed));
    CHECK(table.reserved_count() == 1);

    table.release(released);
    CHECK(table.reserved_count() == 0);
    CHECK_FALSE(table.reserved(released));
    CHECK_FALSE(table.alive(released));
    const kiln::entity reused = table.create({0, 0});
    CHECK(reused.index() == released.index());
    CHECK(reused.generation() == released.generation() + 1);
    CHECK_FALSE(table.alive(released));
}

TEST_CASE("reservations move with the table") {
    kiln::entity_table table{4};
    const kiln::entity reserved = table.reserve();
    kiln::entity_table moved{std::move(table)};
    CHECK(moved.reserved(reserved));
    CHECK(moved.reserved_count() == 1);
    CHECK(table.reserved_count() == 0); // NOLINT(bugprone-use-after-move): a moved-from table is empty
}
