// A Fighter's root is a Ship, which holds no Hangar.
#include <content/world.hpp>

void misuse(content::World& world) {
    world.spawn<content::Fighter>(content::Hangar{});
}
