// world_state: everything a world holds, as one struct that basic_world
// owns and its parts (lookups, structural moves, loops, change tracking,
// observers, the hierarchy, the schedule, save and load) take by reference.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>
#include <tuple>

#include <kiln/config.hpp>
#include <kiln/core/type_list.hpp>
#include <kiln/core/work_estimate.hpp>
#include <kiln/entity/entity.hpp>
#include <kiln/entity/entity_table.hpp>
#include <kiln/events/event_channel.hpp>
#include <kiln/hierarchy/hierarchy_order.hpp>
#include <kiln/hierarchy/hierarchy_table.hpp>
#include <kiln/hierarchy/propagation.hpp>
#include <kiln/schedule/transitions.hpp>
#include <kiln/schema/prefab.hpp>
#include <kiln/storage/archetype.hpp>
#include <kiln/storage/archetype_storage.hpp>
#include <kiln/storage/archetype_table.hpp>
#include <kiln/storage/archetype_view.hpp>
#include <kiln/storage/change_ticks.hpp>
#include <kiln/storage/move_plan.hpp>
#include <kiln/storage/transition.hpp>
#include <kiln/system/command_buffer.hpp>
#include <kiln/system/declared_systems.hpp>
#include <kiln/world/prefab_records.hpp>

namespace kiln::internal {

template <class List>
struct resource_tuple;

template <class... Resources>
struct resource_tuple<type_list<Resources...>> {
    using type = std::tuple<Resources...>;
};

// The resources of a schema that no save holds (kiln = { saved = false }):
// Schema::unsaved_resources, none when it declares none.
template <class Schema>
struct unsaved_resources_of {
    using type = type_list<>;
};

template <class Schema>
    requires requires { typename Schema::unsaved_resources; }
struct unsaved_resources_of<Schema> {
    using type = typename Schema::unsaved_resources;
};

// The state of a world of Schema: its entity table, archetype storages,
// resources, states, hierarchy, events, change clock, command buffers and
// where the schedule is. World is the basic_world that owns it, which its
// command buffers apply to (and hand to the systems and observers that
// record into them).
//
// A part of the world is a struct of static functions that take the state,
// or the members of it they need, by reference (docs/internals.md lists who
// touches what); the world's public functions pass its state to them, and
// they call each other directly. The functions here keep the state's own
// tables in step: settle and remove_row (typed, or as bytes) move rows and
// tell the entity table; leave_hole ends an entity and marks its row.
template <class Schema, class World>
struct world_state {
    using schema_type = Schema;
    using archetypes = typename Schema::archetypes;
    using unsaved_resources = typename unsaved_resources_of<Schema>::type;
    using prefabs = typename prefabs_of<Schema>::type;
    using systems = typename systems_of<Schema>::systems;
    using observers = typename systems_of<Schema>::observers;
    using schedule = typename systems_of<Schema>::schedule;
    using commands_type = command_buffer<World>;
    // Whether the schema tracks a component: only then does the state keep a clock (docs/changes.md).
    static constexpr bool tracks_changes = tracks_any<typename Schema::components>::value;

    static constexpr auto archetype_names = names_of(archetypes{});

    // A state whose command buffers apply to world, which owns it.
    explicit world_state(World& world) noexcept
        : commands{world, appliers_later}, observer_commands{world, appliers_later} {}
    world_state(const world_state&) = delete;
    world_state& operator=(const world_state&) = delete;

    // Archetype A's rows, as they are: for code that settles where it
    // reads rows by position, and not where it reads or appends one row
    // (get, create), which holes do not disturb.
    template <archetype A>
    [[nodiscard]] view_t<A> view_of() noexcept {
        return view_t<A>{storages[A::id]};
    }
    template <archetype A>
    [[nodiscard]] view_t<A, const archetype_storage> view_of() const noexcept {
        return view_t<A, const archetype_storage>{storages[A::id]};
    }

    // An archetype's name for a message; "?" for an id out of range, which
    // only a corrupted table could give.
    static constexpr std::string_view archetype_name_of(std::uint32_t id) noexcept {
        return id < archetype_names.size() ? archetype_names[id] : std::string_view{"?"};
    }

    void assert_not_iterating([[maybe_unused]] const char* operation) const noexcept {
        KILN_ASSERT(iteration_depth == 0,
                    "world::%s: called while each() iterates this world; the loop's references would dangle",
                    operation);
    }

    // world.settle(): fills the rows that destroy(e) left in their
    // archetypes, when some may be left.
    void settle() {
        if (unsettled) [[unlikely]] {
            assert_not_iterating("settle");
            fill_holes();
        }
    }

    // Fills every archetype's holes (see world.destroy), telling the entity
    // table where each moved entity went.
    void fill_holes() {
        for (std::uint32_t id = 0; id < archetypes::size; ++id) {
            archetype_storage& rows = storages[id];
            if (rows.hole_count() != 0) {
                const std::uint32_t first_tick = storages.first_tick_column(id);
                rows.fill_holes(
                    [&](std::byte* const* columns, std::size_t to, std::size_t from) {
                        internal::copy_row_as_bytes(rows.layouts(), first_tick, columns, to, from);
                    },
                    [&](entity moved, std::uint32_t row) { entities.refill(moved, {id, row}); });
            }
        }
        unsettled = false;
        // Rows moved: an order of the rows built before (kiln/hierarchy/hierarchy_order.hpp) is stale,
        // even one built while links existed that are gone now.
        hierarchy.rows_moved();
    }

    // Ends e, at where, leaving its row as a hole that the next settle
    // fills (archetype_storage::mark_hole; fill_holes then tells the
    // hierarchy that rows moved): what world.destroy does to an entity
    // without links, whether other entities have links or not. Always
    // inlined: world.destroy is inlined into its callers' loops, and a call
    // there cost the loop's registers (with remove_row out of line, bench/
    // destroy went from 1.1 to 1.9x soa).
    [[gnu::always_inline]] void leave_hole(entity e, entity_location where) {
        entities.destroy(e);
        storages[where.archetype].mark_hole(where.row);
        unsettled = true; // even when that emptied the archetype: settle finds nothing then
    }

    // Removes the row at where, filling it with its archetype's last row
    // copied as bytes (copy_row_as_bytes, as fill_holes copies), and tells
    // the entity table where that row's entity went. For the destroy of a
    // linked entity's subtree, which knows the archetype only at run time:
    // through the archetype's typed view, a visit compiled every
    // archetype's swap_remove into the world's unit (2.5 s of the generated
    // game's main.cpp; docs/compile_time.md). An entity without links
    // leaves a hole instead (leave_hole).
    void remove_row_as_bytes(entity_location where) noexcept {
        archetype_storage& rows = storages[where.archetype];
        const std::uint32_t first_tick = storages.first_tick_column(where.archetype);
        const entity moved =
            rows.swap_remove(where.row, [&](std::byte* const* columns, std::size_t to, std::size_t from) {
                internal::copy_row_as_bytes(rows.layouts(), first_tick, columns, to, from);
            });
        if (!moved.is_null()) {
            entities.refill(moved, {where.archetype, where.row});
        }
    }

    // Removes row of archetype A through its typed view (see
    // archetype_view::swap_remove), for a move whose archetypes are types.
    template <class A>
    void remove_row(std::uint32_t row) noexcept {
        const entity moved = view_of<A>().swap_remove(row);
        if (!moved.is_null()) {
            entities.refill(moved, {A::id, row});
        }
    }

    // The command buffer of system S, made on first use, for world.
    template <class S>
    commands_type& commands_of(World& world) {
        auto& buffer = system_commands[index_of_v<S, systems>];
        if (!buffer) {
            buffer = std::make_unique<commands_type>(world);
        }
        return *buffer;
    }

    // For spawns, and command buffers' once applied: e was made as part
    // `part` of prefab P (kiln/world/prefab_records.hpp).
    template <class P>
    void record_spawned(entity e, std::size_t part) {
        static_assert(contains_v<P, prefabs>, "kiln::world::spawn<P>: P is a prefab of another schema");
        static_assert(P::id == index_of_v<P, prefabs>, // a spawn recorded as data records P::id instead
                      "kiln::world::spawn<P>: P's id is not its position in the schema's prefabs (kilnc writes both)");
        prefab_records.record(e, static_cast<std::uint16_t>(index_of_v<P, prefabs>), static_cast<std::uint16_t>(part));
    }

    // The members, in the order basic_world held them before they moved here.
    archetype_table<Schema> storages;
    typename resource_tuple<typename Schema::resources>::type resources;
    // Not swapped, not saved, not loaded: they stay with this world.
    typename resource_tuple<unsaved_resources>::type unsaved;
    typename state_tuple<typename states_of<Schema>::type>::type states;
    // Which systems with a run condition (docs/states.md) the running stage skips, set when it starts.
    std::array<bool, systems::size> skipped{};
    // How many times each stage of the schedule has run (for kiln::every), and the running one's run.
    std::array<std::uint64_t, schedule::size> stage_runs{};
    std::uint64_t stage_run = 0;
    entity_table entities{archetypes::size};
    // The moves by component id that commands recorded as data made before (kiln/world/moves_by_id.hpp).
    move_plan_cache move_plans;
    hierarchy_table hierarchy;
    internal::prefab_records prefab_records; // which prefab each spawned entity came from
    internal::hierarchy_order hierarchy_order; // a cache, for kiln/hierarchy/propagation.hpp
    // What each propagation system's last dirty pass saw (kiln/hierarchy/propagation.hpp).
    std::array<propagation_state, propagation_slots<systems>::count> propagation_states{};
    int iteration_depth = 0;
    bool unsettled = false; // whether some archetype may hold rows left by destroy(e) (see settle)
    commands_type commands;
    commands_type observer_commands;
    std::unique_ptr<std::unique_ptr<commands_type>[]> system_commands =
        std::make_unique<std::unique_ptr<commands_type>[]>(systems::size);
    double accumulated = 0;
    bool started = false;
    [[no_unique_address]] event_store<typename events_of<Schema>::type> events;
    [[no_unique_address]] change_clock<tracks_changes, systems::size, observers::size> clock;
    work_estimates<systems::size, schedule::size> work; // for the parallel executor (kiln/core/work_estimate.hpp)
};

} // namespace kiln::internal
