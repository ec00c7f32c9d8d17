// A schema's propagation whose combine function takes (local, parent), not
// (parent, local): running the stage that holds it stops at kiln's sentence.
#include <wrong_combine/world.hpp>

void run_update(wrong_combine::World& world) {
    world.run(wrong_combine::stage::update);
}
