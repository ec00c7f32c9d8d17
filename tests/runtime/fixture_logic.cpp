// The bodies of the fixture world's systems and observers
// (tests/schema/fixture_systems.toml). Each does something a test can see,
// and depends only on the entity's own values (Survey also on the order of
// the rows it visits, which is the world's), so that any executor must reach
// the same world.
#include <fixture/world.hpp>

#include <bit>
#include <cstdint>

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

// A digest (FNV-1a's step) of the velocities in the order it visits them:
// another order, or two threads at once, gives other points. Keeping 48 bits
// leaves Tally room to add without overflow.
void fixture::Survey::run(const Velocity& velocity, Score& score) {
    const std::uint64_t bits =
        std::bit_cast<std::uint32_t>(velocity.x) | std::uint64_t{std::bit_cast<std::uint32_t>(velocity.y)} << 32;
    const std::uint64_t mixed = (static_cast<std::uint64_t>(score.points) ^ bits) * 0x100000001b3u;
    score.points = static_cast<std::int64_t>(mixed & 0xffff'ffff'ffffu);
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
