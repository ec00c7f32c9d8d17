#include <kiln/entity_table.hpp>

#include <catch2/catch.hpp>

TEST_CASE("entity_table issues live handles that remember their location") {
    kiln::entity_table table;
    const kiln::entity a = table.create({2, 7});
    const kiln::entity b = table.create({0, 0});
    CHECK(a != b);
    CHECK(table.alive(a));
    CHECK(table.alive(b));
    CHECK(table.size() == 2);
    CHECK(table.location(a).archetype == 2);
    CHECK(table.location(a).row == 7);

    table.set_row(a, 3);
    CHECK(table.location(a).row == 3);
    table.relocate(a, {5, 1});
    CHECK(table.location(a).archetype == 5);
    CHECK(table.location(a).row == 1);
}

TEST_CASE("a destroyed handle stays dead when its slot is reused") {
    kiln::entity_table table;
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
    kiln::entity_table table;
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
    kiln::entity_table table;
    table.create({0, 0});
    CHECK_FALSE(table.alive(kiln::null_entity));
    CHECK_FALSE(table.alive(kiln::entity(1, 0)));
    CHECK_FALSE(table.alive(kiln::entity(0, 1)));
}

TEST_CASE("clear destroys every entity and keeps old handles dead") {
    kiln::entity_table table;
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
    kiln::entity_table table;
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
