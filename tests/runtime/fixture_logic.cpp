// The bodies of the fixture world's systems and observers
// (tests/schema/fixture_systems.toml). Each does something a test can see,
// and depends only on the entity's own values, so that any executor must
// reach the same world.
#include <fixture/world.hpp>

void fixture::Integrate::run(Position& position, const Velocity& velocity) {
    position.x += velocity.x;
    position.y += velocity.y;
}

void fixture::Decay::run(Health& health) {
    health.hp -= health.regen ? 1 : 3;
}

void fixture::Paint::run(Color::ref color, const Health& health) {
    color.r = static_cast<std::uint8_t>(health.hp);
    color.g = static_cast<std::uint8_t>(color.g + 1);
}

// Ships out of health die; weak ones freeze.
void fixture::Reap::run(kiln::system_commands<World>& commands, kiln::entity entity, const Health& health) {
    if (health.hp <= 0) {
        commands.destroy(entity);
    } else if (health.hp < 20) {
        commands.add<Frozen>(entity);
    }
}

void fixture::CountTicks::run(Clock& clock) {
    ++clock.ticks;
}

void fixture::Tally::run(std::span<const Position> positions, Score& score) {
    for (const Position& position : positions) {
        score.points += static_cast<std::int64_t>(position.x);
    }
}

// A frozen entity targets itself.
void fixture::MarkFrozen::run(kiln::deferred_world<World>&, kiln::entity entity, Target& target) {
    target.who = entity;
}
