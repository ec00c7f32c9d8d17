// stress_quads: the classic stress scene of examples/quads. 10,000 quads with
// Position, Angle, Color and Model, half of them Rising and half Rotating;
// each frame the risers climb, the rotators turn, and every quad's 4x4 model
// matrix is made from its position and angle. Timed per frame, reported per
// quad.
//
// kiln runs the three systems of bench/worlds/quads/quads.toml, whose bodies
// are defined below, with world.progress(dt); soa and aos do the same work by
// hand. Every implementation calls the same three functions (rise, spin,
// model_matrix), so they differ only in how they reach the data. The bodies
// sit in this file, so the compiler may inline them into the world's loops,
// as it inlines the baselines' loops.
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <benchmark/benchmark.h>
#include <bench/quads/world.hpp>

#include "harness.hpp"
#include "values.hpp"

namespace kiln_bench {
namespace {

namespace quads = bench::quads;

constexpr std::size_t quad_count = 10'000;
constexpr std::array<std::size_t, 1> quad_counts{quad_count};
constexpr float two_pi = 6.28318530718f;

// The per-frame work on one quad, shared by every implementation.

// A rising quad climbs, and wraps around at the top of the screen.
inline float rise(float y, float speed, float step) {
    y += speed * step;
    return y > 100.0f ? y - 200.0f : y;
}

// A rotating quad turns in place.
inline float spin(float radians, float speed, float step) {
    return std::fmod(radians + speed * step, two_pi);
}

// A rotation about z by radians, then a translation to (x, y), column-major.
inline void model_matrix(std::array<float, 16>& m, float x, float y, float radians) {
    const float c = std::cos(radians);
    const float s = std::sin(radians);
    m = {c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, x, y, 0, 1};
}

// The scene: quad i on a 100 x 100 grid; even quads rise, odd ones rotate.
quads::Position position_of(std::size_t i) {
    return {static_cast<float>(i % 100) * 2.0f - 100.0f, static_cast<float>(i / 100) * 2.0f - 100.0f};
}

// Angles spread over the circle, so that the cost of cos, sin and fmod, which
// depends on the angle, stays the same from frame to frame.
quads::Angle angle_of(std::size_t i) {
    return {0.01f * static_cast<float>(i % 628)};
}

quads::Color color_of(std::size_t i) {
    const auto shade = static_cast<std::uint8_t>(i % 256);
    return i % 2 == 0 ? quads::Color{shade, 128, 255, 255} : quads::Color{255, shade, 128, 255};
}

quads::Rising rising_of(std::size_t i) {
    return {1.0f + static_cast<float>(i % 5)};
}

quads::Rotating rotating_of(std::size_t i) {
    return {0.5f + 0.25f * static_cast<float>(i % 4)};
}

bool rises(std::size_t i) {
    return i % 2 == 0;
}

} // namespace
} // namespace kiln_bench

// The systems' bodies: bench/worlds/quads/quads.toml declares them.

void bench::quads::Rise::run(Position& position, const Rising& rising, const Time& time) {
    position.y = kiln_bench::rise(position.y, rising.speed, time.dt);
}

void bench::quads::Spin::run(Angle& angle, const Rotating& rotating, const Time& time) {
    angle.radians = kiln_bench::spin(angle.radians, rotating.speed, time.dt);
}

void bench::quads::UpdateModels::run(Model& model, const Position& position, const Angle& angle) {
    kiln_bench::model_matrix(model.m, position.x, position.y, angle.radians);
}

namespace kiln_bench {
namespace {

// soa: per kind of quad, one std::vector per field.
namespace soa_quads {

struct common {
    std::vector<float> x, y;
    std::vector<float> radians;
    std::vector<std::uint8_t> r, g, b, a;
    std::vector<std::array<float, 16>> m;
    std::vector<float> speed; // Rising's or Rotating's

    void push_back(const quads::Position& p, const quads::Angle& angle, const quads::Color& color,
                   float moving_speed) {
        x.push_back(p.x);
        y.push_back(p.y);
        radians.push_back(angle.radians);
        r.push_back(color.r);
        g.push_back(color.g);
        b.push_back(color.b);
        a.push_back(color.a);
        m.push_back({});
        speed.push_back(moving_speed);
    }

    [[nodiscard]] std::size_t size() const noexcept { return x.size(); }
};

struct scene {
    common rising, rotating;
};

} // namespace soa_quads

// aos: per kind of quad, one std::vector of a struct holding its components.
namespace aos_quads {

struct rising_quad {
    quads::Position position;
    quads::Angle angle;
    quads::Color color;
    quads::Model model;
    quads::Rising rising;
};

struct rotating_quad {
    quads::Position position;
    quads::Angle angle;
    quads::Color color;
    quads::Model model;
    quads::Rotating rotating;
};

struct scene {
    std::vector<rising_quad> rising;
    std::vector<rotating_quad> rotating;
};

} // namespace aos_quads

// Building each scene, in the order of i.

void build(quads::World& world) {
    world.resource<quads::Time>().dt = dt;
    for (std::size_t i = 0; i < quad_count; ++i) {
        if (rises(i)) {
            world.create<quads::RisingQuad>(position_of(i), angle_of(i), color_of(i), rising_of(i));
        } else {
            world.create<quads::RotatingQuad>(position_of(i), angle_of(i), color_of(i), rotating_of(i));
        }
    }
}

void build(soa_quads::scene& scene) {
    for (std::size_t i = 0; i < quad_count; ++i) {
        if (rises(i)) {
            scene.rising.push_back(position_of(i), angle_of(i), color_of(i), rising_of(i).speed);
        } else {
            scene.rotating.push_back(position_of(i), angle_of(i), color_of(i), rotating_of(i).speed);
        }
    }
}

void build(aos_quads::scene& scene) {
    for (std::size_t i = 0; i < quad_count; ++i) {
        if (rises(i)) {
            scene.rising.push_back({position_of(i), angle_of(i), color_of(i), {}, rising_of(i)});
        } else {
            scene.rotating.push_back({position_of(i), angle_of(i), color_of(i), {}, rotating_of(i)});
        }
    }
}

std::size_t count(quads::World& world) {
    return world.size();
}

std::size_t count(const soa_quads::scene& scene) {
    return scene.rising.size() + scene.rotating.size();
}

std::size_t count(const aos_quads::scene& scene) {
    return scene.rising.size() + scene.rotating.size();
}

// One frame.

void frame(quads::World& world) {
    world.progress(dt);
}

void update_models(soa_quads::common& quads) {
    const std::size_t n = quads.size();
    for (std::size_t i = 0; i < n; ++i) {
        model_matrix(quads.m[i], quads.x[i], quads.y[i], quads.radians[i]);
    }
}

void frame(soa_quads::scene& scene) {
    soa_quads::common& rising = scene.rising;
    for (std::size_t i = 0; i < rising.size(); ++i) {
        rising.y[i] = rise(rising.y[i], rising.speed[i], dt);
    }
    soa_quads::common& rotating = scene.rotating;
    for (std::size_t i = 0; i < rotating.size(); ++i) {
        rotating.radians[i] = spin(rotating.radians[i], rotating.speed[i], dt);
    }
    update_models(rising);
    update_models(rotating);
}

template <class Quad>
void update_models(std::vector<Quad>& quads) {
    for (Quad& quad : quads) {
        model_matrix(quad.model.m, quad.position.x, quad.position.y, quad.angle.radians);
    }
}

void frame(aos_quads::scene& scene) {
    for (aos_quads::rising_quad& quad : scene.rising) {
        quad.position.y = rise(quad.position.y, quad.rising.speed, dt);
    }
    for (aos_quads::rotating_quad& quad : scene.rotating) {
        quad.angle.radians = spin(quad.angle.radians, quad.rotating.speed, dt);
    }
    update_models(scene.rising);
    update_models(scene.rotating);
}

// The benchmark: the scene is built and one frame run before timing starts;
// then each iteration is one frame. ns per entity times 10,000 is the time
// of a frame.
template <class Scene>
void stress_quads(benchmark::State& state, std::size_t) {
    Scene scene;
    build(scene);
    frame(scene);
    const std::size_t quads_in_scene = count(scene);
    for (auto _ : state) {
        frame(scene);
        benchmark::DoNotOptimize(scene);
    }
    publish(state, quads_in_scene);
}

} // namespace

void add_stress_cases() {
    add("stress_quads",
        {{"kiln", stress_quads<quads::World>},
         {"soa", stress_quads<soa_quads::scene>},
         {"aos", stress_quads<aos_quads::scene>}},
        quad_counts);
}

} // namespace kiln_bench
