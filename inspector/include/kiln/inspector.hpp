// The live inspector: a world seen, edited, paused and stepped from a
// browser (docs/inspector.md). The typed half: a template over the world,
// instantiated in the one translation unit of the game that includes it,
// which answers the requests the untyped server (kiln/inspector/server.hpp)
// queued, at one barrier between frames: basic_inspector::serve(world).
//
// It reads the world through kiln's reflection and JSON writer, without RTTI
// or exceptions, as game code is built. Include the schema's reflection
// header first (<namespace>/reflection.hpp), and link kiln::inspector.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include <kiln/core/type_list.hpp>
#include <kiln/inspector/server.hpp>
#include <kiln/io/json_format.hpp>
#include <kiln/io/json_reader.hpp>
#include <kiln/io/json_writer.hpp>
#include <kiln/schema/component.hpp>
#include <kiln/schema/reflect.hpp>
#include <kiln/system/system.hpp>
#include <kiln/world.hpp>

namespace kiln::inspect {

using json = nlohmann::ordered_json;

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

inline std::string text(std::string_view s) { return std::string(s); }

// One reference token of a JSON pointer (RFC 6901), unescaped.
inline bool pointer_tokens(std::string_view pointer, std::vector<std::string>& out) {
    if (pointer.empty()) {
        return true;
    }
    if (pointer.front() != '/') {
        return false;
    }
    std::string token;
    for (std::size_t i = 1; i <= pointer.size(); ++i) {
        if (i == pointer.size() || pointer[i] == '/') {
            out.push_back(std::move(token));
            token.clear();
        } else if (pointer[i] == '~') {
            if (i + 1 >= pointer.size() || (pointer[i + 1] != '0' && pointer[i + 1] != '1')) {
                return false;
            }
            token += pointer[i + 1] == '0' ? '~' : '/';
            ++i;
        } else {
            token += pointer[i];
        }
    }
    return true;
}

// The value at tokens inside document, or null when there is none; never
// creates anything (nlohmann's operator[] would, and its at() throws).
inline json* find_pointer(json& document, const std::vector<std::string>& tokens, std::size_t from,
                          std::string& why) {
    json* at = &document;
    for (std::size_t i = from; i < tokens.size(); ++i) {
        const std::string& token = tokens[i];
        if (at->is_object()) {
            const auto found = at->find(token);
            if (found == at->end()) {
                why = "there is no field '" + token.substr(0, 64) + "'";
                return nullptr;
            }
            at = &*found;
        } else if (at->is_array()) {
            std::size_t index = 0;
            const auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), index);
            if (token.empty() || error != std::errc{} || end != token.data() + token.size() ||
                (token.size() > 1 && token[0] == '0') || index >= at->size()) {
                why = "'" + token.substr(0, 64) + "' is not an index of an array of " + std::to_string(at->size());
                return nullptr;
            }
            at = &(*at)[index];
        } else {
            why = "'" + token.substr(0, 64) + "' goes inside a value that has no parts";
            return nullptr;
        }
    }
    return at;
}

// JSON text written directly, for the answers that hold many values (a page
// of entities): the same values kiln's JSON writer gives (json_writer.hpp),
// without building a document first, which took a 1,000-entity page of
// quads from 9.9 ms of CPU to 1.9 (release, tests/inspector/cost.cpp).
template <class T>
void append_value(std::string& out, const T& value) {
    char text[40];
    if constexpr (std::is_same_v<T, bool>) {
        out += value ? "true" : "false";
    } else if constexpr (std::is_same_v<T, entity>) {
        out += value.is_null() ? std::string("null") : '"' + internal::handle_text(value) + '"';
    } else if constexpr (std::is_integral_v<T>) {
        const auto end = std::to_chars(text, text + sizeof text, value).ptr;
        out.append(text, end);
    } else if constexpr (std::is_floating_point_v<T>) {
        if (std::isnan(value)) {
            out += "\"nan\"";
        } else if (std::isinf(value)) {
            out += value < 0 ? "\"-inf\"" : "\"inf\"";
        } else {
            // An f32 as its shortest text when that reads back, through a double, as the same f32.
            auto [end, failed] = std::to_chars(text, text + sizeof text, value);
            if constexpr (sizeof(T) == 4) {
                double back = 0;
                if (failed != std::errc{} || !internal::read_double(text, end, back) ||
                    static_cast<float>(back) != value) {
                    end = std::to_chars(text, text + sizeof text, static_cast<double>(value)).ptr;
                }
            }
            out.append(text, end);
        }
    } else if constexpr (internal::dumps_as_value<T>()) {
        out += '[';
        bool first = true;
        for (const auto& element : value) {
            out += first ? "" : ",";
            first = false;
            append_value(out, element);
        }
        out += ']';
    } else {
        out += '"' + internal::hex_text(reinterpret_cast<const std::byte*>(&value), sizeof(T)) + '"';
    }
}

// {"field": value, ...}: field names are the schema's identifiers, which need no escapes.
template <class T>
void append_record(std::string& out, const T& value) {
    out += '{';
    bool first = true;
    for_each_field_info(value, [&](const field_info& info, const auto& field) {
        out += first ? "\"" : ",\"";
        first = false;
        out += info.name;
        out += "\":";
        append_value(out, field);
    });
    out += '}';
}

// A page of an archetype's rows, copied at the barrier for the text to be
// written from later: the handles, and a column of each component asked for
// (the others left empty).
template <class Components>
struct page_copy;

template <class... C>
struct page_copy<type_list<C...>> {
    std::vector<entity> entities;
    std::tuple<std::vector<C>...> columns;
};

inline response error(int status, std::string message) {
    json body = json::object();
    body["error"] = std::move(message);
    return {status, body.dump()};
}

inline response ok(const json& body) { return {200, body.dump(-1, ' ', false, json::error_handler_t::replace)}; }

// A number parameter of the query: fallback when absent, nullopt when not a
// number in [low, high].
inline std::optional<std::size_t> number_param(const request& asked, std::string_view name, std::size_t fallback,
                                               std::size_t low, std::size_t high) {
    const std::string_view text = asked.param(name);
    if (text.empty()) {
        return fallback;
    }
    std::size_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc{} || end != text.data() + text.size() || value < low || value > high) {
        return std::nullopt;
    }
    return value;
}

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

// Per stage and per system, what the last frames took.
struct timing_ring {
    static constexpr std::size_t frames = 120;

    std::size_t stages = 0;
    std::size_t systems = 0;
    // The frame being run: added to by the executor, from any thread.
    std::unique_ptr<std::atomic<std::int64_t>[]> current;
    // Frames done, newest at (next - 1) % frames: stages then systems, in ns.
    std::vector<std::int64_t> done;
    std::vector<std::int64_t> frame_ns;
    std::size_t next = 0;
    std::size_t count = 0;

    void size(std::size_t stage_count, std::size_t system_count) {
        stages = stage_count;
        systems = system_count;
        current = std::make_unique<std::atomic<std::int64_t>[]>(stages + systems);
        done.assign(frames * (stages + systems), 0);
        frame_ns.assign(frames, 0);
    }

    void close_frame(std::int64_t whole_ns) {
        const std::size_t width = stages + systems;
        for (std::size_t i = 0; i < width; ++i) {
            done[next * width + i] = current[i].exchange(0, std::memory_order_relaxed);
        }
        frame_ns[next] = whole_ns;
        next = (next + 1) % frames;
        count = std::min(count + 1, frames);
    }

    // Slot i's times over the last n frames, oldest first.
    [[nodiscard]] std::vector<std::int64_t> history(std::size_t i, std::size_t n) const {
        n = std::min(n, count);
        std::vector<std::int64_t> out;
        out.reserve(n);
        const std::size_t width = stages + systems;
        for (std::size_t k = n; k > 0; --k) {
            const std::size_t frame = (next + frames - k) % frames;
            out.push_back(i == static_cast<std::size_t>(-1) ? frame_ns[frame] : done[frame * width + i]);
        }
        return out;
    }
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
    using archetypes = typename schema::archetypes;
    using components = typename schema::components;
    using resources = typename schema::resources;
    using systems = typename schema::systems;
    using observers = typename schema::observers;
    using schedule = typename internal::systems_of<schema>::schedule;
    using state_plans = typename internal::states_of<schema>::type;
    using event_plans = typename internal::events_of<schema>::type;

public:
    basic_inspector() { ring_.size(schedule::size, systems::size); }
    ~basic_inspector() { stop(); }
    basic_inspector(const basic_inspector&) = delete;
    basic_inspector& operator=(const basic_inspector&) = delete;

    // Starts listening; "" or why not.
    std::string start(const options& chosen = {}) { return server_.start(chosen); }
    void stop() { server_.stop(); }
    [[nodiscard]] int port() const noexcept { return server_.port(); }
    [[nodiscard]] std::string url() const { return server_.url(); }

    // The executor to run the world's frames with, so that the inspector
    // sees each stage's and system's time: inner's work, timed.
    template <class Inner>
    [[nodiscard]] timed_executor<Inner, schedule, systems> executor(const Inner& inner) noexcept {
        return {inner, ring_};
    }

    [[nodiscard]] bool paused() const noexcept { return paused_; }
    [[nodiscard]] std::uint64_t frame() const noexcept { return frame_; }

    // The barrier: answers the requests waiting, oldest first, while the
    // time taken stays within the budget, and returns whether the game
    // should run its next frame (false while paused, unless a step was
    // asked for). Call it once per frame, outside any stage; it counts a
    // frame each time it returns true.
    bool serve(World& world) {
        const auto now = std::chrono::steady_clock::now();
        if (ran_last_) {
            ring_.close_frame(
                std::chrono::duration_cast<std::chrono::nanoseconds>(now - last_serve_).count());
            count_events(world);
        }
        last_serve_ = now;
        const auto deadline = now + server_.chosen().budget;
        while (std::shared_ptr<pending> next = server_.next()) {
            server_.answer(next, respond(world, server::request_of(*next)));
            if (std::chrono::steady_clock::now() >= deadline) {
                break;
            }
        }
        bool run = !paused_;
        if (paused_ && steps_ > 0) {
            --steps_;
            run = true;
        } else if (run && speed_ < 1.0) {
            // At a fraction of speed: that share of the frames runs, evenly spread.
            owed_ += speed_;
            run = owed_ >= 1.0;
            owed_ -= run ? 1.0 : 0.0;
        }
        ran_last_ = run;
        if (run) {
            ++frame_;
        }
        if (server_.wants_stats()) {
            server_.publish_stats(stream_line(world));
        }
        return run;
    }

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
    response respond(World& world, const request& asked) {
        const std::string_view path = asked.path;
        const bool get = asked.method == "GET";
        const bool post = asked.method == "POST";
        if (!get && !post) {
            return detail::error(405, "the inspector's API takes GET and POST");
        }
        const auto method = [&](bool wanted, const char* which) -> std::optional<response> {
            if (!wanted) {
                return detail::error(405, std::string(path) + " takes " + which);
            }
            return std::nullopt;
        };
        if (path == "/schema") {
            return method(get, "GET").value_or(response{200, schema_text()});
        }
        if (path == "/world") {
            return method(get, "GET").value_or(detail::ok(world_json(world)));
        }
        if (path == "/entities") {
            if (auto refused = method(get, "GET")) {
                return *refused;
            }
            return entities(world, asked);
        }
        if (path.rfind("/entity/", 0) == 0) {
            if (auto refused = method(get, "GET")) {
                return *refused;
            }
            return entity_answer(world, path.substr(8));
        }
        if (path == "/hierarchy") {
            return method(get, "GET").value_or(detail::ok(hierarchy_json(world)));
        }
        if (path == "/resources") {
            return method(get, "GET").value_or(detail::ok(resources_json(world)));
        }
        if (path == "/timings") {
            if (auto refused = method(get, "GET")) {
                return *refused;
            }
            const std::optional<std::size_t> n = detail::number_param(asked, "frames", 60, 1, detail::timing_ring::frames);
            if (!n) {
                return detail::error(400, "frames must be a number from 1 to 120");
            }
            return detail::ok(timings_json(*n));
        }
        if (path == "/changed") {
            if (auto refused = method(get, "GET")) {
                return *refused;
            }
            return changed(world, asked);
        }
        if (path == "/state") {
            if (auto refused = method(post, "POST")) {
                return *refused;
            }
            return set_state(world, asked);
        }
        if (path == "/pause" || path == "/resume" || path == "/step" || path == "/speed") {
            if (auto refused = method(post, "POST")) {
                return *refused;
            }
            return control(world, path, asked);
        }
        if (path == "/edit" || path == "/create" || path == "/destroy") {
            if (auto refused = method(post, "POST")) {
                return *refused;
            }
            const json body = json::parse(asked.body, nullptr, false);
            if (body.is_discarded() || !body.is_object()) {
                return detail::error(400, "the body must be a JSON object");
            }
            if (path == "/edit") {
                return edit(world, body);
            }
            if (path == "/create") {
                return create(world, body);
            }
            return destroy(world, body);
        }
        return detail::error(404, "no such endpoint: " + std::string(path.substr(0, 64)) +
                                      " (see docs/inspector.md)");
    }

    // The line the stream sends next: the stats below and, for a world that
    // tracks changes, the entities changed since the line before, from the
    // tick before that line's (a change stamped with its tick after it was
    // sent is not missed; one before may come twice), at most 100 of each
    // tracked component. serve() calls it at most four times a second.
    std::string stream_line(World& world) {
        json line = stats(world);
        if constexpr (World::tracks_changes) {
            const change_tick since = streamed_tick_.value_or(world.current_tick());
            line["changed_since"] = since;
            line["changed"] = changed_json(world, since, 100);
            streamed_tick_ = world.current_tick() > 0 ? world.current_tick() - 1 : 0;
        }
        return line.dump();
    }

    // The stats a stream sends: frame, tick, pause, entities, and the last
    // frame's time per stage and system, in microseconds.
    json stats(const World& world) const {
        json out = world_json(world);
        out.erase("archetypes");
        json stage_us = json::array();
        json system_us = json::array();
        for (std::size_t i = 0; i < ring_.stages + ring_.systems; ++i) {
            const std::vector<std::int64_t> last = ring_.history(i, 1);
            (i < ring_.stages ? stage_us : system_us).push_back(last.empty() ? 0.0 : std::round(last[0] / 10.0) / 100.0);
        }
        const std::vector<std::int64_t> whole = ring_.history(static_cast<std::size_t>(-1), 1);
        out["frame_us"] = whole.empty() ? 0.0 : std::round(whole[0] / 10.0) / 100.0;
        out["stage_us"] = std::move(stage_us);
        out["system_us"] = std::move(system_us);
        return out;
    }

private:
    // ---- the schema ------------------------------------------------------

    template <class C>
    static json component_json() {
        using traits = traits_of_t<C>;
        json out = json::object();
        out["name"] = detail::name_of<C>();
        out["doc"] = detail::text(traits::doc);
        out["origin"] = detail::origin_json<C>(traits::origin);
        out["tag"] = layout_of<C> == layout::tag;
        out["split"] = layout_of<C> == layout::split;
        out["tracked"] = tracked_v<C>;
        out["fields"] = detail::fields_json<C>();
        return out;
    }

    template <class S>
    static json access_json() {
        json read = json::array();
        json write = json::array();
        for_each_type(typename S::access{}, [&]<class C>() {
            (std::is_const_v<C> ? read : write).push_back(detail::name_of<C>());
        });
        json resource_read = json::array();
        json resource_write = json::array();
        for_each_type(typename S::resources{}, [&]<class R>() {
            (std::is_const_v<R> ? resource_read : resource_write).push_back(detail::name_of<R>());
        });
        json out = json::object();
        out["read"] = std::move(read);
        out["write"] = std::move(write);
        out["with"] = detail::names(typename S::with{});
        out["without"] = detail::names(typename S::without{});
        out["resources_read"] = std::move(resource_read);
        out["resources_write"] = std::move(resource_write);
        if constexpr (requires { typename S::archetypes; }) {
            json matched = json::array();
            for_each_type(typename S::archetypes{}, [&]<class A>() { matched.push_back(detail::text(A::name)); });
            out["archetypes"] = std::move(matched);
        }
        if constexpr (requires { typename S::emit; }) {
            json sent = json::array();
            for_each_type(typename S::emit{}, [&]<class E>() { sent.push_back(detail::text(detail::type_name<E>())); });
            out["emits"] = std::move(sent);
        }
        if constexpr (requires { typename S::events; }) {
            json read_events = json::array();
            for_each_type(typename S::events{},
                          [&]<class E>() { read_events.push_back(detail::text(detail::type_name<E>())); });
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
        out["schema"] = detail::text(schema::name);
        out["version"] = schema::version;
        out["tracks_changes"] = World::tracks_changes;
        json component_list = json::array();
        for_each_type(components{}, [&]<class C>() { component_list.push_back(component_json<C>()); });
        out["components"] = std::move(component_list);
        json archetype_list = json::array();
        for_each_type(archetypes{}, [&]<class A>() {
            json a = json::object();
            a["name"] = detail::text(A::name);
            a["id"] = A::id;
            a["components"] = detail::names(typename A::components{});
            a["origin"] = detail::origin_json<A>(A::origin);
            archetype_list.push_back(std::move(a));
        });
        out["archetypes"] = std::move(archetype_list);
        json resource_list = json::array();
        for_each_type(resources{}, [&]<class R>() {
            using traits = traits_of_t<R>;
            json r = json::object();
            r["name"] = detail::name_of<R>();
            r["doc"] = detail::text(traits::doc);
            r["fields"] = detail::fields_json<R>();
            resource_list.push_back(std::move(r));
        });
        out["resources"] = std::move(resource_list);
        json event_list = json::array();
        if constexpr (requires { typename schema::events; }) {
            for_each_type(typename schema::events{}, [&]<class Plan>() {
                json e = json::object();
                e["name"] = detail::text(detail::type_name<typename Plan::event>());
                json emitters = json::array();
                for_each_type(typename Plan::emitters{}, [&]<class S>() { emitters.push_back(detail::text(S::name)); });
                json readers = json::array();
                for_each_type(typename Plan::readers{}, [&]<class S>() { readers.push_back(detail::text(S::name)); });
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
            st["name"] = detail::text(traits::name);
            json values = json::array();
            for (const std::string_view value : traits::values) {
                values.push_back(detail::text(value));
            }
            st["values"] = std::move(values);
            st["initial"] = detail::text(traits::values[static_cast<std::size_t>(traits::initial)]);
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
            stage["name"] = detail::text(detail::value_name<Plan::stage>());
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
                    s["name"] = detail::text(S::name);
                    s["index"] = index_of_v<S, systems>;
                    s["stage"] = stage["name"];
                    s["batch"] = batch_index;
                    s["parallel"] = bool(S::parallel);
                    s["commands"] = bool(S::commands);
                    s["access"] = access_json<S>();
                    members.push_back(detail::text(S::name));
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
            o["name"] = detail::text(O::name);
            o["event"] = O::event == observer_event::enter ? "enter" : O::event == observer_event::leave ? "leave" : "change";
            o["access"] = access_json<O>();
            observer_list.push_back(std::move(o));
        });
        out["observers"] = std::move(observer_list);
        return out;
    }

    // The schema never changes: its text is written once, on first asked.
    const std::string& schema_text() {
        if (schema_cache_.empty()) {
            schema_cache_ = make_schema_json().dump();
        }
        return schema_cache_;
    }

    // ---- the world -------------------------------------------------------

    json world_json(const World& world) const {
        json out = json::object();
        out["schema"] = detail::text(schema::name);
        out["frame"] = frame_;
        if constexpr (World::tracks_changes) {
            out["tick"] = world.current_tick();
        } else {
            out["tick"] = nullptr;
        }
        out["paused"] = paused_;
        out["steps_left"] = steps_;
        out["speed"] = speed_;
        out["entities"] = world.size();
        out["states"] = states_json(world);
        json events = json::object();
        std::size_t e = 0;
        for_each_type(event_plans{}, [&]<class Plan>() {
            json entry = json::object();
            entry["sent"] = world.template events_sent<typename Plan::event>();
            entry["last_frame"] = events_last_frame_[e++];
            events[detail::text(detail::type_name<typename Plan::event>())] = std::move(entry);
        });
        out["events"] = std::move(events);
        json counts = json::object();
        for_each_type(archetypes{}, [&]<class A>() { counts[detail::text(A::name)] = rows_of<A>(world); });
        out["archetypes"] = std::move(counts);
        return out;
    }

    // How many of each event the frame just run sent (a world loaded since
    // counts again from what it holds).
    void count_events(const World& world) {
        std::size_t e = 0;
        for_each_type(event_plans{}, [&]<class Plan>() {
            const std::uint64_t sent = world.template events_sent<typename Plan::event>();
            events_last_frame_[e] = sent >= events_seen_[e] ? sent - events_seen_[e] : sent;
            events_seen_[e++] = sent;
        });
    }

    // Each state's value, and the value requested next or null.
    static json states_json(const World& world) {
        json out = json::object();
        for_each_type(state_plans{}, [&]<class Plan>() {
            using E = typename Plan::state_type;
            const kiln::state<E>& st = world.template state<E>();
            json entry = json::object();
            entry["current"] = detail::text(st.name_of(st.current()));
            entry["requested"] = st.requested() ? json(detail::text(st.name_of(st.next()))) : json(nullptr);
            out[detail::text(state_traits<E>::name)] = std::move(entry);
        });
        return out;
    }

    // Requests a transition, as game code between frames does: applied when
    // the next frame's progress starts (docs/states.md).
    response set_state(World& world, const request& asked) {
        const json body = json::parse(asked.body, nullptr, false);
        const json::const_iterator name = body.is_object() ? body.find("state") : body.end();
        const json::const_iterator value = body.is_object() ? body.find("value") : body.end();
        if (name == body.end() || value == body.end() || !name->is_string() || !value->is_string()) {
            return detail::error(400, "the body of /state is {\"state\": \"Name\", \"value\": \"value\"}");
        }
        const std::string& state_name = name->template get_ref<const std::string&>();
        const std::string& wanted = value->template get_ref<const std::string&>();
        std::optional<response> out;
        for_each_type(state_plans{}, [&]<class Plan>() {
            using E = typename Plan::state_type;
            if (out || state_traits<E>::name != state_name) {
                return;
            }
            std::string allowed;
            for (std::size_t v = 0; v < state_traits<E>::values.size(); ++v) {
                if (state_traits<E>::values[v] == wanted) {
                    world.template state<E>().request(static_cast<E>(v));
                    out = detail::ok(world_json(world));
                    return;
                }
                allowed += allowed.empty() ? "" : ", ";
                allowed += state_traits<E>::values[v];
            }
            out = detail::error(400, "state " + state_name + " has no value '" + wanted.substr(0, 64) + "' (it has " +
                                         allowed + ")");
        });
        if (!out) {
            return detail::error(404, "no state " + state_name.substr(0, 64));
        }
        return *out;
    }

    // The entities A holds, rows that destroy(e) left unfilled aside.
    template <class A>
    static std::size_t rows_of(const World& world) {
        std::size_t rows = 0;
        world.template unsettled_storage<A>().storage().for_each_settled_run(
            [&](std::size_t, std::size_t count) { rows += count; });
        return rows;
    }

    // A's components of the row, by name (or only those in wanted).
    template <class A>
    static json row_json(const auto& rows, std::size_t row, const std::vector<std::string>* wanted) {
        json out = json::object();
        for_each_type(typename A::components{}, [&]<class C>() {
            const std::string name = detail::name_of<C>();
            if (wanted == nullptr || std::find(wanted->begin(), wanted->end(), name) != wanted->end()) {
                out[name] = internal::component_json<C>(rows, row);
            }
        });
        return out;
    }

    response entities(World& world, const request& asked) {
        const std::string_view archetype = asked.param("archetype");
        const std::optional<std::size_t> offset = detail::number_param(asked, "offset", 0, 0, SIZE_MAX);
        const std::optional<std::size_t> limit = detail::number_param(asked, "limit", 100, 1, 10000);
        if (!offset || !limit) {
            return detail::error(400, "offset must be a number, and limit a number from 1 to 10000");
        }
        std::vector<std::string> wanted;
        const std::string_view fields = asked.param("components");
        for (std::size_t start = 0; start < fields.size();) {
            const std::size_t comma = std::min(fields.find(',', start), fields.size());
            wanted.emplace_back(fields.substr(start, comma - start));
            start = comma + 1;
        }
        std::optional<response> out;
        for_each_type(archetypes{}, [&]<class A>() {
            if (out || A::name != archetype) {
                return;
            }
            for (const std::string& name : wanted) {
                bool held = false;
                for_each_type(typename A::components{}, [&]<class C>() { held = held || detail::name_of<C>() == name; });
                if (!held) {
                    out = detail::error(400, "archetype " + std::string(A::name) + " has no component " +
                                                 name.substr(0, 64));
                    return;
                }
            }
            world.settle();
            const auto rows = std::as_const(world).template storage<A>();
            const std::size_t total = rows.size();
            // Which of A's components to write, by position in A's list.
            std::array<bool, A::components::size> written{};
            std::size_t at = 0;
            for_each_type(typename A::components{}, [&]<class C>() {
                const std::string name = detail::name_of<C>();
                written[at++] = fields.empty() || std::find(wanted.begin(), wanted.end(), name) != wanted.end();
            });
            // At the barrier only the page's rows of the components asked for
            // are copied; the text is written from the copy by
            // response::finish, on the server's thread (a 1,000-entity page
            // of quads: 3.4 ms of the game's thread before, the copy now).
            const std::size_t first = std::min(*offset, total);
            const std::size_t count = std::min(*limit, total - first);
            auto copied = std::make_shared<detail::page_copy<typename A::components>>();
            copied->entities.reserve(count);
            for (std::size_t row = first; row < first + count; ++row) {
                copied->entities.push_back(rows.entities()[row]);
            }
            std::size_t c = 0;
            for_each_type(typename A::components{}, [&]<class C>() {
                if constexpr (layout_of<C> != layout::tag) {
                    if (written[c]) {
                        std::vector<C>& column = std::get<std::vector<C>>(copied->columns);
                        column.reserve(count);
                        for (std::size_t row = first; row < first + count; ++row) {
                            column.push_back(rows.template at<C>(row)); // a split component's row, copied whole
                        }
                    }
                }
                ++c;
            });
            std::string head = "{\"archetype\":\"" + std::string(A::name) + "\",\"total\":" + std::to_string(total) +
                               ",\"offset\":" + std::to_string(*offset) + ",\"entities\":[";
            out = response{200, {}, [copied, written, head = std::move(head)] {
                std::string body = head;
                body.reserve(head.size() + copied->entities.size() * 128);
                for (std::size_t i = 0; i < copied->entities.size(); ++i) {
                    body += i == 0 ? "{\"" : ",{\"";
                    body += internal::json_handle_key;
                    body += "\":\"";
                    body += internal::handle_text(copied->entities[i]);
                    body += '"';
                    std::size_t k = 0;
                    for_each_type(typename A::components{}, [&]<class C>() {
                        if (!written[k++]) {
                            return;
                        }
                        body += ",\"";
                        body += traits_of_t<C>::name;
                        body += "\":";
                        if constexpr (layout_of<C> == layout::tag) {
                            body += "{}";
                        } else {
                            detail::append_record(body, std::get<std::vector<C>>(copied->columns)[i]);
                        }
                    });
                    body += '}';
                }
                body += "]}";
                return body;
            }};
        });
        if (!out) {
            return detail::error(archetype.empty() ? 400 : 404,
                                 archetype.empty() ? "name an archetype: /api/entities?archetype=NAME"
                                                   : "no archetype " + std::string(archetype.substr(0, 64)));
        }
        return *out;
    }

    // The entity a handle's text names, or an error that says why none.
    std::optional<response> find(const World& world, std::string_view handle, entity& e) const {
        if (!internal::parse_handle(handle, e)) {
            return detail::error(400, "'" + std::string(handle.substr(0, 64)) +
                                          "' is not a handle: write index:generation, such as 3:0");
        }
        if (!world.alive(e)) {
            return detail::error(404, "entity " + internal::handle_text(e) + " is not alive");
        }
        return std::nullopt;
    }

    response entity_answer(World& world, std::string_view handle) {
        entity e;
        if (auto refused = find(world, handle, e)) {
            return *refused;
        }
        world.settle();
        const World& seen = world;
        json out = json::object();
        out["entity"] = internal::handle_text(e);
        const std::string_view archetype = seen.archetype_name(e);
        out["archetype"] = std::string(archetype);
        for_each_type(archetypes{}, [&]<class A>() {
            if (A::name == archetype) {
                const auto rows = seen.template storage<A>();
                const auto at = std::find(rows.entities().begin(), rows.entities().end(), e);
                out["components"] = row_json<A>(rows, static_cast<std::size_t>(at - rows.entities().begin()), nullptr);
            }
        });
        const auto tree = seen.hierarchy();
        const entity parent = tree.parent(e);
        out["parent"] = parent.is_null() ? json(nullptr) : json(internal::handle_text(parent));
        json children = json::array();
        for (const entity child : tree.children(e)) {
            children.push_back(internal::handle_text(child));
        }
        out["children"] = std::move(children);
        if (const std::optional<prefab_part> made = seen.prefab_of(e)) {
            json prefab = json::object();
            prefab["name"] = detail::text(made->prefab);
            prefab["part"] = detail::text(made->part);
            out["prefab"] = std::move(prefab);
        } else {
            out["prefab"] = nullptr;
        }
        return detail::ok(out);
    }

    json hierarchy_json(World& world) const {
        json pairs = json::array();
        world.settle();
        const World& seen = world;
        const auto tree = seen.hierarchy();
        for_each_type(archetypes{}, [&]<class A>() {
            const auto rows = seen.template storage<A>();
            for (const entity e : rows.entities()) {
                const entity parent = tree.parent(e);
                if (!parent.is_null()) {
                    pairs.push_back(json::array({internal::handle_text(e), internal::handle_text(parent)}));
                }
            }
        });
        json out = json::object();
        out["links"] = std::move(pairs);
        return out;
    }

    json resources_json(const World& world) const {
        json out = json::object();
        for_each_type(resources{}, [&]<class R>() {
            out[detail::name_of<R>()] = internal::record_json(world.template resource<R>());
        });
        return out;
    }

    json timings_json(std::size_t n) const {
        const auto us_of = [](double ns) { return std::round(ns / 10.0) / 100.0; }; // microseconds, 2 decimals
        const auto series = [&](std::size_t slot) {
            const std::vector<std::int64_t> times = ring_.history(slot, n);
            json out = json::object();
            double sum = 0;
            double most = 0;
            json us = json::array();
            for (const std::int64_t t : times) {
                sum += static_cast<double>(t);
                most = std::max(most, static_cast<double>(t));
                us.push_back(us_of(static_cast<double>(t)));
            }
            out["mean_us"] = times.empty() ? 0.0 : us_of(sum / static_cast<double>(times.size()));
            out["max_us"] = us_of(most);
            out["last_us"] = times.empty() ? 0.0 : us_of(static_cast<double>(times.back()));
            out["us"] = std::move(us);
            return out;
        };
        json out = json::object();
        out["frames"] = std::min(n, ring_.count);
        json frame = series(static_cast<std::size_t>(-1));
        out["frame"] = std::move(frame);
        json stage_list = json::array();
        std::size_t i = 0;
        for_each_type(schedule{}, [&]<class Plan>() {
            json s = json::object();
            s["name"] = detail::text(detail::value_name<Plan::stage>());
            s.update(series(i++));
            stage_list.push_back(std::move(s));
        });
        json system_list = json::array();
        for_each_type(systems{}, [&]<class S>() {
            json s = json::object();
            s["name"] = detail::text(S::name);
            s.update(series(ring_.stages + index_of_v<S, systems>));
            system_list.push_back(std::move(s));
        });
        out["stages"] = std::move(stage_list);
        out["systems"] = std::move(system_list);
        return out;
    }

    // The entities whose tracked components were written or gained after
    // the tick since (docs/changes.md), by component, at most limit of each.
    response changed(World& world, const request& asked) {
        if constexpr (!World::tracks_changes) {
            (void)world;
            (void)asked;
            return detail::error(404, "this world tracks no component's changes (track = true in the schema; "
                                      "docs/changes.md)");
        } else {
            const std::optional<std::size_t> since = detail::number_param(asked, "since", 0, 0, UINT32_MAX);
            const std::optional<std::size_t> limit = detail::number_param(asked, "limit", 1000, 1, 100000);
            if (!since || !limit || asked.param("since").empty()) {
                return detail::error(400, "changed takes since, a tick (the world's answers carry the tick), and "
                                          "limit, 1 to 100000");
            }
            json out = json::object();
            out["since"] = *since;
            out["tick"] = world.current_tick();
            out["changed"] = changed_json(world, static_cast<change_tick>(*since), *limit);
            return detail::ok(out);
        }
    }

    // By tracked component, the entities written or gained after the tick
    // since, at most limit of each, and whether there were more.
    json changed_json(World& world, change_tick since, std::size_t limit) const requires World::tracks_changes {
        world.settle();
        json by_component = json::object();
        for_each_type(components{}, [&]<class C>() {
            if constexpr (tracked_v<C>) {
                json list = json::array();
                bool truncated = false;
                world.template each<>(kiln::changed<C>(since), [&](entity e) {
                    if (list.size() < limit) {
                        list.push_back(internal::handle_text(e));
                    } else {
                        truncated = true;
                    }
                });
                json entry = json::object();
                entry["entities"] = std::move(list);
                entry["truncated"] = truncated;
                by_component[detail::name_of<C>()] = std::move(entry);
            }
        });
        return by_component;
    }

    // ---- changes ---------------------------------------------------------

    response control(World& world, std::string_view path, const request& asked) {
        if (path == "/speed") {
            const json body = json::parse(asked.body, nullptr, false);
            const json::const_iterator found = body.is_object() ? body.find("fraction") : body.end();
            if (found == body.end() || !found->is_number() || !(found->template get<double>() >= 0.01) ||
                !(found->template get<double>() <= 1.0)) {
                return detail::error(400, "the body of /speed is {\"fraction\": F}, F from 0.01 to 1: the share of "
                                          "frames that run");
            }
            speed_ = found->template get<double>();
            owed_ = 0;
        } else if (path == "/pause") {
            paused_ = true;
            steps_ = 0;
        } else if (path == "/resume") {
            paused_ = false;
            steps_ = 0;
        } else {
            std::size_t frames = 1;
            if (!asked.body.empty()) {
                const json body = json::parse(asked.body, nullptr, false);
                const json::const_iterator found = body.is_object() ? body.find("frames") : body.end();
                if (body.is_discarded() || !body.is_object() ||
                    (found != body.end() &&
                     (!found->is_number_unsigned() || found->template get<std::uint64_t>() < 1 ||
                      found->template get<std::uint64_t>() > 10000))) {
                    return detail::error(400, "the body of /step is {\"frames\": N}, N from 1 to 10000, or empty");
                }
                if (found != body.end()) {
                    frames = found->template get<std::size_t>();
                }
            }
            paused_ = true;
            steps_ += frames;
        }
        return detail::ok(world_json(world));
    }

    // Sets the value at tokens[from...] of value (a component's or resource's
    // as JSON) to replacement and reads it back into out; "" or why not.
    template <class T>
    static std::string patch(const T& current, const std::vector<std::string>& tokens, std::size_t from,
                             const json& replacement, T& out) {
        json document = internal::record_json(current);
        std::string why;
        json* at = detail::find_pointer(document, tokens, from, why);
        if (at == nullptr) {
            return why;
        }
        *at = replacement;
        internal::json_reader reader;
        out = current;
        if (!internal::read_record(reader, document, out)) {
            return reader.error.message; // "/field: expected ...", or "the document: ..." for the whole
        }
        return "";
    }

    // An edit's error: the reader's, which names the field's pointer inside
    // the record (under base), or another, said of the whole pointer.
    static std::string located(const std::string& base, const std::string& pointer, const std::string& why) {
        if (!why.empty() && why.front() == '/') {
            return base + why;
        }
        if (why.rfind("the document: ", 0) == 0) {
            return (base.empty() ? pointer : base) + ": " + why.substr(14);
        }
        return pointer + ": " + why;
    }

    response edit(World& world, const json& body) {
        const auto pointer = body.find("pointer");
        const auto value = body.find("value");
        if (pointer == body.end() || !pointer->is_string() || value == body.end()) {
            return detail::error(400, "an edit is {\"entity\": \"3:0\" or \"resource\": \"Name\", \"pointer\": "
                                      "\"/Component/field\", \"value\": ...}");
        }
        std::vector<std::string> tokens;
        if (!detail::pointer_tokens(pointer->template get_ref<const std::string&>(), tokens) || tokens.empty()) {
            return detail::error(400, "pointer must be a JSON pointer to a component or its field, such as "
                                      "/Position/x");
        }
        std::optional<response> out;
        const auto entity_at = body.find("entity");
        const auto resource_at = body.find("resource");
        if (entity_at != body.end() && resource_at == body.end()) {
            entity e;
            if (!entity_at->is_string()) {
                return detail::error(400, "entity must be a handle, such as \"3:0\"");
            }
            if (auto refused = find(world, entity_at->template get_ref<const std::string&>(), e)) {
                return *refused;
            }
            const std::string_view archetype = std::as_const(world).archetype_name(e);
            for_each_type(archetypes{}, [&]<class A>() {
                if (A::name != archetype) {
                    return;
                }
                for_each_type(typename A::components{}, [&]<class C>() {
                    if (out || detail::name_of<C>() != tokens[0]) {
                        return;
                    }
                    if constexpr (layout_of<C> == layout::tag) {
                        out = detail::error(400, tokens[0] + " is a tag: it has no fields to edit");
                    } else {
                        const C current = std::as_const(world).template get<C>(e);
                        C changed = current;
                        if (std::string why = patch(current, tokens, 1, *value, changed); !why.empty()) {
                            out = detail::error(400, located("/" + tokens[0], pointer->template get<std::string>(), why));
                        } else {
                            world.template get<C>(e) = changed;
                            out = entity_answer(world, internal::handle_text(e));
                        }
                    }
                });
                if (!out) {
                    out = detail::error(400, "entity " + internal::handle_text(e) + " (" + std::string(A::name) +
                                                 ") has no component " + tokens[0].substr(0, 64));
                }
            });
        } else if (resource_at != body.end() && entity_at == body.end()) {
            if (!resource_at->is_string()) {
                return detail::error(400, "resource must be a resource's name");
            }
            const std::string& name = resource_at->template get_ref<const std::string&>();
            for_each_type(resources{}, [&]<class R>() {
                if (out || detail::name_of<R>() != name) {
                    return;
                }
                R& current = world.template resource<R>();
                R changed = current;
                if (std::string why = patch(current, tokens, 0, *value, changed); !why.empty()) {
                    out = detail::error(400, "resource " + name + ": " +
                                                 located("", pointer->template get<std::string>(), why));
                } else {
                    current = changed;
                    json body_out = json::object();
                    body_out[name] = internal::record_json(current);
                    out = detail::ok(body_out);
                }
            });
            if (!out) {
                return detail::error(404, "no resource " + name.substr(0, 64));
            }
        } else {
            return detail::error(400, "an edit names either an entity or a resource");
        }
        return *out;
    }

    response create(World& world, const json& body) {
        const auto archetype = body.find("archetype");
        if (archetype == body.end() || !archetype->is_string()) {
            return detail::error(400, "create takes {\"archetype\": \"Name\", \"components\": {...}}");
        }
        const auto given = body.find("components");
        if (given != body.end() && !given->is_object()) {
            return detail::error(400, "components must be an object of components by name");
        }
        const std::string& name = archetype->template get_ref<const std::string&>();
        std::optional<response> out;
        for_each_type(archetypes{}, [&]<class A>() {
            if (out || A::name != name) {
                return;
            }
            // Read every given component first, so that bad input creates nothing.
            typename internal::resource_tuple<typename A::components>::type values{};
            internal::json_reader reader;
            if (given != body.end()) {
                for (auto item = given->begin(); item != given->end(); ++item) {
                    bool held = false;
                    for_each_type(typename A::components{}, [&]<class C>() { held = held || detail::name_of<C>() == item.key(); });
                    if (!held) {
                        out = detail::error(400, "archetype " + name + " has no component " + item.key().substr(0, 64));
                        return;
                    }
                }
                bool read = true;
                for_each_type(typename A::components{}, [&]<class C>() {
                    if constexpr (layout_of<C> != layout::tag) {
                        read = read && internal::read_component(reader, *given, std::get<C>(values));
                    }
                });
                if (!read) {
                    out = detail::error(400, "/components" + reader.error.message);
                    return;
                }
            }
            const entity e = std::apply([&](const auto&... value) { return world.template create<A>(value...); }, values);
            out = entity_answer(world, internal::handle_text(e));
        });
        if (!out) {
            return detail::error(404, "no archetype " + name.substr(0, 64));
        }
        return *out;
    }

    response destroy(World& world, const json& body) {
        const auto handle = body.find("entity");
        if (handle == body.end() || !handle->is_string()) {
            return detail::error(400, "destroy takes {\"entity\": \"3:0\"}");
        }
        entity e;
        if (auto refused = find(world, handle->template get_ref<const std::string&>(), e)) {
            return *refused;
        }
        world.destroy(e);
        json out = json::object();
        out["destroyed"] = internal::handle_text(e);
        return detail::ok(out);
    }

    server server_;
    detail::timing_ring ring_;
    std::string schema_cache_;
    std::optional<change_tick> streamed_tick_; // the stream's last line's tick, less one
    std::array<std::uint64_t, event_plans::size> events_seen_{};       // each event's count when the last frame ended
    std::array<std::uint64_t, event_plans::size> events_last_frame_{}; // and how many that frame sent
    bool paused_ = false;
    double speed_ = 1.0;
    double owed_ = 0;
    std::size_t steps_ = 0;
    std::uint64_t frame_ = 0;
    bool ran_last_ = false;
    std::chrono::steady_clock::time_point last_serve_ = std::chrono::steady_clock::now();
};

} // namespace kiln::inspect
