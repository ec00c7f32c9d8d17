// The functions world::each accepts, and what the compiler says of one it
// does not: the component the function wants writable though each reads it,
// or else the rule.
#pragma once

#include <array>
#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include <kiln/entity/entity.hpp>
#include <kiln/schema/component.hpp>

namespace kiln::internal {

// Whether each<Access...> can call function, in one of its four forms:
// (Deferred&, entity, refs...), (Deferred&, refs...), (entity, refs...), (refs...).
template <class Deferred, class Function, class... Access>
inline constexpr bool each_can_call_v = std::is_invocable_v<Function&, Deferred&, entity, reference_t<Access>...> ||
                                        std::is_invocable_v<Function&, Deferred&, reference_t<Access>...> ||
                                        std::is_invocable_v<Function&, entity, reference_t<Access>...> ||
                                        std::is_invocable_v<Function&, reference_t<Access>...>;

// Whether each could call function if it passed the I-th access writable.
template <std::size_t I, class Deferred, class Function, class... Access>
constexpr bool callable_with_writable() {
    return []<std::size_t... J>(std::index_sequence<J...>) {
        return each_can_call_v<Deferred, Function, std::conditional_t<I == J, std::remove_const_t<Access>, Access>...>;
    }(std::index_sequence_for<Access...>{});
}

// The position of the first const C among Access that function takes only
// writable, or sizeof...(Access) when there is none.
template <class Deferred, class Function, class... Access>
constexpr std::size_t first_written_though_read() {
    constexpr std::array<bool, sizeof...(Access)> written = []<std::size_t... I>(std::index_sequence<I...>) {
        return std::array<bool, sizeof...(Access)>{
            (std::is_const_v<Access> && callable_with_writable<I, Deferred, Function, Access...>())...};
    }(std::index_sequence_for<Access...>{});
    for (std::size_t i = 0; i < sizeof...(Access); ++i) {
        if (written[i]) {
            return i;
        }
    }
    return sizeof...(Access);
}

// False, for C: the compiler's note on the failed assertion names C.
template <class C>
inline constexpr bool each_passes_writable_v = false;

template <class C>
void reject_write_of_read_component() {
    static_assert(each_passes_writable_v<C>,
                  "kiln::world::each: the function takes C, the component this assertion is instantiated for, "
                  "writable, as C& or C::ref, but each<..., const C> passes it read-only; write each<..., C> "
                  "to change it, or take const C& (C::cref) to read it");
}

// Stops a call of each with a function it cannot call, with one sentence.
template <class Deferred, class Function, class... Access>
void reject_each_function() {
    constexpr std::size_t written = first_written_though_read<Deferred, Function, Access...>();
    if constexpr (written < sizeof...(Access)) {
        reject_write_of_read_component<std::remove_const_t<std::tuple_element_t<written, std::tuple<Access...>>>>();
    } else {
        static_assert(each_can_call_v<Deferred, Function, Access...>,
                      "kiln::world::each<Access...>: the function must take (reference_t<Access>...), "
                      "optionally preceded by kiln::entity and before that by the world's deferred_type&: "
                      "C& or const C& for packed components, C::ref or C::cref for split ones");
    }
}

} // namespace kiln::internal
