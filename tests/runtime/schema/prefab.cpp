// Prefabs (kiln/schema/prefab.hpp), on the world of tests/schema/content.toml:
// spawn, spawn_n, overrides, children and links, spawns recorded in command
// buffers and from systems' commands, serially and in parallel
// (docs/content.md).
#include <content/reflection.hpp>
#include <content/world.hpp>

#include <catch2/catch.hpp>

#include <kiln/dump.hpp>
#if KILN_PREFAB_TEST_JSON
#include <kiln/json.hpp>
#endif

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "../dumped_text.hpp"
#include "../every_executor.hpp"

using content::Ace;
using content::Fighter;

void content::Launch::run(kiln::system_commands<World>& commands, kiln::entity, Hangar& hangar,
                          const Position& position) {
    if (hangar.launches > 0) {
        --hangar.launches;
        commands.spawn<Fighter>(Position{position.x + static_cast<float>(hangar.launches), position.y});
    }
}

void content::Cool::run(Aim& aim) { aim.range += 1.0f; }

void content::Undock::run(kiln::system_commands<World>& commands, kiln::entity, Dock& dock) {
    for (std::uint32_t i = 0; i < dock.aces; ++i) {
        const kiln::spawned<Ace> ace = commands.spawn<Ace>(kiln::field(&Health::hp, static_cast<std::int32_t>(i)));
        commands.set_parent(ace.child<Ace::spare>(), ace.child<Ace::gun>());
    }
    dock.aces = 0;
}

namespace {

// Everything one spawn of Fighter must hold, whatever made it.
void check_fighter(content::World& world, const kiln::spawned<Fighter>& fighter, std::int32_t hp = 50) {
    const kiln::handle<content::Ship> root = fighter.root();
    const kiln::handle<content::Turret> gun = fighter.child<Fighter::gun>();
    const kiln::handle<content::Light> lamp = fighter.child<Fighter::lamp>();
    REQUIRE(world.alive(root));
    REQUIRE(world.alive(gun));
    REQUIRE(world.alive(lamp));
    CHECK(world.get<content::Health>(root).hp == hp);
    CHECK(world.get<content::Health>(root).max == 50);
    CHECK(world.get<content::Armor>(root).points == 3);
    CHECK(world.get<content::Armor>(root).kind == 1);  // the schema's default
    CHECK(world.get<content::Position>(root).x == 0.0f);
    CHECK(world.get<content::Command>(root).lead == gun);  // made after its owner: written once it is
    CHECK(world.get<content::Position>(gun).x == 1.0f);
    CHECK(world.get<content::Aim>(gun).range == 25.0f);
    CHECK(world.get<content::Aim>(gun).target == kiln::entity{});
    CHECK(world.get<content::Owner>(gun).ship == root);
    CHECK(world.get<content::Owner>(lamp).ship == root);
    const content::Color color = world.get<content::Color>(lamp);  // split: one array per field
    CHECK((color.r == 255 && color.g == 200 && color.b == 64));
    auto tree = world.hierarchy();
    CHECK(tree.parent(gun) == root);
    CHECK(tree.parent(lamp) == root);
    REQUIRE(tree.child_count(root) == 2);
    std::vector<kiln::entity> children;
    for (const kiln::entity child : tree.children(root)) {
        children.push_back(child);
    }
    CHECK(children == std::vector<kiln::entity>{gun, lamp});  // in the prefab's order
    CHECK(tree.depth(gun) == tree.depth(root) + 1);
    CHECK(tree.depth(lamp) == tree.depth(root) + 1);
    CHECK(tree.child_count(gun) == 0);
    CHECK(tree.child_count(lamp) == 0);
}

} // namespace

TEST_CASE("spawn makes the root and each child with the prefab's values, children parented and links written") {
    content::World world;
    const kiln::spawned<Fighter> fighter = world.spawn<Fighter>();
    check_fighter(world, fighter);
    CHECK(world.count<content::Health>() == 1);
    const kiln::entity as_entity = fighter;  // a spawn is its root
    CHECK(as_entity == fighter.root());
}

TEST_CASE("a variant takes its base's values, archetype and children and patches them field by field") {
    content::World world;
    const kiln::spawned<Ace> ace = world.spawn<Ace>();
    const kiln::handle<content::EliteShip> root = ace.root();
    CHECK(world.get<content::Health>(root).hp == 50);    // the base's
    CHECK(world.get<content::Health>(root).max == 200);  // the variant's
    CHECK(world.get<content::Armor>(root).points == 3);
    CHECK(world.get<content::Armor>(root).kind == 2);
    CHECK(world.get<content::Command>(root).lead == ace.child<Ace::gun>());
    CHECK(world.get<content::Aim>(ace.child<Ace::gun>()).range == 25.0f);            // the base's child's
    CHECK(world.get<content::Aim>(ace.child<Ace::gun>()).target == ace.child<Ace::lamp>());  // patched
    CHECK(world.get<content::Position>(ace.child<Ace::spare>()).x == -1.0f);
    CHECK(world.get<content::Owner>(ace.child<Ace::spare>()).ship == root);
    CHECK(world.hierarchy().child_count(root) == 3);
}

TEST_CASE("overrides replace a component, a field or a child's field of one spawn alone") {
    content::World world;
    const auto changed = world.spawn<Fighter>(content::Position{4.0f, 5.0f}, kiln::field(&content::Health::hp, 7),
                                              kiln::child<Fighter::gun>(kiln::field(&content::Aim::range, 2.0f),
                                                                        content::Position{9.0f, 9.0f}));
    const auto plain = world.spawn<Fighter>();
    CHECK(world.get<content::Position>(changed.root()).x == 4.0f);
    CHECK(world.get<content::Position>(changed.root()).y == 5.0f);
    CHECK(world.get<content::Health>(changed.root()).hp == 7);
    CHECK(world.get<content::Health>(changed.root()).max == 50);  // the rest of the component stays the prefab's
    CHECK(world.get<content::Aim>(changed.child<Fighter::gun>()).range == 2.0f);
    CHECK(world.get<content::Position>(changed.child<Fighter::gun>()).x == 9.0f);
    CHECK(world.get<content::Owner>(changed.child<Fighter::gun>()).ship == changed.root());  // links still written
    check_fighter(world, plain);  // copy on spawn: the other spawn, and the prefab, are as they were
    world.get<content::Health>(plain.root()).hp = 1;
    check_fighter(world, world.spawn<Fighter>());
}

TEST_CASE("spawn_n lays down every part's rows at once, each spawn as spawn would make it") {
    content::World world;
    world.spawn<Ace>();  // other rows first: the new ones do not start at 0
    const std::vector<kiln::spawned<Fighter>> fighters = world.spawn_n<Fighter>(1000);
    REQUIRE(fighters.size() == 1000);
    CHECK(world.count<content::Armor>() == 1001);
    CHECK(world.count<content::Owner>() == 2000 + 3);
    for (const kiln::spawned<Fighter>& fighter : fighters) {
        check_fighter(world, fighter);
    }
    const auto weak = world.spawn_n<Fighter>(3, kiln::field(&content::Health::hp, 9));
    for (const kiln::spawned<Fighter>& fighter : weak) {
        check_fighter(world, fighter, 9);
    }
    CHECK(world.spawn_n<Fighter>(0).empty());
}

TEST_CASE("spawn_n reuses the slots that destroys freed, in any order, each spawn whole") {
    content::World world;
    const std::vector<kiln::spawned<Fighter>> first = world.spawn_n<Fighter>(50);
    for (std::size_t i = 0; i < first.size(); i += 3) {
        world.destroy(first[i].root());  // its children go with it: slots freed in every part
    }
    const kiln::entity plain = world.create<content::Turret>();
    const std::vector<kiln::spawned<Fighter>> again = world.spawn_n<Fighter>(40);
    std::size_t reused = 0;
    for (const kiln::spawned<Fighter>& fighter : again) {
        check_fighter(world, fighter);
        CHECK(world.prefab_of(fighter.child<Fighter::lamp>())->part == "lamp");
        reused += kiln::entity{fighter.root()}.index() < 150 ? 1 : 0;
    }
    CHECK(reused > 0);
    for (std::size_t i = 1; i < first.size(); i += 3) {
        check_fighter(world, first[i]);
    }
    CHECK(!world.prefab_of(plain));
    CHECK(world.hierarchy().child_count(plain) == 0);
    CHECK(world.count<content::Armor>() == 50 - 17 + 40);
}

TEST_CASE("a spawn under a parent of its own, then another: each root's children are its own, in order") {
    content::World world;
    const kiln::entity carrier = world.create<content::Carrier>();
    const kiln::spawned<Fighter> docked = world.spawn<Fighter>();
    REQUIRE(world.hierarchy().set_parent(docked.root(), carrier) == kiln::set_parent_result::done);
    check_fighter(world, docked);  // depths follow the root down a level
    CHECK(world.hierarchy().depth(docked.child<Fighter::gun>()) == 2);
    const kiln::spawned<Fighter> loose = world.spawn<Fighter>();
    check_fighter(world, loose);
    check_fighter(world, docked);
    const std::vector<kiln::spawned<Fighter>> many = world.spawn_n<Fighter>(2);
    REQUIRE(world.hierarchy().set_parent(many[1].root(), docked.child<Fighter::lamp>()) ==
            kiln::set_parent_result::done);
    check_fighter(world, many[0]);
    check_fighter(world, many[1]);
    CHECK(world.hierarchy().depth(many[1].child<Fighter::gun>()) == 4);
    world.destroy(carrier);  // the subtree goes with it: docked, and many[1] under its lamp
    CHECK(!world.alive(many[1].child<Fighter::gun>()));
    check_fighter(world, loose);
    check_fighter(world, many[0]);
}

TEST_CASE("a command buffer's spawn gives handles at once, alive when it is applied") {
    content::World world;
    kiln::command_buffer<content::World> commands{world};
    const kiln::spawned<Fighter> fighter = commands.spawn<Fighter>(kiln::field(&content::Health::hp, 3));
    CHECK(!world.alive(fighter.root()));
    CHECK(!world.alive(fighter.child<Fighter::lamp>()));
    commands.set<content::Position>(fighter.child<Fighter::lamp>(), content::Position{0.0f, 8.0f});
    commands.apply();
    check_fighter(world, fighter, 3);
    CHECK(world.get<content::Position>(fighter.child<Fighter::lamp>()).y == 8.0f);

    const kiln::spawned<Fighter> discarded = commands.spawn<Fighter>();
    commands.discard();
    CHECK(!world.alive(discarded.root()));
    CHECK(world.count<content::Health>() == 1);
}

TEST_CASE("a loop's deferred world spawns when the loop returns") {
    content::World world;
    world.spawn<Fighter>();
    std::vector<kiln::spawned<Fighter>> made;
    world.each<const content::Health>([&made](content::World::deferred_type& deferred, kiln::entity,
                                             const content::Health&) { made.push_back(deferred.spawn<Fighter>()); });
    REQUIRE(made.size() == 1);
    check_fighter(world, made[0]);
}

TEST_CASE("the world names the prefab and child each spawned entity came from, in dumps too") {
    content::World world;
    const kiln::entity made = world.create<content::Ship>();
    const auto ace = world.spawn<Ace>();
    kiln::command_buffer<content::World> commands{world};
    const auto deferred = commands.spawn<Fighter>();
    CHECK(!world.prefab_of(made));
    REQUIRE(world.prefab_of(ace.root()));
    CHECK(world.prefab_of(ace.root())->prefab == "Ace");
    CHECK(world.prefab_of(ace.root())->part.empty());
    CHECK(world.prefab_of(ace.child<Ace::spare>())->part == "spare");
    CHECK(!world.prefab_of(deferred.root()));  // not made yet
    commands.apply();
    CHECK(world.prefab_of(deferred.child<Fighter::lamp>())->prefab == "Fighter");
    CHECK(world.prefab_of(deferred.child<Fighter::lamp>())->part == "lamp");
    const std::vector<kiln::spawned<Fighter>> many = world.spawn_n<Fighter>(3);
    CHECK(world.prefab_of(many[2].child<Fighter::gun>())->part == "gun");
    CHECK(kiln_test::dumped_text(world).find(" (Ace.spare)") != std::string::npos);

    // A destroyed entity's slot, reused by a plain create, names no prefab.
    world.destroy(ace.root());
    CHECK(!world.prefab_of(ace.child<Ace::gun>()));
    const kiln::entity reused = world.create<content::Turret>();
    const std::vector<kiln::entity> parts{ace.root(), ace.child<Ace::gun>(), ace.child<Ace::lamp>(),
                                          ace.child<Ace::spare>()};
    CHECK(std::any_of(parts.begin(), parts.end(), [&](kiln::entity e) { return e.index() == reused.index(); }));
    CHECK(!world.prefab_of(reused));
    world.clear();
    CHECK(!world.prefab_of(world.create<content::Ship>()));
}

#if KILN_PREFAB_TEST_JSON
TEST_CASE("JSON names each spawned entity's prefab and reads it back") {
    content::World world;
    world.create<content::Ship>();
    const auto fighter = world.spawn<Fighter>();
    const nlohmann::ordered_json document = kiln::to_json(world);
    const auto& ships = document["archetypes"]["Ship"];
    CHECK(!ships[0].contains("prefab"));
    CHECK(ships[1]["prefab"] == "Fighter");
    CHECK(document["archetypes"]["Light"][0]["prefab"] == "Fighter.lamp");

    content::World loaded;
    REQUIRE_FALSE(kiln::from_json(loaded, document));
    CHECK(loaded.prefab_of(fighter.child<Fighter::gun>())->part == "gun");
    CHECK(kiln::to_json(loaded) == document);

    nlohmann::ordered_json wrong = document;
    wrong["archetypes"]["Light"][0]["prefab"] = "Fighter.mast";
    const kiln::save_error error = kiln::from_json(loaded, wrong);
    CHECK(error.code == kiln::save_errc::corrupt);
    CHECK(error.message.find("/archetypes/Light/0/prefab") != std::string::npos);
    CHECK(kiln::to_json(loaded) == document);  // unchanged by the failed read
}
#endif

TEMPLATE_LIST_TEST_CASE("systems spawn from their commands, the same world serially and in parallel, while a "
                        "parallel system runs beside them", "",
                        kiln_test::every_executor) {
    const auto run = [](const auto& executor) {
        content::World world;
        for (std::uint32_t i = 0; i < 20; ++i) {
            world.create<content::Carrier>(content::Position{static_cast<float>(i) * 10.0f, 0.0f},
                                           content::Hangar{i % 4});
            world.create<content::Station>(content::Dock{i % 3});
        }
        for (int frame = 0; frame < 4; ++frame) {  // Cool runs on the guns of the frames before
            world.run(content::stage::update, executor);
        }
        return kiln_test::dumped_text(world);
    };
    const std::string serial = run(kiln::serial_executor{});
    const std::string tested = run(TestType{});
    CHECK(tested == serial);
    content::World world;
    world.create<content::Carrier>(content::Position{3.0f, 0.0f}, content::Hangar{2});
    world.create<content::Station>(content::Dock{1});
    world.run(content::stage::update, TestType{});
    world.run(content::stage::update, TestType{});
    CHECK(world.count<content::Armor>() == 3);
    world.each<const content::Position, const content::Health, const content::Command>(
        [&world](kiln::entity e, const content::Position&, const content::Health&, const content::Command& command) {
            CHECK(world.get<content::Owner>(command.lead).ship == e);
        });
}
