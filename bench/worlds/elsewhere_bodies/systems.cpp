// The bodies of elsewhere_bodies.toml's systems, in a file of their own as a
// game keeps them. Their row loops compile here (row_loops = "bodies"), with
// run() inlined into them: this file includes each system's header, which
// defines its rows(), and no other file does; the world's unit
// (bench/row_loops.cpp) calls rows() once per archetype. Keep them as
// worlds/elsewhere_world/systems.cpp's, and as row_loops.cpp's hand-written
// loops.
#include <bench/elsewhere_bodies/systems/Accelerate.hpp>
#include <bench/elsewhere_bodies/systems/Move.hpp>

void bench::elsewhere_bodies::Move::run(Position& position, const Velocity& velocity, const Clock& clock) {
    position.x += velocity.x * clock.dt;
    position.y += velocity.y * clock.dt;
}

void bench::elsewhere_bodies::Accelerate::run(Position& position, Velocity& velocity, const Force& force,
                                              const Mass& mass, const Drag& drag, const Clock& clock) {
    velocity.x += (force.x * mass.inverse - velocity.x * drag.per_second) * clock.dt;
    velocity.y += (force.y * mass.inverse - velocity.y * drag.per_second) * clock.dt;
    position.x += velocity.x * clock.dt;
    position.y += velocity.y * clock.dt;
}
