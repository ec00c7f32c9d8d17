// The README's tour: create an entity, run a query over it, step a frame of
// the schema's systems, destroy it.
//
// The types come from examples/game/game.toml through kiln_generate, and the
// systems' bodies from examples/game/logic.cpp; see examples/CMakeLists.txt.
#include <example_arguments.hpp>
#include <game/world.hpp>

#include <cstdio>
#include <optional>

int main(int argc, char** argv) {
    if (const std::optional<int> status = examples::refuse_arguments(
            argc, argv, "tour",
            "The README's tour: creates a particle, moves it with a query, runs one frame of the\n"
            "schema's systems and destroys it, printing where it is after each step.")) {
        return *status;
    }
    game::World world;

    // A Particle holds Position and Velocity; Velocity is not given, so it
    // takes the schema's defaults (0, 0) until we set it.
    kiln::entity particle = world.create<game::Particle>(game::Position{1, 2});
    world.get<game::Velocity>(particle) = {3, 4};

    // Every entity whose archetype holds Position and Velocity: Particle,
    // Ship and FrozenShip, chosen at compile time. Velocity is read-only here.
    world.each<game::Position, const game::Velocity>([](game::Position& p, const game::Velocity& v) {
        p.x += v.x;
        p.y += v.y;
    });

    const game::Position& moved = world.get<game::Position>(particle);
    std::printf("particle moved to (%g, %g)\n", moved.x, moved.y);

    // One frame of the schedule: among others, Drift moves the particle by
    // its velocity over one fixed step of 1/60 s.
    world.progress(1.0 / 60);
    std::printf("after a frame: (%.2f, %.2f), frame %llu\n", moved.x, moved.y,
                static_cast<unsigned long long>(world.resource<game::Time>().frame));

    world.destroy(particle);
    std::printf("alive after destroy: %s, entities: %zu\n", world.alive(particle) ? "yes" : "no", world.size());
}

// Output:
// particle moved to (4, 6)
// after a frame: (4.05, 6.07), frame 1
// alive after destroy: no, entities: 0
