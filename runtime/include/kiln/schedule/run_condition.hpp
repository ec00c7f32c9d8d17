// Run conditions (docs/states.md): when a system, a set of systems or a
// stage runs, as kilnc writes them from the schema's run_if. Each is a type
// with a static holds(world), evaluated when its stage starts.
#pragma once

#include <bit>
#include <cstdint>
#include <type_traits>

#include <kiln/core/type_list.hpp>
#include <kiln/schedule/state.hpp>

namespace kiln {

namespace internal {

// The class a pointer to a data member belongs to, and the member's type.
template <class Member>
struct member_pointer_traits;

template <class Class, class Type>
struct member_pointer_traits<Type Class::*> {
    using class_type = Class;
    using value_type = Type;
};

} // namespace internal

// Holds while state E is Value.
template <class E, E Value>
struct in_state {
    template <class World>
    [[nodiscard]] static bool holds(const World& world) noexcept {
        return world.template state<E>().current() == Value;
    }
};

// Holds while the bool field Member of a resource is true.
template <auto Member>
struct field_is {
    template <class World>
    [[nodiscard]] static bool holds(const World& world) noexcept {
        using traits = internal::member_pointer_traits<decltype(Member)>;
        static_assert(std::is_same_v<typename traits::value_type, bool>,
                      "kiln::field_is<Member>: Member must be a bool field of a resource");
        return world.template resource<typename traits::class_type>().*Member;
    }
};

// How field_compare compares.
enum class compare : std::uint8_t { equal, not_equal, less, less_equal, greater, greater_equal };

// A float or double literal of a condition, by its bits: C++20 compilers
// before Clang 18 take no floating-point template arguments.
template <std::uint32_t Bits>
struct f32_literal {
    static constexpr float value = std::bit_cast<float>(Bits);
};
template <std::uint64_t Bits>
struct f64_literal {
    static constexpr double value = std::bit_cast<double>(Bits);
};

namespace internal {

template <compare How, class T, class U>
[[nodiscard]] constexpr bool compared(const T& field, const U& with) noexcept {
    if constexpr (How == compare::equal) {
        return field == with;
    } else if constexpr (How == compare::not_equal) {
        return field != with;
    } else if constexpr (How == compare::less) {
        return field < with;
    } else if constexpr (How == compare::less_equal) {
        return field <= with;
    } else if constexpr (How == compare::greater) {
        return field > with;
    } else {
        return field >= with;
    }
}

} // namespace internal

// Holds while the field Member of a resource compares so (How) with
// Literal: a type with a static constexpr value (f32_literal, f64_literal,
// or kiln::literal<V> for whole numbers and bools).
template <auto Member, compare How, class Literal>
struct field_compare {
    template <class World>
    [[nodiscard]] static bool holds(const World& world) noexcept {
        using traits = internal::member_pointer_traits<decltype(Member)>;
        return internal::compared<How>(world.template resource<typename traits::class_type>().*Member,
                                       Literal::value);
    }
};

// A whole number or bool literal of a condition.
template <auto Value>
struct literal {
    static constexpr auto value = Value;
};

// Holds while some entity lives in one of Archetypes.
template <class... Archetypes>
struct any_entity {
    template <class World>
    [[nodiscard]] static bool holds(const World& world) noexcept {
        bool found = false;
        for_each_type(type_list<Archetypes...>{}, [&]<class A>() { found = found || world.template size_of<A>() != 0; });
        return found;
    }
};

// Holds on every Runs-th run of its stage: the runs numbered 0, Runs,
// 2 * Runs... since the world was made (world.stage_run()). In
// fixed_update, every Runs steps of game time.
template <std::uint64_t Runs>
struct every {
    static_assert(Runs > 0, "kiln::every<Runs>: Runs must be at least 1");

    template <class World>
    [[nodiscard]] static bool holds(const World& world) noexcept {
        return world.stage_run() % Runs == 0;
    }
};

// not, and, or.
template <class Condition>
struct not_ {
    template <class World>
    [[nodiscard]] static bool holds(const World& world) noexcept {
        return !Condition::holds(world);
    }
};

template <class... Conditions>
struct all_of {
    template <class World>
    [[nodiscard]] static bool holds(const World& world) noexcept {
        return (Conditions::holds(world) && ...);
    }
};

template <class... Conditions>
struct any_of {
    template <class World>
    [[nodiscard]] static bool holds(const World& world) noexcept {
        return (Conditions::holds(world) || ...);
    }
};

// Always holds: a stage without run_if.
struct always {
    template <class World>
    [[nodiscard]] static constexpr bool holds(const World&) noexcept {
        return true;
    }
};

// Whether system S has a run condition (kilnc writes `using run_if` only
// when the schema gives one, its own or its sets').
template <class S>
concept conditional_system = requires { typename S::run_if; };

} // namespace kiln
