#include <kiln/system/command_recorder.hpp>

#include <fixture/world.hpp>

#include <catch2/catch.hpp>

using recorder_type = kiln::command_recorder<fixture::World>;

TEST_CASE("a recorder's changes reach the world only when its buffer is applied") {
    fixture::World world;
    const kiln::entity ship = world.create<fixture::Ship>(fixture::Health{50});
    const kiln::entity particle = world.create<fixture::Particle>();
    fixture::World::commands_type buffer{world};
    const recorder_type recorder{world, buffer};

    const kiln::handle<fixture::Particle> created = recorder.create<fixture::Particle>(fixture::Position{1, 2});
    recorder.add<fixture::Frozen>(ship);
    recorder.set<fixture::Health>(ship, fixture::Health{7});
    recorder.destroy(particle);
    recorder.remove<fixture::Position>(particle);

    CHECK(buffer.size() == 5);
    CHECK_FALSE(world.alive(created));
    CHECK_FALSE(world.has<fixture::Frozen>(ship));
    CHECK(world.get<fixture::Health>(ship).hp == 50);
    CHECK(world.alive(particle));
    CHECK(world.size() == 2);

    buffer.apply();

    CHECK(buffer.empty());
    REQUIRE(world.alive(created));
    CHECK(world.get<fixture::Position>(created).x == 1);
    CHECK(world.get<fixture::Position>(created).y == 2);
    CHECK(world.has<fixture::Frozen>(ship));
    CHECK(world.get<fixture::Health>(ship).hp == 7);
    CHECK_FALSE(world.alive(particle));
    CHECK(world.size() == 2);
}

TEST_CASE("a recorder's commands apply in the order recorded") {
    fixture::World world;
    const kiln::entity ship = world.create<fixture::Ship>();
    fixture::World::commands_type buffer{world};
    const recorder_type recorder{world, buffer};

    recorder.set<fixture::Health>(ship, fixture::Health{1});
    recorder.add<fixture::Frozen>(ship);
    recorder.set<fixture::Health>(ship, fixture::Health{2});
    recorder.remove<fixture::Frozen>(ship);
    buffer.apply();

    CHECK(world.get<fixture::Health>(ship).hp == 2);
    CHECK_FALSE(world.has<fixture::Frozen>(ship));
}

TEST_CASE("alive and has answer from the world as it is now, not from what is recorded") {
    fixture::World world;
    const kiln::entity ship = world.create<fixture::Ship>();
    const kiln::entity particle = world.create<fixture::Particle>();
    fixture::World::commands_type buffer{world};
    const recorder_type recorder{world, buffer};

    CHECK(recorder.alive(ship));
    CHECK(recorder.has<fixture::Health>(ship));
    CHECK_FALSE(recorder.has<fixture::Health>(particle));
    CHECK_FALSE(recorder.has<fixture::Frozen>(ship));

    const kiln::entity reserved = recorder.create<fixture::Ship>();
    CHECK_FALSE(recorder.alive(reserved));
    recorder.add<fixture::Frozen>(ship);
    CHECK_FALSE(recorder.has<fixture::Frozen>(ship));

    world.destroy(particle); // a change made directly shows at once
    CHECK_FALSE(recorder.alive(particle));

    buffer.apply();
    CHECK(recorder.alive(reserved));
    CHECK(recorder.has<fixture::Frozen>(ship));
}
