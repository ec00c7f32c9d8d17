// The prefab an entity was spawned from, in /api/entity (docs/inspector.md,
// docs/content.md), on tests/schema/content.toml's world, answered on the
// world directly: the prefab's name and the part (empty for the root), or
// null for an entity made otherwise.
#include <content/reflection.hpp>
#include <kiln/inspector.hpp>
#include <kiln/json.hpp>

#include <catch2/catch.hpp>

#include <string>

using json = nlohmann::json;

TEST_CASE("prefabs: an entity names the prefab and the part it was spawned as") {
    content::World world;
    kiln::inspect::basic_inspector<content::World> inspector;
    const kiln::spawned<content::Fighter> fighter = world.spawn<content::Fighter>();
    const kiln::entity plain = world.create<content::Station>();
    const auto prefab_of = [&](kiln::entity e) {
        const kiln::inspect::response answer =
            inspector.answer(world, {"GET", "/entity/" + kiln::internal::handle_text(e), {}, ""});
        REQUIRE(answer.status == 200);
        return json::parse(answer.body)["prefab"];
    };
    CHECK(prefab_of(fighter.root()) == json::parse(R"({"name": "Fighter", "part": ""})"));
    CHECK(prefab_of(fighter.child<content::Fighter::gun>()) == json::parse(R"({"name": "Fighter", "part": "gun"})"));
    CHECK(prefab_of(plain).is_null());
}
