// The world as saves and JSON see it: the schema's types as data
// (described_schema) and what save, load, to_json and from_json reach inside
// a basic_world's state (world_access, through world_state_of; see
// kiln/world/world_state.hpp): its archetypes' rows, its resources' bytes,
// its entity table and hierarchy, and whether commands wait in its buffers.
// kiln/save.hpp and kiln/json.hpp use it.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <tuple>
#include <type_traits>

#include <kiln/core/type_list.hpp>
#include <kiln/fwd.hpp>
#include <kiln/io/save_error.hpp>
#include <kiln/io/save_format.hpp>
#include <kiln/schema/component.hpp>
#include <kiln/schedule/state.hpp>
#include <kiln/schedule/transitions.hpp>
#include <kiln/schema/reflect.hpp>
#include <kiln/storage/archetype_storage.hpp>

namespace kiln::internal {

// What saves, loads and JSON reach inside a world; basic_world<Schema>'s is
// below.
template <class World>
struct world_access;

// The value every field a save lacks takes its default from.
template <class T>
inline const T default_value{};

template <class T>
type_description describe_type() {
    using traits = traits_of_t<T>;
    layout kind = layout::packed;
    if constexpr (component<T>) {
        kind = layout_of<T>;
    }
    return {traits::stable_id,
            traits::name,
            kind,
            static_cast<std::uint32_t>(sizeof(T)),
            traits::field_infos,
            traits::migrations,
            reinterpret_cast<const std::byte*>(&default_value<T>)};
}

template <class... Types>
std::array<type_description, sizeof...(Types)> describe_types(type_list<Types...>) {
    return {describe_type<Types>()...};
}

// The positions of archetype A's components in the schema's component list.
template <class Components, class... Held>
inline constexpr std::array<std::uint32_t, sizeof...(Held)> positions_of(type_list<Held...>) {
    return {static_cast<std::uint32_t>(index_of_v<Held, Components>)...};
}

template <class Schema, class A>
inline constexpr auto archetype_positions = positions_of<typename Schema::components>(typename A::components{});

template <class Schema, class... Archetypes>
std::array<archetype_description, sizeof...(Archetypes)> describe_archetypes(type_list<Archetypes...>) {
    return {archetype_description{Archetypes::stable_id, Archetypes::name, archetype_positions<Schema, Archetypes>}...};
}

// The schema's states (kiln::state_plan each) as their names and values' names.
template <class... Plans>
std::array<state_description, sizeof...(Plans)> describe_states(type_list<Plans...>) {
    return {state_description{state_traits<typename Plans::state_type>::name,
                              state_traits<typename Plans::state_type>::values,
                              static_cast<std::uint32_t>(state_traits<typename Plans::state_type>::initial)}...};
}

// The schema's types as data, built once.
template <class Schema>
struct described_schema {
    static inline const auto components = describe_types(typename Schema::components{});
    static inline const auto resources = describe_types(typename Schema::resources{});
    static inline const auto archetypes = describe_archetypes<Schema>(typename Schema::archetypes{});
    static inline const auto states = describe_states(typename states_of<Schema>::type{});

    static world_description get() {
        return {Schema::name, Schema::version, Schema::fingerprint, components, resources, archetypes, states};
    }
};

template <class Schema>
struct world_access<basic_world<Schema>> {
    using world_type = basic_world<Schema>;

    // Each archetype's rows, in id order.
    template <class World>
    static auto storages(World& world) {
        using pointer = std::conditional_t<std::is_const_v<World>, const archetype_storage*, archetype_storage*>;
        std::array<pointer, world_type::state_type::archetypes::size> all{};
        for (std::size_t a = 0; a < all.size(); ++a) {
            all[a] = &world_state_of(world).storages[a];
        }
        return all;
    }

    // Each resource's bytes, in schema order.
    template <class World>
    static auto resources(World& world) {
        using pointer = std::conditional_t<std::is_const_v<World>, const std::byte*, std::byte*>;
        return std::apply(
            [](auto&... resource) {
                return std::array<pointer, sizeof...(resource)>{reinterpret_cast<pointer>(&resource)...};
            },
            world_state_of(world).resources);
    }

    template <class World>
    static auto& entities(World& world) {
        return world_state_of(world).entities;
    }

    template <class World>
    static auto& hierarchy(World& world) {
        return world_state_of(world).hierarchy;
    }

    using state_plans = typename states_of<Schema>::type;

    // Each state's value and request, as indices into its values, in schema
    // order.
    static std::array<state_position, state_plans::size> states(const world_type& world) {
        std::array<state_position, state_plans::size> all{};
        std::size_t s = 0;
        for_each_type(state_plans{}, [&]<class Plan>() {
            const auto& state = world.template state<typename Plan::state_type>();
            all[s++] = {static_cast<std::uint32_t>(state.current()), static_cast<std::uint32_t>(state.next()),
                        state.requested()};
        });
        return all;
    }

    static bool started(const world_type& world) noexcept { return world_state_of(world).started; }

    // Puts the world where position says: started or not, and each state in
    // its value, with its request.
    static void restore_states(world_type& world, const schedule_position& position) {
        world_state_of(world).started = position.started;
        std::size_t s = 0;
        for_each_type(state_plans{}, [&]<class Plan>() {
            using E = typename Plan::state_type;
            const state_position& at = position.states[s++];
            world.template state<E>().restore(static_cast<E>(at.current), at.requested, static_cast<E>(at.next));
        });
    }

    // Empties the world for a load, keeping the memory of its columns and
    // table: no rows, and every resource at its default.
    static void empty_for_load(world_type& world) {
        world_state_of(world).assert_not_iterating("load");
        for (std::uint32_t id = 0; id < world_type::state_type::archetypes::size; ++id) {
            world_state_of(world).storages[id].clear();
        }
        world_state_of(world).resources = decltype(world_state_of(world).resources){};
        world_state_of(world).hierarchy.clear();
        world_state_of(world).prefab_records.clear(); // a save does not hold them (JSON does: prefab_records below)
    }

    template <class World>
    static auto& prefab_records(World& world) {
        return world_state_of(world).prefab_records;
    }

    // The commands waiting in the world's buffers, which a save would miss
    // (the buffers of systems are applied before run returns).
    static std::size_t pending(const world_type& world) {
        return world_state_of(world).commands.size() + world_state_of(world).observer_commands.size();
    }

    // Refuses, with pending_changes, to save or replace a world that has
    // commands waiting in its buffers, or entities reserved by creates not
    // applied, whichever buffer holds them (a command_buffer of the game's
    // own, too). A save would miss them; a load would replace the table
    // whose slots they reserved, and applying them afterwards would give a
    // loaded entity's handle to a second one.
    static save_error refuse_pending(const world_type& world, const char* what) {
        const std::size_t commands = pending(world);
        const std::size_t reserved = world_state_of(world).entities.reserved_count();
        if (commands == 0 && reserved == 0) {
            return {};
        }
        return make_save_error(save_errc::pending_changes, 0,
                               "%s: the world has %zu command%s not applied and %zu entit%s reserved by creates "
                               "not applied; apply them (flush()) or discard their buffers first",
                               what, commands, commands == 1 ? "" : "s", reserved, reserved == 1 ? "y" : "ies");
    }
};

} // namespace kiln::internal
