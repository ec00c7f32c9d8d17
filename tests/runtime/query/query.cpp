#include <kiln/query/query.hpp>

#include <fixture/world.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

namespace {

using kiln::type_list;

// The ids of the archetypes Query matches.
template <class Query>
std::vector<std::uint32_t> matched() {
    std::vector<std::uint32_t> ids;
    for (const auto& target : Query::targets) {
        ids.push_back(target.archetype);
    }
    return ids;
}

} // namespace

TEST_CASE("a query matches the archetypes holding every accessed component, in schema order") {
    CHECK(matched<kiln::query<type_list<fixture::Position>>>() ==
          std::vector<std::uint32_t>{fixture::Particle::id, fixture::Ship::id, fixture::FrozenShip::id,
                      fixture::Marker::id, fixture::Probe::id});
    CHECK(matched<kiln::query<type_list<fixture::Position, const fixture::Velocity>>>() ==
          std::vector<std::uint32_t>{fixture::Particle::id, fixture::Ship::id, fixture::FrozenShip::id});
    CHECK(matched<kiln::query<type_list<const fixture::Color, fixture::Health>>>() ==
          std::vector<std::uint32_t>{fixture::Ship::id, fixture::FrozenShip::id});
}

TEST_CASE("with requires components without accessing them, and without excludes") {
    CHECK(matched<kiln::query<type_list<fixture::Position>, type_list<fixture::Tag>>>() ==
          std::vector<std::uint32_t>{fixture::Marker::id});
    CHECK(matched<kiln::query<type_list<fixture::Velocity>, type_list<>, type_list<fixture::Frozen>>>() ==
          std::vector<std::uint32_t>{fixture::Particle::id, fixture::Ship::id});
    CHECK(matched<kiln::query<type_list<>, type_list<fixture::Tag>, type_list<fixture::Position>>>() ==
          std::vector<std::uint32_t>{fixture::Beacon::id});
    CHECK(matched<kiln::query<type_list<fixture::Frozen>, type_list<>, type_list<fixture::Frozen>>>().empty());
}

TEST_CASE("a query target says where each accessed component's columns start") {
    // Ship holds Position, Velocity, Health, Target, Color: Color starts after four packed columns.
    constexpr auto& targets = kiln::query<type_list<fixture::Color, const fixture::Position>>::targets;
    STATIC_REQUIRE(targets.size() == 2);
    CHECK(targets[0].archetype == fixture::Ship::id);
    CHECK(targets[0].first_columns == std::array<std::uint32_t, 2>{4, 0});
}
