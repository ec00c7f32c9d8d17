// each passes Position and Velocity; the function takes one argument: no
// component is to blame, so each states its rule.
#include <fixture/world.hpp>

void misuse(fixture::World& world) {
    world.each<fixture::Position, const fixture::Velocity>([](fixture::Position&) {});
}
