// The sample world the tests of saves and of JSON share: one of every
// construct of the fixture schema, and a history of destroyed and reused
// slots; and the views of a world they compare.
#pragma once

#include <kiln/dump.hpp>
#include <kiln/snapshot.hpp>

#include <fixture/world.hpp>

#include <catch2/catch.hpp>

#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

namespace sample {

using bytes = std::vector<std::byte>;

// Not const: a save settles the world first, filling the rows destroy(e)
// left, where a const world's save refuses them (docs/world.md).
inline bytes saved(fixture::World& world) {
    bytes out;
    const kiln::snapshot_error error = kiln::save(world, out);
    REQUIRE_FALSE(error);
    return out;
}

// What kiln::dump writes for world: every value but externs, as text.
inline std::string dumped(fixture::World& world) {
    std::FILE* file = std::tmpfile();
    REQUIRE(file != nullptr);
    kiln::dump(world, file);
    std::rewind(file);
    std::string text;
    for (int c = std::fgetc(file); c != EOF; c = std::fgetc(file)) {
        text.push_back(static_cast<char>(c));
    }
    std::fclose(file);
    return text;
}

// A world with one of everything the fixture can hold, and a history: slots
// 1 and 2 were reused once and slot 5 twice, and the free list holds slot 7.
struct sample_world {
    fixture::World world;
    kiln::entity particle, ship, frozen, marker, probe, beacon, reused;

    sample_world() {
        world.resource<fixture::Clock>() = {0.5f, 77};
        world.resource<fixture::Score>().points = -12345678901;
        particle = world.create<fixture::Particle>(fixture::Position{1, 2}, fixture::Velocity{3, 4});
        const kiln::entity first_gone = world.create<fixture::Particle>();
        const kiln::entity second_gone = world.create<fixture::Beacon>();
        world.destroy(second_gone);
        ship = world.create<fixture::Ship>(fixture::Health{-5, false}, fixture::Color{10, 20, 30},
                                           fixture::Target{particle});
        reused = world.create<fixture::Particle>(fixture::Position{9, 9}); // slot 2, generation 1
        frozen = world.create<fixture::Ship>(fixture::Health{7, true});
        world.add<fixture::Frozen>(frozen); // MarkFrozen: it targets itself
        const kiln::entity third_gone = world.create<fixture::Marker>();
        world.destroy(first_gone);
        world.destroy(third_gone);
        marker = world.create<fixture::Marker>(fixture::Position{-1, -2}); // reuses third_gone's slot
        world.destroy(marker);
        marker = world.create<fixture::Marker>(fixture::Position{-1, -2});
        probe = world.create<fixture::Probe>(fixture::Scanner{2.5f, {-1, 7}}, fixture::Orientation{{1, 2, 3}},
                                             fixture::Samples{{0.125, 1e10, -0.0}, 3});
        beacon = world.create<fixture::Beacon>();
        world.destroy(world.create<fixture::Beacon>());
    }
};

// The next count handles world issues, one per archetype in turn.
inline std::vector<kiln::entity> next_handles(fixture::World& world, int count) {
    std::vector<kiln::entity> handles;
    for (int i = 0; i < count; ++i) {
        handles.push_back(i % 2 == 0 ? kiln::entity{world.create<fixture::Beacon>()}
                                     : kiln::entity{world.create<fixture::Particle>()});
    }
    return handles;
}

} // namespace sample
