// kiln/events/event.hpp and kiln/events/event_channel.hpp on their own: a channel of a
// hand-written plan, with system types that are only names.
#include <kiln/events/event.hpp>
#include <kiln/events/event_channel.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <random>
#include <type_traits>
#include <vector>

namespace {

struct ping {
    int value;
};

// Emitters and readers, by name only: the channel never calls them.
struct left_emitter {};
struct right_emitter {};
struct fast_reader {};
struct slow_reader {};
struct once_reader {}; // in init or shutdown: the plan does not list it

using channel =
    kiln::internal::event_channel<kiln::event_plan<ping, kiln::type_list<left_emitter, right_emitter>,
                                                   kiln::type_list<fast_reader, slow_reader>>>;

std::vector<int> values(kiln::event_reader<ping> reader) {
    std::vector<int> found;
    for (const ping& event : reader) {
        found.push_back(event.value);
    }
    return found;
}

std::vector<int> values(std::span<const ping> events) {
    return values(kiln::event_reader<ping>{events});
}

} // namespace

TEST_CASE("an event_writer appends to its buffer, which it hands back when it is destroyed") {
    static_assert(!std::is_copy_constructible_v<kiln::event_writer<ping>>,
                  "a copy would hand the buffer back twice");
    static_assert(!std::is_move_constructible_v<kiln::event_writer<ping>>);
    std::vector<ping> buffer{ping{0}};
    {
        kiln::event_writer<ping> emit{buffer};
        CHECK(buffer.empty()); // borrowed for the call
        emit(ping{1});
        const ping two{2};
        emit(two);
    }
    CHECK(values(buffer) == std::vector<int>{0, 1, 2});
}

TEST_CASE("an event_reader views the events it is given") {
    const std::vector<ping> events{ping{1}, ping{2}};
    const kiln::event_reader<ping> reader{events};
    REQUIRE(reader.size() == 2);
    CHECK_FALSE(reader.empty());
    CHECK(reader[1].value == 2);
    CHECK(values(reader) == std::vector<int>{1, 2});
    CHECK(kiln::event_reader<ping>{}.empty());
}

TEST_CASE("publish appends emitters' events in the order it is called, and empties their buffers") {
    channel events;
    events.staged<right_emitter>().push_back({1});
    events.staged<left_emitter>().push_back({2});
    events.staged<left_emitter>().push_back({3});
    events.publish<left_emitter>();
    events.publish<right_emitter>();
    CHECK(values(events.kept()) == std::vector<int>{2, 3, 1});
    CHECK(events.staged<left_emitter>().empty());
    CHECK(events.staged<right_emitter>().empty());
}

TEST_CASE("each reader is handed every event once, whenever it reads") {
    channel events;
    events.push({1});
    events.push({2});
    CHECK(values(events.read<fast_reader>()) == std::vector<int>{1, 2});
    events.push({3});
    CHECK(values(events.read<fast_reader>()) == std::vector<int>{3});
    CHECK(values(events.read<fast_reader>()).empty());
    CHECK(values(events.read<slow_reader>()) == std::vector<int>{1, 2, 3});
    CHECK(values(events.read<slow_reader>()).empty());
}

TEST_CASE("drop_read keeps what some reader has not read, and only that") {
    channel events;
    events.push({1});
    events.push({2});
    (void)events.read<fast_reader>();
    events.drop_read();
    CHECK(values(events.kept()) == std::vector<int>{1, 2}); // slow_reader has read nothing
    (void)events.read<slow_reader>();
    events.push({3});
    events.drop_read();
    CHECK(values(events.kept()) == std::vector<int>{3}); // fast_reader has not read 3
    CHECK(values(events.read<fast_reader>()) == std::vector<int>{3});
    CHECK(values(events.read<slow_reader>()) == std::vector<int>{3});
    events.drop_read();
    CHECK(events.kept().empty());
    CHECK(events.published() == 3); // dropped events still count
    // The count goes on past what was dropped: new events are new to both.
    events.staged<left_emitter>().push_back({4});
    events.publish<left_emitter>();
    CHECK(values(events.read<slow_reader>()) == std::vector<int>{4});
    events.drop_read();
    CHECK(values(events.read<fast_reader>()) == std::vector<int>{4});
}

TEST_CASE("a reader the plan does not list is handed every event kept, and keeps none") {
    channel events;
    events.push({1});
    (void)events.read<fast_reader>();
    (void)events.read<slow_reader>();
    events.push({2});
    CHECK(values(events.read<once_reader>()) == std::vector<int>{1, 2});
    CHECK(values(events.read<once_reader>()) == std::vector<int>{1, 2});

    using nobody_reads = kiln::internal::event_channel<
        kiln::event_plan<ping, kiln::type_list<left_emitter>, kiln::type_list<>>>;
    nobody_reads unread;
    unread.push({1});
    unread.drop_read();
    CHECK(unread.kept().empty());
}

TEST_CASE("publishing into an empty channel keeps the buffers' memory") {
    channel events;
    events.staged<left_emitter>().reserve(64);
    events.staged<left_emitter>().push_back({1});
    const ping* emitted = events.staged<left_emitter>().data();
    events.publish<left_emitter>();
    CHECK(events.kept().data() == emitted); // traded, not copied
    (void)events.read<fast_reader>();
    (void)events.read<slow_reader>();
    events.drop_read();
    events.staged<left_emitter>().push_back({2});
    events.publish<left_emitter>();
    CHECK(values(events.kept()) == std::vector<int>{2});
}

TEST_CASE("random publishing, reading and dropping: each reader gets every event once, in publish order") {
    // The reference: every event in the order it was published, and how far each reader has read.
    std::mt19937 random{19};
    for (int round = 0; round < 20; ++round) {
        channel events;
        std::vector<int> published;
        std::array<std::size_t, 2> read_up_to{};
        std::array<std::vector<int>, 2> got;
        int next = 0;
        for (int step = 0; step < 400; ++step) {
            switch (random() % 6) {
            case 0: // sent from outside: published at once
                published.push_back(next);
                events.push({next++});
                break;
            case 1:
                events.staged<left_emitter>().push_back({next++});
                break;
            case 2:
                events.staged<right_emitter>().push_back({next++});
                break;
            case 3: // a batch ends: its emitters publish in schedule order
                for (const ping& event : events.staged<left_emitter>()) {
                    published.push_back(event.value);
                }
                events.publish<left_emitter>();
                for (const ping& event : events.staged<right_emitter>()) {
                    published.push_back(event.value);
                }
                events.publish<right_emitter>();
                break;
            case 4: {
                const bool fast = random() % 2 == 0;
                const std::vector<int> handed =
                    fast ? values(events.read<fast_reader>()) : values(events.read<slow_reader>());
                const std::size_t reader = fast ? 0 : 1;
                CHECK(handed == std::vector<int>(published.begin() + static_cast<std::ptrdiff_t>(read_up_to[reader]),
                                                  published.end()));
                read_up_to[reader] = published.size();
                got[reader].insert(got[reader].end(), handed.begin(), handed.end());
                break;
            }
            default: events.drop_read();
            }
            // Nothing a reader has not read is ever dropped.
            REQUIRE(events.kept().size() >= published.size() - std::min(read_up_to[0], read_up_to[1]));
        }
        events.drop_read();
        CHECK(events.kept().size() == published.size() - std::min(read_up_to[0], read_up_to[1]));
        for (std::size_t reader = 0; reader < 2; ++reader) {
            CHECK(got[reader] == std::vector<int>(published.begin(),
                                                  published.begin() + static_cast<std::ptrdiff_t>(read_up_to[reader])));
        }
    }
}
