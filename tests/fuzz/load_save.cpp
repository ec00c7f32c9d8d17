// The fuzz target of kiln::load: whatever the bytes, load either fails with
// an error value and leaves the world as it was, or succeeds with a world
// that saves and loads again to the same bytes, as the input loaded into an
// empty world does. Anything else (a crash, a sanitizer report, a trap below)
// is a bug.
//
// A save of the current format ends with the checksum of the rest, which
// almost every mutation breaks: taken as they come, the fuzzer's inputs would
// stop at the checksum and never reach the checks behind it. So an input that
// claims the current format is loaded twice: as it is, which tests the
// checksum, and with its last 8 bytes made the checksum of the rest, which
// tests the loader behind it as a hostile input that knows the format would.
// Inputs of format 1, which has no checksum, reach the loader as they are.
//
// libFuzzer calls LLVMFuzzerTestOneInput (tools/fuzz builds it with clang);
// run_corpus.cpp calls it on the checked-in corpus in every test build.
#include <kiln/save.hpp>

#include <fixture/reflection.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
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

// Loads input, and traps unless what the top of this file promises holds.
void check_load(std::span<const std::byte> input) {
    populated_world target;
    if (kiln::load(target.world, input)) {
        require(target.untouched());
        return;
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
}

// Whether input holds the magic's 8 bytes (whatever they are), the current
// format version and room for a checksum.
bool claims_current_format(std::span<const std::byte> input) {
    constexpr std::size_t format_at = sizeof kiln::internal::save_magic;
    const std::uint32_t current = kiln::internal::save_format_version;
    return input.size() >= format_at + sizeof current + kiln::internal::save_checksum_size &&
           std::memcmp(input.data() + format_at, &current, sizeof current) == 0;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::span<const std::byte> input{reinterpret_cast<const std::byte*>(data), size};
    check_load(input);
    if (!claims_current_format(input)) {
        return 0;
    }
    std::vector<std::byte> checksummed{input.begin(), input.end()};
    const std::size_t checksum_at = size - kiln::internal::save_checksum_size;
    const std::uint64_t checksum = kiln::internal::save_checksum(std::span{checksummed}.first(checksum_at));
    if (std::memcmp(checksummed.data() + checksum_at, &checksum, sizeof checksum) != 0) { // else loaded already
        std::memcpy(checksummed.data() + checksum_at, &checksum, sizeof checksum);
        check_load(checksummed);
    }
    return 0;
}
