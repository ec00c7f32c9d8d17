// Change tracking in a world (tests/schema/changes.toml): the ticks a
// tracked component's rows carry through creates, writes, structural moves,
// destroys, clears and loads, and the changed/added filters of each().
#include <kiln/changes/change_tracking.hpp>
#include <kiln/save.hpp>

#include <changes/reflection.hpp>
#include <changes/world.hpp>

#include <catch2/catch.hpp>

#include "../every_executor.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <set>
#include <span>
#include <tuple>
#include <utility>
#include <vector>

using namespace changes;

namespace {

// The entities each<Position>(changed<Position>(since)) visits.
std::set<kiln::entity> changed_positions(World& world, kiln::change_tick since) {
    std::set<kiln::entity> seen;
    world.each<const Position>(kiln::changed<Position>(since),
                               [&](kiln::entity e, const Position&) { seen.insert(e); });
    return seen;
}

std::set<kiln::entity> added_healths(World& world, kiln::change_tick since) {
    std::set<kiln::entity> seen;
    world.each<const Health>(kiln::added<Health>(since), [&](kiln::entity e, Health::cref) { seen.insert(e); });
    return seen;
}

std::set<kiln::entity> changed_healths(World& world, kiln::change_tick since) {
    std::set<kiln::entity> seen;
    world.each<const Health>(kiln::changed<Health>(since), [&](kiln::entity e, Health::cref) { seen.insert(e); });
    return seen;
}

using kiln_test::every_executor;

} // namespace

// What Watch and Heal ran on, by Position::x and Health::id, which the tests make unique.
std::multiset<float> watched;
std::multiset<std::uint32_t> healed;

void changes::Move::run(Position& position, const Velocity& velocity) { position.x += velocity.x; }
void changes::Inspect::run(Health::cref) {}
void changes::Watch::run(const Position& position) { watched.insert(position.x); }
// Heal is parallel: chunks of its rows may run at once, each inserting.
std::mutex healed_mutex;

void changes::Heal::run(Health::ref health) {
    ++health.hp;
    const std::lock_guard lock{healed_mutex};
    healed.insert(health.id);
}

TEST_CASE("tracked components take hidden tick columns after every component's own, untracked ones take none",
          "[change_tracking]") {
    // Position (packed, 1) + Velocity (1) + Health (split, 3): 5 columns of values.
    STATIC_REQUIRE(kiln::column_layouts<Position, Velocity>.size() == 2 + 4);
    STATIC_REQUIRE(kiln::column_layouts<Velocity>.size() == 1);
    STATIC_REQUIRE(kiln::first_tick_column<Position>(kiln::type_list<Position, Velocity, Health>{}) == 5);
    STATIC_REQUIRE(kiln::first_tick_column<Health>(kiln::type_list<Position, Velocity, Health>{}) == 9);
    STATIC_REQUIRE(kiln::tracked_v<Position>);
    STATIC_REQUIRE(!kiln::tracked_v<Velocity>);
    STATIC_REQUIRE(World::tracks_changes);
}

TEST_CASE("a created row counts as added and changed after the tick before it", "[change_tracking]") {
    World world;
    const kiln::entity before = world.create<Particle>();
    const kiln::change_tick since = world.advance_tick();
    const kiln::entity after = world.create<Particle>();
    const kiln::entity ship = world.create<Ship>();
    CHECK(changed_positions(world, since) == std::set{after, ship});
    CHECK(added_healths(world, since) == std::set{ship});
    CHECK(changed_positions(world, since - 1) == std::set{before, after, ship});
}

TEST_CASE("a swap stamps every tracked row of both worlds as added and changed at the swap", "[change_tracking]") {
    World one;
    World other;
    const kiln::entity particle = one.create<Particle>();
    const kiln::entity ship = one.create<Ship>();
    const kiln::entity wreck = other.create<Wreck>();
    const kiln::entity other_ship = other.create<Ship>();
    const kiln::change_tick since_one = one.advance_tick();
    const kiln::change_tick since_other = other.advance_tick();
    CHECK(changed_positions(one, since_one).empty());
    one.swap(other);
    CHECK(changed_positions(one, since_one) == std::set{other_ship});
    CHECK(added_healths(one, since_one) == std::set{wreck, other_ship});
    CHECK(changed_positions(other, since_other) == std::set{particle, ship});
    CHECK(added_healths(other, since_other) == std::set{ship});
}

TEST_CASE("a writable each marks every row it visits, a read-only one marks none", "[change_tracking]") {
    World world;
    world.create_n<Particle>(3000, Position{}, Velocity{1.0f});
    const kiln::change_tick since = world.advance_tick();
    world.each<const Position>([](const Position&) {});
    CHECK(changed_positions(world, since).empty());
    world.each<Position>([](Position& p) { p.y += 1.0f; });
    CHECK(changed_positions(world, since).size() == 3000);
    // Writing Velocity, which is not tracked, marks nothing.
    const kiln::change_tick later = world.advance_tick();
    world.each<Velocity>([](Velocity& v) { v.x = 2.0f; });
    CHECK(changed_positions(world, later).empty());
}

TEST_CASE("a writable get, try_get or set marks its row, a const one marks none", "[change_tracking]") {
    World world;
    const auto created = world.create_n<Particle>(3000, Position{}, Velocity{});
    const std::vector<kiln::entity> made(created.begin(), created.end());
    const kiln::change_tick since = world.advance_tick();
    CHECK(world.get<const Position>(made[5]).x == 0.0f);
    CHECK(std::as_const(world).get<Position>(made[6]).x == 0.0f);
    world.get<Velocity>(made[7]).x = 1.0f; // not tracked
    CHECK(changed_positions(world, since).empty());
    world.get<Position>(made[10]).x = 1.0f;
    world.try_get<Position>(made[2500])->x = 2.0f; // in another chunk
    world.set(made[11], Position{3.0f, 0.0f});
    world.get<Position>(kiln::handle<Particle>::adopt(made[12])).x = 4.0f;
    CHECK(changed_positions(world, since) == std::set{made[10], made[11], made[12], made[2500]});
}

TEST_CASE("a filtered each visits only the rows changed after since, and its writes mark only those",
          "[change_tracking]") {
    World world;
    const auto created = world.create_n<Particle>(5000, Position{}, Velocity{});
    const std::vector<kiln::entity> all(created.begin(), created.end());
    const kiln::change_tick since = world.advance_tick();
    // Three new rows, each moved by a destroy into a chunk of old rows (chunks 0, 1 and 3).
    std::set<kiln::entity> fresh;
    for (const std::size_t hole : {4095u, 2047u, 3u}) {
        fresh.insert(world.create<Particle>());
        world.destroy(all[hole]);
    }
    std::set<kiln::entity> visited;
    world.each<Position>(kiln::changed<Position>(since), [&](kiln::entity e, Position& p) {
        visited.insert(e);
        p.x = 7.0f;
    });
    CHECK(visited == fresh);
    const kiln::change_tick written = world.advance_tick();
    CHECK(changed_positions(world, written).empty());
    CHECK(changed_positions(world, written - 1) == fresh); // the filtered loop's writes, and only those
    // A read-only filtered loop marks nothing.
    world.each<const Position>(kiln::changed<Position>(since), [](const Position&) {});
    CHECK(changed_positions(world, world.advance_tick()).empty());
}

TEST_CASE("the row filter skips a chunk whose maximum is not newer, whatever its rows say", "[change_tracking]") {
    std::vector<kiln::change_tick> rows(3 * kiln::tick_chunk_rows, 5);
    std::vector<kiln::change_tick> chunk_max{5, 1, 5};
    std::vector<kiln::change_tick> chunk_written{1, 1, 1};
    std::vector<std::size_t> visited;
    auto function = [&](std::size_t row) { visited.push_back(row); };
    std::vector<std::pair<std::size_t, std::size_t>> runs;
    auto visit = [&](std::size_t first, std::size_t last) { runs.emplace_back(first, last); };
    std::vector<std::size_t> indices(rows.size());
    for (std::size_t i = 0; i < indices.size(); ++i) {
        indices[i] = i;
    }
    const kiln::internal::row_filter<1> filter{{rows.data()}, {chunk_max.data()}, {chunk_written.data()}, 4};
    filter.each(function, visit, 0, rows.size(), indices.data());
    REQUIRE(visited.size() == 2 * kiln::tick_chunk_rows);
    CHECK(visited[kiln::tick_chunk_rows] == 2 * kiln::tick_chunk_rows); // chunk 1 skipped
    const std::size_t chunk = kiln::tick_chunk_rows;
    CHECK(runs == std::vector<std::pair<std::size_t, std::size_t>>{{0, chunk}, {2 * chunk, 3 * chunk}});
    CHECK(kiln::is_newer(0, 0xffff'fff0u)); // ticks compare modulo 2^32
    CHECK(!kiln::is_newer(0xffff'fff0u, 0));
}

TEST_CASE("ticks move with the row, moves keep them and the component a move adds is added then", "[change_tracking]") {
    World world;
    const kiln::entity particle = world.create<Particle>();
    const kiln::entity other = world.create<Particle>();
    const kiln::change_tick since = world.advance_tick();
    world.add<Health>(particle, Health{5, 1});
    // Position moved along: not changed by the move. Health was added by it.
    CHECK(changed_positions(world, since).empty());
    CHECK(added_healths(world, since) == std::set{particle});
    const kiln::change_tick later = world.advance_tick();
    world.add<Frozen>(particle);
    CHECK(added_healths(world, later).empty());
    const kiln::entity ship = world.create<Ship>();
    CHECK(world.remove<Health>(ship));
    CHECK(changed_positions(world, later).size() == 1); // the Ship created above, now a Particle
    (void)other;
}

TEST_CASE("a move recorded as data keeps ticks as a typed one: carried along, the gained component added then, a set "
          "component changed",
          "[change_tracking]") {
    World world;
    world.create<Particle>(); // the rows below move past row 0
    const kiln::entity particle = world.create<Particle>();
    const kiln::entity ship = world.create<Ship>();
    const kiln::entity other = world.create<Ship>();
    const kiln::change_tick since = world.advance_tick();
    // Typed = false: recorded as a file without the world's definition records it (kiln/world/moves_by_id.hpp).
    World::commands_type& commands = world.commands();
    commands.add<Health, false>(particle, Health{5, 1, 0});
    commands.add<Frozen, false>(ship);
    commands.set<Health, false>(other, Health{9, 2, 0});
    world.flush();
    CHECK(world.archetype_name(particle) == "Ship");
    CHECK(world.get<const Health>(particle).hp == 5);
    CHECK(world.archetype_name(ship) == "FrozenShip");
    CHECK(changed_positions(world, since).empty());
    CHECK(added_healths(world, since) == std::set{particle});
    CHECK(changed_healths(world, since) == std::set{particle, other});
    const kiln::change_tick later = world.advance_tick();
    commands.remove<Frozen, false>(ship);
    world.flush();
    CHECK(world.archetype_name(ship) == "Ship");
    CHECK(added_healths(world, later).empty());
    CHECK(changed_healths(world, later).empty());
}

TEST_CASE("a create recorded as data stamps its row as new, as a typed one", "[change_tracking]") {
    World world;
    world.create<Ship>(); // the row below is not row 0
    const kiln::entity before = world.create<Ship>();
    const kiln::change_tick since = world.advance_tick();
    // Typed = false: recorded as a file without the world's definition records it (kiln/world/moves_by_id.hpp).
    const kiln::entity data = world.commands().create<Ship, false>(Health{4, 1, 0});
    const kiln::entity typed = world.commands().create<Ship, true>(Health{5, 1, 0});
    world.flush();
    CHECK(world.get<const Health>(data).hp == 4);
    CHECK(added_healths(world, since) == std::set{data, typed});
    CHECK(changed_healths(world, since) == std::set{data, typed});
    CHECK(changed_positions(world, since) == std::set{data, typed}); // not given: added all the same
    CHECK_FALSE(changed_healths(world, since).contains(before));
}

TEST_CASE("destroy's swap-and-pop carries the last row's ticks into the hole, and its chunk's maximum",
          "[change_tracking]") {
    World world;
    const auto created = world.create_n<Particle>(2100, Position{}, Velocity{});
    const kiln::entity first = created.front();
    const kiln::change_tick since = world.advance_tick();
    const kiln::entity newest = world.create<Particle>(); // row 2100, in chunk 2
    CHECK(changed_positions(world, since) == std::set{newest});
    world.destroy(first); // newest moves to row 0, in chunk 0, whose rows are all older
    CHECK(changed_positions(world, since) == std::set{newest});
    CHECK(world.get<const Position>(newest).x == 0.0f);
    world.destroy(newest);
    CHECK(changed_positions(world, since).empty());
}

// The destroy of a linked entity removes its subtree's rows at once, copying
// the archetype's last row over each as bytes
// (world_state::remove_row_as_bytes); an unlinked one leaves a hole: FrozenShip
// holds a packed tracked component (Position), a packed untracked one
// (Velocity), a split tracked one (Health) and a tag (Frozen).
TEST_CASE("a linked destroy moves the last rows as bytes: their values, ticks and places", "[change_tracking]") {
    World world;
    const auto frozen_ship = [&](std::uint32_t i) {
        const float f = static_cast<float>(i);
        return world.create<FrozenShip>(Position{f, -f}, Velocity{2 * f},
                                        Health{static_cast<std::int32_t>(i), static_cast<std::uint8_t>(i % 200), i});
    };
    std::vector<kiln::entity> ships;
    for (std::uint32_t i = 0; i < 2100; ++i) { // rows 0 to 2099, chunks 0 to 2
        ships.push_back(frozen_ship(i));
    }
    const kiln::entity keeper = world.create<Particle>(); // keeps a link when the subtree is gone
    const kiln::entity kept = world.create<Particle>();
    const kiln::change_tick since = world.advance_tick();
    const kiln::entity newest = frozen_ship(5000); // row 2100, the only row newer than since
    auto tree = world.hierarchy();
    REQUIRE(tree.set_parent(ships[1], ships[0]) == kiln::set_parent_result::done);
    REQUIRE(tree.set_parent(kept, keeper) == kiln::set_parent_result::done);

    // ships[1] goes first, and newest fills row 1; then ships[2099] fills row 0.
    CHECK(world.destroy(ships[0]));
    const auto& state = world_state_of(world);
    const auto holds = [&](kiln::entity e, std::uint32_t row) {
        const kiln::entity_location at = state.entities.location(e);
        return world.alive(e) && at.archetype == FrozenShip::id && at.row == row &&
               state.storages[FrozenShip::id].entities()[row] == e;
    };
    CHECK(state.storages[FrozenShip::id].size() == 2099);
    CHECK(holds(newest, 1));
    CHECK(holds(ships[2099], 0));
    const auto holds_values_of = [&](kiln::entity e, std::uint32_t i) {
        const float f = static_cast<float>(i);
        const Health::cref health = world.get<const Health>(e);
        return world.get<const Position>(e).x == f && world.get<const Position>(e).y == -f &&
               world.get<const Velocity>(e).x == 2 * f && health.hp == static_cast<std::int32_t>(i) &&
               health.armour == static_cast<std::uint8_t>(i % 200) && health.id == i && world.has<Frozen>(e);
    };
    CHECK(holds_values_of(newest, 5000));
    CHECK(holds_values_of(ships[2099], 2099));
    CHECK(holds_values_of(ships[2], 2)); // row 2 stayed
    // newest carried its ticks into chunk 0; ships[2099] its older ones, not newest's nor now.
    CHECK(changed_positions(world, since) == std::set{newest});
    CHECK(added_healths(world, since) == std::set{newest});
    CHECK(changed_healths(world, since) == std::set{newest});

    // Destroyed alone while a link lives elsewhere (the unlinked branch): row 1 is a hole, which the last
    // row fills when the world settles, as without links.
    const kiln::entity last = state.storages[FrozenShip::id].entities()[2098];
    CHECK(world.destroy(newest));
    CHECK(state.storages[FrozenShip::id].hole_count() == 1);
    CHECK(holds(last, 2098));
    world.settle();
    CHECK(holds(last, 1));
    CHECK(holds_values_of(last, 2098));
    CHECK(changed_positions(world, since).empty());
    CHECK(added_healths(world, since).empty());
    world.get<Health>(last).hp = 7;
    CHECK(changed_healths(world, since) == std::set{last});
    CHECK(tree.parent(kept) == keeper);
}

TEST_CASE("clear drops the ticks with the rows, and rows created after are added", "[change_tracking]") {
    World world;
    world.create_n<Particle>(100, Position{}, Velocity{});
    const kiln::change_tick since = world.advance_tick();
    world.clear();
    const kiln::entity fresh = world.create<Particle>();
    CHECK(changed_positions(world, since) == std::set{fresh});
}

TEMPLATE_LIST_TEST_CASE("a system that writes a tracked component marks the rows it runs on, one that reads marks none",
                        "[change_tracking]", every_executor) {
    World world;
    world.create_n<Particle>(10, Position{}, Velocity{1.0f});
    world.create_n<Ship>(5, Position{}, Velocity{1.0f}, Health{1, 0});
    const kiln::change_tick since = world.advance_tick();
    world.run(stage::update, TestType{});
    CHECK(changed_positions(world, since).size() == 15);
    CHECK(added_healths(world, since).empty());
    std::size_t healths_changed = 0;
    world.each<const Health>(kiln::changed<Health>(since), [&](Health::cref) { ++healths_changed; });
    CHECK(healths_changed == 0);
    // The stage's ticks are all older than what comes after it.
    const kiln::change_tick after = world.advance_tick();
    CHECK(changed_positions(world, after).empty());
}

TEMPLATE_LIST_TEST_CASE("a system with changed or added runs only on the rows changed or added since it last ran",
                        "[change_tracking]", every_executor) {
    World world;
    const TestType executor{};
    std::vector<kiln::entity> particles;
    for (int i = 0; i < 3000; ++i) {
        particles.push_back(world.create<Particle>(Position{static_cast<float>(i), 0.0f}, Velocity{0.0f}));
    }
    watched.clear();
    healed.clear();
    world.run(stage::render, executor); // the first run: everything was added since
    CHECK(watched.size() == 3000);
    CHECK(healed.empty());
    watched.clear();
    world.run(stage::render, executor);
    CHECK(watched.empty()); // nothing changed since

    // New rows, and rows that gain Health: Watch sees the new ones (moves keep Position's
    // ticks), Heal those that gained Health, in whichever archetype and chunk they landed.
    world.create<Particle>(Position{5000.0f, 0.0f}, Velocity{});
    world.add<Health>(particles[10], Health{1, 0, 10});
    world.add<Health>(particles[2500], Health{1, 0, 25});
    world.create<Wreck>(Health{1, 0, 99});
    const kiln::change_tick before_heal = world.advance_tick();
    world.run(stage::render, executor);
    CHECK(watched == std::multiset<float>{5000.0f});
    CHECK(healed == std::multiset<std::uint32_t>{10, 25, 99});
    // Heal wrote Health on exactly the rows it ran on.
    std::multiset<std::uint32_t> written;
    world.each<const Health>(kiln::changed<Health>(before_heal), [&](Health::cref h) { written.insert(h.id); });
    CHECK(written == healed);
    CHECK(world.get<const Health>(particles[10]).hp == 2);

    // Move writes every Position: Watch sees them all on its next run.
    watched.clear();
    healed.clear();
    world.run(stage::update, executor);
    world.run(stage::render, executor);
    CHECK(watched.size() == 3001);
    CHECK(healed.empty());
}

TEST_CASE("a filter on several components requires them all and lets through a row where any one changed",
          "[change_tracking]") {
    World world;
    const kiln::entity ship = world.create<Ship>(Position{1.0f, 0.0f}, Velocity{}, Health{1, 0, 1});
    const kiln::entity frozen = world.create<FrozenShip>(Position{2.0f, 0.0f}, Velocity{}, Health{1, 0, 2});
    const kiln::entity particle = world.create<Particle>(Position{3.0f, 0.0f}, Velocity{});
    world.create<Wreck>(Health{1, 0, 4}); // no Position: never visited
    const auto both = [&](auto filter) {
        std::set<kiln::entity> seen;
        world.each<const Position, const Health>(filter,
                                                 [&](kiln::entity e, const Position&, Health::cref) { seen.insert(e); });
        return seen;
    };
    const kiln::change_tick since = world.advance_tick();
    world.each<Position>(kiln::with<Frozen>, [](Position& p) { p.y += 1.0f; });
    CHECK(both(kiln::changed<Position, Health>(since)) == std::set{frozen});
    const kiln::change_tick later = world.advance_tick();
    world.each<Health>(kiln::without<Frozen>, [](Health::ref h) { ++h.hp; }); // the Ship's and the Wreck's
    CHECK(both(kiln::changed<Position, Health>(later)) == std::set{ship});
    CHECK(both(kiln::changed<Position, Health>(since)) == std::set{ship, frozen});
    CHECK(both(kiln::changed<Health, Position>(since)) == std::set{ship, frozen}); // the order does not matter
    CHECK(both(kiln::added<Position, Health>(since)).empty());
    world.add<Health>(particle, Health{1, 0, 3}); // Health added, Position kept
    CHECK(both(kiln::added<Position, Health>(since)) == std::set{particle});
    CHECK(both(kiln::added<Position>(since)).empty());
}

TEST_CASE("the row filter of several columns visits a chunk when any of its maxima is newer", "[change_tracking]") {
    std::vector<kiln::change_tick> old_rows(2 * kiln::tick_chunk_rows, 1);
    std::vector<kiln::change_tick> new_rows(2 * kiln::tick_chunk_rows, 1);
    new_rows[kiln::tick_chunk_rows + 7] = 9;
    std::vector<kiln::change_tick> old_max{1, 1};
    std::vector<kiln::change_tick> new_max{1, 9};
    std::vector<kiln::change_tick> written{1, 1};
    std::vector<std::size_t> visited;
    auto function = [] {};
    auto visit = [&](std::size_t first, std::size_t last) {
        for (std::size_t row = first; row < last; ++row) {
            visited.push_back(row);
        }
    };
    const kiln::internal::row_filter<2> filter{
        {old_rows.data(), new_rows.data()}, {old_max.data(), new_max.data()}, {written.data(), written.data()}, 4};
    filter.each(function, visit, 0, old_rows.size());
    CHECK(visited == std::vector<std::size_t>{kiln::tick_chunk_rows + 7});
}

TEST_CASE("the row filter lets a chunk written whole after since through whole, whatever its rows say, in runs",
          "[change_tracking]") {
    const std::size_t chunk = kiln::tick_chunk_rows;
    std::vector<kiln::change_tick> rows(2 * chunk + 10, 1);
    rows[chunk + 3] = rows[chunk + 4] = rows[chunk + 9] = 9; // chunk 1: three rows, in two runs
    std::vector<kiln::change_tick> chunk_max{9, 9, 1};
    std::vector<kiln::change_tick> chunk_written{9, 1, 1}; // chunk 0 written whole at 9
    std::size_t calls = 0;
    auto function = [&] { ++calls; };
    std::vector<std::pair<std::size_t, std::size_t>> runs;
    auto visit = [&](std::size_t first, std::size_t last) { runs.emplace_back(first, last); };
    const kiln::internal::row_filter<1> filter{{rows.data()}, {chunk_max.data()}, {chunk_written.data()}, 4};
    filter.each(function, visit, 0, rows.size());
    CHECK(calls == chunk + 3);
    CHECK(runs == std::vector<std::pair<std::size_t, std::size_t>>{
                      {0, chunk}, {chunk + 3, chunk + 5}, {chunk + 9, chunk + 10}});
    // A filter on added ticks has no whole chunks: its rows decide.
    const kiln::internal::row_filter<1> added{{rows.data()}, {chunk_max.data()}, {nullptr}, 4};
    runs.clear();
    added.each(function, visit, 0, rows.size());
    CHECK(runs == std::vector<std::pair<std::size_t, std::size_t>>{{chunk + 3, chunk + 5}, {chunk + 9, chunk + 10}});
}

TEST_CASE("a writable loop over every row stamps each chunk of them, not each row", "[change_tracking]") {
    World world;
    world.create_n<Particle>(2 * kiln::tick_chunk_rows + 5, Position{}, Velocity{});
    const kiln::change_tick created = world.current_tick();
    const kiln::change_tick since = world.advance_tick();
    world.each<Position>([](Position& p) { p.y += 1.0f; });
    auto& rows = world.storage<Particle>().storage();
    const kiln::internal::tick_columns ticks = kiln::internal::tick_columns_at(
        rows.columns(), kiln::first_tick_column<Position>(Particle::components{}));
    CHECK(std::all_of(ticks.changed, ticks.changed + rows.size(), [&](kiln::change_tick t) { return t == created; }));
    for (std::size_t chunk = 0; chunk < 3; ++chunk) {
        CHECK(ticks.chunk_written[chunk] == world.current_tick());
        CHECK(ticks.chunk_max[chunk] == world.current_tick());
    }
    CHECK(changed_positions(world, since).size() == rows.size());
}

TEST_CASE("a row moved into a chunk written whole keeps its older tick, and the chunk's rows their newer one",
          "[change_tracking]") {
    World world;
    const kiln::entity ship = world.create<Ship>(Position{}, Velocity{}, Health{1, 0, 1});
    const kiln::entity other_ship = world.create<Ship>(Position{}, Velocity{}, Health{1, 0, 2});
    const std::size_t chunk = kiln::tick_chunk_rows;
    const auto created = world.create_n<Particle>(2 * chunk + 5, Position{}, Velocity{});
    const std::vector<kiln::entity> particles(created.begin(), created.end());
    const kiln::change_tick since = world.advance_tick();
    world.each<Position>(kiln::without<Health>, [](Position& p) { p.y += 1.0f; }); // every Particle, not the Ships
    std::set<kiln::entity> written(particles.begin(), particles.end());
    CHECK(changed_positions(world, since) == written);
    // A Ship becomes a Particle: its Position, written before since, moves to the last chunk.
    CHECK(world.remove<Health>(ship));
    CHECK(changed_positions(world, since) == written);
    // A batch destroy fills a hole of chunk 0 with it, from the top.
    const std::vector<kiln::entity> doomed{particles[chunk + 1], particles[1], particles[2 * chunk + 3]};
    CHECK(world.destroy(std::span<const kiln::entity>{doomed}) == 3);
    for (const kiln::entity e : doomed) {
        written.erase(e);
    }
    CHECK(changed_positions(world, since) == written);
    // The other Ship's Position fills the hole of a destroy in chunk 1.
    CHECK(world.remove<Health>(other_ship));
    world.destroy(particles[chunk + 6]);
    written.erase(particles[chunk + 6]);
    CHECK(changed_positions(world, since) == written);
    CHECK(changed_positions(world, since - 1).size() == written.size() + 2);
    // And a row created now, in the last chunk, is newer than all.
    const kiln::change_tick later = world.advance_tick();
    const kiln::entity fresh = world.create<Particle>();
    CHECK(changed_positions(world, later) == std::set{fresh});
}

TEST_CASE("outside loops a writable access marks and a read does not, a deferred world's and a command buffer's too",
          "[change_tracking]") {
    World world;
    const kiln::entity ship = world.create<Ship>(Position{}, Velocity{}, Health{1, 0, 1});
    const kiln::entity particle = world.create<Particle>(Position{}, Velocity{});
    const kiln::change_tick since = world.advance_tick();
    CHECK(world.get<const Position>(ship).y == 0.0f);
    CHECK(changed_positions(world, since).empty()); // get<const C> reads
    world.get<Position>(ship).y = 5.0f; // a writable get marks, written through or not
    CHECK(changed_positions(world, since) == std::set{ship});
    const kiln::change_tick later = world.advance_tick();
    world.set<Health>(ship, Health{11, 0, 1});
    CHECK(changed_healths(world, later) == std::set{ship});
    CHECK(changed_positions(world, later).empty());
    // set of a component the entity lacks adds it: added, and so changed.
    world.set<Health>(particle, Health{2, 0, 2});
    CHECK(added_healths(world, later) == std::set{particle});
    // A command buffer's set is a set, when it is applied.
    const kiln::change_tick deferred = world.advance_tick();
    world.commands().set<Position>(ship, Position{2.0f, 0.0f});
    CHECK(changed_positions(world, deferred).empty());
    world.flush();
    CHECK(changed_positions(world, deferred) == std::set{ship});
    // A loop's deferred world hands out the world's references, marked as the world marks them.
    world.create<Particle>();
    const kiln::change_tick in_loop = world.advance_tick();
    world.each<const Velocity>(kiln::without<Health>, [&](World::deferred_type& loop_world, const Velocity&) {
        ++loop_world.get<Health>(ship).hp;
        CHECK(loop_world.get<const Position>(ship).x == 2.0f);
    });
    CHECK(changed_healths(world, in_loop) == std::set{ship});
    CHECK(changed_positions(world, in_loop).empty());
}

TEST_CASE("a change filter combines with with and without", "[change_tracking]") {
    World world;
    const kiln::entity particle = world.create<Particle>();
    const kiln::entity ship = world.create<Ship>();
    const kiln::entity frozen = world.create<FrozenShip>();
    world.create<Particle>(); // not written below
    const kiln::change_tick since = world.advance_tick();
    for (const kiln::entity e : {particle, ship, frozen}) {
        world.set<Position>(e, Position{1.0f, 0.0f});
    }
    std::set<kiln::entity> seen;
    world.each<const Position>(kiln::changed<Position>(since), kiln::with<Health>, kiln::without<Frozen>,
                               [&](kiln::entity e, const Position&) { seen.insert(e); });
    CHECK(seen == std::set{ship});
    seen.clear();
    world.each<const Position>(kiln::changed<Position>(since), kiln::with<Health>,
                               [&](kiln::entity e, const Position&) { seen.insert(e); });
    CHECK(seen == std::set{ship, frozen});
    seen.clear();
    world.each<const Position>(kiln::changed<Position>(since), kiln::without<Frozen>,
                               [&](kiln::entity e, const Position&) { seen.insert(e); });
    CHECK(seen == std::set{particle, ship});
    // A writable one marks only the rows it visits.
    const kiln::change_tick later = world.advance_tick();
    world.each<Position>(kiln::added<Position>(since - 1), kiln::without<Health>, [](Position& p) { p.y += 1.0f; });
    CHECK(changed_positions(world, later).size() == 2); // both Particles
    CHECK(changed_positions(world, later).count(ship) == 0);
}

// What Sync and Track ran on, by Position::x.
std::multiset<float> synced;
std::multiset<float> tracked;

void changes::Sync::run(const Position& position, Health::cref) { synced.insert(position.x); }
void changes::Track::run(kiln::deferred_world<World>&, kiln::entity, const Position& position) {
    tracked.insert(position.x);
}

TEMPLATE_LIST_TEST_CASE("a system with several changed components runs on the rows where any one changed",
                        "[change_tracking]", every_executor) {
    World world;
    const TestType executor{};
    world.create<Ship>(Position{1.0f, 0.0f}, Velocity{}, Health{1, 0, 1});
    world.create<FrozenShip>(Position{2.0f, 0.0f}, Velocity{}, Health{1, 0, 2});
    world.create<Particle>(Position{3.0f, 0.0f}, Velocity{});
    synced.clear();
    world.run(stage::fixed_update, executor);
    CHECK(synced == std::multiset<float>{1.0f, 2.0f}); // the first run: both were added
    synced.clear();
    world.run(stage::fixed_update, executor);
    CHECK(synced.empty());
    world.each<Health>(kiln::with<Frozen>, [](Health::ref h) { ++h.hp; });
    world.run(stage::fixed_update, executor);
    CHECK(synced == std::multiset<float>{2.0f});
}

TEMPLATE_LIST_TEST_CASE("an observer on change runs after each stage on the rows changed since it last ran",
                        "[change_tracking]", every_executor) {
    World world;
    const TestType executor{};
    world.create<Particle>(Position{1.0f, 0.0f}, Velocity{1.0f});
    world.create<Ship>(Position{2.0f, 0.0f}, Velocity{1.0f}, Health{1, 0, 2});
    tracked.clear();
    world.run(stage::render, executor); // the first run: both were created since
    CHECK(tracked == std::multiset<float>{1.0f, 2.0f});
    tracked.clear();
    world.run(stage::render, executor); // Watch reads Position, Heal writes Health: no Position changed
    CHECK(tracked.empty());
    world.run(stage::update, executor); // Move writes every Position
    CHECK(tracked == std::multiset<float>{2.0f, 3.0f});
    tracked.clear();
    // A change between stages is seen at the end of the next one, whichever it is.
    world.each<Position>([](Position& p) { p.x += 10.0f; });
    world.create<Particle>(Position{50.0f, 0.0f}, Velocity{});
    CHECK(tracked.empty());
    world.run(stage::render, executor);
    CHECK(tracked == std::multiset<float>{12.0f, 13.0f, 50.0f});
}

TEST_CASE("sort_rows carries the ticks with the rows and keeps each chunk's ticks its rows'", "[change_tracking]") {
    World world;
    const kiln::entity child = world.create<Particle>(Position{1.0f, 0.0f}, Velocity{}); // row 0
    const kiln::entity parent = world.create<Particle>(Position{2.0f, 0.0f}, Velocity{}); // row 1
    world.hierarchy().set_parent(child, parent);
    const kiln::change_tick since = world.advance_tick();
    world.get<Position>(parent).y = 1.0f; // a writable get marks the row
    world.hierarchy().sort_rows();        // parent moves to row 0
    CHECK(changed_positions(world, since) == std::set{parent});
    CHECK(added_healths(world, since).empty());
}

TEST_CASE("sort_rows over several chunks: a chunk written whole, rows written one by one, keep their ticks",
          "[change_tracking]") {
    World world;
    auto tree = world.hierarchy();
    // 1500 children first, then their 1500 parents: the sort puts the parents first, across chunks.
    const auto made_children = world.create_n<Particle>(1500, Position{}, Velocity{});
    const std::vector<kiln::entity> children(made_children.begin(), made_children.end());
    const auto made_parents = world.create_n<Particle>(1500, Position{}, Velocity{});
    const std::vector<kiln::entity> parents(made_parents.begin(), made_parents.end());
    for (std::size_t i = 0; i < 1500; ++i) {
        tree.set_parent(children[i], parents[i]);
    }
    const kiln::change_tick before_loop = world.advance_tick();
    world.each<Position>([](Position& p) { p.y += 1.0f; }); // stamps every chunk whole
    const kiln::change_tick since = world.advance_tick();
    std::set<kiln::entity> written;
    for (std::size_t i = 0; i < 1500; i += 97) {
        world.get<Position>(children[i]).y = 2.0f;
        written.insert(children[i]);
    }
    world.hierarchy().sort_rows();
    CHECK(changed_positions(world, since) == written);
    CHECK(changed_positions(world, before_loop).size() == 3000);
    CHECK(added_healths(world, 0).empty());
}

TEST_CASE("a row not written for more than 2^31 ticks does not come back as changed", "[change_tracking]") {
    World world;
    const kiln::entity idle = world.create<Particle>();
    world.create_n<Particle>(2000, Position{}, Velocity{});
    world.each<Position>([](Position& p) { p.y += 1.0f; }); // chunks stamped whole, too
    kiln::internal::change_tracking<World>::advance_clock(world, (kiln::change_tick{1} << 31) + 10);
    const kiln::change_tick since = world.advance_tick();
    CHECK(changed_positions(world, since).empty());
    world.get<Position>(idle).y = 1.0f;
    CHECK(changed_positions(world, since) == std::set{idle});
    // Ever older: the clock goes round four times more.
    for (int round = 0; round < 8; ++round) {
        kiln::internal::change_tracking<World>::advance_clock(world, kiln::change_tick{1} << 31);
    }
    const kiln::change_tick later = world.advance_tick();
    CHECK(changed_positions(world, later).empty());
}

TEMPLATE_LIST_TEST_CASE("a system and an observer on change see every row at their first run, past 2^31 too",
                        "[change_tracking]", every_executor) {
    const kiln::change_tick starts[] = {1, (kiln::change_tick{1} << 31) - 3, (kiln::change_tick{1} << 31) + 5,
                                        ~kiln::change_tick{0} - 2};
    for (const kiln::change_tick start : starts) {
        INFO("clock started at " << start);
        World world;
        const TestType executor{};
        kiln::internal::change_tracking<World>::advance_clock(world, start - 1);
        for (int i = 0; i < 10; ++i) {
            world.create<Particle>(Position{static_cast<float>(i), 0.0f}, Velocity{});
        }
        watched.clear();
        tracked.clear();
        world.run(stage::render, executor);
        CHECK(watched.size() == 10);
        CHECK(tracked.size() == 10);
        watched.clear();
        tracked.clear();
        world.run(stage::render, executor);
        CHECK(watched.empty());
        CHECK(tracked.empty());
    }
}

TEST_CASE("a write through storage<A>()'s columns marks no row, where a writable each marks it", "[change_tracking]") {
    World world;
    const kiln::entity ship = world.create<Ship>(Position{}, Velocity{}, Health{1, 0, 1});
    const kiln::change_tick since = world.advance_tick();
    world.storage<Ship>().column<Position>()[0].y = 4.0f;
    world.storage<Ship>().field<Health, 0>()[0] = 9;
    CHECK(changed_positions(world, since).empty());
    CHECK(changed_healths(world, since).empty());
    CHECK(world.get<const Position>(ship).y == 4.0f);
    world.each<Position>(kiln::with<Health>, [](Position& p) { p.y += 1.0f; });
    CHECK(changed_positions(world, since) == std::set{ship});
}

TEST_CASE("filled holes, rows moved out, a batch destroy, a load and a swap keep each chunk's ticks its rows'",
          "[change_tracking]") {
    World world;
    const auto made = world.create_n<Ship>(3000, Position{}, Velocity{}, Health{1, 0});
    const std::vector<kiln::entity> ships(made.begin(), made.end());
    world.each<Position>([](Position& p) { p.y += 1.0f; }); // every chunk written whole
    const kiln::change_tick since = world.advance_tick();
    std::set<kiln::entity> written; // rows of the last chunk, written one by one
    for (std::size_t i = 2100; i < 3000; i += 50) {
        world.get<Position>(ships[i]).y = 2.0f;
        written.insert(ships[i]);
    }
    const auto alive_written = [&] {
        std::set<kiln::entity> alive;
        for (const kiln::entity e : written) {
            if (world.alive(e)) {
                alive.insert(e);
            }
        }
        return alive;
    };
    for (std::size_t i = 0; i < 40; ++i) {
        world.destroy(ships[i]); // holes, filled from the last chunk when the world settles
    }
    world.settle();
    CHECK(changed_positions(world, since) == alive_written());
    for (std::size_t i = 100; i < 140; ++i) {
        CHECK(world.remove<Health>(ships[i])); // each row leaves Ship by swap-and-pop
    }
    CHECK(changed_positions(world, since) == alive_written());
    std::vector<kiln::entity> doomed(ships.begin() + 200, ships.begin() + 260);
    doomed.insert(doomed.end(), ships.begin() + 2940, ships.end());
    world.destroy(std::span<const kiln::entity>{doomed}); // holes filled once, from the top
    CHECK(changed_positions(world, since) == alive_written());

    std::vector<std::byte> bytes;
    REQUIRE_FALSE(kiln::save(world, bytes));
    const kiln::change_tick before_load = world.advance_tick();
    REQUIRE_FALSE(kiln::load(world, bytes));
    CHECK(changed_positions(world, before_load).size() == world.size());
    const kiln::change_tick after_load = world.advance_tick();
    CHECK(changed_positions(world, after_load).empty());
    world.get<Position>(ships[2500]).y = 3.0f;
    CHECK(changed_positions(world, after_load) == std::set{ships[2500]});

    World other;
    world.swap(other);
    world.swap(other);
    const kiln::change_tick after_swap = world.advance_tick();
    CHECK(changed_positions(world, after_swap).empty());
    world.get<Position>(ships[1500]).y = 3.0f;
    CHECK(changed_positions(world, after_swap) == std::set{ships[1500]});
}
