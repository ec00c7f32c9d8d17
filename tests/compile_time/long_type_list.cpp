// The questions of kiln/core/type_list.hpp asked of a list as long as a large
// schema's: past the compilers' template depth and Clang's fold-expression
// limit. Only compiled (every check is a static_assert), so it lives with the
// compile checks, built by the default and clang presets: the runtime's
// tests (tests/runtime/core/type_list.cpp), which every preset builds, took
// a minute of CPU each time with these in them.
#include <kiln/core/type_list.hpp>

#include <catch2/catch.hpp>

#include <cstddef>
#include <type_traits>
#include <utility>

namespace {

template <std::size_t... I>
kiln::type_list<std::integral_constant<std::size_t, I>...> numbered(std::index_sequence<I...>);

// 4,096 types, as many as a large schema's components: past the compilers'
// default template depth (900 in GCC, 1,024 in Clang), which a recursive
// search of the list would pass, and past the 256 terms Clang allows a fold
// expression, which a fold over the list would pass.
constexpr std::size_t long_size = 4096;
using long_list = decltype(numbered(std::make_index_sequence<long_size>{}));

template <std::size_t I>
using number = std::integral_constant<std::size_t, I>;

// A list of numbers with its last number again at the end.
template <class... Types>
kiln::type_list<Types..., number<sizeof...(Types) - 1>> with_last_twice(kiln::type_list<Types...>);

// The same with its last type again at the end.
using long_list_twice = decltype(with_last_twice(long_list{}));

// unique_v asks of each type whether it is once in the list: quadratic in the
// list's length, which GCC 12 takes over ten minutes to answer for 4,096
// types. kiln asks it of an archetype's components, at most 1,024 (kilnc's
// limit), so that is the length it is tested at.
constexpr std::size_t archetype_size = 1024;
using archetype_list = decltype(numbered(std::make_index_sequence<archetype_size>{}));
using archetype_list_twice = decltype(with_last_twice(archetype_list{}));

} // namespace

TEST_CASE("a type_list of 4,096 types answers without recursion or a fold expression") {
    STATIC_REQUIRE(kiln::contains_v<number<long_size - 1>, long_list>);
    STATIC_REQUIRE_FALSE(kiln::contains_v<number<long_size>, long_list>);
    STATIC_REQUIRE(kiln::index_of_v<number<0>, long_list> == 0);
    STATIC_REQUIRE(kiln::index_of_v<number<long_size - 1>, long_list> == long_size - 1);
    STATIC_REQUIRE(std::is_same_v<kiln::type_at_t<long_size - 1, long_list>, number<long_size - 1>>);
    STATIC_REQUIRE(std::is_same_v<kiln::type_at_t<500, long_list>, number<500>>);

    // A type twice: its first position.
    STATIC_REQUIRE(kiln::index_of_v<number<long_size - 1>, long_list_twice> == long_size - 1);
    STATIC_REQUIRE(kiln::index_of_v<number<7>, long_list_twice> == 7);

    STATIC_REQUIRE(kiln::unique_v<archetype_list>);
    STATIC_REQUIRE_FALSE(kiln::unique_v<archetype_list_twice>);

    constexpr std::size_t sum = [] {
        std::size_t total = 0;
        kiln::for_each_type(long_list{}, [&total]<class Number>() { total += Number::value; });
        return total;
    }();
    STATIC_REQUIRE(sum == long_size * (long_size - 1) / 2);
}
