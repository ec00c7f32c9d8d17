// <fixture/hana.hpp>: the fixture's components and resources as Hana Structs,
// agreeing with kiln's own reflection, and its types as hana::tuple_t lists
// agreeing with the schema's kiln::type_lists; <events/hana.hpp> for events.
#include <events/hana.hpp>
#include <fixture/hana.hpp>
#include <fixture/reflection.hpp>

#include <boost/hana.hpp>
#include <catch2/catch.hpp>
#include <kiln/schema/reflect.hpp>

#include <cstdio>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace hana = boost::hana;

namespace {

// The types of a kiln::type_list as a hana::tuple_t, to compare with the generated lists.
template <class... Types>
constexpr auto as_hana(kiln::type_list<Types...>) {
    return hana::tuple_t<Types...>;
}

template <class T>
std::vector<std::string> kiln_field_names() {
    std::vector<std::string> names;
    kiln::for_each_field(T{}, [&](std::string_view name, const auto&) { names.emplace_back(name); });
    return names;
}

template <class T>
std::vector<std::string> hana_field_names() {
    std::vector<std::string> names;
    hana::for_each(hana::keys(T{}), [&](auto key) { names.emplace_back(hana::to<const char*>(key)); });
    return names;
}

} // namespace

TEST_CASE("the generated lists hold the schema's components, resources and archetypes, in its order") {
    STATIC_REQUIRE(fixture::hana_lists::components == as_hana(fixture::schema::components{}));
    STATIC_REQUIRE(fixture::hana_lists::resources == as_hana(fixture::schema::resources{}));
    STATIC_REQUIRE(fixture::hana_lists::archetypes == as_hana(fixture::schema::archetypes{}));
    STATIC_REQUIRE(hana::contains(fixture::hana_lists::components, hana::type_c<fixture::Color>));
}

TEST_CASE("every component and resource is a Hana Struct whose keys are kiln's field names") {
    hana::for_each(hana::concat(fixture::hana_lists::components, fixture::hana_lists::resources), [](auto type) {
        using T = typename decltype(type)::type;
        STATIC_REQUIRE(hana::Struct<T>::value);
        CHECK(hana_field_names<T>() == kiln_field_names<T>());
    });
    CHECK(hana_field_names<fixture::Frozen>().empty()); // a tag: a Struct without members
}

TEST_CASE("hana::members and hana::at_key read and write the fields, as kiln::for_each_field does") {
    fixture::Health health{};
    hana::at_key(health, BOOST_HANA_STRING("hp")) = 40;
    hana::for_each(hana::accessors<fixture::Health>(), [&](auto pair) {
        std::printf("%s = %d\n", hana::to<const char*>(hana::first(pair)), int(hana::second(pair)(health)));
    });
    kiln::for_each_field(health, [](std::string_view name, auto& field) {
        std::printf("%.*s = %d\n", int(name.size()), name.data(), int(field));
    });
    CHECK(health.hp == 40);
    CHECK((hana::members(health) == hana::make_tuple(40, true)));

    fixture::Samples samples{};
    hana::at_key(samples, BOOST_HANA_STRING("values"))[1] = 7.0;
    CHECK(samples.values[1] == 7.0);
    CHECK(hana::to_map(fixture::Clock{0.5f, 3})[BOOST_HANA_STRING("ticks")] == 3u);
}

TEST_CASE("events are Hana Structs too, and listed in schema order") {
    STATIC_REQUIRE(events::hana_lists::events == hana::tuple_t<events::Hit, events::Fire, events::Tick, events::Saved>);
    CHECK(hana_field_names<events::Hit>() == std::vector<std::string>{"from_x", "frame"});
    events::Fire fire{};
    hana::at_key(fire, BOOST_HANA_STRING("shots")) = 3;
    CHECK(fire.shots == 3u);
    STATIC_REQUIRE(hana::size(fixture::hana_lists::events) == hana::size_c<0>);
}
