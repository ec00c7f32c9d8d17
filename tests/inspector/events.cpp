// Events through the inspector (docs/inspector.md, docs/events.md), on
// tests/schema/events.toml's world, answered on the world directly: each
// event's count since the world began and in the frame just run, in
// /api/world.
#include <events/reflection.hpp>
#include <kiln/inspector.hpp>

#include <catch2/catch.hpp>

using json = nlohmann::json;

TEST_CASE("events: how many were sent, in all and in the last frame") {
    events::World world;
    kiln::inspect::basic_inspector<events::World> inspector;
    const auto sent = [&](const char* name) {
        const kiln::inspect::response answer = inspector.answer(world, {"GET", "/world", {}, ""});
        REQUIRE(answer.status == 200);
        return json::parse(answer.body)["events"][name];
    };
    CHECK(sent("Fire") == json::parse(R"({"sent": 0, "last_frame": 0})"));
    REQUIRE(inspector.serve(world)); // a frame runs (here, nothing happens in it)
    world.emit(events::Fire{1});
    world.emit(events::Fire{2});
    REQUIRE(inspector.serve(world)); // that frame ends: it sent two
    CHECK(sent("Fire") == json::parse(R"({"sent": 2, "last_frame": 2})"));
    CHECK(sent("Hit") == json::parse(R"({"sent": 0, "last_frame": 0})"));
    REQUIRE(inspector.serve(world));
    CHECK(sent("Fire") == json::parse(R"({"sent": 2, "last_frame": 0})"));
}
