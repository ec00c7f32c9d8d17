// The inspector's answering, which knows a world only through its table
// (kiln/inspector/world_table.hpp): the requests the server queued, answered
// at the barrier, pause and step, the timings' ring, the stream's line.
// Compiled once, in inspector/src/core.cpp; kiln::inspect::basic_inspector
// (kiln/inspector.hpp) is this with the game's World's table.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include <kiln/inspector/server.hpp>
#include <kiln/inspector/world_table.hpp>

namespace kiln::inspect {

using json = nlohmann::ordered_json;

namespace detail {

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

// The inspector of the world a table describes; the world is passed to
// each call as a pointer to the World the table was made for.
class inspector_core {
public:
    explicit inspector_core(const world_table& table);
    ~inspector_core();
    inspector_core(const inspector_core&) = delete;
    inspector_core& operator=(const inspector_core&) = delete;

    std::string start(const options& chosen) { return server_.start(chosen); }
    void stop() { server_.stop(); }
    [[nodiscard]] int port() const noexcept { return server_.port(); }
    [[nodiscard]] std::string url() const { return server_.url(); }
    [[nodiscard]] detail::timing_ring& ring() noexcept { return ring_; }
    [[nodiscard]] bool paused() const noexcept { return paused_; }
    [[nodiscard]] std::uint64_t frame() const noexcept { return frame_; }

    // As basic_inspector's (kiln/inspector.hpp).
    bool serve(void* world);
    response respond(void* world, const request& asked);
    std::string stream_line(void* world);
    json stats(const void* world) const;

private:
    json world_json(const void* world) const;
    json states_json(const void* world) const;
    void count_events(const void* world);
    response set_state(void* world, const request& asked);
    json row_json(const void* world, const archetype_entry& archetype, std::size_t row) const;
    response entities(void* world, const request& asked);
    std::optional<response> find(const void* world, std::string_view handle, entity& e) const;
    response entity_answer(void* world, std::string_view handle);
    json hierarchy_json(void* world) const;
    json resources_json(void* world) const;
    json timings_json(std::size_t n) const;
    response changed(void* world, const request& asked);
    json changed_json(void* world, std::uint32_t since, std::size_t limit) const;
    response control(void* world, std::string_view path, const request& asked);
    response edit(void* world, const json& body);
    response create(void* world, const json& body);
    response destroy(void* world, const json& body);
    const archetype_entry* archetype_named(std::string_view name) const;

    const world_table& table_;
    server server_;
    detail::timing_ring ring_;
    std::string schema_cache_;
    std::optional<std::uint32_t> streamed_tick_; // the stream's last line's tick, less one
    std::vector<std::uint64_t> events_seen_;       // each event's count when the last frame ended
    std::vector<std::uint64_t> events_last_frame_; // and how many that frame sent
    bool paused_ = false;
    double speed_ = 1.0;
    double owed_ = 0;
    std::size_t steps_ = 0;
    std::uint64_t frame_ = 0;
    bool ran_last_ = false;
    std::chrono::steady_clock::time_point last_serve_ = std::chrono::steady_clock::now();
};

} // namespace kiln::inspect
