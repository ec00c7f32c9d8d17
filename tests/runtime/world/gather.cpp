#include <kiln/world/gather.hpp>

#include <fixture/world.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <random>
#include <span>
#include <tuple>
#include <vector>

using fixture::World;

namespace {

// count entities spread over the three archetypes holding Position (and the
// two holding Color), each with its own Position and Color, in a shuffled
// order: consecutive handles name different archetypes and far-apart rows.
std::vector<kiln::entity> spread(World& world, std::size_t count) {
    std::vector<kiln::entity> created;
    for (std::size_t i = 0; i < count; ++i) {
        const fixture::Position p{static_cast<float>(i), static_cast<float>(2 * i)};
        const fixture::Color c{static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(i / 2), 7};
        switch (i % 3) {
        case 0:
            created.push_back(world.create<fixture::Particle>(p));
            break;
        case 1:
            created.push_back(world.create<fixture::Ship>(p, c));
            break;
        default:
            created.push_back(world.create<fixture::FrozenShip>(p, c));
            break;
        }
    }
    std::mt19937 random(7);
    std::shuffle(created.begin(), created.end(), random);
    return created;
}

} // namespace

TEST_CASE("gather copies each handle's component into out, in the handles' order") {
    // Batches shorter than the prefetch distance, as long as the pipeline's
    // start, and much longer: each of its stages begins and ends within them.
    const auto count = GENERATE(std::size_t{1}, std::size_t{5}, 2 * kiln::internal::gather_distance,
                                std::size_t{1000});
    World world;
    const std::vector<kiln::entity> handles = spread(world, count);
    std::vector<fixture::Position> out(count);
    CHECK(world.gather<fixture::Position>(handles, out) == count);
    for (std::size_t i = 0; i < count; ++i) {
        const fixture::Position& expected = world.get<const fixture::Position>(handles[i]);
        CHECK(out[i].x == expected.x);
        CHECK(out[i].y == expected.y);
    }
}

TEST_CASE("gather in a world large enough for its pipeline finds every handle") {
    World world;
    // Particles, then ships: two archetypes, so that consecutive handles of
    // the shuffled batch switch between them.
    const std::size_t count = kiln::internal::gather_pipeline_slots + 1000;
    const std::span<const kiln::entity> particles = world.create_n<fixture::Particle>(
        count - 1000, [](std::size_t i) { return std::tuple{fixture::Position{static_cast<float>(i), 1}}; });
    std::vector<kiln::entity> handles(particles.begin(), particles.end());
    for (std::size_t i = count - 1000; i < count; ++i) {
        handles.push_back(world.create<fixture::Ship>(fixture::Position{static_cast<float>(i), 2}));
    }
    std::mt19937 random(3);
    std::shuffle(handles.begin(), handles.end(), random);
    std::vector<fixture::Position> out(count);
    CHECK(world.gather<fixture::Position>(handles, out) == count);
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < count; ++i) {
        const fixture::Position& expected = world.get<const fixture::Position>(handles[i]);
        wrong += out[i].x == expected.x && out[i].y == expected.y ? 0 : 1;
    }
    CHECK(wrong == 0);
}

TEST_CASE("gather assembles a split component from its columns") {
    World world;
    std::vector<kiln::entity> ships;
    for (std::uint8_t i = 0; i < 100; ++i) {
        const fixture::Color c{i, static_cast<std::uint8_t>(i + 1), static_cast<std::uint8_t>(i + 2)};
        ships.push_back(i % 2 == 0 ? kiln::entity{world.create<fixture::Ship>(c)}
                                   : kiln::entity{world.create<fixture::FrozenShip>(c)});
    }
    std::reverse(ships.begin(), ships.end());
    std::vector<fixture::Color> out(ships.size());
    CHECK(world.gather<fixture::Color>(ships, out) == ships.size());
    for (std::size_t i = 0; i < ships.size(); ++i) {
        const auto expected = static_cast<std::uint8_t>(99 - i);
        CHECK(out[i].r == expected);
        CHECK(out[i].g == expected + 1);
        CHECK(out[i].b == expected + 2);
    }
}

TEST_CASE("gather sees the rows as destroys left them") {
    World world;
    std::vector<kiln::entity> handles = spread(world, 300);
    // Every third handle destroyed: the archetypes' last rows moved into
    // their holes, and the survivors' slots say where.
    std::vector<kiln::entity> survivors;
    for (std::size_t i = 0; i < handles.size(); ++i) {
        if (i % 3 == 0) {
            world.destroy(handles[i]);
        } else {
            survivors.push_back(handles[i]);
        }
    }
    std::vector<fixture::Position> out(survivors.size());
    CHECK(world.gather<fixture::Position>(survivors, out) == survivors.size());
    for (std::size_t i = 0; i < survivors.size(); ++i) {
        CHECK(out[i].x == world.get<const fixture::Position>(survivors[i]).x);
        CHECK(out[i].y == world.get<const fixture::Position>(survivors[i]).y);
    }
}

TEST_CASE("gather writes no more values than it has handles") {
    World world;
    const std::vector<kiln::entity> handles = spread(world, 3);
    std::vector<fixture::Position> out(5, fixture::Position{-1, -1});
    CHECK(world.gather<fixture::Position>(handles, out) == 3);
    CHECK(out[3].x == -1);
    CHECK(out[4].y == -1);
    CHECK(world.gather<fixture::Position>(std::span<const kiln::entity>{}, out) == 0);
    CHECK(out[0].x == world.get<const fixture::Position>(handles[0]).x);
}
