#include <kiln/storage/archetype.hpp>

#include <fixture/world.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <span>
#include <string_view>
#include <type_traits>
#include <vector>

TEST_CASE("the generated archetype tags are archetypes, and components and other types are not") {
    STATIC_REQUIRE(kiln::archetype<fixture::Particle>);
    STATIC_REQUIRE(kiln::archetype<fixture::FrozenShip>);
    STATIC_REQUIRE(kiln::archetype<fixture::Beacon>);
    STATIC_REQUIRE_FALSE(kiln::archetype<fixture::Position>);
    STATIC_REQUIRE_FALSE(kiln::archetype<fixture::schema>);
    STATIC_REQUIRE_FALSE(kiln::archetype<int>);
}

TEST_CASE("holds_v says whether an archetype's components include one") {
    STATIC_REQUIRE(kiln::holds_v<fixture::Ship, fixture::Health>);
    STATIC_REQUIRE(kiln::holds_v<fixture::FrozenShip, fixture::Frozen>);
    STATIC_REQUIRE_FALSE(kiln::holds_v<fixture::Ship, fixture::Frozen>);
    STATIC_REQUIRE_FALSE(kiln::holds_v<fixture::Particle, fixture::Health>);
    STATIC_REQUIRE_FALSE(kiln::holds_v<fixture::Ship, const fixture::Health>);
}

TEST_CASE("archetypes_with lists the archetypes holding a component in schema order, and none by default") {
    STATIC_REQUIRE(std::is_same_v<kiln::archetypes_with_t<fixture::Health>,
                                  kiln::type_list<fixture::Ship, fixture::FrozenShip>>);
    STATIC_REQUIRE(std::is_same_v<kiln::archetypes_with_t<fixture::Tag>,
                                  kiln::type_list<fixture::Marker, fixture::Beacon>>);
    // Unused is declared but no archetype holds it: the primary template answers.
    STATIC_REQUIRE(std::is_same_v<kiln::archetypes_with_t<fixture::Unused>, kiln::type_list<>>);
    STATIC_REQUIRE(std::is_same_v<kiln::archetypes_with_t<int>, kiln::type_list<>>);
}

TEST_CASE("every archetype of archetypes_with holds the component, and every holder is listed") {
    kiln::for_each_type(fixture::schema::components{}, []<class C>() {
        kiln::for_each_type(fixture::schema::archetypes{}, []<class A>() {
            CHECK(kiln::holds_v<A, C> == kiln::contains_v<A, kiln::archetypes_with_t<C>>);
        });
    });
}

TEST_CASE("an archetype's id is its index in the schema's list") {
    std::vector<std::string_view> names;
    std::uint32_t expected_id = 0;
    kiln::for_each_type(fixture::schema::archetypes{}, [&]<class A>() {
        CHECK(A::id == expected_id++);
        names.push_back(A::name);
    });
    CHECK(names == std::vector<std::string_view>{"Particle", "Ship", "FrozenShip", "Marker", "Probe", "Beacon"});
}

namespace {

// What the runtime works out from an archetype's components: the numbers
// kilnc writes must say the same.
template <class... Components>
constexpr bool numbers_agree(const auto& ids, const auto& firsts, kiln::type_list<Components...>) {
    return ids == kiln::internal::component_ids<Components...> && firsts == kiln::internal::first_columns<Components...>;
}

} // namespace

TEST_CASE("kilnc's numbers for an archetype are its components' ids and where their columns start") {
    kiln::for_each_type(fixture::schema::archetypes{}, []<class A>() {
        CHECK(numbers_agree(A::component_ids, A::first_columns, typename A::components{}));
    });
    // Probe: Position (packed: one column), Scanner (split: one per field, two), Orientation, Samples.
    STATIC_REQUIRE(fixture::Probe::first_columns[1] == 1);
    STATIC_REQUIRE(fixture::Probe::first_columns[2] == 3);
    STATIC_REQUIRE(fixture::Beacon::first_columns.back() == 0); // Tag alone: no columns
    STATIC_REQUIRE(kiln::internal::columns_of_archetype<fixture::Probe>().first_column(
                       kiln::component_traits<fixture::Scanner>::id) == 1);
}

TEST_CASE("kilnc's columns for each component are those the runtime works out from its type") {
    using schema = fixture::schema;
    kiln::for_each_type(schema::components{}, []<class C>() {
        CAPTURE(kiln::component_traits<C>::name);
        constexpr std::uint32_t id = kiln::component_traits<C>::id;
        const std::span<const kiln::column_layout> written{
            schema::component_columns.data() + schema::component_first_columns[id],
            schema::component_first_columns[id + 1] - schema::component_first_columns[id]};
        constexpr auto& expected = kiln::internal::component_layouts<C>;
        CHECK(std::equal(written.begin(), written.end(), expected.begin(), expected.end(),
                         [](kiln::column_layout a, kiln::column_layout b) {
                             return a.size == b.size && a.alignment == b.alignment;
                         }));
    });
    STATIC_REQUIRE(schema::component_first_columns.size() == schema::components::size + 1);
    STATIC_REQUIRE(schema::component_first_columns.back() == schema::component_columns.size());
}
