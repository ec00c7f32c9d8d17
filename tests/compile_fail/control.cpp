// The correct twin of every compile_fail case: this must compile.
#include <fixture/world.hpp>

void control(fixture::World& world) {
    world.each<fixture::Position, const fixture::Velocity>([](fixture::Position&, const fixture::Velocity&) {});
    world.create<fixture::Particle>(fixture::Velocity{});
    static_cast<void>(world.get<fixture::Position>(kiln::null_entity));
}
