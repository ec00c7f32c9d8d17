// Unused is a component of the schema, but no archetype holds it.
#include <fixture/world.hpp>

void misuse(fixture::World& world) {
    world.each<fixture::Unused>([](fixture::Unused&) {});
}
