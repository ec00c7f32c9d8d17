#include <fixture/world.hpp>
#include <wide/world.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <random>
#include <set>
#include <utility>
#include <vector>

using fixture::World;

TEST_CASE("create fills the components not given with the schema's defaults") {
    World world;
    const kiln::entity ship = world.create<fixture::Ship>(fixture::Position{1, 2}, fixture::Health{5, false});
    CHECK(world.alive(ship));
    CHECK(world.size() == 1);
    CHECK(world.get<fixture::Position>(ship).x == 1);
    CHECK(world.get<fixture::Position>(ship).y == 2);
    CHECK(world.get<fixture::Velocity>(ship).x == 1.5f);
    CHECK(world.get<fixture::Velocity>(ship).y == -2.0f);
    CHECK(world.get<fixture::Health>(ship).hp == 5);
    CHECK_FALSE(world.get<fixture::Health>(ship).regen);
    CHECK(world.get<fixture::Target>(ship).who.is_null());
    CHECK(world.get<fixture::Color>(ship).g == 2);
    CHECK(world.archetype_name(ship) == "Ship");
}

TEST_CASE("array and extern fields take their defaults") {
    World world;
    const kiln::entity probe = world.create<fixture::Probe>();
    const auto& samples = world.get<const fixture::Samples>(probe);
    CHECK(samples.values == std::array{0.5, 1.5, 2.5});
    CHECK(samples.count == 0);
    CHECK(world.get<fixture::Orientation>(probe).axis == fixture_math::vec3{0, 0, 1});
    const fixture::Scanner scanner = world.get<fixture::Scanner>(probe);
    CHECK(scanner.range == 10.0f);
    CHECK(scanner.history == std::array{0, 0});
}

TEST_CASE("get gives a reference into the world") {
    World world;
    const kiln::entity particle = world.create<fixture::Particle>();
    world.get<fixture::Position>(particle).x = 42;
    CHECK(world.get<const fixture::Position>(particle).x == 42);

    const kiln::entity ship = world.create<fixture::Ship>();
    world.get<fixture::Color>(ship) = fixture::Color{7, 8, 9};
    world.get<fixture::Color>(ship).b = 10;
    const World& view = world;
    const fixture::Color color = view.get<fixture::Color>(ship);
    CHECK(color.r == 7);
    CHECK(color.g == 8);
    CHECK(color.b == 10);
}

TEST_CASE("has and try_get answer for dead handles and missing components") {
    World world;
    const kiln::entity particle = world.create<fixture::Particle>();
    const kiln::entity ship = world.create<fixture::Ship>();
    CHECK(world.has<fixture::Position>(particle));
    CHECK_FALSE(world.has<fixture::Health>(particle));
    CHECK(world.try_get<fixture::Health>(particle) == nullptr);
    CHECK(world.try_get<fixture::Health>(ship) == &world.get<fixture::Health>(ship));
    CHECK_FALSE(world.try_get<fixture::Color>(particle).has_value());
    REQUIRE(world.try_get<fixture::Color>(ship).has_value());
    CHECK(world.try_get<fixture::Color>(ship)->r == 1);

    world.destroy(ship);
    CHECK_FALSE(world.has<fixture::Health>(ship));
    CHECK(world.try_get<fixture::Health>(ship) == nullptr);
    CHECK_FALSE(world.has<fixture::Position>(kiln::null_entity));
}

TEST_CASE("destroy leaves a hole, filled with the archetype's last row when the world settles") {
    World world;
    const kiln::entity a = world.create<fixture::Particle>(fixture::Position{1, 0});
    const kiln::entity b = world.create<fixture::Particle>(fixture::Position{2, 0});
    const kiln::entity c = world.create<fixture::Particle>(fixture::Position{3, 0});
    CHECK(world.destroy(a));
    CHECK_FALSE(world.alive(a));
    CHECK(world.size() == 2);
    CHECK(std::as_const(world).count<fixture::Position>() == 2); // the hole is not counted
    CHECK(world.get<fixture::Position>(b).x == 2);
    CHECK(world.get<fixture::Position>(c).x == 3);
    const kiln::entity d = world.create<fixture::Particle>(fixture::Position{4, 0}); // after the hole
    CHECK(world.get<fixture::Position>(d).x == 4);
    CHECK(world.storage<fixture::Particle>().entities()[0] == d); // settled: the last row filled the hole
    CHECK(world.storage<fixture::Particle>().size() == 3);
    CHECK(world.get<fixture::Position>(d).x == 4);
    CHECK_FALSE(world.destroy(a));
    CHECK_FALSE(world.destroy(kiln::null_entity));
}

namespace {

// Which of n entities a batch destroys, and in which order; the orders that
// stress filling the holes: ascending, descending, each half, every other,
// and a shuffled third.
std::vector<std::size_t> doomed_order(int pattern, std::size_t n) {
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < n; ++i) {
        const bool doomed = pattern == 0 || pattern == 1 || (pattern == 2 && i < n / 2) ||
                            (pattern == 3 && i >= n / 2) || (pattern == 4 && i % 2 == 1) || (pattern == 5 && i % 3 == 0);
        if (doomed) {
            order.push_back(i);
        }
    }
    if (pattern == 1) {
        std::reverse(order.begin(), order.end());
    }
    if (pattern == 0 || pattern == 5) {
        std::mt19937 random(11);
        std::shuffle(order.begin(), order.end(), random);
    }
    return order;
}

} // namespace

TEST_CASE("destroy(span) destroys each entity of the batch and keeps every other one whole, in its rows") {
    const int pattern = GENERATE(0, 1, 2, 3, 4, 5);
    World world;
    std::vector<kiln::entity> created;
    constexpr std::size_t n = 300; // several words of marks in each archetype
    for (std::size_t i = 0; i < n; ++i) {
        const fixture::Position p{static_cast<float>(i), -static_cast<float>(i)};
        switch (i % 4) {
        case 0:
            created.push_back(world.create<fixture::Particle>(p));
            break;
        case 1:
            created.push_back(world.create<fixture::Ship>(p, fixture::Health{static_cast<int>(i), true}));
            break;
        case 2:
            created.push_back(world.create<fixture::FrozenShip>(p, fixture::Health{static_cast<int>(i), true}));
            break;
        default:
            created.push_back(world.create<fixture::Marker>(p));
            break;
        }
    }
    std::vector<kiln::entity> doomed;
    std::set<kiln::entity> gone;
    for (const std::size_t i : doomed_order(pattern, n)) {
        doomed.push_back(created[i]);
        gone.insert(created[i]);
    }
    CHECK(world.destroy(doomed) == doomed.size());
    CHECK(world.size() == n - doomed.size());
    for (std::size_t i = 0; i < n; ++i) {
        const kiln::entity e = created[i];
        REQUIRE(world.alive(e) == (gone.count(e) == 0));
        if (world.alive(e)) {
            CHECK(world.get<fixture::Position>(e).x == static_cast<float>(i));
            CHECK(world.get<fixture::Position>(e).y == -static_cast<float>(i));
            if (world.has<fixture::Health>(e)) {
                CHECK(world.get<fixture::Health>(e).hp == static_cast<int>(i));
            }
        }
    }
    // The rows are dense again, each naming its entity.
    std::set<kiln::entity> visited;
    world.each<const fixture::Position>([&](kiln::entity e, const fixture::Position& p) {
        CHECK(visited.insert(e).second);
        CHECK(world.alive(e));
        CHECK(p.x == world.get<const fixture::Position>(e).x);
    });
    CHECK(visited.size() == n - doomed.size());
    // The slots are free for the next entities; the batch's handles stay dead.
    for (std::size_t i = 0; i < doomed.size(); ++i) {
        world.create<fixture::Particle>();
    }
    CHECK(world.size() == n);
    for (const kiln::entity e : doomed) {
        CHECK_FALSE(world.alive(e));
    }
}

TEST_CASE("destroy(e) one by one, once the world settles, leaves the rows destroy(span) leaves") {
    // Patterns 0 to 5 leave many holes (filled through a bit set), 6 one per archetype (sorted).
    const int pattern = GENERATE(0, 1, 2, 3, 4, 5, 6);
    constexpr std::size_t n = 300;
    World batched;
    World single;
    std::vector<kiln::entity> created;
    for (std::size_t i = 0; i < n; ++i) {
        const fixture::Position p{static_cast<float>(i), 0};
        const int kind = static_cast<int>(i % 4);
        const auto make = [&](World& world) -> kiln::entity {
            return kind == 0   ? kiln::entity{world.create<fixture::Particle>(p)}
                   : kind == 1 ? kiln::entity{world.create<fixture::Ship>(p)}
                   : kind == 2 ? kiln::entity{world.create<fixture::FrozenShip>(p)}
                               : kiln::entity{world.create<fixture::Marker>(p)};
        };
        created.push_back(make(batched));
        REQUIRE(make(single) == created.back());
    }
    std::vector<kiln::entity> doomed;
    if (pattern == 6) {
        for (std::size_t i = 5; i < n; i += 97) {
            doomed.push_back(created[i]);
        }
    } else {
        for (const std::size_t i : doomed_order(pattern, n)) {
            doomed.push_back(created[i]);
        }
    }
    CHECK(batched.destroy(doomed) == doomed.size());
    for (const kiln::entity e : doomed) {
        CHECK(single.destroy(e));
    }
    // Before it settles: handles, values and counts are right; the rows are not dense yet.
    CHECK(std::as_const(single).count<fixture::Position>() == n - doomed.size());
    for (std::size_t i = 0; i < n; ++i) {
        if (single.alive(created[i])) {
            CHECK(single.get<const fixture::Position>(created[i]).x == static_cast<float>(i));
        }
    }
    single.settle();
    const auto same_rows = [&]<class A>() {
        const auto expected = std::as_const(batched).storage<A>().entities();
        const auto found = std::as_const(single).storage<A>().entities();
        CHECK(std::equal(expected.begin(), expected.end(), found.begin(), found.end()));
    };
    same_rows.template operator()<fixture::Particle>();
    same_rows.template operator()<fixture::Ship>();
    same_rows.template operator()<fixture::FrozenShip>();
    same_rows.template operator()<fixture::Marker>();
    for (std::size_t i = 0; i < n; ++i) {
        if (single.alive(created[i])) {
            CHECK(single.get<const fixture::Position>(created[i]).x == static_cast<float>(i));
        }
    }
}

TEST_CASE("destroying every row of an archetype one by one empties it at once") {
    World world;
    std::vector<kiln::entity> particles;
    for (int i = 0; i < 100; ++i) {
        particles.push_back(world.create<fixture::Particle>());
    }
    const kiln::entity ship = world.create<fixture::Ship>(fixture::Position{7, 0});
    std::mt19937 random(5);
    std::shuffle(particles.begin(), particles.end(), random);
    for (const kiln::entity e : particles) {
        CHECK(world.destroy(e));
    }
    // No hole is left to fill, so even a const world's rows are whole.
    CHECK(std::as_const(world).storage<fixture::Particle>().size() == 0);
    CHECK(std::as_const(world).storage<fixture::Ship>().size() == 1);
    CHECK(world.get<fixture::Position>(ship).x == 7);
    const kiln::entity next = world.create<fixture::Particle>(fixture::Position{3, 0});
    CHECK(std::as_const(world).storage<fixture::Particle>().entities()[0] == next);
}

TEST_CASE("destroy(span) skips dead handles and repeats, and counts what it destroyed") {
    World world;
    const kiln::entity a = world.create<fixture::Particle>(fixture::Position{1, 0});
    const kiln::entity b = world.create<fixture::Ship>(fixture::Position{2, 0});
    const kiln::entity dead = world.create<fixture::Particle>();
    const kiln::entity kept = world.create<fixture::Particle>(fixture::Position{3, 0});
    world.destroy(dead);
    const std::vector<kiln::entity> batch{a, a, dead, kiln::null_entity, kiln::entity{1000, 0}, b, a};
    CHECK(world.destroy(batch) == 2);
    CHECK_FALSE(world.alive(a));
    CHECK_FALSE(world.alive(b));
    CHECK(world.size() == 1);
    CHECK(world.get<fixture::Position>(kept).x == 3);
    CHECK(world.destroy(std::vector<kiln::entity>{}) == 0);
}

TEST_CASE("destroy(span) destroys the descendants of a linked entity, as destroy(e) does") {
    World world;
    const kiln::entity parent = world.create<fixture::Ship>();
    const kiln::entity child = world.create<fixture::Particle>();
    const kiln::entity other = world.create<fixture::Particle>();
    const kiln::entity kept = world.create<fixture::Particle>(fixture::Position{4, 0});
    REQUIRE(world.hierarchy().set_parent(child, parent) == kiln::set_parent_result::done);
    CHECK(world.destroy(std::vector<kiln::entity>{parent, other}) == 2);
    CHECK_FALSE(world.alive(child));
    CHECK(world.size() == 1);
    CHECK(world.get<fixture::Position>(kept).x == 4);
}

TEST_CASE("a stale handle never names the entity that reuses its slot") {
    World world;
    const kiln::entity old = world.create<fixture::Particle>();
    world.destroy(old);
    const kiln::entity reused = world.create<fixture::Ship>();
    CHECK(reused.index() == old.index());
    CHECK_FALSE(world.alive(old));
    CHECK_FALSE(world.has<fixture::Position>(old));
    CHECK(world.try_get<fixture::Position>(old) == nullptr);
    CHECK_FALSE(world.destroy(old));
    CHECK(world.alive(reused));
}

TEST_CASE("an entity field whose target was destroyed is detected by alive") {
    World world;
    const kiln::entity target = world.create<fixture::Particle>();
    const kiln::entity hunter = world.create<fixture::Ship>(fixture::Target{target});
    CHECK(world.alive(world.get<fixture::Target>(hunter).who));
    world.destroy(target);
    CHECK_FALSE(world.alive(world.get<fixture::Target>(hunter).who));
}

TEST_CASE("each visits every matching entity, with or without its handle") {
    World world;
    world.create<fixture::Particle>(fixture::Position{1, 0}, fixture::Velocity{1, 1});
    world.create<fixture::Ship>(fixture::Position{2, 0}, fixture::Velocity{2, 2});
    world.create<fixture::FrozenShip>(fixture::Position{3, 0}, fixture::Velocity{3, 3});
    world.create<fixture::Marker>(fixture::Position{4, 0});

    world.each<fixture::Position, const fixture::Velocity>(
        [](fixture::Position& p, const fixture::Velocity& v) { p.y += v.y; });
    float sum = 0;
    world.each<const fixture::Position>([&](const fixture::Position& p) { sum += p.y; });
    CHECK(sum == 6);

    std::set<kiln::entity> visited;
    world.each<fixture::Position>([&](kiln::entity e, fixture::Position&) { visited.insert(e); });
    CHECK(visited.size() == 4);
    for (const kiln::entity e : visited) {
        CHECK(world.alive(e));
    }
}

TEST_CASE("each unrolls its row loop where a packed component takes part, and only there") {
    using kiln::cursor_t;
    STATIC_REQUIRE(kiln::internal::has_packed_cursor<cursor_t<fixture::Position>>);
    STATIC_REQUIRE(kiln::internal::has_packed_cursor<cursor_t<fixture::Color>, cursor_t<fixture::Position, true>>);
    STATIC_REQUIRE_FALSE(kiln::internal::has_packed_cursor<cursor_t<fixture::Color>, cursor_t<fixture::Scanner, true>>);
    STATIC_REQUIRE_FALSE(kiln::internal::has_packed_cursor<cursor_t<fixture::Frozen>>);
}

TEST_CASE("each honours with and without filters") {
    World world;
    world.create<fixture::Particle>();
    world.create<fixture::Ship>();
    world.create<fixture::FrozenShip>();
    world.create<fixture::Marker>();

    int moving = 0;
    world.each<const fixture::Velocity>(kiln::without<fixture::Frozen>, [&](const fixture::Velocity&) { ++moving; });
    CHECK(moving == 2);

    int frozen_ships = 0;
    world.each<fixture::Color>(kiln::with<fixture::Frozen>, [&](fixture::Color::ref c) {
        c.r = 0;
        ++frozen_ships;
    });
    CHECK(frozen_ships == 1);

    int tagged = 0;
    world.each<fixture::Position>(kiln::with<fixture::Tag>, kiln::without<fixture::Velocity>,
                                  [&](fixture::Position&) { ++tagged; });
    CHECK(tagged == 1);
}

TEST_CASE("each on a const world reads every live entity, skipping the holes destroy left, and settles nothing") {
    World world;
    std::vector<kiln::entity> ships;
    for (int i = 0; i < 40; ++i) {
        ships.push_back(world.create<fixture::Ship>(fixture::Position{static_cast<float>(i), 0}));
        world.create<fixture::Particle>(fixture::Position{-1, 0});
    }
    for (int i = 0; i < 40; i += 3) {
        world.destroy(ships[static_cast<std::size_t>(i)]); // holes: nothing settles them below
    }
    const World& reader = world;
    std::vector<kiln::entity> seen;
    float sum = 0;
    reader.each<const fixture::Position>(kiln::with<fixture::Health>, [&](kiln::entity e, const fixture::Position& p) {
        seen.push_back(e);
        sum += p.x;
    });
    std::vector<kiln::entity> alive;
    float expected = 0;
    for (int i = 0; i < 40; ++i) {
        if (i % 3 != 0) {
            alive.push_back(ships[static_cast<std::size_t>(i)]);
            expected += static_cast<float>(i);
        }
    }
    std::sort(seen.begin(), seen.end());
    std::sort(alive.begin(), alive.end());
    CHECK(seen == alive);
    CHECK(sum == expected);
    CHECK(reader.storage<fixture::Particle>().size() == 40); // no holes there: the plain loop
    int particles = 0;
    reader.each<const fixture::Position>(kiln::without<fixture::Health>, [&](const fixture::Position& p) {
        particles += p.x == -1 ? 1 : 0;
    });
    CHECK(particles == 40);
    CHECK(reader.unsettled_storage<fixture::Ship>().size() == 40); // still unsettled
}

TEST_CASE("count counts what each would visit") {
    World world;
    for (int i = 0; i < 3; ++i) {
        world.create<fixture::Particle>();
    }
    world.create<fixture::Ship>();
    world.create<fixture::FrozenShip>();
    world.create<fixture::Beacon>();
    CHECK(world.count<fixture::Position>() == 5);
    CHECK(world.count<fixture::Position, fixture::Health>() == 2);
    CHECK(world.count<fixture::Velocity>(kiln::without<fixture::Frozen>) == 4);
    CHECK(world.count<fixture::Tag>() == 1);
    CHECK(world.count<fixture::Position>(kiln::with<fixture::Frozen>, kiln::without<fixture::Tag>) == 1);
}

TEST_CASE("resources are one instance per world, starting at their defaults") {
    World world;
    CHECK(world.resource<fixture::Clock>().dt == 0.25f);
    world.resource<fixture::Clock>().ticks = 9;
    world.resource<fixture::Score>().points = -3;
    const World& view = world;
    CHECK(view.resource<fixture::Clock>().ticks == 9);
    CHECK(view.resource<fixture::Score>().points == -3);
    CHECK(World{}.resource<fixture::Clock>().ticks == 0);
}

TEST_CASE("clear destroys every entity and keeps resources") {
    World world;
    const kiln::entity a = world.create<fixture::Particle>();
    world.create<fixture::Probe>();
    world.resource<fixture::Score>().points = 5;
    world.clear();
    CHECK(world.size() == 0);
    CHECK_FALSE(world.alive(a));
    CHECK(world.count<fixture::Position>() == 0);
    CHECK(world.resource<fixture::Score>().points == 5);
    const kiln::entity b = world.create<fixture::Particle>();
    CHECK(world.alive(b));
    CHECK(b != a);
}

TEST_CASE("create_n creates many entities with the same values") {
    World world;
    const kiln::entity before = world.create<fixture::Particle>();
    const auto created = world.create_n<fixture::Particle>(3, fixture::Velocity{7, 8});
    REQUIRE(created.size() == 3);
    CHECK(world.size() == 4);
    for (const kiln::entity e : created) {
        CHECK(world.alive(e));
        CHECK(e != before);
        CHECK(world.get<fixture::Velocity>(e).y == 8);
        CHECK(world.get<fixture::Position>(e).x == 0);
    }
}

TEST_CASE("create_n takes each entity's values from a function of its index") {
    World world;
    world.destroy(world.create<fixture::Ship>()); // a free slot to reuse
    const auto created = world.create_n<fixture::Ship>(4, [](std::size_t i) {
        return std::tuple{fixture::Color{static_cast<std::uint8_t>(i), 0, 0}, fixture::Health{static_cast<int>(i) * 10}};
    });
    REQUIRE(created.size() == 4);
    std::set<kiln::entity> distinct(created.begin(), created.end());
    CHECK(distinct.size() == 4);
    for (std::size_t i = 0; i < created.size(); ++i) {
        CHECK(world.get<fixture::Health>(created[i]).hp == static_cast<int>(i) * 10);
        CHECK(world.get<fixture::Color>(created[i]).r == i);
        CHECK(world.get<fixture::Velocity>(created[i]).x == 1.5f);
    }
}

TEST_CASE("destroy_all destroys one archetype's entities and no other") {
    World world;
    const auto particles = world.create_n<fixture::Particle>(3);
    const std::vector<kiln::entity> handles(particles.begin(), particles.end());
    const kiln::entity ship = world.create<fixture::Ship>();
    world.destroy_all<fixture::Particle>();
    for (const kiln::entity e : handles) {
        CHECK_FALSE(world.alive(e));
    }
    CHECK(world.alive(ship));
    CHECK(world.size() == 1);
    CHECK(world.count<fixture::Position>() == 1);
}

TEST_CASE("add moves an entity to the archetype with one more component, keeping its values") {
    World world;
    const kiln::entity ship = world.create<fixture::Ship>(fixture::Position{1, 2}, fixture::Color{4, 5, 6});
    const kiln::entity other = world.create<fixture::Ship>(fixture::Position{9, 9});
    world.add<fixture::Frozen>(ship);
    CHECK(world.archetype_name(ship) == "FrozenShip");
    CHECK(world.has<fixture::Frozen>(ship));
    CHECK(world.get<fixture::Position>(ship).y == 2);
    CHECK(world.get<fixture::Color>(ship).b == 6);
    CHECK(world.get<fixture::Health>(ship).hp == 100);
    CHECK(world.get<fixture::Position>(other).x == 9); // moved into the hole ship left
    CHECK(world.count<fixture::Frozen>() == 1);
    CHECK(world.size() == 2);
}

TEST_CASE("add returns the added component, with the value given") {
    World world;
    const kiln::entity beacon = world.create<fixture::Beacon>();
    fixture::Position& added = world.add<fixture::Position>(beacon, fixture::Position{3, 4});
    CHECK(&added == &world.get<fixture::Position>(beacon));
    CHECK(added.x == 3);
    CHECK(world.archetype_name(beacon) == "Marker");
}

TEST_CASE("remove moves an entity to the archetype with one less component") {
    World world;
    const kiln::entity frozen = world.create<fixture::FrozenShip>(fixture::Health{7});
    CHECK(world.remove<fixture::Frozen>(frozen));
    CHECK(world.archetype_name(frozen) == "Ship");
    CHECK(world.get<fixture::Health>(frozen).hp == 7);
    CHECK_FALSE(world.remove<fixture::Frozen>(frozen));
    CHECK_FALSE(world.remove<fixture::Frozen>(kiln::null_entity));
}

TEST_CASE("set assigns a component that is there and adds one that is not") {
    World world;
    const kiln::entity ship = world.create<fixture::Ship>();
    world.set<fixture::Health>(ship, {42});
    CHECK(world.get<fixture::Health>(ship).hp == 42);
    world.set<fixture::Color>(ship, {1, 1, 1});
    CHECK(world.get<fixture::Color>(ship).r == 1);
    world.set<fixture::Frozen>(ship, {});
    CHECK(world.archetype_name(ship) == "FrozenShip");
}

TEST_CASE("typed add and remove return handles of the new archetype") {
    World world;
    const kiln::handle<fixture::Ship> ship = world.create<fixture::Ship>(fixture::Health{5});
    const kiln::handle<fixture::FrozenShip> frozen = world.add<fixture::Frozen>(ship);
    CHECK(frozen.get() == ship.get());
    CHECK(world.get<fixture::Health>(frozen).hp == 5);
    const kiln::handle<fixture::Ship> thawed = world.remove<fixture::Frozen>(frozen);
    CHECK(world.get<fixture::Health>(thawed).hp == 5);
    CHECK(world.archetype_name(thawed) == "Ship");
}

namespace {

// One entity in each archetype of the wide world that holds Position (all
// but Lone, the last), with Position {i, -i} and Health {i} for archetype i.
template <std::size_t... I>
std::vector<kiln::entity> one_in_each_holder(wide::World& world, std::index_sequence<I...>) {
    return {world.create<kiln::type_at_t<I, wide::schema::archetypes>>(
        wide::Position{static_cast<float>(I), -static_cast<float>(I)}, wide::Health{static_cast<int>(I), 0})...};
}

} // namespace

// Past the branch limit, lookups read where a component's columns start from
// a table by archetype id (kiln/world/component_lookup.hpp): each archetype's
// entry must be its own columns', and a miss must be a miss.
TEST_CASE("get, try_get and has of a component that many archetypes hold find each archetype's columns") {
    STATIC_REQUIRE(kiln::archetypes_with_t<wide::Position>::size == 18);
    wide::World world;
    // Two rows in each, so that a row mixed up between archetypes shows.
    one_in_each_holder(world, std::make_index_sequence<18>{});
    const std::vector<kiln::entity> holders = one_in_each_holder(world, std::make_index_sequence<18>{});
    for (std::size_t i = 0; i < holders.size(); ++i) {
        CAPTURE(i);
        const kiln::entity e = holders[i];
        CHECK(world.has<wide::Position>(e));
        CHECK(world.get<const wide::Position>(e).x == static_cast<float>(i));
        CHECK(world.get<const wide::Position>(e).y == -static_cast<float>(i));
        CHECK(world.get<wide::Health>(e).hp == static_cast<int>(i));
        world.get<wide::Position>(e).y = 100.0f + static_cast<float>(i);
        world.get<wide::Health>(e).armour = static_cast<std::uint8_t>(i);
    }
    const wide::World& view = world;
    float sum_of_y = 0;
    int sum_of_armour = 0;
    world.each<const wide::Position, const wide::Health>([&](const wide::Position& p, wide::Health::cref h) {
        sum_of_y += p.y;
        sum_of_armour += h.armour;
    });
    // The second row of each archetype was written (y = 100 + i), the first
    // was not (y = -i): the i cancel.
    CHECK(sum_of_y == 18 * 100.0f);
    CHECK(sum_of_armour == 153);
    CHECK(view.get<wide::Position>(holders[17]).y == 117.0f);
    REQUIRE(world.try_get<wide::Position>(holders[5]) != nullptr);
    CHECK(world.try_get<wide::Position>(holders[5])->y == 105.0f);
    REQUIRE(world.try_get<wide::Health>(holders[6]).has_value());
    CHECK(world.try_get<wide::Health>(holders[6])->hp == 6);

    const kiln::entity lone = world.create<wide::Lone>();
    CHECK_FALSE(world.has<wide::Position>(lone));
    CHECK(world.try_get<wide::Position>(lone) == nullptr);
    CHECK_FALSE(world.try_get<wide::Health>(lone).has_value());
    world.destroy(holders[3]);
    CHECK_FALSE(world.has<wide::Position>(holders[3]));
    CHECK(world.try_get<wide::Position>(holders[3]) == nullptr);
    CHECK_FALSE(world.has<wide::Position>(kiln::null_entity));
}

TEST_CASE("a writable get of a tracked component that many archetypes hold marks that row changed") {
    wide::World world;
    const std::vector<kiln::entity> holders = one_in_each_holder(world, std::make_index_sequence<18>{});
    const kiln::change_tick since = world.advance_tick();
    [[maybe_unused]] const float read = world.get<const wide::Position>(holders[4]).x;
    world.get<wide::Position>(holders[9]).x = 1.0f;
    world.get<wide::Position>(holders[17]).x = 1.0f;
    std::vector<kiln::entity> changed;
    world.each<const wide::Position>(kiln::changed<wide::Position>(since),
                                     [&](kiln::entity e, const wide::Position&) { changed.push_back(e); });
    CHECK(changed == std::vector{holders[9], holders[17]});
}
