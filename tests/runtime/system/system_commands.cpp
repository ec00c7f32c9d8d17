#include <kiln/system/system_commands.hpp>

#include <fixture/world.hpp>

#include <catch2/catch.hpp>

#include <type_traits>

namespace {

using commands_type = kiln::system_commands<fixture::World>;

// Whether Access can read a component or a resource of the fixture world.
template <class Access>
concept reads_data = requires(Access& access, kiln::entity e) { access.template get<fixture::Position>(e); } ||
                     requires(Access& access, kiln::entity e) { access.template try_get<fixture::Position>(e); } ||
                     requires(Access& access) { access.template resource<fixture::Clock>(); };

} // namespace

TEST_CASE("system_commands records as a command_recorder does, and reads no component or resource") {
    STATIC_REQUIRE(std::is_base_of_v<kiln::command_recorder<fixture::World>, commands_type>);
    STATIC_REQUIRE(std::is_constructible_v<commands_type, const fixture::World&, fixture::World::commands_type&>);
    // A system shares its batch with others: reading beyond its declared
    // access would break the schedule's promise, so there is no way to.
    STATIC_REQUIRE_FALSE(reads_data<commands_type>);
    STATIC_REQUIRE(reads_data<kiln::deferred_world<fixture::World>>); // the same check finds a loop's access
}

TEST_CASE("a system's commands wait in its buffer until it is applied") {
    fixture::World world;
    const kiln::entity dying = world.create<fixture::Ship>(fixture::Health{0});
    const kiln::entity weak = world.create<fixture::Ship>(fixture::Health{10});
    const kiln::entity healthy = world.create<fixture::Ship>(fixture::Health{90});
    fixture::World::commands_type buffer{world};
    commands_type commands{world, buffer};

    // Reap (tests/runtime/fixture_logic.cpp) destroys the dead and freezes the weak.
    for (const kiln::entity ship : {dying, weak, healthy}) {
        fixture::Reap::run(commands, ship, world.get<fixture::Health>(ship));
    }
    CHECK(buffer.size() == 2);
    CHECK(world.alive(dying));
    CHECK_FALSE(world.has<fixture::Frozen>(weak));

    buffer.apply();
    CHECK_FALSE(world.alive(dying));
    CHECK(world.has<fixture::Frozen>(weak));
    CHECK_FALSE(world.has<fixture::Frozen>(healthy));
    CHECK(world.count<fixture::Frozen>() == 1);
}
