// Clock is a resource, not an event, and the fixture world declares no events.
#include <fixture/world.hpp>

void misuse(fixture::World& world) {
    world.emit(fixture::Clock{});
}
