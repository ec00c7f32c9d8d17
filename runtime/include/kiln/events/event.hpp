// Events: what a system's run() is handed to emit events and to read them
// (docs/events.md). The world keeps the events themselves
// (kiln/events/event_channel.hpp); these are views of its buffers, passed by value.
#pragma once

#include <cstddef>
#include <span>
#include <utility>
#include <vector>

#include <kiln/core/type_list.hpp>

namespace kiln {

// Emits events of type E: run() gets one for each event its system lists in
// `emit`. What it emits is published when the system's batch has run, in a
// fixed order (see docs/events.md), so readers later in the stage see it.
//
// run() gets it by reference. The runtime makes one per run (per chunk of
// a parallel system), which holds the system's buffer meanwhile as a vector
// of its own, so that a loop of emits can keep the vector's end in a
// register as a loop over a local std::vector does; it hands the buffer
// back when it is destroyed. So it is neither copied nor moved.
template <class E>
class event_writer {
public:
    using event_type = E;

    // The runtime makes writers; buffer is where this system's events wait
    // until they are published.
    explicit event_writer(std::vector<E>& buffer) noexcept : buffer_(buffer) { emitted_.swap(buffer_); }
    ~event_writer() { buffer_.swap(emitted_); }
    event_writer(const event_writer&) = delete;
    event_writer& operator=(const event_writer&) = delete;

    void operator()(const E& event) { emitted_.push_back(event); }
    void operator()(E&& event) { emitted_.push_back(std::move(event)); }

private:
    std::vector<E>& buffer_;
    std::vector<E> emitted_;
};

// The events of type E that a system has not yet read, oldest first: run()
// gets one for each event its system lists in `events`. A system that runs
// per entity is handed the same events for every entity of one run; the next
// run starts after the last of them.
template <class E>
class event_reader {
public:
    using event_type = E;
    using iterator = typename std::span<const E>::iterator;

    event_reader() = default;
    explicit event_reader(std::span<const E> unread) noexcept : unread_(unread) {}

    [[nodiscard]] iterator begin() const noexcept { return unread_.begin(); }
    [[nodiscard]] iterator end() const noexcept { return unread_.end(); }
    [[nodiscard]] std::size_t size() const noexcept { return unread_.size(); }
    [[nodiscard]] bool empty() const noexcept { return unread_.empty(); }
    [[nodiscard]] const E& operator[](std::size_t index) const noexcept { return unread_[index]; }

private:
    std::span<const E> unread_;
};

// One event of a schema, as kilnc plans it: the event type, the systems that
// emit it, and the readers it is kept for (those in repeating stages, in
// schema order). A reader in init or shutdown is not listed: it runs once,
// and is handed what is kept when it does.
template <class E, class Emitters, class Readers>
struct event_plan {
    using event = E;
    using emitters = Emitters;
    using readers = Readers;
};

} // namespace kiln
