// States through the inspector (docs/inspector.md, docs/states.md), on
// tests/schema/states.toml's world, answered on the world directly, as serve
// does: each state's values in /api/schema, its value and request in
// /api/world, and a transition requested with POST /api/state.
#include <states/reflection.hpp>
#include <kiln/inspector.hpp>
#include <kiln/json.hpp>

#include <catch2/catch.hpp>

#include <string>

using json = nlohmann::json;

namespace {

json ok(const kiln::inspect::response& answer) {
    INFO(answer.body);
    REQUIRE(answer.status == 200);
    return json::parse(answer.body);
}

std::string refused(const kiln::inspect::response& answer, int status) {
    INFO(answer.body);
    REQUIRE(answer.status == status);
    return json::parse(answer.body)["error"].get<std::string>();
}

kiln::inspect::response post_state(kiln::inspect::basic_inspector<states::World>& inspector, states::World& world,
                                   const std::string& body) {
    return inspector.answer(world, {"POST", "/state", {}, body});
}

} // namespace

TEST_CASE("states: their values in the schema, their value and request in the world") {
    states::World world;
    kiln::inspect::basic_inspector<states::World> inspector;
    const json schema = ok(inspector.answer(world, {"GET", "/schema", {}, ""}));
    CHECK(schema["states"] == json::parse(R"([
        {"name": "Phase", "values": ["title", "playing", "between_waves", "game_over"], "initial": "title"},
        {"name": "Mode", "values": ["calm", "angry"], "initial": "angry"}])"));

    const json before = ok(inspector.answer(world, {"GET", "/world", {}, ""}));
    CHECK(before["states"] == json::parse(R"({"Phase": {"current": "title", "requested": null},
                                              "Mode": {"current": "angry", "requested": null}})"));

    // A request, as game code makes one between frames: the world holds it until the next frame applies it.
    const json asked = ok(post_state(inspector, world, R"({"state": "Phase", "value": "playing"})"));
    CHECK(asked["states"]["Phase"] == json::parse(R"({"current": "title", "requested": "playing"})"));
    REQUIRE(world.state<states::Phase>().requested());
    CHECK(world.state<states::Phase>().next() == states::Phase::playing);
    CHECK(world.state<states::Phase>() == states::Phase::title);

    // The value the world is in, whatever put it there (here a JSON document).
    json document = kiln::to_json(world);
    document["states"] = json::parse(R"({"started": true, "values": {"Phase": "between_waves", "Mode": "calm"}})");
    REQUIRE_FALSE(kiln::from_json(world, document));
    CHECK(ok(inspector.answer(world, {"GET", "/world", {}, ""}))["states"] ==
          json::parse(R"({"Phase": {"current": "between_waves", "requested": null},
                          "Mode": {"current": "calm", "requested": null}})"));
}

TEST_CASE("states: bad requests are a 4xx with a sentence, and request nothing") {
    states::World world;
    kiln::inspect::basic_inspector<states::World> inspector;
    CHECK(refused(post_state(inspector, world, R"({"state": "Phase", "value": "paused"})"), 400) ==
          "state Phase has no value 'paused' (it has title, playing, between_waves, game_over)");
    CHECK(refused(post_state(inspector, world, R"({"state": "Weather", "value": "rain"})"), 404) == "no state Weather");
    CHECK(refused(post_state(inspector, world, R"({"state": "Phase", "value": 1})"), 400) ==
          R"(the body of /state is {"state": "Name", "value": "value"})");
    refused(post_state(inspector, world, R"({"state": "Phase"})"), 400);
    refused(post_state(inspector, world, "[1, 2]"), 400);
    refused(post_state(inspector, world, "{"), 400);
    refused(inspector.answer(world, {"GET", "/state", {}, ""}), 405);
    CHECK_FALSE(world.state<states::Phase>().requested());
    CHECK_FALSE(world.state<states::Mode>().requested());
}
