// The schedule's runner: it carries out a stage's plan (batch after batch,
// each batch's systems through the executor, then their commands in schedule
// order). What a schema declares of systems and stages is in
// kiln/system/declared_systems.hpp.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <tuple>
#include <span>
#include <type_traits>
#include <utility>

#include <kiln/changes/change_tracking.hpp>
#include <kiln/core/tuple_call.hpp>
#include <kiln/core/type_list.hpp>
#include <kiln/core/work_estimate.hpp>
#include <kiln/entity/entity.hpp>
#include <kiln/events/event_channel.hpp>
#include <kiln/events/observer_dispatch.hpp>
#include <kiln/hierarchy/propagation.hpp>
#include <kiln/query/query.hpp>
#include <kiln/query/row_loop.hpp>
#include <kiln/schedule/run_condition.hpp>
#include <kiln/schedule/transitions.hpp>
#include <kiln/storage/archetype_storage.hpp>
#include <kiln/system/declared_systems.hpp>
#include <kiln/system/lookup_maker.hpp>
#include <kiln/system/system.hpp>
#include <kiln/system/system_commands.hpp>
#include <kiln/system/system_rows.hpp>

namespace kiln::internal {

// A frame's stages as the parallel executor runs them (stage_runner::run_frame):
// the executor, and whether the frame splits work and times each system's,
// chosen once for all its stages.
template <class Executor>
struct frame_of {
    const Executor& executor;
    bool split;
    bool measure;
};

template <class Executor>
inline constexpr bool is_frame_v = false;

template <class Executor>
inline constexpr bool is_frame_v<frame_of<Executor>> = true;

// Runs the plans of World's schedule on a world: World (basic_world) is
// handed to systems, run conditions and propagations; the runner reaches the
// world's state (kiln/world/world_state.hpp): its storages, its systems'
// command buffers, its events, its clock, where the schedule is, and the
// loop depth that keeps structural changes out of a running stage.
template <class World>
struct stage_runner {
    using state_type = typename World::state_type;
    using tracking = change_tracking<World>;
    using dispatch = observer_dispatch<World, tracking>;
    using schedule = typename systems_of<typename World::schema_type>::schedule;

    // Rows of a parallel system are split into chunks of this many, unless
    // the executor measures work (chunk_rows_for).
    static constexpr std::size_t chunk_rows = 1024;

    template <stage_role Role, class Executor>
    static void run_role(World& world, state_type& state, const Executor& executor) {
        for_each_type(schedule{}, [&]<class Plan>() {
            if constexpr (Plan::role == Role) {
                run_plan<Plan>(world, state, executor);
            }
        });
    }

    template <class Stage, class Executor>
    static void run_stage(World& world, state_type& state, Stage stage, const Executor& executor) {
        for_each_type(schedule{}, [&]<class Plan>() {
            if (Plan::stage == stage) {
                run_plan<Plan>(world, state, executor);
            }
        });
    }

    // Runs a frame: stages(executor) runs the frame's stages (world.progress).
    // An executor that splits by work (parallel_executor) splits the work of
    // all the frame's stages or of none, in the frames the world's
    // frame_splits chooses by timing whole frames split and not: a worker
    // that one stage kept busy is awake for the next, where a stage split
    // alone meets it asleep (kiln/core/work_estimate.hpp).
    template <class Executor, class Stages>
    static void run_frame(state_type& state, const Executor& executor, Stages&& stages) {
        if constexpr (splits_by_work_v<Executor> && splits_any_work(schedule{})) {
            if (executor.serial_below.count() == 0) {
                stages(frame_of<Executor>{executor, true, true}); // split everything, from the first frame
            } else {
                // A frame that neither splits nor measures runs as the serial executor's does, the same code,
                // so that it costs what that one's frame costs; most such frames are not even timed.
                stage_splits& choice = state.work.frame();
                if (!choice.timed()) {
                    choice.skip();
                    stages(serial_executor{});
                } else if (!choice.measure()) {
                    choice.record(schedule_rows(state, schedule{}), wall_time([&] { stages(serial_executor{}); }),
                                  executor.stage_serial_below);
                } else {
                    const frame_of<Executor> frame{executor, choice.split(), true};
                    choice.record(schedule_rows(state, schedule{}), wall_time([&] { stages(frame); }),
                                  executor.stage_serial_below);
                }
            }
        } else {
            stages(executor);
        }
    }

    // Run within a frame (frame_of), a plan splits as the frame does. Run on
    // its own, by an executor that splits by work, it splits in the runs its
    // stage's stage_splits chooses, which times whole runs of the stage split
    // and not; the other runs are serial.
    template <class Plan, class Executor>
    static void run_plan(World& world, state_type& state, const Executor& executor) {
        state.stage_run = state.stage_runs[index_of_v<Plan, schedule>]++;
        if constexpr (!std::is_void_v<typename Plan::run_if>) {
            if (!Plan::run_if::holds(world)) {
                return; // [stage.NAME] run_if: the whole stage waits (docs/states.md)
            }
        }
        run_plan_now<Plan>(world, state, executor);
        state_transitions<World, stage_runner>::apply(world, state); // the stage boundary (docs/states.md)
    }

    template <class Plan, class Executor>
    static void run_plan_now(World& world, state_type& state, const Executor& executor) {
        constexpr bool splits = splits_work_v<typename Plan::batches>;
        if constexpr (is_frame_v<Executor>) {
            run_plan_as<Plan>(world, state, executor.executor, splits && executor.split, splits && executor.measure);
        } else if constexpr (splits_by_work_v<Executor> && splits) {
            if (executor.serial_below.count() == 0) {
                run_plan_as<Plan>(world, state, executor, true, true); // split everything, from the first run
            } else {
                stage_splits& choice = state.work.stage(index_of_v<Plan, schedule>);
                if (!choice.timed()) {
                    choice.skip();
                    run_plan_as<Plan>(world, state, executor, false, false);
                    return;
                }
                const bool split = choice.split();
                const bool measure = choice.measure();
                choice.record(plan_rows(state, typename Plan::batches{}),
                              wall_time([&] { run_plan_as<Plan>(world, state, executor, split, measure); }),
                              executor.stage_serial_below);
            }
        } else {
            // Nothing here to split: no system is timed, as none is on the serial executor.
            run_plan_as<Plan>(world, state, executor, false, false);
        }
    }

    // The commands recorded so far in the plan, applied between two of its
    // batches (kiln::flush), system by system in schedule order as at the
    // stage's end, then the observers' they set off; the world settled again
    // for the batches after. Systems that have not run have none.
    template <class Plan>
    static void apply_commands(World& world, state_type& state) {
        for_each_type(typename Plan::batches{}, [&]<class Batch>() {
            for_each_type(typename Batch::systems{}, [&]<class S>() {
                if constexpr (S::commands) {
                    state.template commands_of<S>(world).apply();
                }
            });
        });
    }

    template <class Plan>
    static void flush_commands(World& world, state_type& state) {
        --state.iteration_depth;
        apply_commands<Plan>(world, state);
        dispatch::apply_commands(state);
        state.settle();
        ++state.iteration_depth;
    }

    // split: whether this run splits work; measure: whether it times each
    // system's work (a split run always does).
    template <class Plan, class Executor>
    static void run_plan_as(World& world, state_type& state, const Executor& executor, bool split, bool measure) {
        if constexpr (times_runs_v<Executor>) {
            executor.template stage_ran<Plan>(
                wall_time([&] { run_plan_untimed<Plan>(world, state, executor, split, measure); }));
        } else {
            run_plan_untimed<Plan>(world, state, executor, split, measure);
        }
    }

    template <class Plan, class Executor>
    static void run_plan_untimed(World& world, state_type& state, const Executor& executor, bool split, bool measure) {
        decide_conditions(world, state, typename Plan::batches{});
        state.settle(); // before any system reads rows, on any thread
        ++state.iteration_depth;
        run_batches<Plan>(world, state, executor, split, measure);
        tracking::end_runs(state);
        --state.iteration_depth;
        apply_commands<Plan>(world, state);
        dispatch::apply_commands(state);
        dispatch::notify_changes(world, state);
        dispatch::apply_commands(state);
        state.events.drop_read();
    }

    // Evaluates the run condition of each system of a plan that has one,
    // once, before the plan's first batch: what they read cannot change
    // until the stage ends (kilnc reports a condition whose stage writes
    // its input), and a skipped system then costs a branch.
    template <class... Batches>
    static void decide_conditions(World& world, state_type& state, type_list<Batches...>) noexcept {
        (decide_batch(world, state, typename Batches::systems{}), ...);
    }

    template <class... Systems>
    static void decide_batch(World& world, state_type& state, type_list<Systems...>) noexcept {
        for_each_type(type_list<Systems...>{}, [&]<class S>() {
            if constexpr (conditional_system<S>) {
                state.skipped[index_of_v<S, typename state_type::systems>] = !S::run_if::holds(world);
            }
        });
    }

    // Whether S is skipped in this run of its stage.
    template <class S>
    static bool skipped(const state_type& state) noexcept {
        if constexpr (conditional_system<S>) {
            return state.skipped[index_of_v<S, typename state_type::systems>];
        } else {
            return false;
        }
    }

    template <class... Systems>
    static void start_runs(state_type& state, type_list<Systems...>) noexcept {
        if constexpr (internal::any_of({conditional_system<Systems>...})) {
            // One at a time, so that a skipped system keeps the tick of its last run as its since.
            for_each_type(type_list<Systems...>{}, [&]<class S>() {
                if (!skipped<S>(state)) {
                    tracking::start_runs(state, type_list<S>{});
                }
            });
        } else {
            tracking::start_runs(state, type_list<Systems...>{});
        }
    }

    template <class Plan, class Executor>
    static void run_batches(World& world, state_type& state, const Executor& executor, bool split, bool measure) {
        for_each_type(typename Plan::batches{}, [&]<class Batch>() {
            if constexpr (std::is_same_v<Batch, flush>) {
                flush_commands<Plan>(world, state);
            } else {
                start_runs(state, typename Batch::systems{});
                if constexpr (is_fused_v<Batch>) {
                    // Nested, so that Clang does not look up ran in an executor without it
                    // (a condition that still depends on Batch keeps the branch checked).
                    if constexpr (times_runs_v<Executor>) {
                        executor.template ran<typename Batch::systems>(
                            wall_time([&] { run_fused(world, state, typename Batch::systems{}); }));
                    } else {
                        run_fused(world, state, typename Batch::systems{});
                    }
                } else {
                    run_batch(world, state, executor, split, measure, typename Batch::systems{});
                }
                state.events.publish(typename Batch::systems{});
            }
        });
    }

    template <class... Plans>
    static constexpr bool splits_any_work(type_list<Plans...>) {
        return internal::any_of({splits_work_v<typename Plans::batches>...});
    }

    // The rows of the plans that split work: what a frame's time is per.
    template <class... Plans>
    static std::size_t schedule_rows(const state_type& state, type_list<Plans...>) noexcept {
        std::size_t rows = 0;
        internal::in_order(
            {(rows += splits_work_v<typename Plans::batches> ? plan_rows(state, typename Plans::batches{}) : 0, 0)...});
        return rows;
    }

    template <class... Batches>
    static std::size_t plan_rows(const state_type& state, type_list<Batches...>) noexcept {
        std::size_t rows = 0;
        internal::in_order({(rows += batch_rows(state, typename Batches::systems{}), 0)...});
        return rows;
    }

    template <class... Systems>
    static std::size_t batch_rows(const state_type& state, type_list<Systems...>) noexcept {
        std::size_t rows = 0;
        internal::in_order({(rows += rows_of<Systems>(state), 0)...});
        return rows;
    }

    // An executor that splits by work (parallel_executor), in a run that
    // splits, runs a batch's systems at once when their work, as measured in
    // their last runs, is worth it, and otherwise one after the other on this
    // thread.
    template <class Executor, class... Systems>
    static void run_batch(World& world, state_type& state, const Executor& executor, bool split, bool measure,
                          type_list<Systems...>) {
        if constexpr (splits_by_work_v<Executor>) {
            if constexpr (sizeof...(Systems) == 1) {
                (run_measured<Systems>(world, state, executor, split, measure), ...);
            } else if (split && worth_splitting(estimate_all<Systems...>(state), executor.serial_below)) {
                executor.run_together([&] { run_measured<Systems>(world, state, executor, split, measure); }...);
            } else {
                internal::in_order({(run_measured<Systems>(world, state, executor, split, measure), 0)...});
            }
        } else if constexpr (times_runs_v<Executor>) {
            executor.run_together([&] {
                executor.template ran<type_list<Systems>>(
                    wall_time([&] { run_system<Systems>(world, state, executor); }));
            }...);
        } else {
            executor.run_together([&] { run_system<Systems>(world, state, executor); }...);
        }
    }

    // A fused pass (kiln::fused): the archetypes in id order, which is each
    // system's order of its targets, so that each system meets its rows as
    // it would alone; in each, every row handed to the systems that match
    // it, in schedule order. Serial with any executor: systems of a fused
    // pass are not parallel.
    template <class... Systems>
    static void run_fused(World& world, state_type& state, type_list<Systems...>) {
        static_assert(internal::all_of({fusable<Systems>()...}));
        for_each_type(typename state_type::archetypes{}, [&]<class A>() {
            if constexpr (internal::any_of({contains_v<A, typename Systems::archetypes>...})) {
                archetype_storage& rows = state.storages[A::id];
                if (!rows.empty()) {
                    fused_rows(rows.size(), row_step<Systems, A>(world, state, rows)...);
                }
                internal::in_order({(mark_fused_target<Systems, A>(state, rows), 0)...});
            }
        });
    }

    // What kilnc fuses; these hold hand-written plans to the same rules.
    template <class S>
    static constexpr bool fusable() {
        static_assert(!propagation_system<S> && !S::commands && !S::columns && !S::parallel &&
                          !tracking::template filtered_system_v<S> && S::archetypes::size > 0 &&
                          emitted_by<S>::type::size == 0 && events_of<S>::type::size == 0 &&
                          lookups_of<S>::type::size == 0 && !per_archetype_v<S> && !entity_of_v<S>,
                      "kiln::fused<...>: a fused system touches only its own entity's components, through its "
                      "matched archetypes: no commands, columns, parallel chunks, changed or added filter, events, "
                      "propagation, lookups, optional components, has or entity");
        return true;
    }

    // Runs each step on rows [0, size). Out of line, as for_each_row_of.
    template <class... Steps>
    [[gnu::noinline]] static void fused_rows(std::size_t size, Steps... steps) {
        for (std::size_t row = 0; row < size; ++row) {
            internal::in_order({(steps(row), 0)...});
        }
    }

    // What S does to one row of A: nothing when S does not match A.
    template <class S, class A>
    static auto row_step(World& world, state_type& state, archetype_storage& rows) {
        if constexpr (contains_v<A, typename S::archetypes> && conditional_system<S>) {
            const auto& target = query_of<S>::targets[index_of_v<A, typename S::archetypes>];
            return [runs = !skipped<S>(state),
                    step = step_of<S>(world, rows.columns(), target.first_columns, typename S::access{},
                                      typename S::resources{},
                                      std::make_index_sequence<S::access::size>{})](std::size_t row) {
                if (runs) {
                    step(row);
                }
            };
        } else if constexpr (contains_v<A, typename S::archetypes>) {
            const auto& target = query_of<S>::targets[index_of_v<A, typename S::archetypes>];
            return step_of<S>(world, rows.columns(), target.first_columns, typename S::access{},
                              typename S::resources{}, std::make_index_sequence<S::access::size>{});
        } else {
            return [](std::size_t) {};
        }
    }

    template <class S, class... Access, class... Resources, std::size_t... I>
    static auto step_of(World& world, [[maybe_unused]] std::byte* const* columns,
                        [[maybe_unused]] const std::array<std::uint32_t, sizeof...(Access)>& first_columns,
                        type_list<Access...>, type_list<Resources...>, std::index_sequence<I...>) {
        // world captured by default, where the system reads resources: a
        // system without them does not use it.
        return [&, cursors = std::tuple{access_cursor<Access>(columns, first_columns[I])...}](std::size_t row) {
            S::run(std::get<I>(cursors)[row]..., world.template resource<std::remove_const_t<Resources>>()...);
        };
    }

    template <class S, class A>
    static void mark_fused_target(state_type& state, archetype_storage& rows) noexcept {
        if constexpr (contains_v<A, typename S::archetypes>) {
            if (skipped<S>(state)) {
                return;
            }
            tracking::template mark_system_target<S>(state, typename S::access{}, index_of_v<A, typename S::archetypes>,
                                                     rows);
        }
    }

    // The rows system S runs over: 1 for a system without components.
    template <class S>
    static std::size_t rows_of(const state_type& state) noexcept {
        if constexpr (S::access::size == 0 && S::with::size == 0) {
            return 1;
        } else {
            std::size_t total = 0;
            for (const auto& target : query_of<S>::targets) {
                total += state.storages[target.archetype].size();
            }
            return total;
        }
    }

    template <class S>
    static std::chrono::nanoseconds estimate(const state_type& state) noexcept {
        if (skipped<S>(state)) {
            return std::chrono::nanoseconds{0};
        }
        return state.work.estimate(index_of_v<S, typename state_type::systems>, rows_of<S>(state));
    }

    template <class... Systems>
    static std::chrono::nanoseconds estimate_all(const state_type& state) noexcept {
        std::chrono::nanoseconds total{0};
        internal::in_order({(total += estimate<Systems>(state), 0)...});
        return total;
    }

    // Runs S, in a run that splits splitting its rows over chunks when its
    // work is worth it, and in a run that measures records the CPU time it
    // took.
    template <class S, class Executor>
    static void run_measured(World& world, state_type& state, const Executor& executor, bool split, bool measure) {
        if (skipped<S>(state)) {
            return; // its last run's timing stays its estimate
        }
        if (!measure) {
            run_system<S>(world, state, serial_executor{});
            return;
        }
        const std::size_t rows = rows_of<S>(state);
        work_meter meter;
        if constexpr (S::parallel && !S::commands) {
            const std::chrono::nanoseconds work = estimate<S>(state);
            if (split && worth_splitting(work, executor.serial_below)) {
                const std::size_t rows_per_chunk = chunk_rows_for(work, rows, executor.serial_below, chunk_rows);
                run_system<S>(world, state, metered_executor<Executor>{executor, meter, rows_per_chunk});
            } else {
                meter.time([&] { run_system<S>(world, state, serial_executor{}); });
            }
        } else if (split) {
            meter.time([&] { run_system<S>(world, state, executor); });
        } else {
            meter.time([&] { run_system<S>(world, state, serial_executor{}); });
        }
        state.work.record(index_of_v<S, typename state_type::systems>, rows, meter.total());
    }

    template <class S, class Executor>
    static void run_system(World& world, state_type& state, const Executor& executor) {
        if (skipped<S>(state)) {
            return; // its run condition was false when the stage started: a branch
        }
        if constexpr (dirty_propagation_v<S>) {
            // Only below what changed since S last ran (docs/hierarchy.md); a full pass, when it is one, splits
            // each depth among the executor's threads, to the serial pass's values.
            using systems = typename state_type::systems;
            internal::propagate_dirty_since<S>(world, state.clock.since[index_of_v<S, systems>],
                                               state.propagation_states[propagation_slots<systems>::template of<S>()],
                                               executor);
        } else if constexpr (propagation_system<S>) {
            propagate<S>(world, executor); // its local part is not tracked: every row, every run
        } else {
            run_game_system<S>(world, state, executor);
        }
    }

    template <class S, class Executor>
    static void run_game_system(World& world, state_type& state, const Executor& executor) {
        // kilnc rejects such schemas; these hold hand-written system types to the same rules.
        using systems = typename systems_of<typename World::schema_type>::systems;
        static_assert(!writes_a_propagated_global_v<typename S::access, systems>,
                      "kiln::basic_world::run: system S writes the global part of a propagation, which only the "
                      "propagation writes (it would overwrite S's values, or S its); make it const in S::access, "
                      "or write the local part");
        static_assert(!(S::parallel && writes_a_resource_v<typename S::resources>),
                      "kiln::basic_world::run: system S is parallel and writes a resource, which the chunks of its "
                      "rows, run at once, would all write; make S not parallel, or the resource const in S::resources");
        if constexpr (rows_apart_v<S> && !reaches_beyond_rows<S>() &&
                      !(S::parallel && !S::commands && runs_chunks_at_once_v<Executor>)) {
            // Most systems, run whole: their rows, resources and commands to S::rows, and no more compiled here.
            run_apart_plainly<S>(world, state, typename S::resources{});
        } else {
            run_reaching<S>(world, state, executor);
        }
    }

    // Whether run() is handed more than its rows, resources and commands: lookups or events.
    template <class S>
    static constexpr bool reaches_beyond_rows() {
        return lookups_of<S>::type::size + emitted_by<S>::type::size + events_of<S>::type::size > 0;
    }

    template <class S, class... Resources>
    static void run_apart_plainly(World& world, state_type& state, type_list<Resources...>) {
        std::array<void*, sizeof...(Resources)> arguments{
            erased(world.template resource<std::remove_const_t<Resources>>())...};
        hand_every_target<S>(world, state, arguments.data());
        mark_targets<S>(state);
    }

    // The rows S's run wrote, stamped when it tracks what it writes.
    template <class S>
    static void mark_targets(state_type& state) noexcept {
        for (std::size_t index = 0; index < query_of<S>::targets.size(); ++index) {
            tracking::template mark_system_target<S>(state, typename S::access{}, index,
                                                     state.storages[query_of<S>::targets[index].archetype]);
        }
    }

    template <class S, class Executor>
    static void run_reaching(World& world, state_type& state, const Executor& executor) {
        // The event writers and readers run() is handed after its resources; none for most systems.
        system_events<S, decltype(state.events)> events{state.events};
        // Its lookups, handed after its row's values; a single lookup that does not find its one entity skips
        // the system.
        bool complete = true;
        const auto reach = lookup_maker<state_type::archetypes::size>::template make_all<typename lookups_of<S>::type>(
            state.entities, state.storages, now(state), complete);
        if (!complete) {
            return;
        }
        if constexpr (S::access::size == 0 && S::with::size == 0) {
            events.call([&](auto&... io) { call_once<S>(world, state, reach, typename S::resources{}, io...); });
        } else if constexpr (S::parallel && !S::commands && runs_chunks_at_once_v<Executor>) {
            run_split<S>(world, state, executor, events, reach);
        } else if constexpr (rows_apart_v<S>) {
            events.call([&](auto&... io) { hand_all_rows<S>(world, state, reach, typename S::resources{}, io...); });
            mark_targets<S>(state);
        } else {
            for (const auto& target : query_of<S>::targets) {
                archetype_storage& rows = state.storages[target.archetype];
                const std::size_t index = &target - query_of<S>::targets.data();
                if (!rows.empty()) {
                    events.call(
                        [&](auto&... io) { run_target<S>(world, state, rows, index, 0, rows.size(), reach, io...); });
                }
                tracking::template mark_system_target<S>(state, typename S::access{}, index, rows);
            }
        }
    }

    // The tick writes through a lookup are stamped with.
    static change_tick now([[maybe_unused]] const state_type& state) noexcept {
        if constexpr (state_type::tracks_changes) {
            return state.clock.now;
        } else {
            return change_tick{};
        }
    }

    // Rows begin to end of S's index-th target: through run_rows, with the
    // target's archetype known at compile time when S's optional components
    // or has need it.
    template <class S, class Reach, class... Events>
    static void run_target(World& world, state_type& state, archetype_storage& rows, std::size_t index,
                           std::size_t begin, std::size_t end, const Reach& reach, Events&... events) {
        const auto& first_columns = query_of<S>::targets[index].first_columns;
        if constexpr (per_archetype_v<S>) {
            [&]<class... Archetypes, std::size_t... I>(type_list<Archetypes...>, std::index_sequence<I...>) {
                // A braced list, not a fold: a system may run on thousands of archetypes (type_list.hpp).
                in_order({(index == I ? (run_rows<S, Archetypes>(world, state, rows, index, first_columns, begin, end,
                                                                 typename S::access{}, typename S::resources{},
                                                                 std::make_index_sequence<S::access::size>{}, reach,
                                                                 events...),
                                         0)
                                      : 0)...});
            }(typename S::archetypes{}, std::make_index_sequence<S::archetypes::size>{});
        } else {
            run_rows<S, void>(world, state, rows, index, first_columns, begin, end, typename S::access{},
                              typename S::resources{}, std::make_index_sequence<S::access::size>{}, reach, events...);
        }
    }

    // A parallel system's rows, those of every archetype it matches one after
    // the other, split as one range: the threads meet once per run, not once
    // per archetype (each meeting costs a hand-off, and waits for the slowest
    // chunk). A chunk that reaches from one archetype into the next runs the
    // rows of each; chunks are in row order, so events keep a serial run's.
    template <class S, class Executor, class Events, class Reach>
    static void run_split(World& world, state_type& state, const Executor& executor, Events& events,
                          const Reach& reach) {
        constexpr auto& targets = query_of<S>::targets;
        std::array<std::size_t, targets.size() + 1> starts{};
        for (std::size_t t = 0; t < targets.size(); ++t) {
            starts[t + 1] = starts[t] + state.storages[targets[t].archetype].size();
        }
        events.for_chunks(executor, starts.back(), chunk_rows, [&](std::size_t begin, std::size_t end, auto&... io) {
            for (std::size_t t = 0; t < targets.size(); ++t) {
                const std::size_t from = std::max(begin, starts[t]);
                const std::size_t to = std::min(end, starts[t + 1]);
                if (from < to) {
                    run_target<S>(world, state, state.storages[targets[t].archetype], t, from - starts[t],
                                  to - starts[t], reach, io...);
                }
            }
        });
        // After the chunks, which may run at once, so that none shares a chunk's maximum tick.
        for (std::size_t t = 0; t < targets.size(); ++t) {
            tracking::template mark_system_target<S>(state, typename S::access{}, t,
                                                     state.storages[targets[t].archetype]);
        }
    }

    // A system without components: one call per run.
    template <class S, class Reach, class... Resources, class... Events>
    static void call_once(World& world, state_type& state, const Reach& reach, type_list<Resources...>,
                          Events&... events) {
        reach.call(
            [&](const auto&... lookups) {
                if constexpr (S::commands) {
                    system_commands<World> commands{world, state.template commands_of<S>(world)};
                    S::run(commands, lookups..., world.template resource<std::remove_const_t<Resources>>()...,
                           events...);
                } else {
                    S::run(lookups..., world.template resource<std::remove_const_t<Resources>>()..., events...);
                }
            });
    }

    // Rows begin to end of one archetype: through the row loop that each()
    // runs, so that a system is as fast as the same work written with each(),
    // here or, where S's rows run in the file of its run(), there (S::rows,
    // kiln/system/system_rows.hpp). A (void when S needs none) is the
    // archetype, for the cursors of S's optional components and has, which
    // come after the row's components.
    template <class S, class A, class... Access, class... Resources, std::size_t... I, class Reach, class... Events>
    static void run_rows(World& world, state_type& state, archetype_storage& rows, std::size_t target_index,
                         const std::array<std::uint32_t, sizeof...(Access)>& first_columns, std::size_t begin,
                         std::size_t end, type_list<Access...> access, type_list<Resources...> resources,
                         std::index_sequence<I...> positions, const Reach& reach, Events&... events) {
        if constexpr (rows_apart_v<S>) {
            static_assert(std::is_void_v<A> && !tracking::template filtered_system_v<S>,
                          "kiln: a system whose rows run in the file of its run() (S::rows_apart) has no optional "
                          "components, has, changed or added: kilnc keeps such systems' loops in the world's unit");
            hand_rows<S>(world, rows, first_columns, begin, end, resources, reach, events...);
        } else {
            loop_rows<S, A>(world, state, rows, target_index, first_columns, begin, end, access, resources, positions,
                            reach, events...);
        }
    }

    // One chunk of a parallel system's rows to S::rows, with the addresses of
    // run()'s arguments after the row's (a system that records commands is
    // never split: run_game_system).
    template <class S, std::size_t Count, class... Resources, class Reach, class... Events>
    static void hand_rows(World& world, archetype_storage& rows, const std::array<std::uint32_t, Count>& first_columns,
                          std::size_t begin, std::size_t end, type_list<Resources...>, const Reach& reach,
                          Events&... events) {
        static_assert(!S::commands);
        with_arguments(
            [&](void* const* arguments) {
                S::rows(rows_job{rows.columns(), first_columns.data(), rows.entities().data(), begin, end, arguments,
                                 nullptr});
            },
            world, reach, type_list<Resources...>{}, events...);
    }

    // Rows begin to end of one archetype, here.
    template <class S, class A, class... Access, class... Resources, std::size_t... I, class Reach, class... Events>
    static void loop_rows(World& world, state_type& state, archetype_storage& rows,
                          [[maybe_unused]] std::size_t target_index,
                          const std::array<std::uint32_t, sizeof...(Access)>& first_columns, std::size_t begin,
                          std::size_t end, type_list<Access...>, type_list<Resources...>, std::index_sequence<I...>,
                          const Reach& reach, Events&... events) {
        // Unused by a system that accesses no component (it has only with).
        [[maybe_unused]] std::byte* const* columns = rows.columns();
        const auto extras = [&] {
            if constexpr (std::is_void_v<A>) {
                return std::tuple{};
            } else {
                return lookup_maker<state_type::archetypes::size>::template row_extras<S, A>(columns);
            }
        }();
        reach.call(
            [&](const auto&... lookups) {
                // run() with the row's values (the commands and the entity first, when S takes them).
                auto finish = [&](auto&&... head) {
                    S::run(head..., lookups..., world.template resource<std::remove_const_t<Resources>>()...,
                           events...);
                };
                call_with_elements(
                    [&](auto... extra) {
                        each_row<S>(world, state, rows, target_index, begin, end, finish,
                                    access_cursor<Access>(columns, first_columns[I])..., extra...);
                    },
                    extras);
            });
    }

    // Every row S runs on, archetype after archetype, to S::rows: the
    // arguments made once, and the loop over the archetypes compiled once for
    // all the systems that access as many components, not once per system.
    template <class S, class Reach, class Resources, class... Events>
    static void hand_all_rows(World& world, state_type& state, const Reach& reach, Resources resources,
                              Events&... events) {
        with_arguments([&](void* const* arguments) { hand_every_target<S>(world, state, arguments); }, world, reach,
                       resources, events...);
    }

    // use(arguments): the addresses of what run() takes after the row's
    // components, in its order: its lookups, its resources, its event
    // writers and readers.
    template <class Use, class Reach, class... Resources, class... Events>
    static void with_arguments(Use&& use, World& world, const Reach& reach, type_list<Resources...>,
                               Events&... events) {
        reach.call([&](const auto&... lookups) {
            std::array<void*, sizeof...(lookups) + sizeof...(Resources) + sizeof...(Events)> arguments{
                erased(lookups)..., erased(world.template resource<std::remove_const_t<Resources>>())...,
                erased(events)...};
            use(arguments.data());
        });
    }

    // S's rows, with the addresses of run()'s arguments after the row's, and
    // its commands when it records some.
    template <class S>
    static void hand_every_target(World& world, state_type& state, void* const* arguments) {
        constexpr auto& targets = query_of<S>::targets;
        if constexpr (S::commands) {
            system_commands<World> commands{world, state.template commands_of<S>(world)};
            hand_targets(state, targets.data(), targets.size(), &S::rows, arguments, &commands);
        } else {
            hand_targets(state, targets.data(), targets.size(), &S::rows, arguments, nullptr);
        }
    }

    template <std::size_t Count>
    [[gnu::noinline]] static void hand_targets(state_type& state, const query_target<Count>* targets,
                                               std::size_t count, void (*rows_of)(const rows_job&),
                                               void* const* arguments, void* commands) {
        for (std::size_t index = 0; index < count; ++index) {
            const query_target<Count>& target = targets[index];
            archetype_storage& rows = state.storages[target.archetype];
            if (!rows.empty()) {
                rows_of(rows_job{rows.columns(), target.first_columns.data(), rows.entities().data(), 0, rows.size(),
                                 arguments, commands});
            }
        }
    }

    // The address of an argument of run(), for a rows_job.
    template <class T>
    static void* erased(const T& value) noexcept {
        return const_cast<void*>(static_cast<const void*>(&value));
    }

    // Calls finish with each row's values (each_row_of,
    // kiln/system/system_rows.hpp): only the rows changed since S last ran,
    // when it filters on changes.
    template <class S, class Finish, class... Cursors>
    static void each_row(World& world, state_type& state, archetype_storage& rows,
                         [[maybe_unused]] std::size_t target_index, std::size_t begin, std::size_t end, Finish& finish,
                         Cursors... cursors) {
        if constexpr (tracking::template filtered_system_v<S> && !S::columns) {
            // changed = [...] or added = [...]: only the rows changed since S last ran (docs/changes.md).
            const auto filter = tracking::template system_rows<S>(state, rows, target_index);
            [[maybe_unused]] std::optional<system_commands<World>> commands;
            auto call = [&](entity e, auto&&... values) {
                if constexpr (S::commands) {
                    finish(*commands, e, values...);
                } else if constexpr (entity_of_v<S>) {
                    finish(e, values...);
                } else {
                    finish(values...);
                }
            };
            if constexpr (S::commands) {
                commands.emplace(world, state.template commands_of<S>(world));
            }
            filter.each(call, [](std::size_t, std::size_t) {}, begin, end, rows.entities().data(), cursors...);
        } else if constexpr (S::commands && !S::columns) {
            system_commands<World> commands{world, state.template commands_of<S>(world)};
            each_row_of<S>(finish, begin, end, rows.entities().data(), &commands, cursors...);
        } else {
            each_row_of<S>(finish, begin, end, rows.entities().data(), nullptr, cursors...);
        }
    }
};

} // namespace kiln::internal
