// The bodies of the render stage's systems of tests/schema/apart.toml: Bury's
// and Sum's loops compile here; Inspect, Heal and Count keep theirs in the
// world's unit (optional components, a changed filter, no rows).
#include <apart/archetypes/Corpse.hpp>
#include <apart/systems/Bury.hpp>
#include <apart/systems/Count.hpp>
#include <apart/systems/Heal.hpp>
#include <apart/systems/Inspect.hpp>
#include <apart/systems/Sum.hpp>

void apart::Bury::run(kiln::system_commands<World>& commands, kiln::entity entity, const Position& position,
                      const Health& health) {
    if (health.hp <= 0) {
        commands.destroy(entity);
        commands.create<Corpse>(position);
    }
}

void apart::Sum::run(std::span<const Position> position, Totals& totals) {
    for (const Position& at : position) {
        totals.x += at.x;
    }
}

void apart::Inspect::run(Seen& seen, const Health* health) {
    seen.runs += health == nullptr ? 1000 : 0;
}

void apart::Heal::run(const Health&, Totals& totals) {
    totals.healed += 1;
}

void apart::Count::run(Totals& totals) {
    totals.frames += 1;
}
