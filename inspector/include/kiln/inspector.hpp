// The live inspector: a world seen, edited, paused and stepped from a
// browser (docs/inspector.md). The typed half: a template over the world,
// instantiated in the one translation unit of the game that includes it,
// which writes only the world's table (kiln/inspector/world_table.hpp): the
// schema's declarations as names and the fields kilnc's reflection
// describes, and a few small functions per archetype, component, resource,
// state and event that read and write the world. The untyped core
// (kiln/inspector/core.hpp, compiled once in inspector/src/core.cpp) answers
// through it the requests the server (kiln/inspector/server.hpp) queued, at
// one barrier between frames: basic_inspector::serve(world).
//
// It reads the world through kiln's reflection, without RTTI or exceptions,
// as game code is built. Include the schema's reflection header first
// (<namespace>/reflection.hpp), and link kiln::inspector.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include <kiln/core/type_list.hpp>
#include <kiln/inspector/core.hpp>
#include <kiln/inspector/server.hpp>
#include <kiln/inspector/world_table.hpp>
#include <kiln/schema/component.hpp>
#include <kiln/schema/reflect.hpp>
#include <kiln/system/system.hpp>
#include <kiln/world.hpp>

namespace kiln::inspect {

namespace detail {

// A name the compiler spells in a function's signature: a stage's
// enumerator, or an event's type, without RTTI (GCC and Clang write
// template arguments into __PRETTY_FUNCTION__), less its namespaces.
constexpr std::string_view last_name(std::string_view text) {
    const std::size_t end = text.find_first_of(";]");
    text = text.substr(0, end);
    const std::size_t colon = text.rfind("::");
    return colon == std::string_view::npos ? text : text.substr(colon + 2);
}

template <auto Value>
constexpr std::string_view value_name() {
    constexpr std::string_view signature = __PRETTY_FUNCTION__;
    constexpr std::string_view marker = "Value = ";
    constexpr std::size_t at = signature.find(marker);
    if constexpr (at == std::string_view::npos) {
        return "stage";
    } else {
        return last_name(signature.substr(at + marker.size()));
    }
}

template <class T>
constexpr std::string_view type_name() {
    constexpr std::string_view signature = __PRETTY_FUNCTION__;
    constexpr std::string_view marker = "T = ";
    constexpr std::size_t at = signature.find(marker);
    if constexpr (at == std::string_view::npos) {
        return "type";
    } else {
        return last_name(signature.substr(at + marker.size()));
    }
}

// A component's, resource's or state's name (a system's resources list a
// state as kiln::state<E>); a resource of the game's own type, which no
// save holds and kilnc writes no traits for, by its type's name.
template <class T>
constexpr std::string_view name_of() {
    using bare = std::remove_const_t<T>;
    if constexpr (internal::is_state_v<bare>) {
        return state_traits<typename bare::value_type>::name;
    } else if constexpr (requires { traits_of_t<bare>::name; }) {
        return traits_of_t<bare>::name;
    } else {
        return type_name<bare>();
    }
}

// Lists of names, as constexpr arrays for the table's spans to show: of
// components, resources or states (name_of), of those const in the list
// (read) or not (written), of types (events), and of things with a name
// (archetypes, systems).
template <class... T>
constexpr std::array<std::string_view, sizeof...(T)> names_of(type_list<T...>) {
    return {name_of<T>()...};
}

template <bool Const, class... T>
constexpr auto names_where(type_list<T...>) {
    std::array<std::string_view, ((std::is_const_v<T> == Const ? 1 : 0) + ... + 0)> out{};
    std::size_t i = 0;
    ((std::is_const_v<T> == Const ? void(out[i++] = name_of<T>()) : void()), ...);
    return out;
}

template <class... T>
constexpr std::array<std::string_view, sizeof...(T)> type_names_of(type_list<T...>) {
    return {type_name<T>()...};
}

template <class... T>
constexpr std::array<std::string_view, sizeof...(T)> own_names_of(type_list<T...>) {
    return {std::string_view(T::name)...};
}

template <class List>
inline constexpr auto names_v = names_of(List{});
template <class List, bool Const>
inline constexpr auto names_where_v = names_where<Const>(List{});
template <class List>
inline constexpr auto type_names_v = type_names_of(List{});
template <class List>
inline constexpr auto own_names_v = own_names_of(List{});

// What S (a system or an observer) reads and writes, by name.
template <class S>
constexpr access_entry access_of() {
    access_entry out{};
    out.read = names_where_v<typename S::access, true>;
    out.write = names_where_v<typename S::access, false>;
    out.with = names_v<typename S::with>;
    out.without = names_v<typename S::without>;
    out.resources_read = names_where_v<typename S::resources, true>;
    out.resources_write = names_where_v<typename S::resources, false>;
    if constexpr (requires { typename S::archetypes; }) {
        out.lists_archetypes = true;
        out.archetypes = own_names_v<typename S::archetypes>;
    }
    if constexpr (requires { typename S::emit; }) {
        out.lists_emits = true;
        out.emits = type_names_v<typename S::emit>;
    }
    if constexpr (requires { typename S::events; }) {
        out.lists_reads_events = true;
        out.reads_events = type_names_v<typename S::events>;
    }
    return out;
}

constexpr std::string_view role_name(stage_role role) {
    switch (role) {
    case stage_role::init: return "init";
    case stage_role::fixed: return "fixed";
    case stage_role::frame: return "frame";
    case stage_role::shutdown: return "shutdown";
    }
    return "frame";
}

// A stage's batches: each one's systems, by their place in Systems.
template <class Systems, class... S>
constexpr std::array<std::size_t, sizeof...(S)> places_in(type_list<S...>) {
    return {index_of_v<S, Systems>...};
}

template <class Systems, class Batch>
inline constexpr auto batch_systems_v = places_in<Systems>(typename Batch::systems{});

template <class Systems, class... Batch>
constexpr std::array<batch_entry, sizeof...(Batch)> batches_of(type_list<Batch...>) {
    return {batch_entry{internal::is_fused_v<Batch>, batch_systems_v<Systems, Batch>}...};
}

template <class Systems, class Plan>
inline constexpr auto batches_v = batches_of<Systems>(typename Plan::batches{});


// The table of a World (kiln/inspector/world_table.hpp): constexpr data,
// and the small functions of each archetype, component, resource, state and
// event that the untyped core calls with the world as a void pointer.
template <class World>
struct table_of {
    using schema = typename World::schema_type;
    using archetypes = typename schema::archetypes;
    using components = typename schema::components;
    using resources = typename schema::resources;
    using systems = typename schema::systems;
    using schedule = typename internal::systems_of<schema>::schedule;
    using state_plans = typename internal::states_of<schema>::type;
    using event_plans = typename internal::events_of<schema>::type;

    static World& of(void* world) noexcept { return *static_cast<World*>(world); }
    static const World& of(const void* world) noexcept { return *static_cast<const World*>(world); }

    // ---- components ------------------------------------------------------

    template <class C>
    static void make(std::byte* out) {
        ::new (static_cast<void*>(out)) C{};
    }

    template <class C>
    static bool changed(void* world, std::uint32_t since, std::size_t limit, std::vector<entity>& out) {
        bool truncated = false;
        of(world).template each<>(kiln::changed<C>(since), [&](entity e) {
            if (out.size() < limit) {
                out.push_back(e);
            } else {
                truncated = true;
            }
        });
        return truncated;
    }

    template <class C>
    static constexpr component_entry component() {
        static_assert(std::is_trivially_copyable_v<C>,
                      "kiln::inspect: the inspector copies a component as its bytes, so it must be trivially "
                      "copyable, as kiln's field types and extern types are");
        component_entry entry{};
        entry.name = traits_of_t<C>::name;
        entry.doc = traits_of_t<C>::doc;
        entry.origin = traits_of_t<C>::origin;
        entry.fields = traits_of_t<C>::field_infos;
        entry.tag = layout_of<C> == layout::tag;
        entry.split = layout_of<C> == layout::split;
        entry.tracked = tracked_v<C>;
        if constexpr (layout_of<C> != layout::tag) {
            entry.size = sizeof(C);
            entry.make = &make<C>;
        }
        if constexpr (World::tracks_changes && tracked_v<C>) {
            entry.changed = &changed<C>;
        }
        return entry;
    }

    template <class... C>
    static constexpr std::array<component_entry, sizeof...(C)> component_list(type_list<C...>) {
        return {component<C>()...};
    }

    // ---- archetypes ------------------------------------------------------

    template <class A, class... C>
    struct archetype_of {
        static constexpr std::array<std::size_t, sizeof...(C)> indices{index_of_v<C, components>...};

        // The entities A holds, rows that destroy(e) left unfilled aside.
        static std::size_t rows(const void* world) {
            std::size_t count = 0;
            of(world).template unsettled_storage<A>().storage().for_each_settled_run(
                [&](std::size_t, std::size_t run) { count += run; });
            return count;
        }

        static std::span<const entity> entities(const void* world) {
            const auto rows = of(world).template storage<A>();
            return {rows.entities().data(), rows.entities().size()};
        }

        template <class Component, class Rows>
        static void copy_column(const Rows& rows, std::size_t first, std::size_t count, std::byte* out) {
            if constexpr (layout_of<Component> != layout::tag) {
                for (std::size_t row = first; row < first + count; ++row) {
                    const Component value = rows.template at<Component>(row); // a split component's row, copied whole
                    std::memcpy(out + (row - first) * sizeof(Component), static_cast<const void*>(&value),
                                sizeof(Component));
                }
            }
        }

        static void copy(const void* world, std::size_t position, std::size_t first, std::size_t count,
                         std::byte* out) {
            const auto rows = of(world).template storage<A>();
            std::size_t at = 0;
            internal::in_order({(at++ == position ? copy_column<C>(rows, first, count, out) : void(), 0)...});
        }

        template <class Component>
        static Component value_of(const std::byte* bytes) {
            Component value{};
            if constexpr (layout_of<Component> != layout::tag) {
                std::memcpy(static_cast<void*>(&value), bytes, sizeof(Component));
            }
            return value;
        }

        template <class Component>
        static void write_one(void* world, entity e, const std::byte* value) {
            if constexpr (layout_of<Component> != layout::tag) {
                of(world).template get<Component>(e) = value_of<Component>(value);
            }
        }

        static void write(void* world, entity e, std::size_t position, const std::byte* value) {
            std::size_t at = 0;
            internal::in_order({(at++ == position ? write_one<C>(world, e, value) : void(), 0)...});
        }

        template <std::size_t... I>
        static entity create_with(void* world, const std::byte* const* values, std::index_sequence<I...>) {
            return of(world).template create<A>(value_of<C>(values[I])...);
        }

        static entity create(void* world, const std::byte* const* values) {
            return create_with(world, values, std::index_sequence_for<C...>{});
        }

        static constexpr archetype_entry entry() {
            return {A::name, A::id, A::origin, indices, &rows, &entities, &copy, &write, &create};
        }
    };

    template <class A, class... C>
    static constexpr archetype_entry archetype(type_list<C...>) {
        return archetype_of<A, C...>::entry();
    }

    template <class... A>
    static constexpr std::array<archetype_entry, sizeof...(A)> archetype_list(type_list<A...>) {
        return {archetype<A>(typename A::components{})...};
    }

    // ---- resources, events, states ---------------------------------------

    template <class R>
    static std::byte* resource_at(void* world) {
        return reinterpret_cast<std::byte*>(&of(world).template resource<R>());
    }

    template <class... R>
    static constexpr std::array<resource_entry, sizeof...(R)> resource_list(type_list<R...>) {
        static_assert((std::is_trivially_copyable_v<R> && ...),
                      "kiln::inspect: the inspector copies a resource as its bytes, so it must be trivially copyable");
        return {resource_entry{name_of<R>(), traits_of_t<R>::doc, traits_of_t<R>::field_infos, sizeof(R),
                               &resource_at<R>}...};
    }

    template <class E>
    static std::uint64_t sent(const void* world) {
        return of(world).template events_sent<E>();
    }

    template <class... Plan>
    static constexpr std::array<event_entry, sizeof...(Plan)> event_list(type_list<Plan...>) {
        return {event_entry{type_name<typename Plan::event>(), own_names_v<typename Plan::emitters>,
                            own_names_v<typename Plan::readers>, &sent<typename Plan::event>}...};
    }

    template <class E>
    static std::size_t state_now(const void* world) {
        return static_cast<std::size_t>(of(world).template state<E>().current());
    }

    template <class E>
    static std::optional<std::size_t> state_requested(const void* world) {
        const kiln::state<E>& st = of(world).template state<E>();
        return st.requested() ? std::optional<std::size_t>(static_cast<std::size_t>(st.next())) : std::nullopt;
    }

    template <class E>
    static void state_request(void* world, std::size_t value) {
        of(world).template state<E>().request(static_cast<E>(value));
    }

    template <class... Plan>
    static constexpr std::array<state_entry, sizeof...(Plan)> state_list(type_list<Plan...>) {
        return {state_entry{state_traits<typename Plan::state_type>::name, state_traits<typename Plan::state_type>::values,
                            static_cast<std::size_t>(state_traits<typename Plan::state_type>::initial),
                            &state_now<typename Plan::state_type>, &state_requested<typename Plan::state_type>,
                            &state_request<typename Plan::state_type>}...};
    }

    // ---- the schedule ----------------------------------------------------

    template <class... Plan>
    static constexpr std::array<stage_entry, sizeof...(Plan)> stage_list(type_list<Plan...>) {
        return {stage_entry{value_name<Plan::stage>(), role_name(Plan::role), batches_v<systems, Plan>}...};
    }

    template <class... S>
    static constexpr std::array<system_entry, sizeof...(S)> system_list(type_list<S...>) {
        return {system_entry{S::name, bool(S::parallel), bool(S::commands), access_of<S>()}...};
    }

    template <class... O>
    static constexpr std::array<observer_entry, sizeof...(O)> observer_list(type_list<O...>) {
        return {observer_entry{O::name,
                               O::event == observer_event::enter   ? "enter"
                               : O::event == observer_event::leave ? "leave"
                                                                   : "change",
                               access_of<O>()}...};
    }

    // ---- the world -------------------------------------------------------

    static void settle(void* world) { of(world).settle(); }
    static std::size_t size(const void* world) { return of(world).size(); }
    static bool alive(const void* world, entity e) { return of(world).alive(e); }
    static std::string_view archetype_name(const void* world, entity e) { return of(world).archetype_name(e); }
    static entity parent(const void* world, entity e) { return of(world).hierarchy().parent(e); }
    static void children(const void* world, entity e, std::vector<entity>& out) {
        for (const entity child : of(world).hierarchy().children(e)) {
            out.push_back(child);
        }
    }
    static std::optional<prefab_part> prefab_of(const void* world, entity e) { return of(world).prefab_of(e); }
    static void destroy(void* world, entity e) { of(world).destroy(e); }
    static std::uint32_t tick(const void* world) {
        if constexpr (World::tracks_changes) {
            return of(world).current_tick();
        } else {
            (void)world;
            return 0;
        }
    }

    static constexpr auto component_entries = component_list(components{});
    static constexpr auto archetype_entries = archetype_list(archetypes{});
    static constexpr auto resource_entries = resource_list(resources{});
    static constexpr auto event_entries = event_list(event_plans{});
    static constexpr auto state_entries = state_list(state_plans{});
    static constexpr auto stage_entries = stage_list(schedule{});
    static constexpr auto system_entries = system_list(systems{});
    static constexpr auto observer_entries = observer_list(typename schema::observers{});

    static constexpr world_table table{
        .schema = schema::name,
        .version = schema::version,
        .components = component_entries,
        .archetypes = archetype_entries,
        .resources = resource_entries,
        .events = event_entries,
        .states = state_entries,
        .stages = stage_entries,
        .systems = system_entries,
        .observers = observer_entries,
        .settle = &settle,
        .size = &size,
        .alive = &alive,
        .archetype_of = &archetype_name,
        .parent = &parent,
        .children = &children,
        .prefab_of = &prefab_of,
        .destroy = &destroy,
        .tick = World::tracks_changes ? &tick : nullptr,
    };
};

} // namespace detail

// An executor that runs as Inner does and tells the inspector what each
// stage and system took (kiln::internal::times_runs_v): what
// basic_inspector::executor returns. Its batches run through Inner's
// run_together and chunks through its for_chunks; a parallel Inner then
// runs every batch split, not only those its timings find worth it.
template <class Inner, class Schedule, class Systems>
class timed_executor {
public:
    static constexpr bool times_runs = true;

    timed_executor(const Inner& inner, detail::timing_ring& ring) noexcept : inner_{inner}, ring_{ring} {}

    template <class... Tasks>
    void run_together(Tasks&&... tasks) const {
        inner_.run_together(std::forward<Tasks>(tasks)...);
    }

    template <class Body>
    void for_chunks(std::size_t count, std::size_t grain, Body&& body) const {
        inner_.for_chunks(count, grain, std::forward<Body>(body));
    }

    template <class Plan>
    void stage_ran(std::chrono::nanoseconds time) const noexcept {
        add(index_of_v<Plan, Schedule>, time);
    }

    // A system's run, or a fused pass's, which counts for its first system.
    template <class List>
    void ran(std::chrono::nanoseconds time) const noexcept {
        add(ring_.stages + index_of_v<type_at_t<0, List>, Systems>, time);
    }

private:
    void add(std::size_t slot, std::chrono::nanoseconds time) const noexcept {
        ring_.current[slot].fetch_add(time.count(), std::memory_order_relaxed);
    }

    const Inner& inner_;
    detail::timing_ring& ring_;
};

// The inspector of a World (a kiln::basic_world): start() it, call
// serve(world) once between frames, and run the frame only when serve says
// so. The frame counter is the inspector's: the frames run since start.
//
//   kiln::inspect::basic_inspector<game::World> inspector;
//   inspector.start({});                          // 127.0.0.1, a free port
//   for (;;) {
//       if (inspector.serve(world)) {
//           world.progress(dt, inspector.executor(kiln::serial_executor{}));
//       }
//       draw(world);
//   }
template <class World>
class basic_inspector {
    using schema = typename World::schema_type;
    using systems = typename schema::systems;
    using schedule = typename internal::systems_of<schema>::schedule;

public:
    basic_inspector() : core_{detail::table_of<World>::table} {}
    basic_inspector(const basic_inspector&) = delete;
    basic_inspector& operator=(const basic_inspector&) = delete;

    // Starts listening; "" or why not.
    std::string start(const options& chosen = {}) { return core_.start(chosen); }
    void stop() { core_.stop(); }
    [[nodiscard]] int port() const noexcept { return core_.port(); }
    [[nodiscard]] std::string url() const { return core_.url(); }

    // The executor to run the world's frames with, so that the inspector
    // sees each stage's and system's time: inner's work, timed.
    template <class Inner>
    [[nodiscard]] timed_executor<Inner, schedule, systems> executor(const Inner& inner) noexcept {
        return {inner, core_.ring()};
    }

    [[nodiscard]] bool paused() const noexcept { return core_.paused(); }
    [[nodiscard]] std::uint64_t frame() const noexcept { return core_.frame(); }

    // The barrier: answers the requests waiting, oldest first, while the
    // time taken stays within the budget, and returns whether the game
    // should run its next frame (false while paused, unless a step was
    // asked for). Call it once per frame, outside any stage; it counts a
    // frame each time it returns true.
    bool serve(World& world) { return core_.serve(&world); }

    // What a request gets, answered on the world now, its body written.
    // Public for tests and for games that answer elsewhere.
    response answer(World& world, const request& asked) {
        response out = respond(world, asked);
        out.finish();
        return out;
    }

    // What serve() answers a request with: the world read now, and a large
    // body (a page of entities) copied now and written by response::finish
    // later, on the server's thread, so that the game's frame pays for the
    // copy and not for the text.
    response respond(World& world, const request& asked) { return core_.respond(&world, asked); }

    // The line the stream sends next: the stats below and, for a world that
    // tracks changes, the entities changed since the line before, from the
    // tick before that line's (a change stamped with its tick after it was
    // sent is not missed; one before may come twice), at most 100 of each
    // tracked component. serve() calls it at most four times a second.
    std::string stream_line(World& world) { return core_.stream_line(&world); }

    // The stats a stream sends: frame, tick, pause, entities, and the last
    // frame's time per stage and system, in microseconds.
    json stats(const World& world) const { return core_.stats(&world); }

private:
    inspector_core core_;
};

} // namespace kiln::inspect
