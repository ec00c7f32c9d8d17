// The bodies of elsewhere_world.toml's systems, in a file of their own as a
// game keeps them: the world's unit (bench/row_loops.cpp) compiles each
// system's row loop and calls run() out of line, once per row. Keep them as
// worlds/elsewhere_bodies/systems.cpp's, and as row_loops.cpp's hand-written
// loops.
#include <bench/elsewhere_world/systems/Accelerate.hpp>
#include <bench/elsewhere_world/systems/Move.hpp>

void bench::elsewhere_world::Move::run(Position& position, const Velocity& velocity, const Clock& clock) {
    position.x += velocity.x * clock.dt;
    position.y += velocity.y * clock.dt;
}

void bench::elsewhere_world::Accelerate::run(Position& position, Velocity& velocity, const Force& force,
                                             const Mass& mass, const Drag& drag, const Clock& clock) {
    velocity.x += (force.x * mass.inverse - velocity.x * drag.per_second) * clock.dt;
    velocity.y += (force.y * mass.inverse - velocity.y * drag.per_second) * clock.dt;
    position.x += velocity.x * clock.dt;
    position.y += velocity.y * clock.dt;
}
