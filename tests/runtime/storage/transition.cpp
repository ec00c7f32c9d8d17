#include <kiln/storage/transition.hpp>

#include <fixture/world.hpp>

#include <catch2/catch.hpp>

#include <type_traits>

TEST_CASE("add_target_t and remove_target_t follow the generated transitions") {
    STATIC_REQUIRE(std::is_same_v<kiln::add_target_t<fixture::Ship, fixture::Frozen>, fixture::FrozenShip>);
    STATIC_REQUIRE(std::is_same_v<kiln::remove_target_t<fixture::FrozenShip, fixture::Frozen>, fixture::Ship>);
    STATIC_REQUIRE(std::is_same_v<kiln::add_target_t<fixture::Beacon, fixture::Position>, fixture::Marker>);
    STATIC_REQUIRE(std::is_same_v<kiln::remove_target_t<fixture::Marker, fixture::Position>, fixture::Beacon>);
}

TEST_CASE("a move to an undeclared set of components has no target") {
    STATIC_REQUIRE(std::is_void_v<kiln::add_target_t<fixture::Particle, fixture::Frozen>>);
    STATIC_REQUIRE(std::is_void_v<kiln::remove_target_t<fixture::Ship, fixture::Frozen>>);
    STATIC_REQUIRE(std::is_void_v<kiln::remove_target_t<fixture::Particle, fixture::Velocity>>);
    STATIC_REQUIRE(std::is_void_v<kiln::add_target_t<fixture::Ship, fixture::Unused>>);
}
