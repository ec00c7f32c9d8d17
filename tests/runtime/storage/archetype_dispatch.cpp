#include <kiln/storage/archetype_dispatch.hpp>

#include <fixture/world.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <string_view>

using archetypes = fixture::schema::archetypes;

TEST_CASE("visit_archetype visits the archetype of a run-time id, and none for an id no archetype has") {
    for (std::uint32_t id = 0; id < archetypes::size; ++id) {
        std::string_view visited;
        CHECK(kiln::internal::visit_archetype(archetypes{}, id, [&]<class A>() { visited = A::name; }));
        CHECK(visited == kiln::internal::names_of(archetypes{})[id]);
    }
    bool called = false;
    CHECK_FALSE(kiln::internal::visit_archetype(archetypes{}, archetypes::size, [&]<class>() { called = true; }));
    CHECK_FALSE(called);
}

TEST_CASE("visit_place finds the archetype and row that an entity table's place word encodes") {
    kiln::entity_table table{archetypes::size};
    const kiln::entity in_ship = table.create({fixture::Ship::id, 17});
    const kiln::entity in_beacon = table.create({fixture::Beacon::id, 0});
    std::string_view name;
    std::uint32_t row = 0;
    const auto record = [&]<class A>(std::uint32_t row_in_a) {
        name = A::name;
        row = row_in_a;
    };
    REQUIRE(kiln::internal::visit_place(archetypes{}, table, table.find_place(in_ship), record));
    CHECK(name == "Ship");
    CHECK(row == 17);
    REQUIRE(kiln::internal::visit_place(archetypes{}, table, table.find_place(in_beacon), record));
    CHECK(name == "Beacon");
    CHECK(row == 0);

    // Only among the archetypes given: Beacon's rows are none of Particle's and Ship's.
    name = "";
    CHECK_FALSE(kiln::internal::visit_place(kiln::type_list<fixture::Particle, fixture::Ship>{}, table,
                                            table.find_place(in_beacon), record));
    CHECK(name.empty());
}

TEST_CASE("a schema's archetype ids are their positions, and names_of is indexed by them") {
    STATIC_REQUIRE(kiln::internal::ids_are_positions(archetypes{}));
    STATIC_REQUIRE_FALSE(kiln::internal::ids_are_positions(kiln::type_list<fixture::Ship, fixture::Particle>{}));
    constexpr auto names = kiln::internal::names_of(archetypes{});
    STATIC_REQUIRE(names[fixture::Probe::id] == "Probe");
}

TEST_CASE("a schema's component ids are their positions, which the world's table of columns relies on") {
    STATIC_REQUIRE(kiln::internal::component_ids_are_positions(fixture::schema::components{}));
    STATIC_REQUIRE_FALSE(kiln::internal::component_ids_are_positions(
        kiln::type_list<fixture::Velocity, fixture::Position>{}));
}

TEST_CASE("the tables by archetype id say where a component's columns start, in each archetype holding it") {
    constexpr auto& firsts = kiln::internal::first_columns_by_id<fixture::Color, archetypes::size>;
    kiln::for_each_type(archetypes{}, [&]<class A>() {
        CAPTURE(A::name);
        if constexpr (kiln::holds_v<A, fixture::Color>) {
            CHECK(firsts[A::id] == kiln::first_column<fixture::Color>(typename A::components{}));
        } else {
            CHECK(firsts[A::id] == kiln::internal::no_column);
        }
    });
    // Ship holds Position, Velocity, Health, Target, Color: Color starts after four packed columns.
    STATIC_REQUIRE(firsts[fixture::Ship::id] == 4);
}
