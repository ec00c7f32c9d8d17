#include <kiln/query.hpp>

#include <fixture/world.hpp>

#include <catch2/catch.hpp>

#include <vector>

namespace {

using kiln::type_list;
using member = kiln::archetype_storage fixture::archetype_storages::*;

template <class Query>
std::vector<member> matched() {
    std::vector<member> members;
    for (const auto& target : Query::targets) {
        members.push_back(target.storage);
    }
    return members;
}

} // namespace

TEST_CASE("a query matches the archetypes holding every accessed component, in schema order") {
    CHECK(matched<kiln::query<type_list<fixture::Position>>>() ==
          std::vector{fixture::Particle::storage, fixture::Ship::storage, fixture::FrozenShip::storage,
                      fixture::Marker::storage, fixture::Probe::storage});
    CHECK(matched<kiln::query<type_list<fixture::Position, const fixture::Velocity>>>() ==
          std::vector{fixture::Particle::storage, fixture::Ship::storage, fixture::FrozenShip::storage});
    CHECK(matched<kiln::query<type_list<const fixture::Color, fixture::Health>>>() ==
          std::vector{fixture::Ship::storage, fixture::FrozenShip::storage});
}

TEST_CASE("with requires components without accessing them, and without excludes") {
    CHECK(matched<kiln::query<type_list<fixture::Position>, type_list<fixture::Tag>>>() ==
          std::vector{fixture::Marker::storage});
    CHECK(matched<kiln::query<type_list<fixture::Velocity>, type_list<>, type_list<fixture::Frozen>>>() ==
          std::vector{fixture::Particle::storage, fixture::Ship::storage});
    CHECK(matched<kiln::query<type_list<>, type_list<fixture::Tag>, type_list<fixture::Position>>>() ==
          std::vector{fixture::Beacon::storage});
    CHECK(matched<kiln::query<type_list<fixture::Frozen>, type_list<>, type_list<fixture::Frozen>>>().empty());
}

TEST_CASE("a query target says where each accessed component's columns start") {
    // Ship holds Position, Velocity, Health, Target, Color: Color starts after four packed columns.
    constexpr auto& targets = kiln::query<type_list<fixture::Color, const fixture::Position>>::targets;
    STATIC_REQUIRE(targets.size() == 2);
    CHECK(targets[0].storage == fixture::Ship::storage);
    CHECK(targets[0].first_columns == std::array<std::uint32_t, 2>{4, 0});
}
