#include <kiln/hierarchy/hierarchy.hpp>

#include <fixture/world.hpp>

#include <catch2/catch.hpp>

#include <iterator>
#include <ranges>
#include <vector>

using fixture::World;

namespace {

template <class Range>
std::vector<kiln::entity> listed(const Range& range) {
    std::vector<kiln::entity> found;
    for (const kiln::entity e : range) {
        found.push_back(e);
    }
    return found;
}

// A ship with two turrets, the first holding a gunner: entities of three
// archetypes in one tree.
struct ship_with_turrets {
    explicit ship_with_turrets(World& world)
        : ship{world.create<fixture::Ship>()}, left{world.create<fixture::Particle>()},
          right{world.create<fixture::Particle>()}, gunner{world.create<fixture::Marker>()} {
        auto tree = world.hierarchy();
        REQUIRE(tree.set_parent(left, ship) == kiln::set_parent_result::done);
        REQUIRE(tree.set_parent(right, ship) == kiln::set_parent_result::done);
        REQUIRE(tree.set_parent(gunner, left) == kiln::set_parent_result::done);
    }
    kiln::entity ship, left, right, gunner;
};

} // namespace

TEST_CASE("set_parent links a child to its parent, and the tree reads back") {
    World world;
    const ship_with_turrets s{world};
    const auto tree = world.hierarchy();
    CHECK(tree.parent(s.left) == s.ship);
    CHECK(tree.parent(s.ship).is_null());
    CHECK(listed(tree.children(s.ship)) == std::vector{s.left, s.right});
    CHECK(tree.child_count(s.ship) == 2);
    CHECK(listed(tree.descendants(s.ship)) == std::vector{s.left, s.gunner, s.right});
    CHECK(tree.descendants_breadth_first(s.ship) == std::vector{s.left, s.right, s.gunner});
    CHECK(tree.root_of(s.gunner) == s.ship);
    CHECK(tree.root_of(s.ship) == s.ship);
    CHECK(tree.depth(s.gunner) == 2);
    CHECK(tree.depth(s.ship) == 0);
    CHECK(tree.is_ancestor(s.ship, s.gunner));
    CHECK_FALSE(tree.is_ancestor(s.right, s.gunner));
}

TEST_CASE("children and descendants are input ranges whose iterators std::next and std::distance take") {
    World world;
    const ship_with_turrets s{world};
    const auto tree = world.hierarchy();
    static_assert(std::ranges::input_range<decltype(tree.children(s.ship))>);
    CHECK(*std::next(tree.children(s.ship).begin()) == s.right);
    CHECK(*std::next(tree.descendants(s.ship).begin(), 2) == s.right);
    CHECK(std::ranges::distance(tree.descendants(s.ship)) == 3);
}

TEST_CASE("reparenting moves the whole subtree and keeps the other children's order") {
    World world;
    const ship_with_turrets s{world};
    auto tree = world.hierarchy();
    CHECK(tree.set_parent(s.left, s.right) == kiln::set_parent_result::done);
    CHECK(listed(tree.children(s.ship)) == std::vector{s.right});
    CHECK(listed(tree.children(s.right)) == std::vector{s.left});
    CHECK(tree.depth(s.gunner) == 3);
    CHECK(tree.root_of(s.gunner) == s.ship);
    CHECK(tree.remove_parent(s.right));
    CHECK(tree.root_of(s.gunner) == s.right);
    CHECK(tree.depth(s.gunner) == 2);
    CHECK_FALSE(tree.remove_parent(s.right)); // it has none now
}

TEST_CASE("giving a child the parent it has keeps its place among its siblings") {
    World world;
    const ship_with_turrets s{world};
    auto tree = world.hierarchy();
    CHECK(tree.set_parent(s.left, s.ship) == kiln::set_parent_result::done);
    CHECK(listed(tree.children(s.ship)) == std::vector{s.left, s.right});
}

TEST_CASE("a parent that would make a cycle is refused and the tree is unchanged") {
    World world;
    const ship_with_turrets s{world};
    auto tree = world.hierarchy();
    CHECK(tree.set_parent(s.ship, s.gunner) == kiln::set_parent_result::cycle);
    CHECK(tree.set_parent(s.left, s.left) == kiln::set_parent_result::cycle);
    CHECK(tree.parent(s.ship).is_null());
    CHECK(tree.parent(s.left) == s.ship);
    CHECK(listed(tree.descendants(s.ship)) == std::vector{s.left, s.gunner, s.right});
    CHECK(kiln::describe(kiln::set_parent_result::cycle).find("cycle") != std::string_view::npos);
}

TEST_CASE("destroying a parent destroys its subtree, and its siblings and parent live on") {
    World world;
    const ship_with_turrets s{world};
    const auto bystander = world.create<fixture::Particle>();
    CHECK(world.destroy(s.left));
    CHECK_FALSE(world.alive(s.left));
    CHECK_FALSE(world.alive(s.gunner));
    CHECK(world.alive(s.ship));
    CHECK(world.alive(bystander));
    CHECK(listed(world.hierarchy().children(s.ship)) == std::vector{s.right});
    CHECK(world.size() == 3);
    CHECK(world.destroy(s.ship));
    CHECK_FALSE(world.alive(s.right));
    CHECK(world.size() == 1);
}

TEST_CASE("destroy_keeping_children destroys the entity alone, and its children become roots") {
    World world;
    const ship_with_turrets s{world};
    auto tree = world.hierarchy();
    CHECK(tree.destroy_keeping_children(s.ship));
    CHECK_FALSE(world.alive(s.ship));
    CHECK(world.alive(s.left));
    CHECK(tree.parent(s.left).is_null());
    CHECK(tree.parent(s.gunner) == s.left);
    CHECK(tree.depth(s.gunner) == 1);
    CHECK_FALSE(tree.destroy_keeping_children(s.ship));
}

TEST_CASE("destroy_all destroys the subtrees of the archetype's entities, in any archetype") {
    World world;
    const ship_with_turrets s{world};
    const auto loose = world.create<fixture::Marker>();
    world.destroy_all<fixture::Ship>();
    CHECK_FALSE(world.alive(s.left));
    CHECK_FALSE(world.alive(s.gunner));
    CHECK(world.alive(loose));
    CHECK(world.size() == 1);
}

TEST_CASE("destroying a child, or clearing the world, leaves no link behind") {
    World world;
    const ship_with_turrets s{world};
    CHECK(world.destroy(s.gunner));
    CHECK(world.hierarchy().child_count(s.left) == 0);
    world.clear();
    const auto reborn = world.create<fixture::Particle>(); // may reuse a slot of the tree
    CHECK(world.hierarchy().parent(reborn).is_null());
    CHECK(world.hierarchy().children(reborn).empty());
}

TEST_CASE("stale and null handles read as entities with no parent and no children") {
    World world;
    const ship_with_turrets s{world};
    auto tree = world.hierarchy();
    const auto doomed = world.create<fixture::Particle>();
    world.destroy(doomed);
    CHECK(tree.set_parent(doomed, s.ship) == kiln::set_parent_result::not_alive);
    CHECK(tree.set_parent(s.right, doomed) == kiln::set_parent_result::not_alive);
    CHECK(tree.set_parent(s.right, kiln::null_entity) == kiln::set_parent_result::not_alive);
    CHECK(tree.parent(s.right) == s.ship);
    CHECK(tree.parent(doomed).is_null());
    CHECK(tree.children(kiln::null_entity).empty());
    CHECK(tree.root_of(doomed).is_null());
    CHECK(tree.depth(doomed) == 0);
    CHECK_FALSE(tree.remove_parent(doomed));

    // A handle of a dead child does not reach the slot's next occupant.
    world.destroy(s.gunner);
    const auto next = world.create<fixture::Particle>();
    CHECK(tree.parent(next).is_null());
    CHECK(tree.parent(s.gunner).is_null());
}

TEST_CASE("the hierarchy changes through command buffers and deferred worlds, when applied") {
    World world;
    const ship_with_turrets s{world};
    auto& commands = world.commands();
    const kiln::entity extra = commands.create<fixture::Particle>();
    commands.set_parent(extra, s.right); // the child is only reserved yet
    commands.remove_parent(s.left);
    commands.set_parent(s.right, extra); // a cycle once applied: skipped
    CHECK(world.hierarchy().parent(s.left) == s.ship);
    world.flush();
    CHECK(world.hierarchy().parent(extra) == s.right);
    CHECK(world.hierarchy().parent(s.left).is_null());
    CHECK(world.hierarchy().parent(s.right) == s.ship);

    world.each<const fixture::Tag>([&](World::deferred_type& deferred, kiln::entity e, const fixture::Tag&) {
        CHECK(deferred.hierarchy().parent(e) == s.left);
        deferred.set_parent(e, s.ship);
        CHECK(deferred.hierarchy().parent(e) == s.left); // not yet
    });
    CHECK(world.hierarchy().parent(s.gunner) == s.ship);

    world.each<const fixture::Tag>([&](World::deferred_type& deferred, kiln::entity e, const fixture::Tag&) {
        deferred.destroy(world.hierarchy().parent(e));
    });
    CHECK_FALSE(world.alive(s.ship));
    CHECK_FALSE(world.alive(s.gunner));
    CHECK_FALSE(world.alive(extra));
    CHECK(world.alive(s.left));
}

TEST_CASE("a system's commands change the hierarchy when its stage ends") {
    World world;
    const ship_with_turrets s{world};
    world.get<fixture::Health>(s.ship).hp = 1; // Decay takes it to 0, and Reap destroys it
    world.run(fixture::stage::update);
    CHECK_FALSE(world.alive(s.ship));
    CHECK_FALSE(world.alive(s.left));
    CHECK_FALSE(world.alive(s.gunner));
    CHECK(world.size() == 0);
}

TEST_CASE("swap exchanges the hierarchies with the entities") {
    World world;
    const ship_with_turrets s{world};
    World other;
    world.swap(other);
    CHECK(other.hierarchy().parent(s.gunner) == s.left);
    CHECK(world.hierarchy().children(s.ship).empty());
}
