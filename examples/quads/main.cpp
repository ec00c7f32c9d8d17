// A classic ECS stress scene: 10,000 quads, half of them rising and half
// rotating, each frame turned into a model matrix, as a renderer would want.
//
// Run: quads [--frames N]   (default 300)
#include <game/world.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

constexpr int quad_count = 10'000;
constexpr float two_pi = 6.28318530718f;

// Rising quads climb and wrap around at the top of the screen.
void rise(game::World& world) {
    const float dt = world.resource<game::Time>().dt;
    world.each<game::Position, const game::Rising>([dt](game::Position& p, const game::Rising& r) {
        p.y += r.speed * dt;
        if (p.y > 100.0f) {
            p.y -= 200.0f;
        }
    });
}

// Rotating quads turn in place.
void rotate(game::World& world) {
    const float dt = world.resource<game::Time>().dt;
    world.each<game::Angle, const game::Rotating>([dt](game::Angle& a, const game::Rotating& r) {
        a.radians = std::fmod(a.radians + r.speed * dt, two_pi);
    });
}

// Every quad's model matrix: a rotation about z, then a translation.
void update_models(game::World& world) {
    world.each<const game::Position, const game::Angle, game::Model>(
        [](const game::Position& p, const game::Angle& a, game::Model& model) {
            const float c = std::cos(a.radians);
            const float s = std::sin(a.radians);
            model.matrix.m = {c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, p.x, p.y, 0, 1};
        });
}

int frames_from(int argc, char** argv) {
    for (int i = 1; i + 1 < argc; ++i) {
        if (std::strcmp(argv[i], "--frames") == 0) {
            return std::atoi(argv[i + 1]);
        }
    }
    return 300;
}

} // namespace

int main(int argc, char** argv) {
    const int frames = frames_from(argc, argv);
    game::World world;

    // Lay the quads on a 100 x 100 grid; even ones rise, odd ones rotate.
    for (int i = 0; i < quad_count; ++i) {
        const game::Position at{static_cast<float>(i % 100) * 2.0f - 100.0f, static_cast<float>(i / 100) * 2.0f - 100.0f};
        const auto shade = static_cast<std::uint8_t>(i % 256);
        if (i % 2 == 0) {
            world.create<game::RisingQuad>(at, game::Color{shade, 128, 255, 255}, game::Rising{1.0f + i % 5});
        } else {
            world.create<game::RotatingQuad>(at, game::Color{255, shade, 128, 255}, game::Angle{0.0f});
        }
    }

    const auto start = std::chrono::steady_clock::now();
    for (int frame = 0; frame < frames; ++frame) {
        rise(world);
        rotate(world);
        update_models(world);
        ++world.resource<game::Time>().frame;
    }
    const std::chrono::duration<double, std::micro> elapsed = std::chrono::steady_clock::now() - start;

    // A sum over every matrix, so the work cannot be optimized away and two
    // runs can be compared.
    double checksum = 0;
    world.each<const game::Model>([&checksum](const game::Model& model) {
        for (float value : model.matrix.m) {
            checksum += value;
        }
    });

    std::printf("%zu entities, %llu frames, %.1f us per frame (checksum %.3f)\n", world.size(),
                static_cast<unsigned long long>(world.resource<game::Time>().frame),
                frames > 0 ? elapsed.count() / frames : 0.0, checksum);
}

// Output (the time per frame depends on the machine):
// 10000 entities, 300 frames, 21.3 us per frame (checksum 1234.567)
