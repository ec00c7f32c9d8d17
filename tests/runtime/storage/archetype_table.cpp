#include <kiln/storage/archetype_table.hpp>

#include <fixture/world.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <set>
#include <span>

namespace {

using archetypes = fixture::schema::archetypes;
using table = kiln::internal::archetype_table<fixture::schema>;

// The columns of an archetype holding Components, as column_layouts lays them out.
template <class... Components>
std::span<const kiln::column_layout> expected_layouts(kiln::type_list<Components...>) {
    return kiln::column_layouts<Components...>;
}

// Whether two lists of columns are alike, column by column.
bool same_layouts(std::span<const kiln::column_layout> one, std::span<const kiln::column_layout> other) {
    return std::equal(one.begin(), one.end(), other.begin(), other.end(),
                      [](kiln::column_layout a, kiln::column_layout b) {
                          return a.size == b.size && a.alignment == b.alignment;
                      });
}

// Appends a row for e to storage, its columns left as they are.
void push(kiln::archetype_storage& storage, kiln::entity e) {
    storage.entity_at(storage.grow_by(1)) = e;
}

} // namespace

TEST_CASE("archetype_table holds one storage per archetype, at its id, built with that archetype's columns") {
    table storages;
    std::set<const kiln::archetype_storage*> distinct;
    kiln::for_each_type(archetypes{}, [&]<class A>() {
        CAPTURE(A::name);
        const kiln::archetype_storage& storage = storages[A::id];
        distinct.insert(&storage);
        CHECK(storage.empty());
        CHECK(same_layouts(storage.layouts(), expected_layouts(typename A::components{})));
    });
    CHECK(distinct.size() == archetypes::size);
    // Ship: Position, Velocity, Health, Target (packed) and Color (split, three fields).
    CHECK(storages[fixture::Ship::id].layouts().size() == 7);
}

TEST_CASE("archetype_table's storages keep their rows apart, and swap exchanges every archetype's") {
    table one;
    table other;
    push(one[fixture::Ship::id], kiln::entity(1, 0));
    push(one[fixture::Ship::id], kiln::entity(2, 0));
    push(other[fixture::Particle::id], kiln::entity(3, 0));
    CHECK(one[fixture::Particle::id].empty());

    one.swap(other);
    CHECK(one[fixture::Ship::id].empty());
    REQUIRE(one[fixture::Particle::id].size() == 1);
    CHECK(one[fixture::Particle::id].entities()[0] == kiln::entity(3, 0));
    REQUIRE(other[fixture::Ship::id].size() == 2);
    CHECK(other[fixture::Ship::id].entities()[1] == kiln::entity(2, 0));
    CHECK(other[fixture::Particle::id].empty());
}

TEST_CASE("archetype_table's storages keep their columns after a swap, when the other table is gone") {
    table kept;
    auto other = std::make_unique<table>();
    push((*other)[fixture::Ship::id], kiln::entity(1, 0));
    kept.swap(*other);
    other.reset();
    kiln::for_each_type(archetypes{}, [&]<class A>() {
        CAPTURE(A::name);
        CHECK(same_layouts(kept[A::id].layouts(), expected_layouts(typename A::components{})));
    });
    CHECK(kept[fixture::Ship::id].size() == 1);
}
