// Dirty-only propagation (kiln::propagate_dirty, and the generated system of
// a [propagate.NAME] whose local part is tracked): what it recomputes, what
// it leaves, when it is a full pass, and a model test that holds it to a
// full recompute after random writes, reparenting, destroys and deferred
// commands.
#include <kiln/changes/change_tracking.hpp>
#include <kiln/hierarchy/propagation.hpp>

#include <scene/world.hpp>

#include <catch2/catch.hpp>

#include "../every_executor.hpp"
#include "scene_values.hpp"

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <tuple>
#include <utility>
#include <vector>

namespace {

using kiln_test::moved;
using kiln_test::same_bytes;

using transform = scene::transforms;
using scene::inherited_tags;

static_assert(kiln::tracked_v<scene::Local>, "a [propagate.NAME]'s local part is tracked without asking");
static_assert(kiln::tracked_v<scene::OwnTags>);
static_assert(!kiln::tracked_v<scene::Global>);

constexpr scene::Global garbage{7, 7, 7, 7, 7, 7};

// Roots that nothing changes: so that what a test changes is well below the
// quarter of the rows past which a dirty pass is a full one.
void add_bystanders(scene::World& world) {
    for (int i = 0; i < 40; ++i) {
        world.create<scene::Mount>(moved(0, 0));
    }
}

// Every computed value of the world, by entity: the bytes of its Global and
// of its Tags, where it has them.
std::map<std::uint64_t, std::vector<std::byte>> values(scene::World& world, const std::vector<kiln::entity>& made) {
    std::map<std::uint64_t, std::vector<std::byte>> found;
    for (const kiln::entity e : made) {
        if (!world.alive(e)) {
            continue;
        }
        std::vector<std::byte>& bytes = found[e.to_bits()];
        if (const scene::Global* g = std::as_const(world).try_get<scene::Global>(e)) {
            const auto* raw = reinterpret_cast<const std::byte*>(g);
            bytes.insert(bytes.end(), raw, raw + sizeof *g);
        }
        if (const scene::Tags* t = std::as_const(world).try_get<scene::Tags>(e)) {
            const auto* raw = reinterpret_cast<const std::byte*>(t);
            bytes.insert(bytes.end(), raw, raw + sizeof *t);
        }
    }
    return found;
}

using kiln_test::every_executor;

} // namespace

TEST_CASE("a dirty pass recomputes below the locals that changed and the parents that changed, and no more") {
    scene::World world;
    add_bystanders(world);
    auto tree = world.hierarchy();
    const kiln::entity ship = world.create<scene::Mount>(moved(100, 0));
    const kiln::entity turret = world.create<scene::Mount>(moved(2, 0));
    const kiln::entity barrel = world.create<scene::Mount>(moved(1, 0));
    const kiln::entity other = world.create<scene::Mount>(moved(50, 0));
    tree.set_parent(turret, ship);
    tree.set_parent(barrel, turret);
    kiln::propagation_state state;
    kiln::propagate_dirty<transform>(world, state); // the first pass is a full one
    CHECK(world.get<const scene::Global>(barrel).tx == 103);

    // A global written by hand is left alone by a pass that finds nothing changed above it.
    world.get<scene::Global>(other) = garbage;
    kiln::propagate_dirty<transform>(world, state);
    CHECK(same_bytes(world.get<const scene::Global>(other), garbage));

    world.get<scene::Local>(ship).tx = 200; // marks the row: tracked
    kiln::propagate_dirty<transform>(world, state);
    CHECK(world.get<const scene::Global>(barrel).tx == 203);
    CHECK(same_bytes(world.get<const scene::Global>(other), garbage));

    // A changed entity below another changed one: its subtree is inside the other's.
    world.get<scene::Local>(barrel).tx = 5;
    world.get<scene::Local>(ship).tx = 300;
    kiln::propagate_dirty<transform>(world, state);
    CHECK(world.get<const scene::Global>(turret).tx == 302);
    CHECK(world.get<const scene::Global>(barrel).tx == 307);
    CHECK(same_bytes(world.get<const scene::Global>(other), garbage));

    tree.set_parent(other, barrel); // a new parent: other's subtree is recomputed
    kiln::propagate_dirty<transform>(world, state);
    CHECK(world.get<const scene::Global>(other).tx == 357);

    tree.remove_parent(other); // and when it has none
    kiln::propagate_dirty<transform>(world, state);
    CHECK(world.get<const scene::Global>(other).tx == 50);
}

TEST_CASE("the generated propagation of a tracked local part recomputes only below what changed") {
    scene::World world;
    add_bystanders(world);
    const kiln::entity ship = world.create<scene::Mount>(moved(10, 0));
    const kiln::entity turret = world.create<scene::Mount>(moved(1, 0));
    const kiln::entity loner = world.create<scene::Mount>(moved(5, 0));
    world.hierarchy().set_parent(turret, ship);
    world.run(scene::stage::update);
    world.get<scene::Global>(loner) = garbage; // Drive moves Bodies only: nothing above loner changes
    world.run(scene::stage::update);
    CHECK(same_bytes(world.get<const scene::Global>(loner), garbage));
    world.get<scene::Local>(ship).tx = 20;
    world.run(scene::stage::update);
    CHECK(world.get<const scene::Global>(turret).tx == 21);
    world.get<scene::Local>(loner).tx = 6;
    world.run(scene::stage::update);
    CHECK(world.get<const scene::Global>(loner).tx == 6);
}

TEST_CASE("a local written before sort_rows is recomputed by the next dirty pass") {
    scene::World world;
    auto tree = world.hierarchy();
    const kiln::entity child = world.create<scene::Mount>(moved(1, 0));   // row 0
    const kiln::entity parent = world.create<scene::Mount>(moved(10, 0)); // row 1
    add_bystanders(world);
    tree.set_parent(child, parent);
    world.run(scene::stage::update);
    CHECK(world.get<const scene::Global>(child).tx == 11);
    world.get<scene::Local>(parent).tx = 20; // a writable get marks the row
    tree.sort_rows();                        // parent moves to row 0, child after the bystanders
    world.run(scene::stage::update);
    CHECK(world.get<const scene::Global>(parent).tx == 20);
    CHECK(world.get<const scene::Global>(child).tx == 21);
}

TEST_CASE("a dirty pass by hand more than kiln::max_change_age after the last is a full pass") {
    scene::World world;
    add_bystanders(world);
    const kiln::entity ship = world.create<scene::Mount>(moved(10, 0));
    const kiln::entity turret = world.create<scene::Mount>(moved(1, 0));
    const kiln::entity loner = world.create<scene::Mount>(moved(5, 0));
    world.hierarchy().set_parent(turret, ship);
    kiln::propagation_state state;
    kiln::propagate_dirty<transform>(world, state);
    kiln::internal::change_tracking<scene::World>::advance_clock(world, (kiln::change_tick{1} << 31) + 10);
    world.get<scene::Global>(loner) = garbage; // which only a full pass overwrites
    world.get<scene::Local>(ship).tx = 20;
    kiln::propagate_dirty<transform>(world, state);
    CHECK(world.get<const scene::Global>(turret).tx == 21);
    CHECK(world.get<const scene::Global>(loner).tx == 5);
}

TEST_CASE("a global part set by hand on an entity with a local part stays until a pass computes the entity") {
    scene::World world;
    add_bystanders(world);
    const kiln::entity ship = world.create<scene::Mount>(moved(10, 0));
    const kiln::entity loner = world.create<scene::Mount>(moved(5, 0));
    kiln::propagation_state state;
    kiln::propagate_dirty<transform>(world, state); // the first pass: a full one
    world.get<scene::Global>(loner) = garbage;
    world.get<scene::Local>(ship).tx = 11; // a change elsewhere: the dirty pass leaves loner
    kiln::propagate_dirty<transform>(world, state);
    CHECK(same_bytes(world.get<const scene::Global>(loner), garbage));
    kiln::propagate<transform>(world); // any full pass computes every entity
    CHECK(world.get<const scene::Global>(loner).tx == 5);
    world.get<scene::Global>(loner) = garbage;
    world.get<scene::Local>(loner).ty = 0; // a writable get marks the row: the dirty pass computes it
    kiln::propagate_dirty<transform>(world, state);
    CHECK(world.get<const scene::Global>(loner).tx == 5);
}

TEST_CASE("a child of an entity holding the global part alone follows it at every dirty pass") {
    scene::World world;
    const kiln::entity anchor = world.create<scene::Anchor>(scene::Global{1, 0, 0, 1, 100, 0}, scene::Tags{1});
    const kiln::entity body = world.create<scene::Body>(moved(1, 0), scene::OwnTags{2});
    world.hierarchy().set_parent(body, anchor);
    kiln::propagation_state transforms_state;
    kiln::propagation_state tags_state;
    kiln::propagate_dirty<transform>(world, transforms_state);
    kiln::propagate_dirty<inherited_tags>(world, tags_state);
    world.get<scene::Global>(anchor).tx = 300; // set by the game; no tick says so
    world.get<scene::Tags>(anchor).bits = 4;
    kiln::propagate_dirty<transform>(world, transforms_state);
    kiln::propagate_dirty<inherited_tags>(world, tags_state);
    CHECK(world.get<const scene::Global>(body).tx == 301);
    CHECK(world.get<const scene::Tags>(body).bits == 6);
}

TEST_CASE("a dirty pass below more than a quarter of the rows is a full pass") {
    scene::World world;
    std::vector<kiln::entity> roots;
    for (int i = 0; i < 8; ++i) {
        roots.push_back(world.create<scene::Mount>(moved(static_cast<float>(i), 0)));
    }
    kiln::propagation_state state;
    kiln::propagate_dirty<transform>(world, state);
    world.get<scene::Global>(roots[7]) = garbage;
    world.get<scene::Local>(roots[0]).ty = 1; // one row in eight: recomputed alone
    kiln::propagate_dirty<transform>(world, state);
    CHECK(same_bytes(world.get<const scene::Global>(roots[7]), garbage));
    for (int i = 0; i < 3; ++i) {
        world.get<scene::Local>(roots[static_cast<std::size_t>(i)]).ty = 2; // three in eight: every row
    }
    kiln::propagate_dirty<transform>(world, state);
    CHECK_FALSE(same_bytes(world.get<const scene::Global>(roots[7]), garbage)); // recomputed: {1, 0, 0, 1, 7, 0}

    world.hierarchy().set_parent(roots[2], roots[1]);
    world.hierarchy().set_parent(roots[3], roots[1]);
    kiln::propagate_dirty<transform>(world, state);
    world.get<scene::Global>(roots[7]) = garbage;
    world.get<scene::Local>(roots[1]).ty = 3; // one change, three rows in eight below it: every row
    kiln::propagate_dirty<transform>(world, state);
    CHECK_FALSE(same_bytes(world.get<const scene::Global>(roots[7]), garbage)); // recomputed: {1, 0, 0, 1, 7, 0}
}

TEST_CASE("a dirty pass after the order was rebuilt twice since it last ran is a full pass") {
    scene::World world;
    add_bystanders(world);
    const kiln::entity parent = world.create<scene::Mount>(moved(1, 0));
    const kiln::entity child = world.create<scene::Mount>(moved(0, 1));
    const kiln::entity loner = world.create<scene::Mount>(moved(3, 0));
    kiln::propagation_state state;
    kiln::propagate_dirty<transform>(world, state);
    world.hierarchy().set_parent(child, parent);
    kiln::propagate<inherited_tags>(world); // rebuilds the order: once
    world.hierarchy().remove_parent(child);
    kiln::propagate<inherited_tags>(world); // twice: what changed in between is not known to state's pass
    world.hierarchy().set_parent(child, parent);
    world.get<scene::Global>(loner) = garbage; // which only a full pass overwrites
    kiln::propagate_dirty<transform>(world, state);
    CHECK(world.get<const scene::Global>(loner).tx == 3);
    CHECK(world.get<const scene::Global>(child).tx == 1);
}

// The model test: random steps on a forest of every archetype, few of them
// Bodies (which Drive marks at every run), then a dirty pass, by the
// world's stage (by_stage) or by hand; after each, a full pass must change
// no byte. One way per run, so that each pass follows the one before and
// starts from what changed since, not from a full pass.
namespace {

template <class Executor>
void check_against_full_passes(const Executor& executor, bool by_stage) {
    scene::World world;
    std::mt19937 random{2024};
    const auto pick = [&](std::size_t n) { return static_cast<std::size_t>(random() % n); };
    std::vector<kiln::entity> made;
    const auto spawn = [&]() -> kiln::entity {
        const auto f = static_cast<float>(pick(17)) * 0.25f;
        const std::size_t kind = pick(100);
        if (kind == 0) {
            return world.create<scene::Body>(moved(f, -f), scene::OwnTags{1u << pick(8)});
        }
        if (kind < 15) {
            return world.create<scene::Anchor>(scene::Global{2, 0, 0, 2, f, f}, scene::Tags{1u << 9});
        }
        if (kind < 45) {
            return world.create<scene::Badge>(scene::OwnTags{1u << pick(8)});
        }
        return world.create<scene::Mount>(moved(f, 1 - f));
    };
    const auto any_alive = [&]() -> std::optional<kiln::entity> {
        for (int tries = 0; tries < 20; ++tries) {
            const kiln::entity e = made[pick(made.size())];
            if (world.alive(e)) {
                return e;
            }
        }
        return std::nullopt;
    };
    for (int i = 0; i < 600; ++i) {
        made.push_back(spawn());
    }
    for (std::size_t i = 1; i < made.size(); ++i) {
        if (pick(5) != 0) {
            world.hierarchy().set_parent(made[i], made[pick(i)]);
        }
    }
    kiln::propagation_state transforms_state;
    kiln::propagation_state tags_state;
    for (int step = 0; step < 80; ++step) {
        auto tree = world.hierarchy();
        for (int writes = static_cast<int>(pick(6)); writes > 0; --writes) { // locals, and anchors' globals
            if (const auto e = any_alive()) {
                if (auto* local = world.try_get<scene::Local>(*e)) {
                    local->tx += 0.5f;
                }
                if (auto* own = world.try_get<scene::OwnTags>(*e)) {
                    own->bits ^= 1u << pick(12);
                }
                if (!world.has<scene::Local>(*e) && world.has<scene::Global>(*e)) {
                    world.get<scene::Global>(*e).ty += 1;
                }
            }
        }
        switch (pick(6)) {
        case 0: { // reparent at once; a cycle is refused and changes nothing
            const auto child = any_alive();
            const auto parent = any_alive();
            if (child && parent) {
                const bool cycle = *child == *parent || tree.is_ancestor(*child, *parent);
                const kiln::set_parent_result result = tree.set_parent(*child, *parent);
                REQUIRE((result == kiln::set_parent_result::cycle) == cycle);
            }
            if (const auto loose = any_alive(); loose && pick(3) == 0) {
                tree.remove_parent(*loose);
            }
            break;
        }
        case 1: { // reparent, destroy and create through the command buffer, applied at the flush
            auto& commands = world.commands();
            const kiln::entity born = commands.create<scene::Mount>(moved(1, 1));
            made.push_back(born);
            for (int i = 0; i < 4; ++i) {
                const auto child = any_alive();
                const auto parent = any_alive();
                if (!child || !parent) {
                    continue;
                }
                switch (pick(4)) {
                case 0:
                    commands.set_parent(born, *parent);
                    break;
                case 1:
                    commands.remove_parent(*child);
                    break;
                case 2:
                    commands.destroy(*child);
                    break;
                default:
                    commands.set_parent(*child, *parent);
                    break;
                }
            }
            world.flush();
            break;
        }
        case 2: { // inside a loop, through the deferred world
            const auto parent = any_alive();
            world.each<const scene::OwnTags>([&](scene::World::deferred_type& deferred, kiln::entity e, const scene::OwnTags&) {
                if (pick(40) == 0 && parent) {
                    deferred.set_parent(e, *parent);
                } else if (pick(80) == 0) {
                    deferred.remove_parent(e);
                } else if (pick(200) == 0) {
                    deferred.destroy(e);
                }
            });
            break;
        }
        case 3: // a subtree destroyed, or an entity alone
            if (const auto e = any_alive()) {
                if (pick(2) == 0) {
                    world.destroy(*e);
                } else {
                    tree.destroy_keeping_children(*e);
                }
            }
            break;
        case 4: { // newcomers, some below others
            for (int i = 0; i < 5; ++i) {
                const kiln::entity e = spawn();
                made.push_back(e);
                if (const auto parent = any_alive(); parent && pick(3) != 0 && *parent != e) {
                    tree.set_parent(e, *parent);
                }
            }
            break;
        }
        default: // nothing but the writes
            break;
        }
        if (by_stage) {
            world.run(scene::stage::update, executor); // the generated, dirty propagations
        } else {
            kiln::propagate_dirty<transform>(world, transforms_state, executor);
            kiln::propagate_dirty<inherited_tags>(world, tags_state, executor);
        }
        const auto dirty = values(world, made);
        kiln::propagate<transform>(world);
        kiln::propagate<inherited_tags>(world);
        INFO("step " << step);
        REQUIRE(values(world, made) == dirty);
    }
}

} // namespace

TEMPLATE_LIST_TEST_CASE("dirty propagation gives what a full recompute gives, after any step", "[model]", every_executor) {
    SECTION("by the world's stage") { check_against_full_passes(TestType{}, true); }
    SECTION("by hand") { check_against_full_passes(TestType{}, false); }
}
