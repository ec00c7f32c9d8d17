// Where a world keeps its events, and how a system's run is handed them
// (docs/events.md has the rules; kiln/events/event.hpp the types run() sees).
//
// Each event has a channel: the published events, oldest first, numbered by
// a running count; for each reader kilnc listed, how far it has read; and for
// each emitter, a buffer its run emits into. The runner publishes the buffers
// when a batch has run, emitter by emitter in schedule order, and drops what
// every reader has read when a stage has run. So readers see events in an
// order fixed by the schema, whichever executor ran the emitters.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <mutex>
#include <span>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <kiln/core/executor.hpp>
#include <kiln/core/type_list.hpp>
#include <kiln/events/event.hpp>

namespace kiln::internal {

// The `events` list T names, or none: a schema's events (kiln::event_plan
// each) and the events a system reads are both spelled `events`.
template <class T>
struct events_of {
    using type = type_list<>;
};

template <class T>
    requires requires { typename T::events; }
struct events_of<T> {
    using type = typename T::events;
};

// What a system emits: its `emit` list, when it has one.
template <class S>
struct emitted_by {
    using type = type_list<>;
};

template <class S>
    requires requires { typename S::emit; }
struct emitted_by<S> {
    using type = typename S::emit;
};

template <class Plan>
class event_channel;

template <class E, class... Emitters, class... Readers>
class event_channel<event_plan<E, type_list<Emitters...>, type_list<Readers...>>> {
public:
    // Publishes an event sent from outside the systems, at once.
    void push(E event) { events_.push_back(std::move(event)); }

    // Where emitter S's run emits to, until publish<S>.
    template <class S>
    std::vector<E>& staged() noexcept {
        return staged_[index_of_v<S, type_list<Emitters...>>];
    }

    // Appends what S emitted to the published events. When nothing is kept,
    // the buffers trade places instead, until drop_read trades them back: no
    // copy in the usual frame, where every reader read everything the frame
    // before, and S emits into the same memory every frame, still in cache.
    template <class S>
    void publish() {
        std::vector<E>& emitted = staged<S>();
        if (events_.empty() && lender_ == no_lender) {
            events_.swap(emitted);
            lender_ = index_of_v<S, type_list<Emitters...>>;
        } else {
            events_.insert(events_.end(), std::make_move_iterator(emitted.begin()),
                           std::make_move_iterator(emitted.end()));
        }
        emitted.clear();
    }

    // The events reader S has not read, which it now has: those after its
    // last run, or every event kept for a reader the channel does not keep
    // events for (one in init or shutdown).
    template <class S>
    event_reader<E> read() noexcept {
        if constexpr (contains_v<S, type_list<Readers...>>) {
            std::uint64_t& read_up_to = read_[index_of_v<S, type_list<Readers...>>];
            const auto unread = std::span<const E>{events_}.subspan(static_cast<std::size_t>(read_up_to - first_));
            read_up_to = first_ + events_.size();
            return event_reader<E>{unread};
        } else {
            return event_reader<E>{std::span<const E>{events_}};
        }
    }

    // Drops the events that every reader has read: all of them when the
    // channel keeps events for no reader.
    void drop_read() noexcept {
        std::uint64_t keep_from = first_ + events_.size();
        for (const std::uint64_t read_up_to : read_) {
            keep_from = std::min(keep_from, read_up_to);
        }
        const auto dropped = static_cast<std::size_t>(keep_from - first_);
        if (dropped == events_.size()) {
            events_.clear();
            // Handed back only while empty, as it is when a stage ends (every emitter has published
            // when its batch ended): events staged since would look published.
            if (lender_ != no_lender && staged_[lender_].empty()) {
                events_.swap(staged_[lender_]);
            }
            lender_ = no_lender;
        } else {
            events_.erase(events_.begin(), events_.begin() + static_cast<std::ptrdiff_t>(dropped));
        }
        first_ = keep_from;
    }

    // The events kept, oldest first.
    [[nodiscard]] std::span<const E> kept() const noexcept { return events_; }

    // How many events were published since the channel began: the running
    // count, past those dropped and those kept.
    [[nodiscard]] std::uint64_t published() const noexcept { return first_ + events_.size(); }

private:
    std::vector<E> events_;
    std::uint64_t first_ = 0; // the number of events_.front() in the running count
    std::array<std::uint64_t, sizeof...(Readers)> read_{};
    std::array<std::vector<E>, sizeof...(Emitters)> staged_;
    // The emitter whose buffer events_ holds, traded by publish.
    static constexpr std::size_t no_lender = sizeof...(Emitters);
    std::size_t lender_ = no_lender;
};

// Every event channel of a world.
template <class Plans>
class event_store;

template <class... Plans>
class event_store<type_list<Plans...>> {
public:
    using events = type_list<typename Plans::event...>;

    template <class E>
    auto& of() noexcept {
        static_assert(contains_v<E, events>, "kiln::world::emit<E>: E must be an event declared in this world's schema");
        return std::get<index_of_v<E, events>>(channels_);
    }

    template <class E>
    const auto& of() const noexcept {
        static_assert(contains_v<E, events>, "kiln::world::events_sent<E>: E must be an event declared in this world's schema");
        return std::get<index_of_v<E, events>>(channels_);
    }

    // Publishes what the systems of a batch emitted, system by system.
    template <class... Systems>
    void publish(type_list<Systems...>) {
        internal::in_order({(publish_of<Systems>(typename emitted_by<Systems>::type{}), 0)...});
    }

    void drop_read() noexcept { internal::in_order({(std::get<event_channel<Plans>>(channels_).drop_read(), 0)...}); }

private:
    template <class S, class... Emitted>
    void publish_of(type_list<Emitted...>) {
        internal::in_order({(of<Emitted>().template publish<S>(), 0)...});
    }

    std::tuple<event_channel<Plans>...> channels_;
};

// Whether an executor may run a system's chunks at the same time: each chunk
// then emits into a buffer of its own.
template <class Executor>
inline constexpr bool runs_chunks_at_once_v = !std::is_same_v<Executor, serial_executor>;

// The writers and readers of one run of system S, which run() is handed
// after its resources. Made when the run starts: its readers are marked read
// then.
template <class S, class Store, class Emitted = typename emitted_by<S>::type, class Read = typename events_of<S>::type>
class system_events;

template <class S, class Store, class... Emitted, class... Read>
class system_events<S, Store, type_list<Emitted...>, type_list<Read...>> {
public:
    explicit system_events(Store& store) : store_(store), readers_(store.template of<Read>().template read<S>()...) {}

    // Calls function(writers..., readers...), with writers to S's buffers.
    template <class Function>
    void call(Function&& function) {
        if constexpr (sizeof...(Emitted) + sizeof...(Read) == 0) {
            function(); // most systems: no writers' tuple to compile
        } else {
            call_with(function, store_.template of<Emitted>().template staged<S>()...);
        }
    }

    // Calls chunk(begin, end, writers..., readers...) over [0, count) through
    // the executor. Chunks that may run at once emit into buffers of their
    // own, appended in the order of their rows once all have run: the order a
    // serial run emits in.
    template <class Executor, class Chunk>
    void for_chunks(const Executor& executor, std::size_t count, std::size_t grain, Chunk&& chunk) {
        if constexpr (sizeof...(Emitted) == 0 || !runs_chunks_at_once_v<Executor>) {
            executor.for_chunks(count, grain, [&](std::size_t begin, std::size_t end) {
                call([&](auto&... io) { chunk(begin, end, io...); });
            });
        } else {
            struct piece {
                std::size_t begin;
                std::tuple<std::vector<Emitted>...> emitted;
            };
            std::vector<piece> pieces;
            std::mutex pieces_mutex;
            executor.for_chunks(count, grain, [&](std::size_t begin, std::size_t end) {
                piece mine{begin, {}};
                call_with([&](auto&... io) { chunk(begin, end, io...); },
                          std::get<std::vector<Emitted>>(mine.emitted)...);
                const std::lock_guard lock{pieces_mutex};
                pieces.push_back(std::move(mine));
            });
            std::sort(pieces.begin(), pieces.end(),
                      [](const piece& one, const piece& other) { return one.begin < other.begin; });
            for (piece& done : pieces) {
                internal::in_order({(append(store_.template of<Emitted>().template staged<S>(),
                                            std::get<std::vector<Emitted>>(done.emitted)),
                                     0)...});
            }
        }
    }

private:
    // The writers live as long as the call: they hand the buffers back when it returns.
    template <class Function>
    void call_with(Function&& function, std::vector<Emitted>&... buffers) {
        std::tuple<event_writer<Emitted>...> writers{buffers...};
        function(std::get<event_writer<Emitted>>(writers)..., std::get<event_reader<Read>>(readers_)...);
    }

    template <class E>
    static void append(std::vector<E>& to, std::vector<E>& from) {
        to.insert(to.end(), std::make_move_iterator(from.begin()), std::make_move_iterator(from.end()));
    }

    Store& store_;
    std::tuple<event_reader<Read>...> readers_;
};

} // namespace kiln::internal
