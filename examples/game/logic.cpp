// The game's logic: the bodies of the systems and observers that game.toml,
// beside this file, declares. kilnc writes their signatures into
// game/systems.hpp; a body whose signature differs does not compile, and a
// body cannot reach a component its system did not declare, because the
// system is handed only what it declared.
//
// ThawHealthy records structural changes through kiln::deferred_world,
// whose use needs the whole world: hence world.hpp rather than the lighter
// systems.hpp that a file of plain systems needs.
#include <game/world.hpp>

#include <cmath>

namespace {
constexpr float two_pi = 6.28318530718f;
constexpr auto fixed_step = static_cast<float>(game::schema::fixed_step);
} // namespace

// Once per frame, before anything reads the clock.
void game::AdvanceClock::run(Time& time) {
    ++time.frame;
}

// Rising quads climb and wrap around at the top of the screen.
void game::Rise::run(Position& position, const Rising& rising, const Time& time) {
    position.y += rising.speed * time.dt;
    if (position.y > 100.0f) {
        position.y -= 200.0f;
    }
}

// Rotating quads turn in place.
void game::Spin::run(Angle& angle, const Rotating& rotating, const Time& time) {
    angle.radians = std::fmod(angle.radians + rotating.speed * time.dt, two_pi);
}

// Every quad's model matrix: a rotation about z, then a translation.
void game::UpdateModels::run(Model& model, const Position& position, const Angle& angle) {
    const float c = std::cos(angle.radians);
    const float s = std::sin(angle.radians);
    model.matrix.m = {c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, position.x, position.y, 0, 1};
}

// Particles and ships that are not frozen drift at their velocity, at the fixed step.
void game::Drift::run(Position& position, const Velocity& velocity) {
    position.x += velocity.x * fixed_step;
    position.y += velocity.y * fixed_step;
}

// A frozen ship whose health is back to 50 thaws: a structural change,
// recorded while the stage runs and applied when it ends.
void game::ThawHealthy::run(kiln::system_commands<World>& commands, kiln::entity entity, const Health& health) {
    if (health.hp >= 50) {
        commands.remove<Frozen>(entity);
    }
}

// Whatever freezes stops moving.
void game::StopFrozen::run(kiln::deferred_world<World>&, kiln::entity, Velocity& velocity) {
    velocity = {0.0f, 0.0f};
}
