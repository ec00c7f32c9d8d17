#include "scene.hpp"

#include <cmath>

namespace {

// A step of splitmix64: the seed's random numbers, the same on every machine.
std::uint64_t next_random(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

} // namespace

void quads::build_scene(game::World& world, std::int64_t count, std::uint64_t seed) {
    const auto side = static_cast<std::int64_t>(std::ceil(std::sqrt(static_cast<double>(count))));
    const float spacing = 200.0f / static_cast<float>(side);
    world.resource<game::Screen>().quad_half_size = spacing * 0.35f;
    std::uint64_t random = seed;
    for (std::int64_t i = 0; i < count; ++i) {
        const game::Position at{static_cast<float>(i % side) * spacing - 100.0f,
                                static_cast<float>(i / side) * spacing - 100.0f};
        const auto shade = static_cast<std::uint8_t>(i % 256);
        const float speed =
            seed == 0 ? 1.0f + static_cast<float>(i % 5) : 1.0f + static_cast<float>(next_random(random) % 5);
        const float angle = seed == 0 ? 0.0f : static_cast<float>(next_random(random) % 628) / 100.0f;
        if (i % 2 == 0) {
            world.create<game::RisingQuad>(at, game::Color{shade, 128, 255, 255}, game::Rising{speed});
        } else {
            world.create<game::RotatingQuad>(at, game::Color{255, shade, 128, 255}, game::Angle{angle});
        }
    }
}
