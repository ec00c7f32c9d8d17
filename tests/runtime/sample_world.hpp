// The sample world the tests of saves and of JSON share: one of every
// construct of the fixture schema, and a history of destroyed and reused
// slots; and the views of a world they compare.
#pragma once

#include <kiln/dump.hpp>
#include <kiln/save.hpp>

#include <fixture/reflection.hpp>

#include <catch2/catch.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace sample {

using bytes = std::vector<std::byte>;

inline bytes saved(const fixture::World& world) {
    bytes out;
    const kiln::save_error error = kiln::save(world, out);
    REQUIRE_FALSE(error);
    return out;
}

// What kiln::dump writes for world: every value but externs, as text.
inline std::string dumped(const fixture::World& world) {
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

// Rows that destroy(e) leaves and no settle fills yet: of count Particles
// and count Ships (whose Health has padding and whose Color is split), one
// in every `every` destroyed and the last two (rows at the end, which
// settling drops rather than moves), and both Markers (an archetype emptied
// by its last destroy). A few holes are sorted when filled, many marked.
inline void leave_holes(fixture::World& world, int count, int every) {
    std::vector<kiln::entity> particles, ships;
    for (int i = 0; i < count; ++i) {
        const auto f = static_cast<float>(i);
        particles.push_back(world.create<fixture::Particle>(fixture::Position{f, -f}));
        ships.push_back(world.create<fixture::Ship>(fixture::Health{i, i % 2 == 0},
                                                    fixture::Color{static_cast<std::uint8_t>(i), 0, 0}));
    }
    const kiln::entity markers[] = {world.create<fixture::Marker>(), world.create<fixture::Marker>()};
    for (const std::vector<kiln::entity>* rows : {&particles, &ships}) {
        for (int i = 0; i < count; ++i) {
            if (i % every == 0 || i >= count - 2) {
                world.destroy((*rows)[static_cast<std::size_t>(i)]);
            }
        }
    }
    for (const kiln::entity marker : markers) {
        world.destroy(marker);
    }
}

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
