// Ships that freeze and thaw: components added and removed, changes
// deferred while a loop runs, and an observer that reacts to them.
//
// examples/game/game.toml declares Ship (Position, Velocity, Health, Target,
// Trail) and FrozenShip (the same plus Frozen): adding Frozen to a Ship moves
// it to FrozenShip, and removing it moves it back. It also declares the observer
// StopFrozen (on_add = "Frozen"), whose body in examples/game/logic.cpp
// stops whatever freezes.
#include <example_arguments.hpp>
#include <game/world.hpp>

#include <cstdio>
#include <optional>

namespace {

void report(const char* moment, game::World& world) {
    std::printf("%-28s ships %zu, frozen %zu, particles %zu\n", moment, world.count<game::Health>(kiln::without<game::Frozen>),
                world.count<game::Frozen>(), world.count<game::Velocity>(kiln::without<game::Health>));
}

} // namespace

int main(int argc, char** argv) {
    if (const std::optional<int> status = examples::refuse_arguments(
            argc, argv, "ships",
            "Ships that freeze and thaw: components added and removed, changes deferred while a\n"
            "loop runs, and an observer that reacts to them, with the count of each kind after each step.")) {
        return *status;
    }
    game::World world;

    // Adding a component moves the entity to the archetype that holds one
    // more; StopFrozen runs as it arrives.
    kiln::entity ship = world.create<game::Ship>(game::Velocity{3, 0}, game::Health{20});
    world.add<game::Frozen>(ship);
    std::printf("ship is a %s, velocity %g\n", world.archetype_name(ship).data(), world.get<game::Velocity>(ship).x);

    // With a typed handle the move is checked at compile time, and the
    // result is a handle of the new archetype.
    kiln::handle<game::Ship> escort = world.create<game::Ship>(game::Health{80});
    kiln::handle<game::FrozenShip> frozen_escort = world.add<game::Frozen>(escort);
    // world.add<game::Frozen>(frozen_escort);  // does not compile: FrozenShip already has Frozen
    report("two ships frozen:", world);

    // Inside a loop, structural changes are recorded, and applied when the
    // loop returns: every reference the loop holds stays valid meanwhile.
    world.each<const game::Health>(kiln::with<game::Frozen>,
                                   [](game::World::deferred_type& deferred, kiln::entity e, const game::Health& health) {
                                       if (health.hp >= 50) {
                                           deferred.remove<game::Frozen>(e);
                                       }
                                   });
    report("the healthy one thawed:", world);

    // Spawning while iterating: the new entities are not visited by the
    // loop that made them.
    world.each<const game::Position>(kiln::with<game::Health>,
                                     [](game::World::deferred_type& deferred, kiln::entity, const game::Position& at) {
                                         deferred.create<game::Particle>(at, game::Velocity{0, 1});
                                     });
    report("each ship dropped a particle:", world);

    // Outside a loop, the world's command buffer is applied by flush.
    world.commands().destroy(ship);
    world.commands().destroy(frozen_escort);
    world.flush();
    report("two ships destroyed:", world);
}

// Output:
// ship is a FrozenShip, velocity 0
// two ships frozen:            ships 0, frozen 2, particles 0
// the healthy one thawed:      ships 1, frozen 1, particles 0
// each ship dropped a particle: ships 1, frozen 1, particles 2
// two ships destroyed:         ships 0, frozen 0, particles 2
