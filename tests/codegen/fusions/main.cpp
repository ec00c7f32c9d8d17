// The plan kilnc writes for a [fuse.NAME] (schema.toml): a kiln::fused pass
// that compiles, and that leaves the world and resources that its systems
// leave run in a batch each.
#include <fusing/reflection.hpp>
#include <kiln/save.hpp>

#include <catch2/catch.hpp>

#include <cstddef>
#include <cstdint>
#include <random>
#include <type_traits>
#include <vector>

void fusing::Drift::run(Position& position, const Velocity& velocity, const Clock& clock) {
    position.x += velocity.x * clock.dt;
    position.y += velocity.y * clock.dt;
}

void fusing::Wear::run(Health& health) { health.hp -= 1 + health.hp % 3; }

void fusing::Tour::run(const Position& position, const Health& health, Score& score) {
    // The hash wraps within a frame: in unsigned arithmetic, where wrapping is defined.
    const auto x = static_cast<std::uint64_t>(static_cast<std::int64_t>(position.x * 8));
    score.points = static_cast<std::int64_t>(static_cast<std::uint64_t>(score.points) * 31 + x +
                                             static_cast<std::uint64_t>(health.hp));
}

namespace {

using fused_update = kiln::stage_plan<fusing::stage::update, kiln::type_list<kiln::fused<fusing::Drift, fusing::Wear,
                                                                                       fusing::Tour>>,
                                      kiln::stage_role::frame>;
static_assert(std::is_same_v<kiln::type_at_t<2, fusing::schema::schedule>, fused_update>,
              "kilnc plans update as the one fused pass that [fuse.Pass] declares");

// The same world with update as a batch per system.
struct staged_schema : fusing::schema {
    using schedule = kiln::type_list<kiln::stage_plan<
        fusing::stage::update, kiln::type_list<kiln::batch<fusing::Drift>, kiln::batch<fusing::Wear>,
                                               kiln::batch<fusing::Tour>>>>;
};

template <class World>
void populate(World& world) {
    std::mt19937_64 random{7};
    std::uniform_int_distribution<int> hp{1, 120};
    for (int i = 0; i < 3'000; ++i) {
        const fusing::Position position{static_cast<float>(i % 13), 0};
        const fusing::Velocity velocity{static_cast<float>(i % 7) - 3, static_cast<float>(i % 5)};
        const fusing::Health health{hp(random)};
        switch (i % 3) {
        case 0: world.template create<fusing::Particle>(position, velocity); break;
        case 1: world.template create<fusing::Ship>(position, velocity, health); break;
        default: world.template create<fusing::Hulk>(position, health); break;
        }
    }
}

} // namespace

TEST_CASE("the fused pass kilnc plans leaves what its systems leave in a batch each") {
    fusing::World fused;
    kiln::basic_world<staged_schema> staged;
    populate(fused);
    populate(staged);
    for (int frame = 0; frame < 5; ++frame) {
        fused.run(fusing::stage::update);
        staged.run(fusing::stage::update);
    }
    CHECK(staged.resource<fusing::Score>().points != 0);
    CHECK(fused.resource<fusing::Score>().points == staged.resource<fusing::Score>().points);
    std::vector<std::byte> fused_save;
    std::vector<std::byte> staged_save;
    REQUIRE_FALSE(kiln::save(fused, fused_save));
    REQUIRE_FALSE(kiln::save(staged, staged_save));
    CHECK(fused_save == staged_save);
}
