// spare is a child of Ace, not of Fighter.
#include <content/world.hpp>

void misuse(content::World& world) {
    world.spawn<content::Fighter>(kiln::child<content::Ace::spare>(content::Position{}));
}
