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
    // The event this writer emits.
    using event_type = E;

    // The runtime makes writers; buffer is where this system's events wait
    // until they are published. The writer takes the buffer's contents now
    // and gives them back, with what it emitted appended, when destroyed;
    // meanwhile buffer is empty. Precondition: buffer outlives the writer,
    // and nothing else touches it meanwhile (what it appends would be lost).
    explicit event_writer(std::vector<E>& buffer) noexcept : buffer_(buffer) { emitted_.swap(buffer_); }
    // Hands the events emitted back to the buffer the writer was made with.
    ~event_writer() { buffer_.swap(emitted_); }
    // Not copyable (a copy's events would be lost) and so not movable.
    event_writer(const event_writer&) = delete;
    event_writer& operator=(const event_writer&) = delete;

    // Emits event, after those this run emitted before it. Precondition:
    // called during the run() the writer was handed to (a reference kept
    // past it dangles). Allocates as a std::vector's push_back does.
    void operator()(const E& event) { emitted_.push_back(event); }
    // The same, moving event.
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
    // The event this reader reads.
    using event_type = E;
    // Iterates over the unread events, oldest first, as const E&.
    using iterator = typename std::span<const E>::iterator;

    // A reader of no events.
    event_reader() = default;
    // The runtime makes readers: unread are the events this system has not
    // read yet, in the world's channel. Precondition: they outlive the
    // reader; they do for the run() it is handed to, and not after it (a
    // copy kept past run() reads freed memory).
    explicit event_reader(std::span<const E> unread) noexcept : unread_(unread) {}

    // The oldest unread event.
    [[nodiscard]] iterator begin() const noexcept { return unread_.begin(); }
    // Past the newest unread event.
    [[nodiscard]] iterator end() const noexcept { return unread_.end(); }
    // How many events are unread.
    [[nodiscard]] std::size_t size() const noexcept { return unread_.size(); }
    // Whether no event is unread.
    [[nodiscard]] bool empty() const noexcept { return unread_.empty(); }
    // The index-th unread event, 0 the oldest. Precondition: index < size();
    // not checked: an index past the end reads out of bounds (undefined
    // behaviour), as std::span's operator[] does.
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
