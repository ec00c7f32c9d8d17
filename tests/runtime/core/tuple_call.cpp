#include <kiln/core/tuple_call.hpp>

#include <catch2/catch.hpp>

#include <string>
#include <tuple>

TEST_CASE("call_with_elements calls a function with a tuple's elements, in order, by reference") {
    std::tuple<int, std::string, double> values{1, "two", 3.5};
    std::string seen;
    kiln::internal::call_with_elements(
        [&](int& number, std::string& word, double& real) {
            seen = std::to_string(number) + word + std::to_string(static_cast<int>(real * 2));
            number = 10;
            word += "!";
        },
        values);
    CHECK(seen == "1two7");
    CHECK(std::get<0>(values) == 10); // the function was handed the elements, not copies
    CHECK(std::get<1>(values) == "two!");

    const std::tuple<int, int> pair{4, 5};
    int sum = 0;
    kiln::internal::call_with_elements([&](const int& a, const int& b) { sum = a * 10 + b; }, pair);
    CHECK(sum == 45);

    std::tuple<> none;
    int calls = 0;
    kiln::internal::call_with_elements([&] { ++calls; }, none);
    CHECK(calls == 1);
}
