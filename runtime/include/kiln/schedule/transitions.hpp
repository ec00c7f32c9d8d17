// Applying a world's state transitions (docs/states.md): at a stage
// boundary, each state with a request pending, in schema order, leaves its
// value (its on-exit systems run, its scoped entities are destroyed) and
// enters the requested one (its on-enter systems run).
#pragma once

#include <cstddef>
#include <tuple>
#include <vector>

#include <kiln/config.hpp>
#include <kiln/core/executor.hpp>
#include <kiln/core/type_list.hpp>
#include <kiln/entity/entity.hpp>
#include <kiln/schedule/state.hpp>

namespace kiln::internal {

// The schema's states, as kilnc plans them (kiln::state_plan each); none
// for a schema that declares none.
template <class Schema>
struct states_of {
    using type = type_list<>;
};

template <class Schema>
    requires requires { typename Schema::states; }
struct states_of<Schema> {
    using type = typename Schema::states;
};

template <class Plans>
struct state_tuple;

template <class... Plans>
struct state_tuple<type_list<Plans...>> {
    using type = std::tuple<state<typename Plans::state_type>...>;
};

// How many transitions one boundary applies in a row, each requested by the
// on-exit or on-enter systems of the one before, before it stops the
// program: a cycle of requests would otherwise never end.
inline constexpr int max_chained_transitions = 16;

// Runner is the stage runner (kiln/schedule.hpp): it runs a transition's
// systems as it runs a stage's, then their commands.
// World's public functions give a state's value and destroy entities;
// state, the world's state (kiln/world/world_state.hpp), goes to the runner.
template <class World, class Runner>
struct state_transitions {
    using plans = typename states_of<typename World::schema_type>::type;
    using state_type = typename World::state_type;

    // The first frame: every state enters its initial value, in schema order.
    static void enter_initial(World& world, state_type& state) {
        for_each_type(plans{}, [&]<class Plan>() {
            using E = typename Plan::state_type;
            run_enter<Plan>(world, state, world.template state<E>().current());
        });
        apply(world, state);
    }

    // A stage boundary: applies each pending request, in schema order, and
    // those that the on-exit and on-enter systems request, until none is
    // left.
    static void apply(World& world, state_type& state) {
        if constexpr (plans::size > 0) {
            for (int chained = 0; pending(world, plans{}); ++chained) {
                KILN_CHECK(chained < max_chained_transitions,
                           "world: %d state transitions in a row at one stage boundary, each requested by the "
                           "on-enter or on-exit systems of the one before; a cycle of requests never ends",
                           max_chained_transitions);
                for_each_type(plans{}, [&]<class Plan>() { apply_one<Plan>(world, state); });
            }
        }
    }

private:
    template <class... Plans>
    static bool pending(const World& world, type_list<Plans...>) noexcept {
        return internal::any_of({world.template state<typename Plans::state_type>().requested()...});
    }

    template <class Plan>
    static void apply_one(World& world, state_type& state) {
        using E = typename Plan::state_type;
        kiln::state<E>& s = world.template state<E>();
        const E from = s.current();
        E to = from;
        if (!s.take_request(to) || to == from) {
            return; // nothing asked, or the value it is in: no transition
        }
        for_each_type(typename Plan::exits{}, [&]<class Exit>() {
            if (Exit::value == from) {
                Runner::template run_plan_as<Exit>(world, state, serial_executor{}, false, false);
            }
        });
        for_each_type(typename Plan::destroyed{}, [&]<class Scope>() {
            if (Scope::value == from) {
                destroy_all(world, typename Scope::archetypes{});
            }
        });
        s.enter(to);
        run_enter<Plan>(world, state, to);
    }

    template <class Plan, class E>
    static void run_enter(World& world, state_type& state, E value) {
        for_each_type(typename Plan::enters{}, [&]<class Enter>() {
            if (Enter::value == value) {
                Runner::template run_plan_as<Enter>(world, state, serial_executor{}, false, false);
            }
        });
    }

    template <class... Archetypes>
    static void destroy_all(World& world, type_list<Archetypes...>) {
        std::vector<entity> doomed;
        for_each_type(type_list<Archetypes...>{}, [&]<class A>() {
            const auto entities = world.template storage<A>().entities();
            doomed.assign(entities.begin(), entities.end());
            for (const entity e : doomed) {
                world.destroy(e);
            }
        });
    }
};

} // namespace kiln::internal
