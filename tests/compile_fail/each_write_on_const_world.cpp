// A const world's components are read-only: each<C> without const asks to write them.
#include <fixture/world.hpp>

void misuse(const fixture::World& world) {
    world.each<fixture::Position>([](const fixture::Position&) {});
}
