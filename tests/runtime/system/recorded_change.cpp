// Creates and changes recorded as data (kiln/system/recorded_change.hpp),
// applied by kiln/world/moves_by_id.hpp: recorded by a file that only
// declares the world (recorded_without_world.cpp), and here, where it is
// defined, with Typed = false, beside the same commands recorded typed. A
// spawn as data whose parts observers are told of, on family's world (the
// prefabs' own tests are system/recorded_spawn.cpp's).
#include <kiln/system/recorded_change.hpp>

#include <family/world.hpp>
#include <fixture/world.hpp>

#include <catch2/catch.hpp>

#include "recorded_without_world.hpp"

#include <cstdint>
#include <vector>

using namespace fixture;

namespace {

recorded::targets make_targets(World& world) {
    world.create<Particle>(); // so that no target's index is 0
    recorded::targets on{};
    on.ship = world.create<Ship>(Position{1, 2}, Velocity{3, 4}, Health{50, false}, Color{7, 8, 9});
    on.frozen = world.create<FrozenShip>(Position{11, 12}, Health{60, true}, Color{17, 18, 19});
    on.particle = world.create<Particle>(Position{21, 22}, Velocity{23, 24});
    on.marker = world.create<Marker>(Position{31, 32});
    on.beacon = world.create<Beacon>();
    on.dead = world.create<Ship>();
    world.destroy(on.dead);
    return on;
}

// What recorded::record does, with the world defined: Typed chooses the
// record's kind.
template <bool Typed>
void record_here(World::commands_type& commands, const recorded::targets& on) {
    commands.add<Frozen, Typed>(on.ship);
    commands.set<Color, Typed>(on.ship, {10, 20, 30});
    commands.remove<Frozen, Typed>(on.frozen);
    commands.set<Health, Typed>(on.frozen, {7, false});
    commands.replace<Velocity, Tag, Typed>(on.particle);
    commands.remove<Position, Typed>(on.marker);
    commands.add<Position, Typed>(on.beacon, {5, 6});
    commands.add<Frozen, Typed>(on.dead);
    commands.remove<Frozen, Typed>(on.dead);
    commands.replace<Velocity, Tag, Typed>(on.dead);
    commands.set<Health, Typed>(on.dead, {1, true});
    commands.destroy(on.dead);
}

// The world after recorded::record's commands, whichever way recorded.
void check_applied(World& world, const recorded::targets& on) {
    REQUIRE(world.archetype_name(on.ship) == "FrozenShip");
    CHECK(world.get<Position>(on.ship).x == 1);
    CHECK(world.get<Position>(on.ship).y == 2);
    CHECK(world.get<Velocity>(on.ship).x == 3);
    CHECK(world.get<Velocity>(on.ship).y == 4);
    CHECK(world.get<Health>(on.ship).hp == 50);
    CHECK_FALSE(world.get<Health>(on.ship).regen);
    CHECK(world.get<Color>(on.ship).r == 10); // split: a column per field
    CHECK(world.get<Color>(on.ship).g == 20);
    CHECK(world.get<Color>(on.ship).b == 30);

    REQUIRE(world.archetype_name(on.frozen) == "Ship");
    CHECK(world.get<Position>(on.frozen).x == 11);
    CHECK(world.get<Velocity>(on.frozen).x == 1.5f); // the schema's default, carried
    CHECK(world.get<Health>(on.frozen).hp == 7);
    CHECK_FALSE(world.get<Health>(on.frozen).regen);
    CHECK(world.get<Color>(on.frozen).g == 18);

    REQUIRE(world.archetype_name(on.particle) == "Marker");
    CHECK(world.get<Position>(on.particle).x == 21);
    CHECK(world.get<Position>(on.particle).y == 22);

    CHECK(world.archetype_name(on.marker) == "Beacon");
    REQUIRE(world.archetype_name(on.beacon) == "Marker");
    CHECK(world.get<Position>(on.beacon).x == 5);
    CHECK(world.get<Position>(on.beacon).y == 6);

    CHECK_FALSE(world.alive(on.dead));
    CHECK(world.size() == 6);
    CHECK(world.count<Position>() == 5);
}

} // namespace

TEST_CASE("changes recorded where the world is only declared apply as the world's own add, remove, replace and set") {
    World world;
    const recorded::targets on = make_targets(world);
    World::commands_type commands{world};
    recorded::record(kiln::command_recorder<World>{world, commands}, on);
    CHECK(commands.size() == 12);
    CHECK(world.archetype_name(on.ship) == "Ship"); // nothing applied yet
    commands.apply();
    check_applied(world, on);
}

TEST_CASE("changes recorded as data and typed leave the same world") {
    World data;
    World typed;
    const recorded::targets on_data = make_targets(data);
    const recorded::targets on_typed = make_targets(typed);
    record_here<false>(data.commands(), on_data);
    record_here<true>(typed.commands(), on_typed);
    data.flush();
    typed.flush();
    check_applied(data, on_data);
    check_applied(typed, on_typed);
}

TEST_CASE("changes recorded as data keep every row's values while the archetypes they move between grow") {
    // FrozenShip grows from empty through several reallocations, Ship's last
    // rows fill the rows left: the moves' plans, made on the first, hold.
    World world;
    std::vector<kiln::entity> ships;
    for (int i = 0; i < 300; ++i) {
        ships.push_back(world.create<Ship>(Position{float(i), 0}, Velocity{0, float(i)}, Health{i, i % 2 == 0},
                                           Color{std::uint8_t(i), 2, std::uint8_t(i / 2)}));
    }
    for (std::size_t i = 0; i < ships.size(); i += 2) {
        world.commands().add<Frozen, false>(ships[i]);
        world.commands().set<Color, false>(ships[i + 1], {9, std::uint8_t(i), 9});
    }
    world.flush();
    for (std::size_t i = 0; i < ships.size(); ++i) {
        INFO("ship " << i);
        REQUIRE(world.archetype_name(ships[i]) == (i % 2 == 0 ? "FrozenShip" : "Ship"));
        CHECK(world.get<Position>(ships[i]).x == float(i));
        CHECK(world.get<Velocity>(ships[i]).y == float(i));
        CHECK(world.get<Health>(ships[i]).hp == int(i));
        CHECK(world.get<Health>(ships[i]).regen == (i % 2 == 0));
        const auto color = world.get<Color>(ships[i]);
        CHECK(color.r == (i % 2 == 0 ? std::uint8_t(i) : 9));
        CHECK(color.g == (i % 2 == 0 ? 2 : std::uint8_t(i - 1)));
        CHECK(color.b == (i % 2 == 0 ? std::uint8_t(i / 2) : 9));
    }
}

TEST_CASE("a recorder without the world answers alive and has from the entity table, as the world does now") {
    World world;
    const recorded::targets on = make_targets(world);
    World::commands_type commands{world};
    const kiln::command_recorder<World> recorder{world, commands};
    recorded::record(recorder, on);
    const recorded::answers before = recorded::ask(recorder, on);
    CHECK(before.ship_alive);
    CHECK_FALSE(before.dead_alive);
    CHECK_FALSE(before.ship_has_frozen); // recorded, not applied
    CHECK(before.frozen_has_frozen);
    CHECK(before.ship_has_color);
    CHECK_FALSE(before.beacon_has_position);
    CHECK_FALSE(before.dead_has_position);
    commands.apply();
    const recorded::answers after = recorded::ask(recorder, on);
    CHECK(after.ship_has_frozen);
    CHECK_FALSE(after.frozen_has_frozen);
    CHECK(after.beacon_has_position);
    CHECK(after.ship_has_color == world.has<Color>(on.ship));
}

namespace {

// The entities of recorded::create's commands, recorded here with Typed.
template <bool Typed>
recorded::created create_here(World::commands_type& commands) {
    const kiln::handle<FrozenShip> frozen =
        commands.create<FrozenShip, Typed>(Position{41, 42}, Health{3, false}, Color{4, 5, 6});
    return {frozen, commands.create<Particle, Typed>()};
}

// The world after recorded::create's commands, whichever way recorded.
void check_created(World& world, const recorded::created& made) {
    REQUIRE(world.alive(made.frozen));
    REQUIRE(world.archetype_name(made.frozen) == "FrozenShip");
    CHECK(world.get<Position>(made.frozen).x == 41);
    CHECK(world.get<Position>(made.frozen).y == 42);
    CHECK(world.get<Health>(made.frozen).hp == 3);
    CHECK_FALSE(world.get<Health>(made.frozen).regen);
    CHECK(world.get<Color>(made.frozen).r == 4); // split: a column per field
    CHECK(world.get<Color>(made.frozen).g == 5);
    CHECK(world.get<Color>(made.frozen).b == 6);
    CHECK(world.get<Velocity>(made.frozen).x == 1.5f); // not given: the schema's default
    CHECK(world.get<Velocity>(made.frozen).y == -2.0f);
    CHECK(world.get<Target>(made.frozen).who == made.frozen); // MarkFrozen, told of the entry, wrote it

    REQUIRE(world.alive(made.particle));
    REQUIRE(world.archetype_name(made.particle) == "Particle");
    CHECK(world.get<Position>(made.particle).x == 0);
    CHECK(world.get<Velocity>(made.particle).x == 1.5f);
    CHECK(world.get<Velocity>(made.particle).y == -2.0f);
    CHECK(world.size() == 3);
}

} // namespace

TEST_CASE("a create recorded where the world is only declared makes the entity a typed create makes") {
    World data;
    World typed;
    data.create<Ship>(); // the handles reserved below are not index 0
    typed.create<Ship>();
    World::commands_type commands{data};
    const recorded::created made_data = recorded::create(kiln::command_recorder<World>{data, commands});
    const recorded::created made_typed = create_here<true>(typed.commands());
    CHECK(commands.size() == 2);
    CHECK_FALSE(data.alive(made_data.frozen)); // reserved, not alive until applied
    CHECK(data.size() == 1);
    commands.apply();
    typed.flush();
    check_created(data, made_data);
    check_created(typed, made_typed);
    CHECK(made_data.frozen == made_typed.frozen); // the same slots reserved
    CHECK(made_data.particle == made_typed.particle);
}

TEST_CASE("a create recorded as data in the world's own buffer applies with its flush") {
    World world;
    world.create<Ship>();
    const recorded::created made = create_here<false>(world.commands());
    world.flush();
    check_created(world, made);
}

TEST_CASE("discarding a create recorded as data gives back the slot it reserved") {
    World world;
    World::commands_type commands{world};
    const recorded::created never = recorded::create(kiln::command_recorder<World>{world, commands});
    commands.discard();
    CHECK(commands.empty());
    CHECK_FALSE(world.alive(never.frozen));
    CHECK_FALSE(world.alive(never.particle));
    CHECK(world.size() == 0);
    const kiln::entity next = world.create<Particle>();
    CHECK((next.index() == never.frozen.index() || next.index() == never.particle.index())); // a slot freed, reused
    CHECK(next != never.frozen);                                                                 // under a new generation
    CHECK(next != never.particle);
}

TEST_CASE("a spawn recorded as data tells observers of each part as it is made, as a typed spawn") {
    // family's Wander, told of each collared pet made, destroys the cat, a
    // stray, before the spawn parents it: set_parent then refuses it.
    const auto check = [](family::World& world, const kiln::spawned<family::Household>& household) {
        using family::Household;
        REQUIRE(world.alive(household.root()));
        CHECK_FALSE(world.alive(household.child<Household::cat>()));
        const kiln::entity dog = household.child<Household::dog>();
        const kiln::entity parrot = household.child<Household::parrot>();
        CHECK(world.get<family::Name>(parrot).id == 4);
        CHECK(world.hierarchy().child_count(household.root()) == 2);
        CHECK(world.hierarchy().parent(dog) == household.root());
        CHECK(world.hierarchy().parent(parrot) == household.root());
        REQUIRE(world.prefab_of(parrot));
        CHECK(world.prefab_of(parrot)->part == "parrot");
        CHECK(world.size() == 3);
    };
    family::World data;
    family::World typed;
    const kiln::spawned<family::Household> made_data = data.commands().spawn<family::Household, false>();
    const kiln::spawned<family::Household> made_typed = typed.commands().spawn<family::Household, true>();
    data.flush();
    typed.flush();
    check(data, made_data);
    check(typed, made_typed);
}
