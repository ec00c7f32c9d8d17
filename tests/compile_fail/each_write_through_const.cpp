// Velocity is asked for read-only; the function takes it writable.
#include <fixture/world.hpp>

void misuse(fixture::World& world) {
    world.each<fixture::Position, const fixture::Velocity>([](fixture::Position&, fixture::Velocity&) {});
}
