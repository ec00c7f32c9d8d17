// A loop's deferred_world records structural changes; it cannot apply them
// while the loop reads the rows they would move.
#include <fixture/world.hpp>

void misuse(fixture::World& world) {
    world.each<fixture::Position>([](fixture::World::deferred_type& deferred, fixture::Position&) { deferred.flush(); });
}
