// Misuse of events, for the test that reads the message it stops with:
// world.emit while a loop runs over the world, whose systems' readers may be
// reading the events it would move.
#include <events/world.hpp>

int main() {
    events::World world;
    world.create<events::Ship>();
    world.each<events::Position>([&](events::Position&) { world.emit(events::Fire{1}); });
    return 0;
}
