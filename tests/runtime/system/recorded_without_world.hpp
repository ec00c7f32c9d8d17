// What recorded_change.cpp has recorded and asked by a file that includes
// fixture's components and world_fwd.hpp alone (recorded_without_world.cpp),
// as a file of system bodies that includes only its systems' headers does.
#pragma once

#include <kiln/entity/entity.hpp>
#include <kiln/system/command_recorder.hpp>

#include <fixture/world_fwd.hpp>

namespace recorded {

// The entities recorded on, one of each archetype a change leaves, and one
// dead.
struct targets {
    kiln::entity ship;     // Ship
    kiln::entity frozen;   // FrozenShip
    kiln::entity particle; // Particle
    kiln::entity marker;   // Marker
    kiln::entity beacon;   // Beacon
    kiln::entity dead;
};

// Records, without the world: add<Frozen>(ship), set<Color>(ship),
// remove<Frozen>(frozen), set<Health>(frozen), replace<Velocity,
// Tag>(particle), remove<Position>(marker), add<Position>(beacon), a
// change of each kind on dead, and destroy(dead).
void record(const kiln::command_recorder<fixture::World>& commands, const targets& on);

// What create made, its handles reserved without the world.
struct created {
    kiln::entity frozen;   // FrozenShip, given Position, Health and Color (split)
    kiln::entity particle; // Particle, given nothing: its defaults
};

// Records, without the world (each archetype's header included, not
// world.hpp): create<FrozenShip>(Position{41, 42}, Health{3, false},
// Color{4, 5, 6}) and create<Particle>().
created create(const kiln::command_recorder<fixture::World>& commands);

// What alive and has answer without the world.
struct answers {
    bool ship_alive;
    bool dead_alive;
    bool ship_has_frozen;
    bool frozen_has_frozen;
    bool ship_has_color;
    bool beacon_has_position;
    bool dead_has_position;
};

answers ask(const kiln::command_recorder<fixture::World>& commands, const targets& on);

} // namespace recorded
