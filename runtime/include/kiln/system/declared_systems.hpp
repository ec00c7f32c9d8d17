// What a schema declares of systems, observers and the schedule, and what
// is known of them at compile time: each system's query, whether it writes
// a resource or a propagation's global part, which systems are propagations,
// and whether a plan's batches may be split. Change tracking, observer
// dispatch and the stage runner (kiln/schedule/schedule.hpp) ask these.
#pragma once

#include <array>
#include <cstddef>
#include <type_traits>

#include <kiln/core/type_list.hpp>
#include <kiln/query/query.hpp>
#include <kiln/schema/component.hpp>
#include <kiln/system/system.hpp>

namespace kiln::internal {

// What a schema declares of systems, observers and the schedule; nothing for
// a schema that declares none.
template <class Schema>
struct systems_of {
    using systems = type_list<>;
    using observers = type_list<>;
    using schedule = type_list<>;
    static constexpr double fixed_step = 1.0 / 60;
};

template <class Schema>
    requires requires {
        typename Schema::systems;
        typename Schema::observers;
        typename Schema::schedule;
        Schema::fixed_step;
    }
struct systems_of<Schema> {
    using systems = typename Schema::systems;
    using observers = typename Schema::observers;
    using schedule = typename Schema::schedule;
    static constexpr double fixed_step = Schema::fixed_step;
};

template <class List>
struct stage_of {
    using type = int; // no stages
};

template <class First, class... Rest>
struct stage_of<type_list<First, Rest...>> {
    using type = std::remove_const_t<decltype(First::stage)>;
};

// The query of a system or an observer: over the archetypes kilnc matched
// when it names them (generated code does), matched here otherwise.
template <class S>
struct query_of_system {
    using type = query<typename S::access, typename S::with, typename S::without>;
};

template <class S>
    requires(S::archetypes::size > 0)
struct query_of_system<S> {
    using type = matched_query<typename S::archetypes, typename S::access>;
};

template <class S>
using query_of = typename query_of_system<S>::type;

// Whether a plan's batch is a fused pass (kiln::fused).
template <class Batch>
inline constexpr bool is_fused_v = false;

template <class... Systems>
inline constexpr bool is_fused_v<fused<Systems...>> = true;

// Whether a system's resources (a type_list, const when read) hold one it writes.
template <class Resources>
inline constexpr bool writes_a_resource_v = false;

template <class... Resources>
inline constexpr bool writes_a_resource_v<type_list<Resources...>> = any_of({!std::is_const_v<Resources>...});

// A system kilnc writes for a [propagate.NAME] of the schema: it names the
// parts of a propagation (kiln::propagation), and kiln::propagate runs it,
// not a run() of the game's.
template <class S>
concept propagation_system = requires {
    typename S::local;
    typename S::global;
};

// The global part of a propagation system; void for other systems.
template <class S>
struct global_part {
    using type = void;
};

template <propagation_system S>
struct global_part<S> {
    using type = typename S::global;
};

// Whether S is a propagation system whose local part is tracked: the world
// runs it as a dirty pass (kiln::propagate_dirty).
template <class S>
inline constexpr bool dirty_propagation_v = false;

template <propagation_system S>
inline constexpr bool dirty_propagation_v<S> = tracked_v<typename S::local>;

// Where a world keeps what each propagation system's last dirty pass saw
// (kiln::propagation_state): one slot per propagation system of Systems, in
// their order.
template <class Systems>
struct propagation_slots;

template <class... Systems>
struct propagation_slots<type_list<Systems...>> {
    static constexpr std::size_t count = [] {
        std::size_t propagations = 0;
        in_order({(propagations += std::size_t{propagation_system<Systems>}, 0)...});
        return propagations;
    }();

    template <class S>
    static constexpr std::size_t of() {
        constexpr std::array<bool, sizeof...(Systems)> is_propagation{propagation_system<Systems>...};
        std::size_t slot = 0;
        for (std::size_t i = 0; i < index_of_v<S, type_list<Systems...>>; ++i) {
            slot += is_propagation[i] ? 1 : 0;
        }
        return slot;
    }
};

// Whether a system's access (a type_list, const when read) writes the global
// part of one of Systems' propagations, which only the propagation writes.
// Asked of a list of every system's global part (void for most), the same
// list for each system of a world, whose positions are worked out once: a
// comparison with each system, per component of each, took a world's unit
// of 200 systems a third of a second.
template <class Access, class Systems>
inline constexpr bool writes_a_propagated_global_v = false;

template <class... Access, class... Systems>
inline constexpr bool writes_a_propagated_global_v<type_list<Access...>, type_list<Systems...>> =
    any_of({(!std::is_const_v<Access> && contains_v<Access, type_list<typename global_part<Systems>::type...>>)...});

// Whether an executor may split the rows of a batch's systems (a type_list):
// a parallel system's rows, or a propagation's depths.
template <class Systems>
inline constexpr bool splits_rows_v = false;

template <class... Systems>
inline constexpr bool splits_rows_v<type_list<Systems...>> =
    any_of({((Systems::parallel && !Systems::commands) || propagation_system<Systems>)...});

// Whether an executor may split the work of a plan's batches (a type_list):
// run a batch's systems at once, or split their rows; a fused pass is serial.
template <class Batches>
inline constexpr bool splits_work_v = false;

template <class... Batches>
inline constexpr bool splits_work_v<type_list<Batches...>> =
    any_of({(!is_fused_v<Batches> && (Batches::systems::size > 1 || splits_rows_v<typename Batches::systems>))...});

} // namespace kiln::internal
