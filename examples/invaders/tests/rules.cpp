// The game's rules that a scripted run can hardly reach, on a world set up
// by hand: the next wave, the march speeding up, a bomb on the cannon, a
// restart. Each test changes the world only between steps, as the platform
// layer does, and lets the systems do the rest.
#include <invaders/world.hpp>

#include <catch2/catch.hpp>

#include "../rules.hpp"

namespace {

constexpr double step = invaders::schema::fixed_step;

// Destroys every alien but keep of them, between steps.
void destroy_aliens(invaders::World& world, std::size_t keep) {
    world.each<const invaders::Alien>([&keep](invaders::World::deferred_type& deferred, kiln::entity alien,
                                              const invaders::Alien&) {
        if (keep > 0) {
            --keep;
        } else {
            deferred.destroy(alien);
        }
    });
}

// How many times the formation marches in steps steps.
int marches(invaders::World& world, int steps) {
    int count = 0;
    for (int i = 0; i < steps; ++i) {
        const std::uint8_t pose = world.resource<invaders::Formation>().pose;
        world.progress(step);
        count += world.resource<invaders::Formation>().pose != pose ? 1 : 0;
    }
    return count;
}

} // namespace

TEST_CASE("a cleared wave brings the next, a row lower, at full strength") {
    invaders::World world;
    world.progress(step);
    REQUIRE(world.count<invaders::Alien>() == 55);
    destroy_aliens(world, 0);
    REQUIRE(world.count<invaders::Alien>() == 0);
    world.progress(step);
    CHECK(world.resource<invaders::Game>().wave == 2);
    CHECK(world.count<invaders::Alien>() == 55);
    CHECK(world.resource<invaders::Formation>().y == invaders::rules::wave_top(2));
    CHECK(invaders::rules::wave_top(2) > invaders::rules::wave_top(1));
}

TEST_CASE("the formation marches faster as it thins") {
    invaders::World full;
    full.progress(step);
    invaders::World thinned;
    thinned.progress(step);
    destroy_aliens(thinned, 3);
    const int full_marches = marches(full, 120);
    const int thinned_marches = marches(thinned, 120);
    CHECK(full_marches >= 5);
    CHECK(thinned_marches > 4 * full_marches);
}

TEST_CASE("a bomb on the cannon costs a life, and takes the cannon out of play for a while") {
    invaders::World world;
    world.progress(step);
    float cannon_x = 0;
    world.each<const invaders::Position>(kiln::with<invaders::Cannon>,
                                         [&cannon_x](const invaders::Position& at) { cannon_x = at.x; });
    world.create<invaders::Dropping>(invaders::Position{cannon_x, invaders::rules::cannon_y - 8},
                                     invaders::Velocity{invaders::rules::bomb_speed}, invaders::Box{1, 3});
    world.progress(step);
    CHECK(world.resource<invaders::Game>().lives == 2);
    CHECK(world.resource<invaders::Game>().respawn == invaders::rules::respawn_steps);
    CHECK(world.count<invaders::Bomb>() == 0);
}

TEST_CASE("R after game over starts a new game, keeping the high score") {
    invaders::World world;
    world.progress(step);
    destroy_aliens(world, 5);
    auto& game = world.resource<invaders::Game>();
    game.score = game.high_score = 120;
    game.lives = 0;
    game.over = true;
    world.progress(step);
    CHECK(world.count<invaders::Alien>() == 5); // nothing happens until R
    world.resource<invaders::Input>().restart = true;
    world.progress(step);
    CHECK_FALSE(game.over);
    CHECK(game.score == 0);
    CHECK(game.high_score == 120);
    CHECK(game.lives == 3);
    CHECK(world.count<invaders::Alien>() == 55);
    CHECK(world.count<invaders::Brick>() == 160);
    CHECK(world.count<invaders::Cannon>() == 1);
}
