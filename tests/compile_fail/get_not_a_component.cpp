// Clock is a resource, not a component.
#include <fixture/world.hpp>

void misuse(fixture::World& world) {
    static_cast<void>(world.get<fixture::Clock>(kiln::null_entity));
}
