// The fuzz target of kiln::load: whatever the bytes, load either fails with
// an error value and leaves the world as it was, or succeeds with a world
// that saves and loads again to the same bytes, as the input loaded into an
// empty world does. Anything else (a crash, a sanitizer report, a trap below)
// is a bug.
//
// libFuzzer calls LLVMFuzzerTestOneInput (tools/fuzz builds it with clang);
// run_corpus.cpp calls it on the checked-in corpus in every test build.
#include <kiln/snapshot.hpp>

#include <fixture/world.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace {

// A world that is not empty, so that a failed load that touched it shows.
struct populated_world {
    fixture::World world;
    kiln::entity ship;

    populated_world() {
        world.resource<fixture::Clock>().ticks = 42;
        world.create<fixture::Particle>(fixture::Position{1, 2});
        ship = world.create<fixture::Ship>(fixture::Health{5, true});
    }

    [[nodiscard]] bool untouched() const {
        return world.size() == 2 && world.alive(ship) && world.get<fixture::Health>(ship).hp == 5 &&
               world.resource<fixture::Clock>().ticks == 42;
    }
};

void require(bool holds) {
    if (!holds) {
        __builtin_trap();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::span<const std::byte> input{reinterpret_cast<const std::byte*>(data), size};
    populated_world target;
    if (kiln::load(target.world, input)) {
        require(target.untouched());
        return 0;
    }
    // What loaded saves and reloads to the same bytes: nothing was half-read.
    std::vector<std::byte> first;
    require(!kiln::save(target.world, first));
    fixture::World again;
    require(!kiln::load(again, first));
    std::vector<std::byte> second;
    require(!kiln::save(again, second));
    require(first == second);
    // Nothing of the world loaded over stayed: an empty world loads the input to the same bytes.
    fixture::World empty;
    require(!kiln::load(empty, input));
    std::vector<std::byte> third;
    require(!kiln::save(empty, third));
    require(first == third);
    return 0;
}
