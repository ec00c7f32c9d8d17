// kiln::lookup and kiln::single (kiln/system/lookup.hpp), and what else a
// system reaches beyond its row's components (kiln/system/lookup_maker.hpp):
// its entity, optional components and has, on the world of
// tests/schema/reach.toml, whose systems' bodies are in reach_logic.cpp.
#include <kiln/system/lookup.hpp>

#include <reach/world.hpp>

#include "../every_executor.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <random>
#include <type_traits>
#include <vector>

namespace {

using namespace reach;

// Whether Lookup's get<C> gives a pointer through which C can be written.
template <class Lookup, class C>
inline constexpr bool writes_v =
    !std::is_const_v<std::remove_pointer_t<decltype(std::declval<const Lookup&>().template get<C>(kiln::entity{}))>>;

// A world of every kind of entity, some destroyed, with ghosts and shots
// aimed at random ones of them, the dead included.
struct scene {
    World world;
    std::vector<kiln::entity> everyone;
    std::vector<kiln::entity> ghosts;
    std::vector<kiln::entity> shots;
    std::vector<kiln::entity> walls;

    explicit scene(std::uint32_t seed, std::size_t size) {
        std::mt19937 random{seed};
        std::uniform_real_distribution<float> place{-100, 100};
        everyone.push_back(world.create<Pac>(Position{place(random), place(random)}));
        for (std::size_t i = 0; i < size; ++i) {
            const Position at{place(random), place(random)};
            switch (random() % 6) {
            case 0: ghosts.push_back(world.create<Spook>(at)); break;
            case 1: ghosts.push_back(world.create<ShieldedSpook>(at, Shield{static_cast<int>(i)})); break;
            case 2: ghosts.push_back(world.create<FrozenSpook>(at)); break;
            case 3: everyone.push_back(world.create<Rock>(at)); continue;
            case 4: walls.push_back(world.create<Wall>(Health{100})); everyone.push_back(walls.back()); continue;
            default: shots.push_back(world.create<Shot>()); everyone.push_back(shots.back()); continue;
            }
            everyone.push_back(ghosts.back());
        }
        for (std::size_t i = 0; i < everyone.size(); i += 7) {
            if (everyone[i] != everyone.front()) {
                world.destroy(everyone[i]);
            }
        }
        std::erase_if(ghosts, [&](kiln::entity e) { return !world.alive(e); });
        std::erase_if(shots, [&](kiln::entity e) { return !world.alive(e); });
        for (const kiln::entity ghost : ghosts) {
            world.get<Target>(ghost).id = everyone[random() % everyone.size()];
        }
        for (const kiln::entity shot : shots) {
            world.get<Target>(shot).id = random() % 2 == 0 ? walls[random() % walls.size()]
                                                           : everyone[random() % everyone.size()];
        }
    }

    // What Chase computes, from the world's own lookups: towards a live
    // player or ghost, otherwise still.
    [[nodiscard]] Velocity expected_velocity(kiln::entity ghost) const {
        const kiln::entity target = world.get<Target>(ghost).id;
        if (!world.alive(target) || !(world.has<Player>(target) || world.has<Ghost>(target))) {
            return {};
        }
        const Position& from = world.get<Position>(ghost);
        const Position& to = world.get<Position>(target);
        return {to.x - from.x, to.y - from.y};
    }
};

} // namespace

TEST_CASE("a lookup's constness and components are those its schema declares") {
    STATIC_REQUIRE_FALSE(writes_v<kiln::lookup<Chase::players_lookup>, Position>);
    STATIC_REQUIRE(writes_v<kiln::lookup<Hurt::walls_lookup>, Health>);
    STATIC_REQUIRE(std::is_same_v<decltype(std::declval<const kiln::lookup<Hurt::walls_lookup>&>().get(kiln::entity{})),
                                  Health*>);
    STATIC_REQUIRE(std::is_same_v<decltype(std::declval<const kiln::single<Follow::player_lookup>&>().get()),
                                  const Position&>);
}

TEMPLATE_LIST_TEST_CASE("a read lookup finds live targets in the archetypes it reaches, and null elsewhere", "",
                        kiln_test::every_executor) {
    scene made{GENERATE(1u, 2u, 3u), 3000};
    if constexpr (std::is_same_v<TestType, kiln::serial_executor>) {
        made.world.run(stage::update);
    } else {
        made.world.run(stage::update, TestType{std::chrono::microseconds{0}}); // every chunk split
    }
    std::size_t moving = 0;
    for (const kiln::entity ghost : made.ghosts) {
        const Velocity expected = made.expected_velocity(ghost);
        const Velocity& found = made.world.get<Velocity>(ghost);
        CHECK(found.x == expected.x);
        CHECK(found.y == expected.y);
        moving += expected.x != 0 ? 1 : 0;
    }
    CHECK(moving > made.ghosts.size() / 4); // the targets were not all out of reach
}

TEST_CASE("a read lookup in a parallel system leaves the world the serial executor leaves, byte for byte") {
    scene serial{7, 20000};
    scene parallel{7, 20000};
    serial.world.run(stage::update);
#if KILN_HAS_TBB
    parallel.world.run(stage::update, kiln::parallel_executor{std::chrono::microseconds{0}});
#else
    parallel.world.run(stage::update);
#endif
    REQUIRE(serial.ghosts == parallel.ghosts);
    for (std::size_t i = 0; i < serial.ghosts.size(); ++i) {
        const Velocity& one = serial.world.get<Velocity>(serial.ghosts[i]);
        const Velocity& other = parallel.world.get<Velocity>(parallel.ghosts[i]);
        CHECK(std::memcmp(&one, &other, sizeof(Velocity)) == 0);
    }
}

TEST_CASE("a write lookup writes its targets in its archetypes, and stamps them as changed") {
    scene made{11, 2000};
    std::map<kiln::entity, int> hits;
    for (const kiln::entity shot : made.shots) {
        const kiln::entity target = made.world.get<Target>(shot).id;
        if (made.world.alive(target) && made.world.has<Health>(target)) {
            ++hits[target];
        }
    }
    REQUIRE(hits.size() > 10);
    const kiln::change_tick before = made.world.advance_tick();
    made.world.run(stage::update);
    std::map<kiln::entity, int> changed;
    made.world.each<const Health>(kiln::changed<Health>(before),
                                  [&](kiln::entity e, const Health& health) { changed[e] = 100 - health.hp; });
    CHECK(changed == hits);
}

TEST_CASE("a system's entity, optional components and has are those of each row's archetype") {
    scene made{5, 600};
    made.world.run(stage::render);
    for (const kiln::entity ghost : made.ghosts) {
        const Seen& seen = made.world.get<Seen>(ghost);
        CHECK(seen.by == ghost);
        const Shield* shield = made.world.try_get<Shield>(ghost);
        CHECK(seen.shield == (shield != nullptr ? shield->hp : -1));
        CHECK(seen.frozen == made.world.has<Frozen>(ghost));
    }
}

TEST_CASE("a system with a single lookup runs when exactly one entity matches it, and is skipped otherwise") {
    World world;
    const kiln::entity rock = world.create<Rock>(Position{1, 1}, Velocity{9, 9});
    world.run(stage::render); // no player: Follow is skipped
    CHECK(world.get<Velocity>(rock).x == 9);
    const kiln::entity pac = world.create<Pac>(Position{4, 5});
    world.run(stage::render);
    CHECK(world.get<Velocity>(rock).x == 3);
    CHECK(world.get<Velocity>(rock).y == 4);
    world.get<Velocity>(rock) = {9, 9};
    world.create<Pac>(Position{0, 0});
    world.run(stage::render); // two players: skipped
    CHECK(world.get<Velocity>(rock).x == 9);
    world.destroy(pac);
    world.run(stage::render); // the other one
    CHECK(world.get<Velocity>(rock).x == -1);
}
