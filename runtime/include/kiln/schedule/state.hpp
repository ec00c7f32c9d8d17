// A game's states (docs/states.md): a value of a finite set, declared in
// the schema as [state.NAME], that systems read and request transitions of.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include <kiln/core/type_list.hpp>

namespace kiln {

namespace internal {
template <class World, class Runner>
struct state_transitions;
template <class World>
struct world_access;
} // namespace internal

// What kilnc declares of a state's enum E:
//   static constexpr std::string_view name;
//   static constexpr std::array<std::string_view, N> values; // by enumerator, in order
//   static constexpr E initial;                               // entered when the world starts
template <class E>
struct state_traits;

// The state E of a world: its current value, and the value a system (or
// game code) requested, which the world moves to at the next stage boundary
// (kiln/schedule/transitions.hpp). A system that lists the state in
// `resources` gets it const, to read; in `resources_write`, to request too.
template <class E>
class state {
public:
    using value_type = E;

    // The value the world is in; changed only by a transition.
    [[nodiscard]] constexpr E current() const noexcept { return current_; }
    [[nodiscard]] constexpr bool is(E value) const noexcept { return current_ == value; }
    [[nodiscard]] friend constexpr bool operator==(const state& s, E value) noexcept { return s.current_ == value; }

    // Asks for a transition to next at the next stage boundary: when the
    // running stage ends, or, from outside the schedule, when the next frame
    // starts. A later request before then replaces this one; a request for
    // the current value does nothing.
    constexpr void request(E next) noexcept {
        next_ = next;
        requested_ = true;
    }
    // Whether a transition is requested and not applied yet, and to what.
    [[nodiscard]] constexpr bool requested() const noexcept { return requested_; }
    [[nodiscard]] constexpr E next() const noexcept { return requested_ ? next_ : current_; }
    // Withdraws the request, if any.
    constexpr void cancel() noexcept { requested_ = false; }

    // The value's name, as the schema spells it.
    [[nodiscard]] static constexpr std::string_view name_of(E value) noexcept {
        return state_traits<E>::values[static_cast<std::size_t>(value)];
    }

private:
    template <class, class>
    friend struct internal::state_transitions;
    template <class>
    friend struct internal::world_access;

    // For the world's transitions (kiln/schedule/transitions.hpp): takes
    // the request, and moves to it.
    constexpr bool take_request(E& to) noexcept {
        if (!requested_) {
            return false;
        }
        requested_ = false;
        to = next_;
        return true;
    }
    constexpr void enter(E value) noexcept { current_ = value; }

    // For loads (kiln/io/world_access.hpp): the value and request a save held.
    constexpr void restore(E current, bool requested, E next) noexcept {
        current_ = current;
        requested_ = requested;
        next_ = requested ? next : current;
    }

    E current_ = state_traits<E>::initial;
    E next_ = state_traits<E>::initial;
    bool requested_ = false;
};

namespace internal {

template <class T>
inline constexpr bool is_state_v = false;

template <class E>
inline constexpr bool is_state_v<state<E>> = true;

} // namespace internal

// What kilnc plans for a state E: the systems that run when E leaves a
// value (Exits) and enters one (Enters), each a transition_plan, and the
// archetypes whose entities are destroyed when E leaves a value (Destroyed,
// each a destroyed_on_exit).
template <class E, class Exits, class Enters, class Destroyed>
struct state_plan {
    using state_type = E;
    using exits = Exits;
    using enters = Enters;
    using destroyed = Destroyed;
};

// The systems that run when a state enters or leaves Value, in batches
// (kiln::batch), planned as a stage's are.
template <auto Value, class Batches>
struct transition_plan {
    static constexpr auto value = Value;
    using batches = Batches;
};

// The archetypes whose entities are destroyed when a state leaves Value.
template <auto Value, class Archetypes>
struct destroyed_on_exit {
    static constexpr auto value = Value;
    using archetypes = Archetypes;
};

} // namespace kiln
