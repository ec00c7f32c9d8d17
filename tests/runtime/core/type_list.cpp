#include <kiln/core/type_list.hpp>

#include <catch2/catch.hpp>

#include <cstddef>
#include <string>
#include <type_traits>

namespace {

using three = kiln::type_list<int, float, double>;

} // namespace

TEST_CASE("a type_list answers size, contains, unique, front and index_of at compile time") {
    STATIC_REQUIRE(kiln::type_list<>::size == 0);
    STATIC_REQUIRE(three::size == 3);

    STATIC_REQUIRE(kiln::contains_v<float, three>);
    STATIC_REQUIRE_FALSE(kiln::contains_v<char, three>);
    STATIC_REQUIRE_FALSE(kiln::contains_v<const float, three>);
    STATIC_REQUIRE_FALSE(kiln::contains_v<int, kiln::type_list<>>);

    STATIC_REQUIRE(kiln::unique_v<kiln::type_list<>>);
    STATIC_REQUIRE(kiln::unique_v<three>);
    STATIC_REQUIRE_FALSE(kiln::unique_v<kiln::type_list<int, float, int>>);
    STATIC_REQUIRE(kiln::unique_v<kiln::type_list<int, const int>>);

    STATIC_REQUIRE(std::is_same_v<kiln::front_t<three>, int>);
    STATIC_REQUIRE(std::is_same_v<kiln::front_t<kiln::type_list<char>>, char>);

    STATIC_REQUIRE(kiln::index_of_v<int, three> == 0);
    STATIC_REQUIRE(kiln::index_of_v<float, three> == 1);
    STATIC_REQUIRE(kiln::index_of_v<double, three> == 2);
    // The first of two equal types.
    STATIC_REQUIRE(kiln::index_of_v<int, kiln::type_list<float, int, int>> == 1);

    STATIC_REQUIRE(std::is_same_v<kiln::type_at_t<0, three>, int>);
    STATIC_REQUIRE(std::is_same_v<kiln::type_at_t<2, three>, double>);
}

TEST_CASE("in_order, all_of and any_of evaluate a braced list left to right") {
    std::string order;
    kiln::internal::in_order({(order += 'a', 0), (order += 'b', 0), (order += 'c', 0)});
    CHECK(order == "abc");

    STATIC_REQUIRE(kiln::internal::all_of({}));
    STATIC_REQUIRE(kiln::internal::all_of({true, true}));
    STATIC_REQUIRE_FALSE(kiln::internal::all_of({true, false, true}));
    STATIC_REQUIRE_FALSE(kiln::internal::any_of({}));
    STATIC_REQUIRE(kiln::internal::any_of({false, true}));
    STATIC_REQUIRE_FALSE(kiln::internal::any_of({false, false}));
}

TEST_CASE("for_each_type visits each type of the list once, in order") {
    std::string visited;
    kiln::for_each_type(three{}, [&visited]<class Type>() {
        visited += std::is_same_v<Type, int> ? "int " : std::is_same_v<Type, float> ? "float " : "double ";
    });
    CHECK(visited == "int float double ");

    int calls = 0;
    kiln::for_each_type(kiln::type_list<>{}, [&calls]<class>() { ++calls; });
    CHECK(calls == 0);
}

TEST_CASE("for_each_type runs in constant expressions") {
    constexpr std::size_t total_size = [] {
        std::size_t sum = 0;
        kiln::for_each_type(three{}, [&sum]<class Type>() { sum += sizeof(Type); });
        return sum;
    }();
    STATIC_REQUIRE(total_size == sizeof(int) + sizeof(float) + sizeof(double));
}
