// The bodies of the update stage's systems of tests/schema/apart.toml, whose
// row loops compile here ([kiln] row_loops = "bodies"): this file includes
// each one's header, which defines its rows(), and no other file does.
#include <apart/systems/Chase.hpp>
#include <apart/systems/Drift.hpp>
#include <apart/systems/Flee.hpp>
#include <apart/systems/Mark.hpp>
#include <apart/systems/Weigh.hpp>

void apart::Drift::run(Position& position, const Velocity& velocity, const Clock& clock) {
    position.x += velocity.x * clock.dt;
    position.y += velocity.y * clock.dt;
}

void apart::Weigh::run(Mass::ref mass, const Velocity& velocity, Clock& clock) {
    mass.kg += velocity.x;
    mass.spins += 1;
    clock.rows += 1;
}

void apart::Mark::run(kiln::entity entity, Seen& seen) {
    seen.by = entity;
    seen.runs += 1;
}

void apart::Chase::run(Velocity& velocity, const Position& position, const Target& target,
                       const kiln::lookup<prey_lookup>& prey, const kiln::lookup<bitten_lookup>& bitten,
                       kiln::event_writer<Bumped>& emit_bumped) {
    const Position* to = prey.get(target.id);
    velocity = to == nullptr ? Velocity{} : Velocity{to->x - position.x, to->y - position.y};
    if (Health* health = bitten.get(target.id)) {
        health->hp -= 1;
        emit_bumped(Bumped{target.id});
    }
}

void apart::Flee::run(kiln::entity entity, Seen& seen, kiln::event_reader<Bumped> bumped_events) {
    for (const Bumped& bumped : bumped_events) {
        seen.bumps += bumped.who == entity ? 1 : 0;
    }
}
