#include <kiln/save.hpp>
#include <kiln/system/system.hpp>

#include <fixture/reflection.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <string_view>
#include <type_traits>
#include <vector>

using fixture::World;

TEST_CASE("progress runs init once, fixed stages per fixed step, and frame stages once") {
    World world; // fixed_step = 0.25 in tests/schema/fixture_systems.toml
    world.progress(1.0);
    CHECK(world.resource<fixture::Clock>().ticks == 4);
    world.progress(0.1);
    CHECK(world.resource<fixture::Clock>().ticks == 4);
    world.progress(0.2); // 0.3 accumulated: one more step
    CHECK(world.resource<fixture::Clock>().ticks == 5);
}

TEST_CASE("run calls a stage's systems on the entities their queries match") {
    World world;
    const kiln::entity particle = world.create<fixture::Particle>(fixture::Velocity{2, 3});
    const kiln::entity ship = world.create<fixture::Ship>(fixture::Health{60, true}, fixture::Velocity{1, 1});
    const kiln::entity frozen = world.create<fixture::FrozenShip>(fixture::Health{60, false}, fixture::Velocity{1, 1});
    world.run(fixture::stage::update);
    CHECK(world.get<fixture::Position>(particle).x == 2);
    CHECK(world.get<fixture::Position>(ship).y == 1);
    CHECK(world.get<fixture::Position>(frozen).y == 0); // Integrate skips the frozen
    CHECK(world.get<fixture::Health>(ship).hp == 59);
    CHECK(world.get<fixture::Health>(frozen).hp == 57);
    CHECK(world.get<fixture::Color>(ship).r == 59); // Paint runs after Decay
    CHECK(world.get<fixture::Color>(ship).g == 3);
}

TEST_CASE("a system's commands are applied when its stage ends") {
    World world;
    const kiln::entity dying = world.create<fixture::Ship>(fixture::Health{1, true});
    const kiln::entity weak = world.create<fixture::Ship>(fixture::Health{15, true});
    world.run(fixture::stage::update);
    CHECK_FALSE(world.alive(dying));
    REQUIRE(world.alive(weak));
    CHECK(world.has<fixture::Frozen>(weak));
    CHECK(world.get<fixture::Target>(weak).who == weak); // MarkFrozen saw it arrive
}

// Survey digests the velocities in the order of the rows: a stage that met a
// row left by destroy(e), or met the rows in another order than the world
// settled gives, would leave another Score.
TEST_CASE("a stage meets the rows settled: destroy(e) one by one leaves what destroy(span) does") {
    World single;
    World batched;
    std::vector<kiln::entity> ships;
    for (int i = 0; i < 500; ++i) {
        const fixture::Velocity velocity{static_cast<float>(i), static_cast<float>(i % 7)};
        ships.push_back(single.create<fixture::Ship>(velocity, fixture::Health{50 + i % 40, true}));
        REQUIRE(batched.create<fixture::Ship>(velocity, fixture::Health{50 + i % 40, true}) == ships.back());
    }
    std::mt19937 random(3);
    std::shuffle(ships.begin(), ships.end(), random);
    ships.resize(150);
    for (const kiln::entity e : ships) {
        single.destroy(e);
    }
    batched.destroy(ships);
    single.run(fixture::stage::update);
    batched.run(fixture::stage::update);
    CHECK(single.resource<fixture::Score>().points == batched.resource<fixture::Score>().points);
    std::vector<std::byte> single_save;
    std::vector<std::byte> batched_save;
    REQUIRE_FALSE(kiln::save(single, single_save));
    REQUIRE_FALSE(kiln::save(batched, batched_save));
    CHECK(single_save == batched_save);
}

TEST_CASE("the column form gets whole columns") {
    World world;
    world.create_n<fixture::Particle>(10, [](std::size_t i) { return std::tuple{fixture::Position{float(i), 0}}; });
    world.run(fixture::stage::render);
    CHECK(world.resource<fixture::Score>().points == 45);
}

TEST_CASE("observers run when an entity enters their set, by create or by move") {
    World world;
    const kiln::entity born_frozen = world.create<fixture::FrozenShip>();
    CHECK(world.get<fixture::Target>(born_frozen).who == born_frozen);
    const kiln::entity ship = world.create<fixture::Ship>();
    CHECK(world.get<fixture::Target>(ship).who.is_null());
    world.add<fixture::Frozen>(ship);
    CHECK(world.get<fixture::Target>(ship).who == ship);
}

#if KILN_HAS_TBB

namespace {

bool same(const fixture::Position& a, const fixture::Position& b) { return a.x == b.x && a.y == b.y; }
bool same(const fixture::Velocity& a, const fixture::Velocity& b) { return a.x == b.x && a.y == b.y; }
bool same(const fixture::Health& a, const fixture::Health& b) { return a.hp == b.hp && a.regen == b.regen; }
bool same(const fixture::Target& a, const fixture::Target& b) { return a.who == b.who; }
bool same(const fixture::Color& a, const fixture::Color& b) { return a.r == b.r && a.g == b.g && a.b == b.b; }
bool same(const fixture::Frozen&, const fixture::Frozen&) { return true; }

void populate(World& world, std::uint64_t seed, int count) {
    std::mt19937_64 random{seed};
    std::uniform_int_distribution<int> hp{1, 120};
    std::uniform_int_distribution<int> kind{0, 2};
    for (int i = 0; i < count; ++i) {
        const fixture::Velocity velocity{static_cast<float>(i % 7), static_cast<float>(i % 3)};
        const fixture::Health health{hp(random), i % 2 == 0};
        switch (kind(random)) {
        case 0: world.create<fixture::Particle>(velocity); break;
        case 1: world.create<fixture::Ship>(velocity, health); break;
        default: world.create<fixture::FrozenShip>(velocity, health); break;
        }
    }
}

// Every archetype holds the same entities in the same rows with the same values.
template <class... Archetypes>
void check_identical(World& serial, World& parallel, kiln::type_list<Archetypes...>) {
    const auto check_archetype = [&]<class A>() {
        const auto left = serial.storage<A>();
        const auto right = parallel.storage<A>();
        REQUIRE(left.size() == right.size());
        CHECK(std::equal(left.entities().begin(), left.entities().end(), right.entities().begin()));
        kiln::for_each_type(typename A::components{}, [&]<class C>() {
            if constexpr (requires(const C& c) { same(c, c); }) {
                for (std::size_t row = 0; row < left.size(); ++row) {
                    const C a = left.template at<C>(row);
                    const C b = right.template at<C>(row);
                    if (!same(a, b)) {
                        FAIL_CHECK(A::name << " row " << row << " differs in " << kiln::component_traits<C>::name);
                        return;
                    }
                }
            }
        });
    };
    (check_archetype.template operator()<Archetypes>(), ...);
}

// The parallel executor as it comes, which runs work too small to split on
// the calling thread, and one that splits every batch and parallel system.
kiln::parallel_executor parallel_executor_of(bool split_everything) {
    return split_everything ? kiln::parallel_executor{std::chrono::nanoseconds{0}} : kiln::parallel_executor{};
}

} // namespace

TEST_CASE("the parallel executor leaves exactly the world the serial one does") {
    const bool split_everything = GENERATE(true, false);
    INFO((split_everything ? "every system split" : "split where the work is worth it"));
    const kiln::parallel_executor executor = parallel_executor_of(split_everything);
    World serial;
    World parallel;
    populate(serial, 2024, 20'000);
    populate(parallel, 2024, 20'000);
    for (int frame = 0; frame < 40; ++frame) {
        serial.progress(0.3);
        parallel.progress(0.3, executor);
    }
    CHECK(serial.size() == parallel.size());
    CHECK(serial.size() < 20'000); // the frames did kill some
    CHECK(serial.resource<fixture::Clock>().ticks == parallel.resource<fixture::Clock>().ticks);
    CHECK(serial.resource<fixture::Score>().points == parallel.resource<fixture::Score>().points);
    check_identical(serial, parallel, fixture::schema::archetypes{});
}

// Survey writes Score entity after entity, in a batch that the parallel
// executor runs on several threads. New entities every frame keep Reap
// destroying and freezing ships, so that rows move and Survey visits them in
// ever new orders; a race, or rows visited out of order, would show in Score.
TEST_CASE("a system that writes a resource leaves the same save under the parallel executor as under the serial one") {
    const bool split_everything = GENERATE(true, false);
    INFO((split_everything ? "every system split" : "split where the work is worth it"));
    const kiln::parallel_executor executor = parallel_executor_of(split_everything);
    World serial;
    World parallel;
    populate(serial, 77, 5'000);
    populate(parallel, 77, 5'000);
    for (int frame = 0; frame < 200; ++frame) {
        populate(serial, static_cast<std::uint64_t>(frame), 50);
        populate(parallel, static_cast<std::uint64_t>(frame), 50);
        serial.progress(0.3);
        parallel.progress(0.3, executor);
    }
    CHECK(serial.size() > 1'000);
    CHECK(serial.resource<fixture::Score>().points != 0);
    CHECK(std::memcmp(&serial.resource<fixture::Score>(), &parallel.resource<fixture::Score>(),
                      sizeof(fixture::Score)) == 0);
    std::vector<std::byte> serial_save;
    std::vector<std::byte> parallel_save;
    REQUIRE_FALSE(kiln::save(serial, serial_save));
    REQUIRE_FALSE(kiln::save(parallel, parallel_save));
    CHECK(serial_save == parallel_save);
}

#endif

namespace {

// The rows query_of<S> visits (kilnc's matching, given in S::archetypes) and
// those the runtime's rule matches (query<access, with, without>) agree: the
// same archetypes, in the same order, with the same columns.
template <class S>
void check_matching_agrees() {
    INFO(S::name);
    using given = kiln::internal::query_of<S>;
    using matched = kiln::query<typename S::access, typename S::with, typename S::without>;
    static_assert(!std::is_same_v<given, matched>, "S must name the archetypes kilnc matched");
    REQUIRE(given::targets.size() == matched::targets.size());
    for (std::size_t t = 0; t < given::targets.size(); ++t) {
        CHECK(given::targets[t].archetype == matched::targets[t].archetype);
        CHECK(given::targets[t].first_columns == matched::targets[t].first_columns);
    }
}

} // namespace

TEST_CASE("kilnc matches each system and observer to the archetypes the runtime's rule matches") {
    using described = kiln::internal::systems_of<fixture::schema>;
    std::size_t checked = 0;
    kiln::for_each_type(described::systems{}, [&]<class S>() {
        if constexpr (S::access::size > 0) {
            check_matching_agrees<S>();
            ++checked;
        }
    });
    kiln::for_each_type(described::observers{}, [&]<class O>() {
        check_matching_agrees<O>();
        ++checked;
    });
    CHECK(checked >= 7); // every fixture system with components, and its observer
}

namespace {

// Hand-written systems that a fused pass may hold: each touches only its own
// entity's components. Tour writes Score entity after entity, from values
// Drift and Wear wrote before it, so that a row visited out of order, or
// handed to Tour before Drift and Wear, shows in Score.
struct Drift {
    static constexpr std::string_view name = "Drift";
    using access = kiln::type_list<fixture::Position, const fixture::Velocity>;
    using with = kiln::type_list<>;
    using without = kiln::type_list<>;
    using resources = kiln::type_list<const fixture::Clock>;
    using archetypes = kiln::type_list<fixture::Particle, fixture::Ship, fixture::FrozenShip>;
    static constexpr bool commands = false;
    static constexpr bool parallel = false;
    static constexpr bool columns = false;

    static void run(fixture::Position& position, const fixture::Velocity& velocity, const fixture::Clock& clock) {
        position.x += velocity.x * clock.dt;
        position.y += velocity.y * clock.dt;
    }
};

struct Wear {
    static constexpr std::string_view name = "Wear";
    using access = kiln::type_list<fixture::Health>;
    using with = kiln::type_list<>;
    using without = kiln::type_list<>;
    using resources = kiln::type_list<>;
    using archetypes = kiln::type_list<fixture::Ship, fixture::FrozenShip>;
    static constexpr bool commands = false;
    static constexpr bool parallel = false;
    static constexpr bool columns = false;

    static void run(fixture::Health& health) { health.hp -= 1 + health.hp % 3; }
};

struct Tour {
    static constexpr std::string_view name = "Tour";
    using access = kiln::type_list<const fixture::Position, const fixture::Health>;
    using with = kiln::type_list<>;
    using without = kiln::type_list<>;
    using resources = kiln::type_list<fixture::Score>;
    using archetypes = kiln::type_list<fixture::Ship, fixture::FrozenShip>;
    static constexpr bool commands = false;
    static constexpr bool parallel = false;
    static constexpr bool columns = false;

    static void run(const fixture::Position& position, const fixture::Health& health, fixture::Score& score) {
        // The hash wraps within a frame: in unsigned arithmetic, where wrapping is defined.
        const auto x = static_cast<std::uint64_t>(static_cast<std::int64_t>(position.x * 8));
        score.points = static_cast<std::int64_t>(static_cast<std::uint64_t>(score.points) * 31 + x +
                                                 static_cast<std::uint64_t>(health.hp));
    }
};

// Shaped as kilnc writes systems, name included, though nothing here reads
// the names.
static_assert(kiln::system<Drift> && kiln::system<Wear> && kiln::system<Tour>);

// The fixture's world with Drift, Wear and Tour as its update stage: one
// fused pass, or a batch each.
template <bool Fused>
struct touring_schema : fixture::schema {
    using systems = kiln::type_list<Drift, Wear, Tour>;
    using observers = kiln::type_list<>;
    using batches = std::conditional_t<Fused, kiln::type_list<kiln::fused<Drift, Wear, Tour>>,
                                       kiln::type_list<kiln::batch<Drift>, kiln::batch<Wear>, kiln::batch<Tour>>>;
    using schedule = kiln::type_list<kiln::stage_plan<fixture::stage::update, batches>>;
};

template <class TouringWorld>
void populate_touring(TouringWorld& world) {
    std::mt19937_64 random{99};
    std::uniform_int_distribution<int> hp{1, 120};
    for (int i = 0; i < 3'000; ++i) {
        const fixture::Velocity velocity{static_cast<float>(i % 7) - 3, static_cast<float>(i % 5)};
        const fixture::Health health{hp(random), true};
        switch (i % 3) {
        case 0: world.template create<fixture::Particle>(velocity); break;
        case 1: world.template create<fixture::Ship>(velocity, health); break;
        default: world.template create<fixture::FrozenShip>(velocity, health); break;
        }
    }
}

} // namespace

TEST_CASE("a fused pass leaves the world and resources that its systems run one after another leave") {
    kiln::basic_world<touring_schema<false>> staged;
    kiln::basic_world<touring_schema<true>> fused;
    populate_touring(staged);
    populate_touring(fused);
    for (int frame = 0; frame < 5; ++frame) {
        staged.run(fixture::stage::update);
        fused.run(fixture::stage::update);
    }
    CHECK(staged.resource<fixture::Score>().points != 0);
    CHECK(fused.resource<fixture::Score>().points == staged.resource<fixture::Score>().points);
    std::vector<std::byte> staged_save;
    std::vector<std::byte> fused_save;
    REQUIRE_FALSE(kiln::save(staged, staged_save));
    REQUIRE_FALSE(kiln::save(fused, fused_save));
    CHECK(fused_save == staged_save);
    const fixture::Position moved = fused.storage<fixture::Particle>().at<fixture::Position>(1);
    CHECK((moved.x != 0 || moved.y != 0)); // Drift ran on the archetype Wear and Tour skip
}
