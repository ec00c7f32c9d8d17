// The live inspector: a world seen, edited, paused and stepped from a
// browser (docs/inspector.md). The typed half: a template over the world,
// instantiated in the one translation unit of the game that includes it.
// It writes the world's table (kiln/inspector/world_table.hpp): names, the
// fields kilnc's reflection describes, and a few small functions per
// archetype, component, resource, state and event that read and write the
// world; the untyped core (kiln/inspector/core.hpp, compiled once in
// inspector/src/core.cpp) answers the requests the server
// (kiln/inspector/server.hpp) queued through it, at one barrier between
// frames: basic_inspector::serve(world). Only /api/schema's text is written
// here, from the schema's types, once.
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
std::string name_of() {
    using bare = std::remove_const_t<T>;
    if constexpr (internal::is_state_v<bare>) {
        return std::string(state_traits<typename bare::value_type>::name);
    } else if constexpr (requires { traits_of_t<bare>::name; }) {
        return std::string(traits_of_t<bare>::name);
    } else {
        return std::string(type_name<bare>());
    }
}

// The same, as a view of static text.
template <class T>
constexpr std::string_view name_view() {
    using bare = std::remove_const_t<T>;
    if constexpr (internal::is_state_v<bare>) {
        return state_traits<typename bare::value_type>::name;
    } else if constexpr (requires { traits_of_t<bare>::name; }) {
        return traits_of_t<bare>::name;
    } else {
        return type_name<bare>();
    }
}

inline std::string text(std::string_view s) { return std::string(s); }

// A type_list's names.
template <class... T>
json names(type_list<T...>) {
    json out = json::array();
    internal::in_order({(out.push_back(name_of<T>()), 0)...});
    return out;
}

template <class T>
json fields_json() {
    json out = json::array();
    for (const field_info& info : traits_of_t<T>::field_infos) {
        json field = json::object();
        field["name"] = text(info.name);
        field["type"] = text(info.type);
        field["count"] = info.count;
        field["offset"] = info.offset;
        field["size"] = info.size;
        field["default"] = text(info.default_value);
        field["doc"] = text(info.doc);
        out.push_back(std::move(field));
    }
    return out;
}

template <class T>
json origin_json(const schema_origin& origin) {
    json out = json::object();
    out["file"] = text(origin.file);
    out["line"] = origin.line;
    return out;
}


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
        entry.fields = traits_of_t<C>::field_infos;
        entry.tag = layout_of<C> == layout::tag;
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
            return {A::name, indices, &rows, &entities, &copy, &write, &create};
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
        return {resource_entry{name_view<R>(), traits_of_t<R>::field_infos, sizeof(R), &resource_at<R>}...};
    }

    template <class E>
    static std::uint64_t sent(const void* world) {
        return of(world).template events_sent<E>();
    }

    template <class... Plan>
    static constexpr std::array<event_entry, sizeof...(Plan)> event_list(type_list<Plan...>) {
        return {event_entry{type_name<typename Plan::event>(), &sent<typename Plan::event>}...};
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
                            &state_now<typename Plan::state_type>, &state_requested<typename Plan::state_type>,
                            &state_request<typename Plan::state_type>}...};
    }

    template <class... Plan>
    static constexpr std::array<std::string_view, sizeof...(Plan)> stage_names(type_list<Plan...>) {
        return {value_name<Plan::stage>()...};
    }

    template <class... S>
    static constexpr std::array<std::string_view, sizeof...(S)> system_names(type_list<S...>) {
        return {std::string_view(S::name)...};
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
    static std::string schema_text();

    static constexpr auto component_entries = component_list(components{});
    static constexpr auto archetype_entries = archetype_list(archetypes{});
    static constexpr auto resource_entries = resource_list(resources{});
    static constexpr auto event_entries = event_list(event_plans{});
    static constexpr auto state_entries = state_list(state_plans{});
    static constexpr auto stage_entries = stage_names(schedule{});
    static constexpr auto system_entries = system_names(systems{});

    static constexpr world_table table{
        .schema = schema::name,
        .components = component_entries,
        .archetypes = archetype_entries,
        .resources = resource_entries,
        .events = event_entries,
        .states = state_entries,
        .stages = stage_entries,
        .systems = system_entries,
        .settle = &settle,
        .size = &size,
        .alive = &alive,
        .archetype_of = &archetype_name,
        .parent = &parent,
        .children = &children,
        .prefab_of = &prefab_of,
        .destroy = &destroy,
        .tick = World::tracks_changes ? &tick : nullptr,
        .schema_text = &schema_text,
    };
};

// /api/schema, from the schema's types: written once, when first asked.
template <class World>
struct schema_json {
    using schema = typename World::schema_type;
    using archetypes = typename schema::archetypes;
    using components = typename schema::components;
    using resources = typename schema::resources;
    using systems = typename schema::systems;
    using observers = typename schema::observers;
    using schedule = typename internal::systems_of<schema>::schedule;
    using state_plans = typename internal::states_of<schema>::type;


    template <class C>
    static json component_json() {
        using traits = traits_of_t<C>;
        json out = json::object();
        out["name"] = name_of<C>();
        out["doc"] = text(traits::doc);
        out["origin"] = origin_json<C>(traits::origin);
        out["tag"] = layout_of<C> == layout::tag;
        out["split"] = layout_of<C> == layout::split;
        out["tracked"] = tracked_v<C>;
        out["fields"] = fields_json<C>();
        return out;
    }

    template <class S>
    static json access_json() {
        json read = json::array();
        json write = json::array();
        for_each_type(typename S::access{}, [&]<class C>() {
            (std::is_const_v<C> ? read : write).push_back(name_of<C>());
        });
        json resource_read = json::array();
        json resource_write = json::array();
        for_each_type(typename S::resources{}, [&]<class R>() {
            (std::is_const_v<R> ? resource_read : resource_write).push_back(name_of<R>());
        });
        json out = json::object();
        out["read"] = std::move(read);
        out["write"] = std::move(write);
        out["with"] = names(typename S::with{});
        out["without"] = names(typename S::without{});
        out["resources_read"] = std::move(resource_read);
        out["resources_write"] = std::move(resource_write);
        if constexpr (requires { typename S::archetypes; }) {
            json matched = json::array();
            for_each_type(typename S::archetypes{}, [&]<class A>() { matched.push_back(text(A::name)); });
            out["archetypes"] = std::move(matched);
        }
        if constexpr (requires { typename S::emit; }) {
            json sent = json::array();
            for_each_type(typename S::emit{}, [&]<class E>() { sent.push_back(text(type_name<E>())); });
            out["emits"] = std::move(sent);
        }
        if constexpr (requires { typename S::events; }) {
            json read_events = json::array();
            for_each_type(typename S::events{},
                          [&]<class E>() { read_events.push_back(text(type_name<E>())); });
            out["reads_events"] = std::move(read_events);
        }
        return out;
    }

    // Whether a and b, of the same stage, cannot run at once: one writes a
    // component of an archetype both match that the other touches, or a
    // resource the other touches. What kilnc's batching keeps apart.
    static bool conflict(const json& a, const json& b, std::string& why) {
        const auto has = [](const json& list, const json& name) {
            return std::find(list.begin(), list.end(), name) != list.end();
        };
        bool shared_archetype = false;
        if (a.contains("archetypes") && b.contains("archetypes")) {
            for (const json& archetype : a["archetypes"]) {
                shared_archetype = shared_archetype || has(b["archetypes"], archetype);
            }
        }
        if (shared_archetype) {
            for (const json& c : a["write"]) {
                if (has(b["write"], c) || has(b["read"], c)) {
                    why = c.get<std::string>();
                    return true;
                }
            }
            for (const json& c : b["write"]) {
                if (has(a["read"], c)) {
                    why = c.get<std::string>();
                    return true;
                }
            }
        }
        for (const json& r : a["resources_write"]) {
            if (has(b["resources_write"], r) || has(b["resources_read"], r)) {
                why = r.get<std::string>();
                return true;
            }
        }
        for (const json& r : b["resources_write"]) {
            if (has(a["resources_read"], r)) {
                why = r.get<std::string>();
                return true;
            }
        }
        return false;
    }

    static const char* role_name(stage_role role) {
        switch (role) {
        case stage_role::init: return "init";
        case stage_role::fixed: return "fixed";
        case stage_role::frame: return "frame";
        case stage_role::shutdown: return "shutdown";
        }
        return "frame";
    }

    static json make_schema_json() {
        json out = json::object();
        out["schema"] = text(schema::name);
        out["version"] = schema::version;
        out["tracks_changes"] = World::tracks_changes;
        json component_list = json::array();
        for_each_type(components{}, [&]<class C>() { component_list.push_back(component_json<C>()); });
        out["components"] = std::move(component_list);
        json archetype_list = json::array();
        for_each_type(archetypes{}, [&]<class A>() {
            json a = json::object();
            a["name"] = text(A::name);
            a["id"] = A::id;
            a["components"] = names(typename A::components{});
            a["origin"] = origin_json<A>(A::origin);
            archetype_list.push_back(std::move(a));
        });
        out["archetypes"] = std::move(archetype_list);
        json resource_list = json::array();
        for_each_type(resources{}, [&]<class R>() {
            using traits = traits_of_t<R>;
            json r = json::object();
            r["name"] = name_of<R>();
            r["doc"] = text(traits::doc);
            r["fields"] = fields_json<R>();
            resource_list.push_back(std::move(r));
        });
        out["resources"] = std::move(resource_list);
        json event_list = json::array();
        if constexpr (requires { typename schema::events; }) {
            for_each_type(typename schema::events{}, [&]<class Plan>() {
                json e = json::object();
                e["name"] = text(type_name<typename Plan::event>());
                json emitters = json::array();
                for_each_type(typename Plan::emitters{}, [&]<class S>() { emitters.push_back(text(S::name)); });
                json readers = json::array();
                for_each_type(typename Plan::readers{}, [&]<class S>() { readers.push_back(text(S::name)); });
                e["emitters"] = std::move(emitters);
                e["readers"] = std::move(readers);
                event_list.push_back(std::move(e));
            });
        }
        out["events"] = std::move(event_list);
        json state_list = json::array();
        for_each_type(state_plans{}, [&]<class Plan>() {
            using traits = state_traits<typename Plan::state_type>;
            json st = json::object();
            st["name"] = text(traits::name);
            json values = json::array();
            for (const std::string_view value : traits::values) {
                values.push_back(text(value));
            }
            st["values"] = std::move(values);
            st["initial"] = text(traits::values[static_cast<std::size_t>(traits::initial)]);
            state_list.push_back(std::move(st));
        });
        out["states"] = std::move(state_list);

        // Systems by schedule: each stage's batches, each system's access,
        // and the edges between the systems of a stage.
        json system_list = json::array();
        json stage_list = json::array();
        json edges = json::array();
        for_each_type(schedule{}, [&]<class Plan>() {
            json stage = json::object();
            stage["name"] = text(value_name<Plan::stage>());
            stage["role"] = role_name(Plan::role);
            json batches = json::array();
            std::vector<json> in_stage;
            std::vector<std::size_t> batch_of;
            std::size_t batch_index = 0;
            for_each_type(typename Plan::batches{}, [&]<class Batch>() {
                json batch = json::object();
                batch["fused"] = internal::is_fused_v<Batch>;
                json members = json::array();
                for_each_type(typename Batch::systems{}, [&]<class S>() {
                    json s = json::object();
                    s["name"] = text(S::name);
                    s["index"] = index_of_v<S, systems>;
                    s["stage"] = stage["name"];
                    s["batch"] = batch_index;
                    s["parallel"] = bool(S::parallel);
                    s["commands"] = bool(S::commands);
                    s["access"] = access_json<S>();
                    members.push_back(text(S::name));
                    in_stage.push_back(s);
                    batch_of.push_back(batch_index);
                    system_list.push_back(std::move(s));
                });
                batch["systems"] = std::move(members);
                batches.push_back(std::move(batch));
                ++batch_index;
            });
            for (std::size_t i = 0; i < in_stage.size(); ++i) {
                for (std::size_t j = i + 1; j < in_stage.size(); ++j) {
                    std::string why;
                    if (batch_of[i] != batch_of[j] && conflict(in_stage[i]["access"], in_stage[j]["access"], why)) {
                        json edge = json::object();
                        edge["from"] = in_stage[i]["name"];
                        edge["to"] = in_stage[j]["name"];
                        edge["kind"] = "conflict";
                        edge["on"] = why;
                        edges.push_back(std::move(edge));
                    }
                }
            }
            stage["batches"] = std::move(batches);
            stage_list.push_back(std::move(stage));
        });
        out["stages"] = std::move(stage_list);
        out["systems"] = std::move(system_list);
        out["edges"] = std::move(edges);
        json observer_list = json::array();
        for_each_type(observers{}, [&]<class O>() {
            json o = json::object();
            o["name"] = text(O::name);
            o["event"] = O::event == observer_event::enter ? "enter" : O::event == observer_event::leave ? "leave" : "change";
            o["access"] = access_json<O>();
            observer_list.push_back(std::move(o));
        });
        out["observers"] = std::move(observer_list);
        return out;
    }

};

template <class World>
std::string table_of<World>::schema_text() {
    return schema_json<World>::make_schema_json().dump();
}

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
