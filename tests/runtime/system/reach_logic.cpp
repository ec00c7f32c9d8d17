// The bodies of the lookup world's systems (tests/schema/reach.toml). This
// file includes systems.hpp alone: a lookup needs no more of the world.
#include <reach/systems.hpp>

void reach::Chase::run(Velocity& velocity, const Position& position, const Target& target,
                       const kiln::lookup<players_lookup>& players, const kiln::lookup<ghosts_lookup>& ghosts) {
    const Position* to = players.get(target.id);
    if (to == nullptr) {
        to = ghosts.get<Position>(target.id);
    }
    velocity = to == nullptr ? Velocity{} : Velocity{to->x - position.x, to->y - position.y};
}

void reach::Hurt::run(const Target& target, const kiln::lookup<walls_lookup>& walls) {
    if (Health* health = walls.get(target.id)) {
        health->hp -= 1;
    }
}

void reach::Note::run(kiln::entity entity, Seen& seen, const Shield* shield, bool has_frozen) {
    seen = {entity, shield != nullptr ? shield->hp : -1, has_frozen};
}

void reach::Follow::run(Velocity& velocity, const Position& position, const kiln::single<player_lookup>& player) {
    const Position& to = player.get();
    velocity = {to.x - position.x, to.y - position.y};
}
