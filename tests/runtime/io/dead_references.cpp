#include <kiln/io/dead_references.hpp>

#include <catch2/catch.hpp>

#include <array>
#include <cstddef>
#include <cstring>

namespace {

// A type holding an entity, a u32 and an entity[2], as kilnc would describe
// it: 24 bytes packed, or three columns split.
struct linked {
    kiln::entity owner;
    std::uint32_t tag;
    std::uint32_t pad;
    kiln::entity targets[2];
};

constexpr kiln::field_info linked_fields[] = {
    {0, "owner", "entity", kiln::scalar_type::entity, 1, offsetof(linked, owner), 8, "", ""},
    {1, "tag", "u32", kiln::scalar_type::u32, 1, offsetof(linked, tag), 4, "", ""},
    {2, "targets", "entity[2]", kiln::scalar_type::entity, 2, offsetof(linked, targets), 16, "", ""},
};

struct live_and_dead {
    kiln::entity_table entities{1};
    kiln::entity alive_one = entities.create({0, 0});
    kiln::entity dead_one = entities.create({0, 1});
    kiln::entity alive_two = entities.create({0, 2});
    live_and_dead() { entities.destroy(dead_one); }
};

} // namespace

TEST_CASE("null_dead_references nulls every entity field of a packed column that names a dead entity, and only those") {
    const live_and_dead world;
    // The dead one's handle, 0xdead in the u32: only entity fields are read as handles.
    std::array<linked, 2> rows{{
        {world.alive_one, 0xdead, 0, {world.dead_one, world.alive_two}},
        {world.dead_one, 7, 0, {world.alive_two, kiln::entity{99, 0}}},
    }};
    std::byte* const columns[] = {reinterpret_cast<std::byte*>(rows.data())};
    const kiln::internal::type_description type{1, "Linked", kiln::layout::packed, sizeof(linked), linked_fields, {},
                                                nullptr};
    kiln::internal::null_dead_references(type, columns, rows.size(), world.entities);

    CHECK(rows[0].owner == world.alive_one);
    CHECK(rows[0].tag == 0xdead);
    CHECK(rows[0].targets[0] == kiln::null_entity);
    CHECK(rows[0].targets[1] == world.alive_two);
    CHECK(rows[1].owner == kiln::null_entity);
    CHECK(rows[1].tag == 7);
    CHECK(rows[1].targets[0] == world.alive_two);
    CHECK(rows[1].targets[1] == kiln::null_entity); // a slot the table never issued
}

TEST_CASE("null_dead_references reads a split type's entity fields from their own columns") {
    const live_and_dead world;
    std::array<kiln::entity, 2> owners{world.dead_one, world.alive_two};
    std::array<std::uint32_t, 2> tags{1, 2};
    std::array<kiln::entity, 4> targets{world.alive_one, world.dead_one, world.dead_one, world.alive_one};
    std::byte* const columns[] = {reinterpret_cast<std::byte*>(owners.data()), reinterpret_cast<std::byte*>(tags.data()),
                                  reinterpret_cast<std::byte*>(targets.data())};
    const kiln::internal::type_description type{1, "Linked", kiln::layout::split, sizeof(linked), linked_fields, {},
                                                nullptr};
    kiln::internal::null_dead_references(type, columns, 2, world.entities);

    CHECK(owners == std::array<kiln::entity, 2>{kiln::null_entity, world.alive_two});
    CHECK(tags == std::array<std::uint32_t, 2>{1, 2});
    CHECK(targets == std::array<kiln::entity, 4>{world.alive_one, kiln::null_entity, kiln::null_entity, world.alive_one});
}
