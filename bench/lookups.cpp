// Lookups and optional components against the same work written by hand:
//
// lookup_read/kiln/N      lookup_target (shared/BENCH_CASES.md): a system, Aim,
//                         reads each entity's target's Position through a
//                         lookup and writes its own Velocity
// lookup_read/checked/N   the same pass written by hand over kiln's columns,
//                         the target found as a checked lookup must: its
//                         slot (an 8-byte generation, archetype and row, on
//                         the pages kiln's entity table uses), the
//                         generation and the archetype checked, then the
//                         row of the Position column
// lookup_read/paired/N    the two above alternated on one world, each pass
//                         timed: kiln's time, and kiln over checked as the
//                         counter kiln_over_checked
// lookup_read/aos/N       the floor: one vector of {Position, Velocity,
//                         target row}, one random read of a row
// optional/kiln/N         a system, Drift, with Boost optional over two
//                         archetypes of N/2 rows each: p += v * dt * k, k the
//                         Boost's or 1 where there is none
// optional/loops/N        two hand-written loops over the same columns, one
//                         per archetype
//
// Run: build/release/bench/kiln_bench_lookups
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <utility>
#include <vector>

#include <benchmark/benchmark.h>
#include <bench/lookups/world.hpp>
#include <kiln/entity/huge_pages.hpp>

#include "alternated.hpp"

namespace {

namespace lk = bench::lookups;

constexpr float dt = 1.0f / 60.0f;

lk::Position position(std::size_t i) {
    return {static_cast<float>(i % 1024), static_cast<float>(i % 512)};
}

lk::Velocity velocity(std::size_t i) {
    return {1.0f + static_cast<float>(i % 7), 2.0f - static_cast<float>(i % 5)};
}

// BENCH_CASES.md's target(i): another entity, never i.
std::vector<std::uint32_t> targets(std::size_t n) {
    std::mt19937 engine{12345};
    std::vector<std::uint32_t> chosen(n);
    for (std::size_t i = 0; i < n; ++i) {
        auto r = static_cast<std::uint32_t>(engine() % (n - 1));
        chosen[i] = r >= i ? r + 1 : r;
    }
    return chosen;
}

void publish(benchmark::State& state, std::size_t entities) {
    state.counters["entities"] = static_cast<double>(entities);
}

void register_each(const char* name, void (*body)(benchmark::State&, std::size_t)) {
    for (const std::size_t n : {std::size_t{10000}, std::size_t{100000}, std::size_t{1000000}}) {
        benchmark::RegisterBenchmark((std::string(name) + "/" + std::to_string(n)).c_str(), body, n)->UseRealTime();
    }
}

void make_movers(lk::World& world, std::size_t n) {
    const std::span<const kiln::entity> created = world.create_n<lk::Mover>(
        n, [](std::size_t i) { return std::tuple{position(i), velocity(i)}; });
    const std::vector<std::uint32_t> chosen = targets(n);
    auto view = world.storage<lk::Mover>();
    for (std::size_t i = 0; i < n; ++i) {
        view.column<lk::Target>()[i].id = created[chosen[i]];
    }
}

// A sample of the velocities, for the three to be seen doing the same work.
float checksum(std::span<const lk::Velocity> velocities) {
    float sum = 0;
    for (std::size_t i = 0; i < velocities.size(); i += velocities.size() / 17 + 1) {
        sum += velocities[i].x + velocities[i].y;
    }
    return sum;
}

void lookup_read_kiln(benchmark::State& state, std::size_t n) {
    lk::World world;
    make_movers(world, n);
    world.run(lk::stage::update);
    for (auto _ : state) {
        world.run(lk::stage::update);
    }
    state.counters["checksum"] = checksum(world.storage<lk::Mover>().column<lk::Velocity>());
    publish(state, n);
}

// A generation, then the archetype in the high 8 bits of a word and the row
// in the low 24, as kiln packs them (kiln/entity_table.hpp).
struct slot {
    std::uint32_t generation;
    std::uint32_t place;
};

constexpr std::uint32_t row_bits = 24;

// The checked lookup's pass over the world's Mover rows: its own table of
// slots, filled once from the world's entities.
class checked_pass {
public:
    checked_pass(lk::World& world, std::size_t n)
        : view_{world.storage<lk::Mover>()}, n_{n}, slots_{kiln::internal::allocate_random_access<slot>(n).elements} {
        const std::span<const kiln::entity> entities = view_.entities();
        for (std::uint32_t row = 0; row < n; ++row) {
            slots_[entities[row].index()] = {entities[row].generation(), mover << row_bits | row};
        }
    }

    void operator()() {
        const lk::Position* positions = view_.column<lk::Position>().data();
        lk::Velocity* velocities = view_.column<lk::Velocity>().data();
        const lk::Target* targets = view_.column<lk::Target>().data();
        for (std::size_t i = 0; i < n_; ++i) {
            const kiln::entity target = targets[i].id;
            const slot s = slots_[target.index()];
            if (s.generation == target.generation() && s.place >> row_bits == mover) {
                const lk::Position& t = positions[s.place & ((1u << row_bits) - 1)];
                velocities[i] = {(t.x - positions[i].x) * 0.5f, (t.y - positions[i].y) * 0.5f};
            } else {
                velocities[i] = {};
            }
        }
    }

private:
    static constexpr std::uint32_t mover = lk::Mover::id;
    decltype(std::declval<lk::World&>().storage<lk::Mover>()) view_;
    std::size_t n_;
    kiln::internal::random_access_ptr<slot> slots_;
};

void lookup_read_checked(benchmark::State& state, std::size_t n) {
    lk::World world;
    make_movers(world, n);
    checked_pass run{world, n};
    run();
    for (auto _ : state) {
        run();
        benchmark::ClobberMemory();
    }
    state.counters["checksum"] = checksum(world.storage<lk::Mover>().column<lk::Velocity>());
    publish(state, n);
}

// kiln's pass and the checked one on the same world, alternated pass by pass
// (alternated.hpp), each timed on its own: random reads swing twofold here
// between runs of the same binary and between one world's allocation and
// the next. The time reported is kiln's pass; the counter kiln_over_checked,
// the target of bench/suite.toml, is the sum of kiln's times over the sum of
// the checked pass's.
void lookup_read_paired(benchmark::State& state, std::size_t n) {
    lk::World world;
    make_movers(world, n);
    checked_pass checked{world, n};
    const auto kiln_pass = [&] { world.run(lk::stage::update); };
    const auto timed = [](auto&& pass) {
        const auto start = std::chrono::steady_clock::now();
        pass();
        benchmark::ClobberMemory();
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    kiln_pass();
    checked();
    state.counters["kiln_over_checked"] =
        kiln_bench::alternated(state, [&] { return timed(kiln_pass); }, [&] { return timed(checked); });
    publish(state, n);
}

void lookup_read_aos(benchmark::State& state, std::size_t n) {
    struct row {
        lk::Position position;
        lk::Velocity velocity;
        std::uint32_t target;
    };
    std::vector<row> rows(n);
    const std::vector<std::uint32_t> chosen = targets(n);
    for (std::size_t i = 0; i < n; ++i) {
        rows[i] = {position(i), velocity(i), chosen[i]};
    }
    const auto run = [&] {
        for (row& r : rows) {
            const lk::Position& t = rows[r.target].position;
            r.velocity = {(t.x - r.position.x) * 0.5f, (t.y - r.position.y) * 0.5f};
        }
    };
    run();
    for (auto _ : state) {
        run();
        benchmark::ClobberMemory();
    }
    std::vector<lk::Velocity> velocities(n);
    for (std::size_t i = 0; i < n; ++i) {
        velocities[i] = rows[i].velocity;
    }
    state.counters["checksum"] = checksum(velocities);
    publish(state, n);
}

void make_drifters(lk::World& world, std::size_t n) {
    world.create_n<lk::Plain>(n / 2, [](std::size_t i) { return std::tuple{position(i), velocity(i)}; });
    world.create_n<lk::Boosted>(n - n / 2, [](std::size_t i) {
        return std::tuple{position(i), velocity(i), lk::Boost{1.0f + static_cast<float>(i % 3)}};
    });
}

void optional_kiln(benchmark::State& state, std::size_t n) {
    lk::World world;
    make_drifters(world, n);
    world.run(lk::stage::render);
    for (auto _ : state) {
        world.run(lk::stage::render);
    }
    publish(state, n);
}

void optional_loops(benchmark::State& state, std::size_t n) {
    lk::World world;
    make_drifters(world, n);
    auto plain = world.storage<lk::Plain>();
    auto boosted = world.storage<lk::Boosted>();
    const auto run = [&] {
        lk::Position* p = plain.column<lk::Position>().data();
        const lk::Velocity* v = plain.column<lk::Velocity>().data();
        for (std::size_t i = 0, size = plain.size(); i < size; ++i) {
            p[i].x += v[i].x * dt * 1.0f;
            p[i].y += v[i].y * dt * 1.0f;
        }
        lk::Position* bp = boosted.column<lk::Position>().data();
        const lk::Velocity* bv = boosted.column<lk::Velocity>().data();
        const lk::Boost* b = boosted.column<lk::Boost>().data();
        for (std::size_t i = 0, size = boosted.size(); i < size; ++i) {
            bp[i].x += bv[i].x * dt * b[i].k;
            bp[i].y += bv[i].y * dt * b[i].k;
        }
    };
    run();
    for (auto _ : state) {
        run();
        benchmark::ClobberMemory();
    }
    publish(state, n);
}

} // namespace

// The systems' bodies, in this file so that the world's loops inline them,
// as the hand-written loops are inlined.
void lk::Aim::run(Velocity& velocity, const Position& position, const Target& target,
                  const kiln::lookup<targets_lookup>& targets) {
    if (const Position* t = targets.get(target.id)) {
        velocity = {(t->x - position.x) * 0.5f, (t->y - position.y) * 0.5f};
    } else {
        velocity = {};
    }
}

void lk::Drift::run(Position& position, const Velocity& velocity, const Boost* boost) {
    const float k = boost != nullptr ? boost->k : 1.0f;
    position.x += velocity.x * dt * k;
    position.y += velocity.y * dt * k;
}

int main(int argc, char** argv) {
    register_each("lookup_read/kiln", lookup_read_kiln);
    register_each("lookup_read/checked", lookup_read_checked);
    register_each("lookup_read/aos", lookup_read_aos);
    for (const std::size_t n : {std::size_t{10000}, std::size_t{100000}, std::size_t{1000000}}) {
        benchmark::RegisterBenchmark(("lookup_read/paired/" + std::to_string(n)).c_str(), lookup_read_paired, n)
            ->UseManualTime();
    }
    register_each("optional/kiln", optional_kiln);
    register_each("optional/loops", optional_loops);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
