// Commands recorded where fixture::World is only declared: create, add,
// remove, replace and set as data (kiln/system/recorded_change.hpp), alive
// and has from the entity table. Compiled without the tests' precompiled
// world.
#include "recorded_without_world.hpp"

#include <fixture/archetypes/FrozenShip.hpp>
#include <fixture/archetypes/Particle.hpp>

#include <fixture/components/Color.hpp>
#include <fixture/components/Frozen.hpp>
#include <fixture/components/Health.hpp>
#include <fixture/components/Position.hpp>
#include <fixture/components/Tag.hpp>
#include <fixture/components/Velocity.hpp>

namespace {

template <class World>
constexpr bool defined = requires { sizeof(World); };

static_assert(!defined<fixture::World>, "recorded_without_world.cpp must not see the world's definition");

} // namespace

void recorded::record(const kiln::command_recorder<fixture::World>& commands, const targets& on) {
    commands.add<fixture::Frozen>(on.ship);
    commands.set<fixture::Color>(on.ship, {10, 20, 30});
    commands.remove<fixture::Frozen>(on.frozen);
    commands.set<fixture::Health>(on.frozen, {7, false});
    commands.replace<fixture::Velocity, fixture::Tag>(on.particle);
    commands.remove<fixture::Position>(on.marker);
    commands.add<fixture::Position>(on.beacon, {5, 6});
    commands.add<fixture::Frozen>(on.dead);
    commands.remove<fixture::Frozen>(on.dead);
    commands.replace<fixture::Velocity, fixture::Tag>(on.dead);
    commands.set<fixture::Health>(on.dead, {1, true});
    commands.destroy(on.dead);
}

recorded::created recorded::create(const kiln::command_recorder<fixture::World>& commands) {
    const kiln::handle<fixture::FrozenShip> frozen =
        commands.create<fixture::FrozenShip>(fixture::Position{41, 42}, fixture::Health{3, false},
                                             fixture::Color{4, 5, 6});
    return {frozen, commands.create<fixture::Particle>()};
}

recorded::answers recorded::ask(const kiln::command_recorder<fixture::World>& commands, const targets& on) {
    return {commands.alive(on.ship),
            commands.alive(on.dead),
            commands.has<fixture::Frozen>(on.ship),
            commands.has<fixture::Frozen>(on.frozen),
            commands.has<fixture::Color>(on.ship),
            commands.has<fixture::Position>(on.beacon),
            commands.has<fixture::Position>(on.dead)};
}
