// /api/changed on a world that tracks changes (tests/schema/changes.toml),
// answered on the world directly, as serve does: which entities' tracked
// components were written after a tick, and what a world that tracks none
// answers (tests/inspector/api.cpp's fixture world tracks none).
#include <changes/reflection.hpp>
#include <kiln/inspector.hpp>
#include <kiln/json.hpp>

#include <catch2/catch.hpp>

using json = nlohmann::json;

TEST_CASE("changed entities since a tick") {
    changes::World world;
    kiln::inspect::basic_inspector<changes::World> inspector;
    const kiln::entity ship = world.create<changes::Ship>();
    const kiln::entity particle = world.create<changes::Particle>();
    const kiln::change_tick since = world.advance_tick();
    world.get<changes::Position>(particle).x = 5; // a writable get marks the row

    const auto ask = [&](std::string since_text) {
        return inspector.answer(world, {"GET", "/changed", {{"since", std::move(since_text)}}, ""});
    };
    const auto answer = ask(std::to_string(since));
    REQUIRE(answer.status == 200);
    const json body = json::parse(answer.body);
    CHECK(body["tick"] == world.current_tick());
    CHECK(body["changed"]["Position"]["entities"] == json({kiln::internal::handle_text(particle)}));
    CHECK(body["changed"]["Health"]["entities"].empty());
    CHECK_FALSE(body["changed"].contains("Velocity")); // not tracked

    // An edit through the API is a change too; reading the entity is not.
    const kiln::change_tick later = world.advance_tick();
    REQUIRE(inspector.answer(world, {"GET", "/entity/" + kiln::internal::handle_text(particle), {}, ""}).status == 200);
    REQUIRE(inspector.answer(world, {"POST", "/edit", {},
                                     R"({"entity": ")" + kiln::internal::handle_text(ship) + R"(", "pointer": "/Health/hp", "value": 3})"})
                .status == 200);
    const json after = json::parse(ask(std::to_string(later)).body);
    CHECK(after["changed"]["Position"]["entities"].empty());
    CHECK(after["changed"]["Health"]["entities"] == json({kiln::internal::handle_text(ship)}));

    CHECK(ask("").status == 400);
    CHECK(ask("soon").status == 400);
    CHECK(inspector.answer(world, {"GET", "/changed", {{"since", "0"}, {"limit", "0"}}, ""}).status == 400);
}

TEST_CASE("speed: a share of the frames runs") {
    changes::World world;
    kiln::inspect::basic_inspector<changes::World> inspector;
    REQUIRE(inspector.answer(world, {"POST", "/speed", {}, R"({"fraction": 0.25})"}).status == 200);
    int ran = 0;
    for (int frame = 0; frame < 100; ++frame) {
        ran += inspector.serve(world) ? 1 : 0;
    }
    CHECK(ran == 25);
    CHECK(inspector.answer(world, {"POST", "/speed", {}, R"({"fraction": 0})"}).status == 400);
    CHECK(inspector.answer(world, {"POST", "/speed", {}, R"({"fraction": 2})"}).status == 400);
    CHECK(inspector.answer(world, {"POST", "/speed", {}, R"({"fraction": "half"})"}).status == 400);
    REQUIRE(inspector.answer(world, {"POST", "/speed", {}, R"({"fraction": 1})"}).status == 200);
    ran = 0;
    for (int frame = 0; frame < 10; ++frame) {
        ran += inspector.serve(world) ? 1 : 0;
    }
    CHECK(ran == 10);
}

TEST_CASE("the stream's lines carry the entities changed since the line before") {
    changes::World world;
    kiln::inspect::basic_inspector<changes::World> inspector;
    const kiln::entity particle = world.create<changes::Particle>();
    world.advance_tick();
    world.advance_tick(); // its creation is past
    const auto line = [&] { return json::parse(inspector.stream_line(world)); };
    const auto position_changes = [](const json& l) { return l["changed"]["Position"]["entities"]; };

    const json first = line(); // since now: nothing yet
    CHECK(first["changed_since"] == world.current_tick());
    CHECK(position_changes(first).empty());
    world.advance_tick();
    world.get<changes::Position>(particle).x = 5;
    const json second = line();
    CHECK(position_changes(second) == json({kiln::internal::handle_text(particle)}));
    CHECK(second["changed"]["Health"]["entities"].empty());
    // A change is reported until a line has gone out after the tick it was made in.
    world.advance_tick();
    CHECK(position_changes(line()) == json({kiln::internal::handle_text(particle)}));
    world.advance_tick();
    CHECK(position_changes(line()).empty());
    // A world that tracks nothing sends no changes (api.cpp's stream test reads that world's lines).
}
