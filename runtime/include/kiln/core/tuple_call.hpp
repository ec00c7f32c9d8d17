// Calls a function with a tuple's elements, as std::apply does, for code
// that a world's unit compiles once per system.
#pragma once

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

namespace kiln::internal {

template <class Function, class Tuple, std::size_t... I>
constexpr void call_with_elements_at(Function& function, Tuple& tuple, std::index_sequence<I...>) {
    function(std::get<I>(tuple)...);
}

// function(std::get<I>(tuple)...). libstdc++'s std::apply works out
// std::is_nothrow_invocable for its noexcept, which instantiated the
// standard's invoke traits for each of a schedule's lambdas: about 5% of a
// 200-system world's unit (docs/compile_time.md).
template <class Function, class Tuple>
constexpr void call_with_elements(Function&& function, Tuple& tuple) {
    call_with_elements_at(function, tuple, std::make_index_sequence<std::tuple_size_v<std::remove_const_t<Tuple>>>{});
}

} // namespace kiln::internal
