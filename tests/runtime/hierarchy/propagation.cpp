#include <kiln/hierarchy/propagation.hpp>

#include <scene/world.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <map>
#include <random>
#include <vector>

#include "scene_values.hpp"

namespace {

using kiln_test::moved;
using kiln_test::same_bytes;

using scene_math::compose;
using transform = scene::transforms; // written by kilnc from [propagate.transforms]
using scene::inherited_tags;

static_assert(kiln::propagation<transform>);
static_assert(kiln::propagation<inherited_tags>);

scene::Local turned(float cos, float sin) { return {cos, sin, -sin, cos, 0, 0}; }

// The global transform of e computed the slow way: up to the root, then down.
scene::Global expected_global(scene::World& world, kiln::entity e) {
    const kiln::entity parent = world.hierarchy().parent(e);
    const scene::Global above = parent.is_null() || !world.has<scene::Global>(parent) ? scene::Global{}
                                : world.has<scene::Local>(parent)                   ? expected_global(world, parent)
                                                                                    : world.get<scene::Global>(parent);
    return compose(above, world.get<scene::Local>(e));
}

// A random forest of n entities of every archetype, parents made before
// their children or after (reparented later), so that rows are in no
// particular order.
std::vector<kiln::entity> random_forest(scene::World& world, std::size_t n, std::uint32_t seed) {
    std::mt19937 random{seed};
    std::vector<kiln::entity> made;
    for (std::size_t i = 0; i < n; ++i) {
        const auto f = static_cast<float>(i % 17) * 0.25f;
        switch (random() % 6) {
        case 0:
            made.push_back(world.create<scene::Mount>(moved(f, 1 - f)));
            break;
        case 1:
            made.push_back(world.create<scene::Anchor>(scene::Global{2, 0, 0, 2, f, f}, scene::Tags{1u << 7}));
            break;
        case 2:
            made.push_back(world.create<scene::Badge>(scene::OwnTags{1u << (i % 5)}));
            break;
        default:
            made.push_back(world.create<scene::Body>(i % 2 == 0 ? moved(f, -f) : turned(0.6f, 0.8f),
                                                     scene::OwnTags{1u << (i % 7)}));
            break;
        }
    }
    auto tree = world.hierarchy();
    for (std::size_t i = 1; i < n; ++i) {
        if (random() % 8 != 0) {
            tree.set_parent(made[i], made[random() % n]); // a cycle is refused, which is fine here
        }
    }
    return made;
}

std::vector<std::byte> globals_bytes(scene::World& world) {
    std::vector<std::byte> bytes;
    world.each<const scene::Global, const scene::Tags>(kiln::with<scene::Local>, [&](const scene::Global& g,
                                                                                      const scene::Tags& t) {
        const auto* g_bytes = reinterpret_cast<const std::byte*>(&g);
        const auto* t_bytes = reinterpret_cast<const std::byte*>(&t);
        bytes.insert(bytes.end(), g_bytes, g_bytes + sizeof g);
        bytes.insert(bytes.end(), t_bytes, t_bytes + sizeof t);
    });
    return bytes;
}

} // namespace

TEST_CASE("propagate gives each child its parent's global combined with its local") {
    scene::World world;
    const auto ship = world.create<scene::Body>(moved(10, 0), scene::OwnTags{1});
    const auto turret = world.create<scene::Mount>(turned(0, 1)); // a quarter turn
    const auto barrel = world.create<scene::Body>(moved(2, 0), scene::OwnTags{4});
    world.hierarchy().set_parent(turret, ship);
    world.hierarchy().set_parent(barrel, turret);
    kiln::propagate<transform>(world);
    kiln::propagate<inherited_tags>(world);
    const scene::Global& g = world.get<scene::Global>(barrel);
    CHECK(g.tx == 10); // the barrel's offset turned a quarter: (2, 0) becomes (0, 2)
    CHECK(g.ty == 2);
    CHECK(world.get<scene::Global>(ship).tx == 10);
    CHECK(world.get<scene::Tags>(barrel).bits == 4); // the turret holds no tags, so the chain starts again below it
    world.hierarchy().set_parent(barrel, ship);
    kiln::propagate<inherited_tags>(world);
    CHECK(world.get<scene::Tags>(barrel).bits == 5);
}

TEST_CASE("a parent holding only the global part passes on the value set on it") {
    scene::World world;
    const auto anchor = world.create<scene::Anchor>(scene::Global{1, 0, 0, 1, 100, 50}, scene::Tags{8});
    const auto body = world.create<scene::Body>(moved(1, 1), scene::OwnTags{2});
    world.hierarchy().set_parent(body, anchor);
    kiln::propagate<transform>(world);
    kiln::propagate<inherited_tags>(world);
    CHECK(world.get<scene::Global>(body).tx == 101);
    CHECK(world.get<scene::Tags>(body).bits == 10);
    CHECK(world.get<scene::Global>(anchor).tx == 100); // not computed: it has no Local
}

TEST_CASE("propagate matches the globals computed one by one, after rows and parents move") {
    scene::World world;
    auto made = random_forest(world, 3000, 7);
    kiln::propagate<transform>(world);
    for (const kiln::entity e : made) {
        if (world.has<scene::Local>(e)) {
            REQUIRE(same_bytes(world.get<scene::Global>(e), expected_global(world, e)));
        }
    }
    // Destroys (which move rows and take subtrees), reparenting, and a new child.
    std::mt19937 random{11};
    for (int i = 0; i < 200; ++i) {
        world.destroy(made[random() % made.size()]);
        world.hierarchy().set_parent(made[random() % made.size()], made[random() % made.size()]);
    }
    const auto late = world.create<scene::Mount>(moved(3, 3));
    world.hierarchy().set_parent(late, made[random() % made.size()]);
    made.push_back(late);
    kiln::propagate<transform>(world);
    for (const kiln::entity e : made) {
        if (world.alive(e) && world.has<scene::Local>(e)) {
            REQUIRE(same_bytes(world.get<scene::Global>(e), expected_global(world, e)));
        }
    }
}

TEST_CASE("propagate_changed recomputes the subtrees of what changed, to the values a full pass gives") {
    scene::World world;
    const auto made = random_forest(world, 2000, 3);
    kiln::propagate<transform>(world);
    kiln::propagate<inherited_tags>(world);
    std::vector<kiln::entity> changed;
    std::mt19937 random{5};
    for (int i = 0; i < 40; ++i) {
        const kiln::entity e = made[random() % made.size()];
        if (auto* local = world.try_get<scene::Local>(e)) {
            local->tx += 1;
            changed.push_back(e);
        }
        if (auto* own = world.try_get<scene::OwnTags>(e)) {
            own->bits ^= 1u << 9;
            changed.push_back(e);
        }
    }
    const kiln::entity moved_child = made[17];
    world.hierarchy().set_parent(moved_child, made[1000]);
    changed.push_back(moved_child);
    kiln::propagate_changed<transform>(world, changed);
    kiln::propagate_changed<inherited_tags>(world, changed);
    const auto incremental = globals_bytes(world);
    kiln::propagate<transform>(world);
    kiln::propagate<inherited_tags>(world);
    CHECK(globals_bytes(world) == incremental);
}

#if KILN_HAS_TBB
TEST_CASE("propagate with the parallel executor gives the serial pass's values, byte for byte") {
    scene::World serial;
    scene::World parallel;
    random_forest(serial, 50000, 9);
    random_forest(parallel, 50000, 9);
    kiln::propagate<transform>(serial);
    kiln::propagate<inherited_tags>(serial);
    kiln::propagate<transform>(parallel, kiln::parallel_executor{});
    kiln::propagate<inherited_tags>(parallel, kiln::parallel_executor{});
    CHECK(globals_bytes(parallel) == globals_bytes(serial));
}
#endif

TEST_CASE("a schema's propagation runs in its stage after the writers of its local part, before its readers") {
    scene::World world;
    const auto ship = world.create<scene::Body>(moved(10, 0), scene::OwnTags{1});
    const auto turret = world.create<scene::Mount>(turned(0, 1));
    const auto barrel = world.create<scene::Body>(moved(2, 0), scene::OwnTags{4});
    world.hierarchy().set_parent(turret, ship);
    world.hierarchy().set_parent(barrel, turret);
    world.resource<scene::Steer>().dx = 5; // Drive moves the ship to 15 and the barrel's offset to (7, 0)
    world.run(scene::stage::update);
    CHECK(world.get<scene::Global>(barrel).tx == 15); // (7, 0) turned a quarter is (0, 7)
    CHECK(world.get<scene::Global>(barrel).ty == 7);
    CHECK(world.get<scene::Tags>(barrel).bits == 4);
    // Measure ran after transforms had used this run's Locals: it saw the ship at 15, not at 0 or 10.
    CHECK(world.resource<scene::Extent>().max_x == 15);
}

#if KILN_HAS_TBB
TEST_CASE("world.run with the parallel executor leaves the globals a serial run leaves, byte for byte") {
    scene::World serial;
    scene::World parallel;
    random_forest(serial, 50000, 13);
    random_forest(parallel, 50000, 13);
    for (scene::World* world : {&serial, &parallel}) {
        world->resource<scene::Steer>().dx = 0.375f;
    }
    for (int frame = 0; frame < 3; ++frame) {
        serial.run(scene::stage::update);
        parallel.run(scene::stage::update, kiln::parallel_executor{});
    }
    CHECK(globals_bytes(parallel) == globals_bytes(serial));
    CHECK(parallel.resource<scene::Extent>().max_x == serial.resource<scene::Extent>().max_x);
}
#endif

TEST_CASE("the order is rebuilt when rows move though the hierarchy and the row counts are as they were") {
    scene::World world;
    const auto loner = world.create<scene::Mount>(moved(5, 5)); // row 0, no parent, no children
    const auto parent = world.create<scene::Mount>(moved(1, 0));
    const auto child = world.create<scene::Mount>(moved(0, 1)); // the last row
    world.hierarchy().set_parent(child, parent);
    kiln::propagate<transform>(world);
    world.destroy(loner); // child's row moves into row 0
    world.create<scene::Mount>(moved(7, 7)); // and the count is 3 again
    world.get<scene::Local>(parent).tx = 2;
    kiln::propagate<transform>(world);
    CHECK(world.get<scene::Global>(child).tx == 2);
    CHECK(world.get<scene::Global>(child).ty == 1);
}

TEST_CASE("sort_rows puts parents' rows before their children's, keeps every handle, and changes no global") {
    scene::World world;
    const auto made = random_forest(world, 3000, 21);
    kiln::propagate<transform>(world);
    kiln::propagate<inherited_tags>(world);
    std::vector<scene::Global> before;
    for (const kiln::entity e : made) {
        before.push_back(world.has<scene::Global>(e) ? world.get<scene::Global>(e) : scene::Global{});
    }
    world.hierarchy().sort_rows();
    for (std::size_t i = 0; i < made.size(); ++i) {
        REQUIRE(world.alive(made[i]));
        if (world.has<scene::Global>(made[i])) {
            REQUIRE(same_bytes(world.get<scene::Global>(made[i]), before[i])); // the values moved with their rows
        }
    }
    // Within each archetype, depths never decrease along the rows, and siblings sit in their parents' order.
    const auto tree = world.hierarchy();
    const auto rows = world.storage<scene::Body>().entities();
    std::map<std::uint64_t, std::size_t> body_row;
    for (std::size_t row = 0; row < rows.size(); ++row) {
        body_row[rows[row].to_bits()] = row;
    }
    for (std::size_t row = 1; row < rows.size(); ++row) {
        REQUIRE(tree.depth(rows[row - 1]) <= tree.depth(rows[row]));
        const auto earlier = body_row.find(tree.parent(rows[row - 1]).to_bits());
        const auto later = body_row.find(tree.parent(rows[row]).to_bits());
        if (tree.depth(rows[row - 1]) == tree.depth(rows[row]) && earlier != body_row.end() &&
            later != body_row.end()) {
            REQUIRE(earlier->second <= later->second);
        }
    }
    kiln::propagate<transform>(world);
    for (const kiln::entity e : made) {
        if (world.has<scene::Local>(e)) {
            REQUIRE(same_bytes(world.get<scene::Global>(e), expected_global(world, e)));
        }
    }
}

// The order propagate keeps is a cache of rows: rows that moved while every
// archetype kept its size (a destroy, then a create) must make it stale.
TEST_CASE("propagate finds rows that moved while every archetype kept its size") {
    scene::World world;
    const kiln::entity parent = world.create<scene::Mount>(moved(1, 0));
    const kiln::entity doomed = world.create<scene::Mount>(moved(5, 5));
    const kiln::entity child = world.create<scene::Mount>(moved(0, 2));
    world.hierarchy().set_parent(child, parent);
    kiln::propagate<transform>(world);

    world.destroy(doomed);                                   // child moves to doomed's row
    const kiln::entity newcomer = world.create<scene::Mount>(moved(7, 7)); // and the size is back
    world.get<scene::Local>(parent) = moved(3, 0);
    kiln::propagate<transform>(world);

    CHECK(same_bytes(world.get<scene::Global>(child), expected_global(world, child)));
    CHECK(same_bytes(world.get<scene::Global>(newcomer), expected_global(world, newcomer)));
}

// The same through add and remove: an entity leaves its archetype and comes
// back, and another entity has taken its old row.
TEST_CASE("propagate finds rows that add and remove moved while every archetype kept its size") {
    scene::World world;
    const kiln::entity parent = world.create<scene::Mount>(moved(1, 0));
    const kiln::entity wanderer = world.create<scene::Mount>(moved(5, 5));
    const kiln::entity child = world.create<scene::Mount>(moved(0, 2));
    world.hierarchy().set_parent(child, parent);
    kiln::propagate<transform>(world);

    world.add<scene::Tags>(wanderer, scene::Tags{1}); // child moves to wanderer's row
    world.remove<scene::Tags>(wanderer);               // and wanderer takes the last one
    world.get<scene::Local>(parent) = moved(3, 0);
    kiln::propagate<transform>(world);

    CHECK(same_bytes(world.get<scene::Global>(child), expected_global(world, child)));
    CHECK(same_bytes(world.get<scene::Global>(wanderer), expected_global(world, wanderer)));
}

// Without links every row is a root, whichever entity it holds: the order
// is kept without counting moves, and must still give each row its own.
TEST_CASE("propagate in a world without links gives each row its own local after rows moved") {
    scene::World world;
    world.create<scene::Mount>(moved(1, 0));
    const kiln::entity doomed = world.create<scene::Mount>(moved(5, 5));
    const kiln::entity last = world.create<scene::Mount>(moved(0, 2));
    kiln::propagate<transform>(world);

    world.destroy(doomed);                                                 // last moves to doomed's row
    const kiln::entity newcomer = world.create<scene::Mount>(moved(7, 7)); // and the size is back
    kiln::propagate<transform>(world);

    CHECK(same_bytes(world.get<scene::Global>(last), expected_global(world, last)));
    CHECK(same_bytes(world.get<scene::Global>(newcomer), expected_global(world, newcomer)));
}

// Two worlds whose trees differ but whose row counts and hierarchy versions
// are alike: each one's cached order fits the other's rows, and must not be
// taken for current once their contents are swapped.
TEST_CASE("propagate after swap follows each world's new tree, not the order cached for its old one") {
    scene::World one;
    scene::World other;
    const auto one_ship = one.create<scene::Body>(moved(10, 0), scene::OwnTags{1});
    const auto one_turret = one.create<scene::Mount>(moved(0, 5));
    one.hierarchy().set_parent(one_turret, one_ship);
    const auto other_ship = other.create<scene::Body>(moved(1, 0), scene::OwnTags{1});
    const auto other_turret = other.create<scene::Mount>(moved(0, 2));
    other.hierarchy().set_parent(other_ship, other_turret); // the other way round
    kiln::propagate<transform>(one);
    kiln::propagate<transform>(other);
    kiln::propagation_state one_dirty;
    kiln::propagation_state other_dirty;
    kiln::propagate_dirty<transform>(one, one_dirty);
    kiln::propagate_dirty<transform>(other, other_dirty);

    one.swap(other);
    const bool dirty = GENERATE(false, true);
    INFO((dirty ? "propagate_dirty" : "propagate"));
    if (dirty) {
        kiln::propagate_dirty<transform>(one, one_dirty);
        kiln::propagate_dirty<transform>(other, other_dirty);
    } else {
        kiln::propagate<transform>(one);
        kiln::propagate<transform>(other);
    }
    CHECK(one.get<scene::Global>(other_ship).tx == 1); // one now holds the other's tree: the ship under the turret
    CHECK(one.get<scene::Global>(other_ship).ty == 2);
    CHECK(other.get<scene::Global>(one_turret).tx == 10);
    CHECK(other.get<scene::Global>(one_turret).ty == 5);
    for (const kiln::entity e : std::vector<kiln::entity>{other_ship, other_turret}) {
        CHECK(same_bytes(one.get<scene::Global>(e), expected_global(one, e)));
    }
}
