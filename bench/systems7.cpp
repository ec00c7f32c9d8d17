// systems7: a frame of abeimler/ecs_benchmark's "update with 7 systems, mixed
// entities" (BM_ComplexSystemsUpdateMixedEntities), the case that ECS
// benchmark tables use to compare what a frame of several systems costs.
//
// N entities; each frame runs Movement (Position += Velocity dt), Data
// (counters and a xoshiro128** draw), MoreComplex (re-aims Velocity from
// Data's generator every tenth frame), Health, Damage, Sprite (a char from
// health and player type) and Render (that char into a 320 x 240 frame
// buffer), in that order. Every entity starts with Position, Velocity and
// Data; in the third quarter, every tenth loses Position (i % 7), Velocity
// (i % 11) and Data (i % 13); then every even entity becomes a hero or a
// monster (Player, Health, Damage, Sprite, and Position again), with
// ecs_benchmark's random stats. Every entity is created directly with its
// final components, in the order of i; the player's generator is seeded from
// i (ecs_benchmark seeds it from the component's address).
//
// kiln runs the seven systems of bench/worlds/systems7/systems7.toml with
// world.run(stage::update), in the two fused passes the schema declares
// ([fuse.Motion], [fuse.Status]); soa is the same frame written by hand, one
// std::vector per component for each of the five component sets. Both call
// the same seven bodies below, so they differ only in how they reach the
// data and in what running a schedule costs.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <benchmark/benchmark.h>
#include <bench/systems7/world.hpp>

#include "harness.hpp"

namespace kiln_bench {
namespace {

namespace s7 = bench::systems7;

constexpr std::uint32_t frame_width = 320;
constexpr std::uint32_t frame_height = 240;

// xoshiro128** (ecs_benchmark's base/random.h).
using rng_state = std::array<std::uint32_t, 4>;

rng_state rng_seed(std::uint32_t seed) {
    return {seed + 3, seed + 5, seed + 7, seed + 11};
}

inline std::uint32_t rotl(std::uint32_t x, int k) {
    return (x << k) | (x >> (32 - k));
}

inline std::uint32_t rng_next(rng_state& s) {
    const std::uint32_t result = rotl(s[1] * 5, 7) * 9;
    const std::uint32_t t = s[1] << 9;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 11);
    return result;
}

inline std::uint32_t rng_range(rng_state& s, std::uint32_t low, std::uint32_t high) {
    return rng_next(s) % (high - low + 1) + low;
}

enum player_type : std::int32_t { npc = 0, monster = 1, hero = 2 };
enum status_effect : std::int32_t { spawn = 0, dead = 1, alive = 2 };

// --- the seven bodies (ecs_benchmark's base/systems/) ---

inline void movement(s7::Position& position, const s7::Velocity& direction, float delta) {
    position.x += direction.x * delta;
    position.y += direction.y * delta;
}

inline void data_update(s7::Data& data, float delta) {
    data.thingy = (data.thingy + 1) % 1'000'000;
    data.dingy += 0.0001 * static_cast<double>(delta);
    data.mingy = !data.mingy;
    data.numgy = rng_next(data.rng);
}

inline void more_complex(const s7::Position& position, s7::Velocity& direction, s7::Data& data) {
    if (data.thingy % 10 == 0) {
        if (position.x > position.y) {
            direction.x = static_cast<float>(rng_range(data.rng, 3, 19)) - 10.0f;
            direction.y = static_cast<float>(rng_range(data.rng, 0, 5));
        } else {
            direction.x = static_cast<float>(rng_range(data.rng, 0, 5));
            direction.y = static_cast<float>(rng_range(data.rng, 3, 19)) - 10.0f;
        }
    }
}

inline void health_update(s7::Health& health) {
    if (health.hp <= 0 && health.status != dead) {
        health.hp = 0;
        health.status = dead;
    } else if (health.status == dead && health.hp == 0) {
        health.hp = health.maxhp;
        health.status = spawn;
    } else if (health.hp >= health.maxhp && health.status != alive) {
        health.hp = health.maxhp;
        health.status = alive;
    } else {
        health.status = alive;
    }
}

inline void damage_update(s7::Health& health, const s7::Damage& damage) {
    const int total = damage.atk - damage.def;
    if (health.hp > 0 && total > 0) {
        health.hp = health.hp - total > 0 ? health.hp - total : 0;
    }
}

inline char sprite_of(std::int32_t type, std::int32_t status) {
    switch (status) {
    case alive:
        return type == hero ? '@' : type == monster ? 'k' : type == npc ? 'h' : ' ';
    case dead:
        return '|';
    case spawn:
        return '_';
    default:
        return ' ';
    }
}

inline void sprite_update(s7::Sprite& sprite, const s7::Player& player, const s7::Health& health) {
    sprite.character = static_cast<std::int8_t>(sprite_of(player.type, health.status));
}

inline void render(std::int8_t* pixels, const s7::Position& position, const s7::Sprite& sprite) {
    const int x = static_cast<int>(position.x);
    const int y = static_cast<int>(position.y);
    if (y >= 0 && static_cast<std::uint32_t>(y) < frame_height && x >= 0 && static_cast<std::uint32_t>(x) < frame_width) {
        pixels[static_cast<std::size_t>(x) + static_cast<std::size_t>(y) * frame_width] = sprite.character;
    }
}

} // namespace
} // namespace kiln_bench

// The systems' bodies, here so that they inline into the world's loops, as
// the baseline's bodies inline into its loops.

void bench::systems7::MovementSystem::run(Position& position, const Velocity& velocity, const Time& time) {
    kiln_bench::movement(position, velocity, time.dt);
}

void bench::systems7::DataSystem::run(Data& data, const Time& time) {
    kiln_bench::data_update(data, time.dt);
}

void bench::systems7::MoreComplexSystem::run(Velocity& velocity, Data& data, const Position& position) {
    kiln_bench::more_complex(position, velocity, data);
}

void bench::systems7::HealthSystem::run(Health& health) {
    kiln_bench::health_update(health);
}

void bench::systems7::DamageSystem::run(Health& health, const Damage& damage) {
    kiln_bench::damage_update(health, damage);
}

void bench::systems7::SpriteSystem::run(Sprite& sprite, const Player& player, const Health& health) {
    kiln_bench::sprite_update(sprite, player, health);
}

void bench::systems7::RenderSystem::run(const Position& position, const Sprite& sprite, Frame& frame) {
    kiln_bench::render(frame.buffer.pixels, position, sprite);
}

namespace kiln_bench {
namespace {

// --- the entities ---

// What entity i ends up with, and its values.
struct entity_plan {
    bool velocity = true;
    bool data = true;
    bool hero_or_monster = false;
    s7::Position position{};
    s7::Player player{};
    s7::Health health{};
    s7::Damage damage{};
};

// DataComponent's constructor: seed 340383, numgy its first draw.
s7::Data initial_data() {
    s7::Data data{};
    data.seed = 340383u;
    data.rng = rng_seed(data.seed);
    data.numgy = rng_next(data.rng);
    return data;
}

// HeroMonsterEntityFactory: the player's kind (random when type is negative)
// and its stats, drawn from a generator seeded with i.
void make_hero_or_monster(entity_plan& plan, std::size_t i, std::int32_t type) {
    rng_state& rng = plan.player.rng;
    rng = rng_seed(static_cast<std::uint32_t>(i));
    if (type < 0) {
        const std::uint32_t rate = rng_range(rng, 1, 100);
        type = rate <= 3 ? npc : rate <= 30 ? hero : monster;
    }
    plan.player.type = type;
    const auto draw = [&rng](std::uint32_t low, std::uint32_t high) { return static_cast<std::int32_t>(rng_range(rng, low, high)); };
    if (type == hero) {
        plan.health.maxhp = draw(5, 15);
        plan.damage.def = draw(2, 6);
        plan.damage.atk = draw(4, 10);
    } else if (type == monster) {
        plan.health.maxhp = draw(4, 12);
        plan.damage.def = draw(2, 8);
        plan.damage.atk = draw(3, 9);
    } else {
        plan.health.maxhp = draw(6, 12);
        plan.damage.def = draw(3, 8);
        plan.damage.atk = 0;
    }
    plan.position.x = static_cast<float>(rng_range(rng, 0, frame_width + 100)) - 100.0f;
    plan.position.y = static_cast<float>(rng_range(rng, 0, frame_height + 100)) - 100.0f;
    plan.hero_or_monster = true;
}

// Every entity of the frame, in the order of i. Only even entities lose
// components (for the N here, the third quarter's every tenth is even), and
// every even entity becomes a hero or a monster, which gives Position back:
// the five component sets of systems7.toml.
std::vector<entity_plan> plan_entities(std::size_t n) {
    std::vector<entity_plan> plans(n);
    for (std::size_t i = n / 2, j = 0; i <= 3 * n / 4 && i < n; ++i, ++j) {
        if (j % 10 == 0) {
            plans[i].velocity = i % 11 != 0;
            plans[i].data = i % 13 != 0;
        }
    }
    for (std::size_t i = 0; i < n; i += 2) {
        const std::int32_t type = i == 0 ? hero : i % 6 == 0 ? -1 : i % 4 == 0 ? hero : monster;
        make_hero_or_monster(plans[i], i, type);
    }
    for (std::size_t i = 1; i < n; i += 2) {
        if (!plans[i].velocity || !plans[i].data) {
            std::fprintf(stderr, "systems7: N = %zu leaves entity %zu without Velocity or Data, a set that "
                                 "systems7.toml does not declare\n", n, i);
            std::abort();
        }
    }
    return plans;
}

// --- kiln ---

void build(s7::World& world, std::size_t n) {
    const s7::Velocity velocity{};
    const s7::Data data = initial_data();
    const s7::Sprite sprite{'_'};
    for (const entity_plan& e : plan_entities(n)) {
        if (!e.hero_or_monster) {
            world.create<s7::Mover>(e.position, velocity, data);
        } else if (e.velocity && e.data) {
            world.create<s7::Hero>(e.position, velocity, data, e.player, e.health, e.damage, sprite);
        } else if (e.data) {
            world.create<s7::HeroNoVelocity>(e.position, data, e.player, e.health, e.damage, sprite);
        } else if (e.velocity) {
            world.create<s7::HeroNoData>(e.position, velocity, e.player, e.health, e.damage, sprite);
        } else {
            world.create<s7::HeroBare>(e.position, e.player, e.health, e.damage, sprite);
        }
    }
}

void systems7_kiln(benchmark::State& state, std::size_t n) {
    s7::World world;
    build(world, n);
    std::vector<std::int8_t> pixels(std::size_t{frame_width} * frame_height);
    world.resource<s7::Frame>().buffer.pixels = pixels.data();
    for (auto _ : state) {
        world.run(s7::stage::update);
        benchmark::DoNotOptimize(world);
    }
    publish(state, world.size());
}

// --- soa: one std::vector per component, for each component set ---

struct entity_group {
    bool has_velocity, has_data, has_player; // every group has Position; Player comes with Health, Damage, Sprite
    std::vector<s7::Position> position;
    std::vector<s7::Velocity> velocity;
    std::vector<s7::Data> data;
    std::vector<s7::Player> player;
    std::vector<s7::Health> health;
    std::vector<s7::Damage> damage;
    std::vector<s7::Sprite> sprite;
};

struct soa_frame {
    // mover, hero, hero without velocity, hero without data, bare hero: the archetypes' order.
    std::array<entity_group, 5> groups{{{true, true, false, {}, {}, {}, {}, {}, {}, {}},
                                        {true, true, true, {}, {}, {}, {}, {}, {}, {}},
                                        {false, true, true, {}, {}, {}, {}, {}, {}, {}},
                                        {true, false, true, {}, {}, {}, {}, {}, {}, {}},
                                        {false, false, true, {}, {}, {}, {}, {}, {}, {}}}};
    std::vector<std::int8_t> pixels = std::vector<std::int8_t>(std::size_t{frame_width} * frame_height);
    float dt = 1.0f / 60.0f;
};

void build(soa_frame& frame, std::size_t n) {
    const s7::Data data = initial_data();
    for (const entity_plan& e : plan_entities(n)) {
        const std::size_t kind = !e.hero_or_monster ? 0 : e.velocity && e.data ? 1 : e.data ? 2 : e.velocity ? 3 : 4;
        entity_group& group = frame.groups[kind];
        group.position.push_back(e.position);
        if (group.has_velocity) {
            group.velocity.push_back({});
        }
        if (group.has_data) {
            group.data.push_back(data);
        }
        if (group.has_player) {
            group.player.push_back(e.player);
            group.health.push_back(e.health);
            group.damage.push_back(e.damage);
            group.sprite.push_back({'_'});
        }
    }
}

void run_frame(soa_frame& frame) {
    const float delta = frame.dt;
    for (entity_group& g : frame.groups) {
        for (std::size_t i = 0; i < g.velocity.size(); ++i) {
            movement(g.position[i], g.velocity[i], delta);
        }
    }
    for (entity_group& g : frame.groups) {
        for (s7::Data& data : g.data) {
            data_update(data, delta);
        }
    }
    for (entity_group& g : frame.groups) {
        if (g.has_velocity && g.has_data) {
            for (std::size_t i = 0; i < g.position.size(); ++i) {
                more_complex(g.position[i], g.velocity[i], g.data[i]);
            }
        }
    }
    for (entity_group& g : frame.groups) {
        for (s7::Health& health : g.health) {
            health_update(health);
        }
    }
    for (entity_group& g : frame.groups) {
        for (std::size_t i = 0; i < g.health.size(); ++i) {
            damage_update(g.health[i], g.damage[i]);
        }
    }
    for (entity_group& g : frame.groups) {
        for (std::size_t i = 0; i < g.sprite.size(); ++i) {
            sprite_update(g.sprite[i], g.player[i], g.health[i]);
        }
    }
    std::int8_t* pixels = frame.pixels.data();
    for (entity_group& g : frame.groups) {
        for (std::size_t i = 0; i < g.sprite.size(); ++i) {
            render(pixels, g.position[i], g.sprite[i]);
        }
    }
}

void systems7_soa(benchmark::State& state, std::size_t n) {
    soa_frame frame;
    build(frame, n);
    for (auto _ : state) {
        run_frame(frame);
        benchmark::DoNotOptimize(frame);
    }
    publish(state, n);
}

} // namespace

void add_systems7_cases() {
    add("systems7", {{"kiln", systems7_kiln}, {"soa", systems7_soa}});
}

} // namespace kiln_bench
