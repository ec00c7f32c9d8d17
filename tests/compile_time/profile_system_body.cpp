// A file holding one system's body in a bench profile's world, as a game
// keeps them: it includes only the generated systems header, whose cost
// grows with the schema (AAA's declares 512 components and 64 systems).
// Compiled once per profile, with KILN_PROFILE_SYSTEMS naming the header and
// KILN_PROFILE_NS its namespace; the body is Move's (bench/profiles.cpp).
#include KILN_PROFILE_SYSTEMS

namespace profile = KILN_PROFILE_NS;

void profile::Move::run(Position::ref position, Velocity::cref velocity) {
    position.x += velocity.x / 60.0f;
    position.y += velocity.y / 60.0f;
}
