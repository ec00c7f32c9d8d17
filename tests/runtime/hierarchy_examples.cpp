// The examples of docs/hierarchy.md, compiled and run: each snippet there is
// a part of this file (tests/docs/check_snippets.py keeps them the same).
#include <kiln/propagation.hpp>

#include <scene/world.hpp>

#include <catch2/catch.hpp>

#include <vector>

namespace {

// A transform hierarchy: Global = parent's Global composed with Local.
struct transforms {
    using local = scene::Local;
    using global = scene::Global;
    static scene::Global combine(const scene::Global& p, const scene::Local& l) {
        return {p.a * l.a + p.c * l.b,           p.b * l.a + p.d * l.b,           p.a * l.c + p.c * l.d,
                p.b * l.c + p.d * l.d,           p.a * l.tx + p.c * l.ty + p.tx, p.b * l.tx + p.d * l.ty + p.ty};
    }
};

// Tags that children inherit: a child's Tags are its parent's and its own.
struct inherited_tags {
    using local = scene::OwnTags;
    using global = scene::Tags;
    static scene::Tags combine(const scene::Tags& parent, const scene::OwnTags& own) {
        return {parent.bits | own.bits};
    }
};

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

    kiln::propagate<transforms>(world);
    kiln::propagate<inherited_tags>(world);

    const scene::Global& gun = world.get<scene::Global>(right);
    CHECK(gun.tx == 102); // the ship's position plus the turret's offset
    CHECK(gun.ty == 51);
    CHECK(world.get<scene::Tags>(right).bits == (hostile | armored));

    world.get<scene::Local>(ship).tx = 200; // the ship moves; its turrets follow at the next pass
    kiln::propagate<transforms>(world);
    CHECK(world.get<scene::Global>(left).tx == 198);
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
    kiln::propagate<transforms>(world);
    kiln::propagate_changed<transforms>(world, changed); // or only what changed, when the game knows it
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
