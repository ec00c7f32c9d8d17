// The fixture world tracks no component: a changed filter has no ticks to read.
#include <fixture/world.hpp>

void misuse(fixture::World& world) {
    world.each<const fixture::Position>(kiln::changed<fixture::Position>(0), [](const fixture::Position&) {});
}
