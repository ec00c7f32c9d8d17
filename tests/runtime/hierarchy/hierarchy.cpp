#include <kiln/hierarchy/hierarchy.hpp>
#include <kiln/hierarchy/propagation.hpp>

#include <family/world.hpp>
#include <fixture/world.hpp>
#include <scene/world.hpp>

#include <catch2/catch.hpp>

#include "scene_values.hpp"

#include <cstddef>
#include <iterator>
#include <ranges>
#include <span>
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

// What Farewell found of each entity whose end it was told of, in order.
struct farewell {
    kiln::entity e;
    kiln::entity parent;
    bool parent_alive;
    std::size_t children;
    bool operator==(const farewell&) const = default;
};

std::vector<farewell> farewells;

} // namespace

void family::Farewell::run(kiln::deferred_world<World>& world, kiln::entity e, const Name&) {
    const kiln::entity parent = world.hierarchy().parent(e);
    farewells.push_back({e, parent, world.alive(parent), world.hierarchy().child_count(e)});
}

void family::Wander::run(kiln::deferred_world<World>& world, kiln::entity e, const Collar& collar) {
    if (collar.stray != 0) {
        world.destroy(e);
    }
}

namespace {

// Every farewell found the parent alive, if there was one, and no child.
bool each_found_its_parent_and_no_child() {
    for (const farewell& f : farewells) {
        if ((!f.parent.is_null() && !f.parent_alive) || f.children != 0) {
            return false;
        }
    }
    return true;
}

} // namespace

TEST_CASE("destroy takes a subtree's children before their parent, in the reverse of its depth-first order") {
    family::World world;
    auto tree = world.hierarchy();
    const kiln::entity root = world.create<family::Person>(family::Name{1});
    const kiln::entity a = world.create<family::Person>(family::Name{2});
    const kiln::entity a1 = world.create<family::Pet>(family::Name{3}, family::Tail{});
    const kiln::entity a2 = world.create<family::Person>(family::Name{4});
    const kiln::entity b = world.create<family::Pet>(family::Name{5}, family::Tail{});
    tree.set_parent(a, root);
    tree.set_parent(a1, a);
    tree.set_parent(a2, a1);
    tree.set_parent(b, root);
    farewells.clear();
    CHECK(world.destroy(root));
    // Depth-first, root, a, a1, a2, b; reversed: b, the shallowest but one, before a2, the deepest.
    CHECK(farewells == std::vector<farewell>{{b, root, true, 0}, {a2, a1, true, 0}, {a1, a, true, 0},
                                             {a, root, true, 0}, {root, kiln::null_entity, false, 0}});
}

TEST_CASE("an observer told of the end of an entity destroyed alone finds its parent, and its children roots") {
    family::World world;
    auto tree = world.hierarchy();
    const kiln::entity grandparent = world.create<family::Person>(family::Name{1});
    const kiln::entity parent = world.create<family::Pet>(family::Name{2}, family::Tail{});
    const kiln::entity child = world.create<family::Person>(family::Name{3});
    tree.set_parent(parent, grandparent);
    tree.set_parent(child, parent);
    farewells.clear();
    CHECK(tree.destroy_keeping_children(parent));
    CHECK(farewells == std::vector<farewell>{{parent, grandparent, true, 0}});
    CHECK(tree.parent(child).is_null());
    CHECK(tree.child_count(grandparent) == 0);
    farewells.clear();
    CHECK(tree.destroy_keeping_children(grandparent)); // a root without children now: no link at all
    CHECK(farewells == std::vector<farewell>{{grandparent, kiln::null_entity, false, 0}});
}

TEST_CASE("clear and destroy_all tell each observer of an entity's end while its parent lives") {
    family::World world;
    auto tree = world.hierarchy();
    // Parents in Person, whose rows come first, children in Pet, and the other way round.
    for (std::uint32_t i = 0; i < 20; ++i) {
        const kiln::entity person = world.create<family::Person>(family::Name{i});
        const kiln::entity pet = world.create<family::Pet>(family::Name{100 + i}, family::Tail{});
        const kiln::entity other = world.create<family::Person>(family::Name{200 + i});
        tree.set_parent(pet, person);
        tree.set_parent(other, pet);
        world.create<family::Pet>(family::Name{300 + i}, family::Tail{}); // no link
    }
    farewells.clear();
    world.destroy_all<family::Pet>(); // every Pet, and the Persons below them
    CHECK(farewells.size() == 60);
    CHECK(each_found_its_parent_and_no_child());
    for (std::uint32_t i = 0; i < 20; ++i) {
        const kiln::entity person = world.create<family::Person>(family::Name{i});
        const kiln::entity pet = world.create<family::Pet>(family::Name{100 + i}, family::Tail{});
        tree.set_parent(pet, person);
    }
    farewells.clear();
    world.clear();
    CHECK(farewells.size() == 60);
    CHECK(each_found_its_parent_and_no_child());
    CHECK(world.size() == 0);
}

TEST_CASE("destroy of a list counts each listed entity it destroyed once, one destroyed with its parent too") {
    family::World world;
    auto tree = world.hierarchy();
    const kiln::entity parent = world.create<family::Person>(family::Name{1});
    const kiln::entity child = world.create<family::Person>(family::Name{2});
    const kiln::entity grandchild = world.create<family::Person>(family::Name{3}); // not listed: not counted
    const kiln::entity loner = world.create<family::Person>(family::Name{4});
    const kiln::entity keeper = world.create<family::Person>(family::Name{7}); // not listed
    tree.set_parent(child, parent);
    tree.set_parent(grandchild, child);
    const kiln::entity listed_entities[] = {parent, child, child, loner}; // loner last: a hole after the subtrees
    CHECK(world.destroy(std::span<const kiln::entity>{listed_entities}) == 3);
    // As a batch without links leaves the rows: loner's hole filled, by keeper.
    CHECK(world.unsettled_storage<family::Person>().size() == 1);
    CHECK(world.unsettled_storage<family::Person>().entities()[0] == keeper);
    CHECK(world.destroy(keeper));
    CHECK(world.size() == 0);
    CHECK(world.destroy(std::span<const kiln::entity>{listed_entities}) == 0);
    // Without links, as with them.
    const kiln::entity one = world.create<family::Person>(family::Name{5});
    const kiln::entity two = world.create<family::Person>(family::Name{6});
    const kiln::entity unlinked[] = {one, two, one};
    CHECK(world.destroy(std::span<const kiln::entity>{unlinked}) == 2);
}

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

namespace {

// Mount's rows, holes included, and how many are holes.
std::size_t mount_rows(const scene::World& world) { return world.unsettled_storage<scene::Mount>().size(); }
std::size_t mount_holes(const scene::World& world) {
    return world.unsettled_storage<scene::Mount>().storage().hole_count();
}

} // namespace

// While links exist, destroying an entity without links leaves a hole, as
// without links; every access that reads rows by position settles first.
// Destroying a linked one settles, then removes its subtree's rows at once.
TEST_CASE("with links elsewhere, an unlinked entity's destroy leaves a hole that each, sort_rows and propagation "
          "settle, and a linked one's subtree goes at once") {
    scene::World world;
    const kiln::entity loner = world.create<scene::Mount>(kiln_test::moved(5, 5)); // row 0, no link
    const kiln::entity parent = world.create<scene::Mount>(kiln_test::moved(1, 0)); // row 1
    const kiln::entity other = world.create<scene::Mount>(kiln_test::moved(7, 0)); // row 2, no link
    const kiln::entity child = world.create<scene::Mount>(kiln_test::moved(0, 2)); // row 3, the last
    const kiln::entity rider = world.create<scene::Body>(kiln_test::moved(0, 1), scene::OwnTags{1});
    auto tree = world.hierarchy();
    REQUIRE(tree.set_parent(child, parent) == kiln::set_parent_result::done);
    REQUIRE(tree.set_parent(rider, child) == kiln::set_parent_result::done);
    kiln::propagate<scene::transforms>(world); // the order holds child at row 3

    CHECK(world.destroy(loner));
    CHECK_FALSE(world.alive(loner));
    CHECK(mount_rows(world) == 4); // nothing moved: row 0 is a hole
    CHECK(mount_holes(world) == 1);
    CHECK(world.get<scene::Local>(child).ty == 2); // by handle, past the hole
    CHECK(world.size() == 4);

    SECTION("each settles: the last row fills the hole") {
        std::vector<kiln::entity> visited;
        world.each<const scene::Local>(kiln::without<scene::Tags>, // Mount's rows alone
                                       [&](kiln::entity e, const scene::Local&) { visited.push_back(e); });
        CHECK(visited == std::vector<kiln::entity>{child, parent, other});
        CHECK(mount_rows(world) == 3);
        CHECK(mount_holes(world) == 0);
        CHECK(world.get<scene::Local>(child).ty == 2);
    }
    SECTION("sort_rows settles, then orders the rows by depth") {
        tree.sort_rows();
        CHECK(mount_holes(world) == 0);
        const auto rows = world.storage<scene::Mount>().entities();
        CHECK(std::vector<kiln::entity>(rows.begin(), rows.end()) == std::vector<kiln::entity>{parent, other, child});
        CHECK(world.get<scene::Local>(other).tx == 7);
    }
    SECTION("propagation settles, and its order follows the row that filled the hole") {
        world.get<scene::Local>(parent) = kiln_test::moved(3, 0);
        kiln::propagate<scene::transforms>(world);
        CHECK(mount_holes(world) == 0);
        CHECK(world.get<scene::Global>(child).tx == 3);
        CHECK(world.get<scene::Global>(child).ty == 2);
        CHECK(world.get<scene::Global>(rider).ty == 3);
        CHECK(world.get<scene::Global>(other).tx == 7);
    }
    SECTION("a linked entity's destroy settles, then removes its subtree's rows at once") {
        CHECK(world.destroy(child)); // and rider, in Body
        CHECK_FALSE(world.alive(rider));
        CHECK(mount_rows(world) == 2);
        CHECK(mount_holes(world) == 0);
        CHECK(world.unsettled_storage<scene::Body>().size() == 0);
        CHECK(tree.child_count(parent) == 0);
        CHECK(world.get<scene::Local>(other).tx == 7);
        CHECK(world.get<scene::Local>(parent).tx == 1);
    }
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

// A spawn links its children to its root as new entities only where no
// observer sees them made (kiln/world/spawn_moves.hpp); here Wander destroys
// the cat as it is made, and the spawn parents the others through
// set_parent, which refuses the dead cat, as a hand-written spawn would.
TEST_CASE("a spawn whose child an observer destroys as it is made parents the others alone") {
    family::World world;
    const auto check = [&world](const kiln::spawned<family::Household>& household) {
        auto tree = world.hierarchy();
        const kiln::entity dog = household.child<family::Household::dog>();
        const kiln::entity parrot = household.child<family::Household::parrot>();
        CHECK(world.alive(household.root()));
        CHECK(!world.alive(household.child<family::Household::cat>()));
        CHECK(listed(tree.children(household.root())) == std::vector<kiln::entity>{dog, parrot});
        CHECK(tree.child_count(household.root()) == 2);
        CHECK(tree.parent(dog) == household.root());
        CHECK(tree.depth(parrot) == 1);
    };
    check(world.spawn<family::Household>());
    const std::vector<kiln::spawned<family::Household>> many = world.spawn_n<family::Household>(3);
    for (const kiln::spawned<family::Household>& household : many) {
        check(household);
    }
    CHECK(world.count<family::Collar>() == 8);
    CHECK(world.hierarchy().parent(many[2].child<family::Household::cat>()).is_null());
}
