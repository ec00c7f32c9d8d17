// The examples of docs/hierarchy.md, compiled and run: each snippet there is
// a part of this file (tests/docs/check_snippets.py keeps them the same).
#include <kiln/propagation.hpp>

#include <scene/world.hpp>

#include <catch2/catch.hpp>

#include <vector>

namespace {

constexpr std::uint32_t hostile = 1u << 0;
constexpr std::uint32_t armored = 1u << 1;

scene::Local at(float x, float y) { return {1, 0, 0, 1, x, y}; }

} // namespace

TEST_CASE("docs/hierarchy.md: a ship with turrets") {
    scene::World world;
    const kiln::entity ship = world.create<scene::Body>(at(100, 50), scene::OwnTags{hostile});
    const kiln::entity left = world.create<scene::Mount>(at(-2, 1));
    const kiln::entity right = world.create<scene::Body>(at(2, 1), scene::OwnTags{armored});
    world.hierarchy().set_parent(left, ship);
    world.hierarchy().set_parent(right, ship);

    world.run(scene::stage::update); // Drive, the propagations, then Measure

    const scene::Global& gun = world.get<scene::Global>(right);
    CHECK(gun.tx == 102); // the ship's position plus the turret's offset
    CHECK(gun.ty == 51);
    CHECK(world.get<scene::Tags>(right).bits == (hostile | armored));

    world.resource<scene::Steer>().dx = 100; // Drive moves every Body: the ship to 200, its Body turret along it
    world.run(scene::stage::update);
    CHECK(world.get<scene::Global>(left).tx == 198); // the Mount turret followed its ship
    CHECK(world.get<scene::Global>(right).tx == 302);
    CHECK(world.resource<scene::Extent>().max_x == 302); // what Measure saw: this run's globals
}

TEST_CASE("docs/hierarchy.md: walking the tree") {
    scene::World world;
    const kiln::entity ship = world.create<scene::Body>();
    const kiln::entity turret = world.create<scene::Mount>();
    const kiln::entity barrel = world.create<scene::Mount>();
    auto tree = world.hierarchy();
    tree.set_parent(turret, ship);
    tree.set_parent(barrel, turret);

    std::vector<kiln::entity> below;
    for (const kiln::entity e : tree.descendants(ship)) { // depth-first, allocates nothing
        below.push_back(e);
    }
    CHECK(below == std::vector{turret, barrel});
    CHECK(tree.root_of(barrel) == ship);
    CHECK(tree.depth(barrel) == 2);
    CHECK(tree.child_count(ship) == 1);
}

TEST_CASE("docs/hierarchy.md: reparenting") {
    scene::World world;
    const kiln::entity ship = world.create<scene::Body>(at(10, 0));
    const kiln::entity station = world.create<scene::Body>(at(0, 30));
    const kiln::entity turret = world.create<scene::Mount>(at(1, 0));
    auto tree = world.hierarchy();
    tree.set_parent(turret, ship);

    // The turret is moved to the station: its subtree comes along.
    CHECK(tree.set_parent(turret, station) == kiln::set_parent_result::done);
    // A parent below the child is refused, and nothing changes.
    CHECK(tree.set_parent(station, turret) == kiln::set_parent_result::cycle);

    const kiln::entity changed[] = {turret};
    kiln::propagate<scene::transforms>(world);
    kiln::propagate_changed<scene::transforms>(world, changed); // or only what changed, when the game knows it
    CHECK(world.get<scene::Global>(turret).ty == 30);

    // Inside a loop, or a system, the change is recorded and applied later.
    world.each<const scene::Local>([&](scene::World::deferred_type& deferred, kiln::entity e, const scene::Local&) {
        if (e == turret) {
            deferred.remove_parent(e);
        }
    });
    CHECK(tree.parent(turret).is_null());
}

TEST_CASE("docs/hierarchy.md: destroying a parent") {
    scene::World world;
    const kiln::entity ship = world.create<scene::Body>();
    const kiln::entity turret = world.create<scene::Mount>();
    const kiln::entity pilot = world.create<scene::Badge>();
    auto tree = world.hierarchy();
    tree.set_parent(turret, ship);
    tree.set_parent(pilot, ship);

    world.destroy(ship); // the turret and the pilot go with it
    CHECK_FALSE(world.alive(turret));
    CHECK(world.size() == 0);

    const kiln::entity wreck = world.create<scene::Body>();
    const kiln::entity survivor = world.create<scene::Badge>();
    tree.set_parent(survivor, wreck);
    tree.destroy_keeping_children(wreck); // the survivor lives on, a root
    CHECK(world.alive(survivor));
    CHECK(tree.parent(survivor).is_null());
}
