#include <kiln/query.hpp>

#include <fixture/world.hpp>

#include <catch2/catch.hpp>

#include <string_view>
#include <vector>

namespace {

template <class Query>
std::vector<std::string_view> matched_names() {
    std::vector<std::string_view> names;
    Query::for_each_archetype([&]<class A>() { names.push_back(A::name); });
    return names;
}

using kiln::type_list;
using names = std::vector<std::string_view>;

} // namespace

TEST_CASE("a query matches the archetypes holding every accessed component, in schema order") {
    CHECK(matched_names<kiln::query<type_list<fixture::Position>>>() ==
          names{"Particle", "Ship", "FrozenShip", "Marker", "Probe"});
    CHECK(matched_names<kiln::query<type_list<fixture::Position, const fixture::Velocity>>>() ==
          names{"Particle", "Ship", "FrozenShip"});
    CHECK(matched_names<kiln::query<type_list<const fixture::Color, fixture::Health>>>() ==
          names{"Ship", "FrozenShip"});
}

TEST_CASE("with requires components without accessing them; without excludes") {
    CHECK(matched_names<kiln::query<type_list<fixture::Position>, type_list<fixture::Tag>>>() == names{"Marker"});
    CHECK(matched_names<kiln::query<type_list<fixture::Velocity>, type_list<>, type_list<fixture::Frozen>>>() ==
          names{"Particle", "Ship"});
    CHECK(matched_names<kiln::query<type_list<>, type_list<fixture::Tag>, type_list<fixture::Position>>>() ==
          names{"Beacon"});
    CHECK(matched_names<kiln::query<type_list<fixture::Frozen>, type_list<>, type_list<fixture::Frozen>>>().empty());
}
