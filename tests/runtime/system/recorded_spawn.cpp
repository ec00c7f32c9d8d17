// Spawns recorded as data (kiln/system/command_buffer.hpp), on the world of
// tests/schema/content.toml: recorded by a file that only declares the world
// and includes its prefabs' headers (spawned_without_world.cpp), and here,
// where it is defined, with Typed = false, beside the same spawns recorded
// typed. Links between parts, overrides, parents and prefab records.
#include "spawned_without_world.hpp"

#include "../dumped_text.hpp"

#include <content/reflection.hpp>
#include <content/world.hpp>

#include <catch2/catch.hpp>

#include <kiln/dump.hpp>

#include <cstdio>
#include <string>
#include <vector>

using content::Ace;
using content::Fighter;

namespace {

// spawned_data::spawn's spawns, recorded here with Typed.
template <bool Typed>
spawned_data::made spawn_here(content::World::commands_type& commands) {
    const kiln::spawned<Fighter> fighter = commands.spawn<Fighter, Typed>(
        content::Position{2.0f, 3.0f}, kiln::field(&content::Health::hp, 7),
        kiln::child<Fighter::gun>(kiln::field(&content::Aim::range, 4.0f)),
        kiln::child<Fighter::lamp>(content::Color{1, 2, 3}));
    return {fighter, commands.spawn<Ace, Typed>()};
}

std::vector<kiln::entity> children_of(content::World& world, kiln::entity parent) {
    std::vector<kiln::entity> children;
    for (const kiln::entity child : world.hierarchy().children(parent)) {
        children.push_back(child);
    }
    return children;
}

// The world after spawned_data::spawn's spawns, whichever way recorded.
void check_spawned(content::World& world, const spawned_data::made& made) {
    const kiln::spawned<Fighter>& fighter = made.fighter;
    const kiln::entity root = fighter.root();
    const kiln::entity gun = fighter.child<Fighter::gun>();
    const kiln::entity lamp = fighter.child<Fighter::lamp>();
    REQUIRE(world.alive(root));
    REQUIRE(world.alive(gun));
    REQUIRE(world.alive(lamp));
    CHECK(world.get<content::Position>(root).x == 2.0f); // overrides
    CHECK(world.get<content::Position>(root).y == 3.0f);
    CHECK(world.get<content::Health>(root).hp == 7);
    CHECK(world.get<content::Health>(root).max == 50); // the prefab's
    CHECK(world.get<content::Armor>(root).kind == 1);  // the schema's default
    CHECK(world.get<content::Aim>(gun).range == 4.0f);
    CHECK(world.get<content::Position>(gun).x == 1.0f);
    const content::Color color = world.get<content::Color>(lamp); // split: a column per field
    CHECK((color.r == 1 && color.g == 2 && color.b == 3));
    CHECK(world.get<content::Command>(root).lead == gun); // a link to a part made after its owner
    CHECK(world.get<content::Owner>(gun).ship == root);   // and to one made before
    CHECK(world.get<content::Owner>(lamp).ship == root);
    CHECK(children_of(world, root) == std::vector<kiln::entity>{gun, lamp});
    REQUIRE(world.prefab_of(lamp));
    CHECK(world.prefab_of(lamp)->prefab == "Fighter");
    CHECK(world.prefab_of(lamp)->part == "lamp");

    const kiln::spawned<Ace>& ace = made.ace;
    const kiln::entity ace_gun = ace.child<Ace::gun>();
    REQUIRE(world.alive(ace.root()));
    CHECK(world.archetype_name(ace.root()) == "EliteShip");
    CHECK(world.get<content::Health>(ace.root()).max == 200);
    CHECK(world.get<content::Aim>(ace_gun).target == ace.child<Ace::lamp>()); // child to a later child
    CHECK(children_of(world, ace.root()) ==
          std::vector<kiln::entity>{ace_gun, ace.child<Ace::lamp>(), ace.child<Ace::spare>()});
    REQUIRE(world.prefab_of(ace.root()));
    CHECK(world.prefab_of(ace.root())->prefab == "Ace");
    CHECK(world.prefab_of(ace.root())->part.empty());
    CHECK(world.prefab_of(ace.child<Ace::spare>())->part == "spare");
    CHECK(world.size() == 8); // and the ship made before
}

} // namespace

TEST_CASE("a spawn recorded where the world is only declared leaves the world a typed spawn leaves") {
    content::World data;
    content::World typed;
    data.create<content::Ship>(); // the handles reserved below are not index 0
    typed.create<content::Ship>();
    content::World::commands_type commands{data};
    const spawned_data::made made_data = spawned_data::spawn(kiln::command_recorder<content::World>{data, commands});
    const spawned_data::made made_typed = spawn_here<true>(typed.commands());
    CHECK_FALSE(data.alive(made_data.fighter.root())); // reserved, not alive until applied
    CHECK_FALSE(data.alive(made_data.ace.child<Ace::spare>()));
    CHECK(data.size() == 1);
    commands.apply();
    typed.flush();
    check_spawned(data, made_data);
    check_spawned(typed, made_typed);
    CHECK(made_data.fighter.root() == made_typed.fighter.root()); // the same slots reserved
    CHECK(made_data.ace.child<Ace::spare>() == made_typed.ace.child<Ace::spare>());
    CHECK(kiln_test::dumped_text(data) == kiln_test::dumped_text(typed)); // values, prefab records and hierarchy, entity by entity
}

TEST_CASE("a spawn recorded as data in the world's own buffer applies with its flush") {
    content::World world;
    world.create<content::Ship>();
    const spawned_data::made made = spawn_here<false>(world.commands());
    world.flush();
    check_spawned(world, made);
}

TEST_CASE("discarding a spawn recorded as data gives back the slots it reserved") {
    content::World world;
    content::World::commands_type commands{world};
    const spawned_data::made never = spawned_data::spawn(kiln::command_recorder<content::World>{world, commands});
    commands.discard();
    CHECK(commands.empty());
    CHECK_FALSE(world.alive(never.fighter.root()));
    CHECK_FALSE(world.alive(never.ace.child<Ace::spare>()));
    CHECK(world.size() == 0);
    const kiln::spawned<Fighter> next = world.spawn<Fighter>(); // the freed slots, under new generations
    CHECK(kiln::entity{next.root()}.index() < 7);
    CHECK(next.root() != never.fighter.root());
    CHECK(world.size() == 3);
}
