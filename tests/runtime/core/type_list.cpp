#include <kiln/core/type_list.hpp>

#include <catch2/catch.hpp>

#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>

namespace {

using three = kiln::type_list<int, float, double>;

template <std::size_t... I>
kiln::type_list<std::integral_constant<std::size_t, I>...> numbered(std::index_sequence<I...>);

// 1,000 types: past the compiler's default template depth (900), which a
// recursive search of the list would pass.
using thousand = decltype(numbered(std::make_index_sequence<1000>{}));

template <std::size_t I>
using number = std::integral_constant<std::size_t, I>;

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

TEST_CASE("a type_list of a thousand types answers without recursion") {
    STATIC_REQUIRE(kiln::contains_v<number<999>, thousand>);
    STATIC_REQUIRE_FALSE(kiln::contains_v<number<1000>, thousand>);
    STATIC_REQUIRE(kiln::unique_v<thousand>);
    STATIC_REQUIRE(kiln::index_of_v<number<0>, thousand> == 0);
    STATIC_REQUIRE(kiln::index_of_v<number<999>, thousand> == 999);
    STATIC_REQUIRE(std::is_same_v<kiln::type_at_t<999, thousand>, number<999>>);
    STATIC_REQUIRE(std::is_same_v<kiln::type_at_t<500, thousand>, number<500>>);
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
