// Writes the seed inputs of the load_save fuzz target: saves of fixture
// worlds that hold every construct the format has (split and packed columns,
// arrays, externs, entity fields, tags, resources, a free list), so that the
// fuzzer starts from valid saves and mutates its way into the error paths.
// tools/fuzz runs it when the format changes (tools/fuzz --reseed).
//
// Usage: write_seeds <directory>
#include <kiln/save.hpp>

#include <fixture/reflection.hpp>

#include <cstdio>
#include <string>

namespace {

bool write(const fixture::World& world, const std::string& directory, const char* name) {
    const std::string path = directory + "/" + name;
    if (const kiln::save_error error = kiln::save_file(world, path)) {
        std::fprintf(stderr, "write_seeds: %s: %s\n", path.c_str(), error.message.c_str());
        return false;
    }
    return true;
}

void fill_every_construct(fixture::World& world) {
    world.resource<fixture::Clock>() = {0.5f, 77};
    world.resource<fixture::Score>().points = -3;
    const kiln::entity particle = world.create<fixture::Particle>(fixture::Position{1, 2}, fixture::Velocity{3, 4});
    const kiln::entity gone = world.create<fixture::Particle>();
    world.create<fixture::Ship>(fixture::Health{-5, false}, fixture::Color{10, 20, 30}, fixture::Target{particle});
    const kiln::entity frozen = world.create<fixture::Ship>(fixture::Health{7, true}, fixture::Target{gone});
    world.add<fixture::Frozen>(frozen);
    world.create<fixture::Marker>(fixture::Position{-1, -2});
    world.create<fixture::Probe>(fixture::Scanner{2.5f, {-1, 7}}, fixture::Orientation{{1, 2, 3}},
                                 fixture::Samples{{0.125, 1e10, -0.0}, 3});
    world.create<fixture::Beacon>();
    world.destroy(gone);
    world.destroy(world.create<fixture::Beacon>());
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: write_seeds <directory>\n");
        return 2;
    }
    const std::string directory = argv[1];

    fixture::World empty;
    fixture::World every_construct;
    fill_every_construct(every_construct);
    fixture::World particles;
    for (int i = 0; i < 64; ++i) {
        particles.create<fixture::Particle>(fixture::Position{float(i), float(-i)});
    }
    const bool written = write(empty, directory, "seed-empty") &&
                         write(every_construct, directory, "seed-every-construct") &&
                         write(particles, directory, "seed-particles");
    return written ? 0 : 1;
}
