// The game's rules on a world set up by hand: each ghost's target tile,
// checked against the arcade's rules worked by hand; a frightened ghost
// eaten and coming back from the house; a life lost, and the last one; a
// cleared maze bringing a faster level 2; a round starting from the level's
// scene, and a level refused. Each test changes the world only between
// steps, as the platform layer does, and lets the systems do the rest.
#include <pacman/level.hpp>

#include <catch2/catch.hpp>

#include <cstdlib>

#include "../rules.hpp"

namespace {

using namespace pacman;

constexpr double step = schema::fixed_step;

// A world with the level read (level.toml), run to the first step of play.
struct game_world {
    World world;

    game_world() {
        REQUIRE(read_level(PACMAN_LEVEL_FILE, "level.toml", world.resource<LevelText>()).problems.empty());
        run_until(Phase::playing, 200);
    }

    // Steps until the phase is value; false if it is not within steps.
    bool run_until(Phase value, int steps) {
        for (int i = 0; i < steps && world.state<Phase>().current() != value; ++i) {
            world.progress(step);
        }
        return world.state<Phase>().current() == value;
    }

    // Pac-Man's handle, and the ghost's whose Ghost::order is order.
    kiln::entity pac() {
        kiln::entity found;
        world.each<const Pac>([&found](kiln::entity e, const Pac&) { found = e; });
        return found;
    }
    kiln::entity ghost(std::uint8_t order) {
        kiln::entity found;
        world.each<const Ghost>([&](kiln::entity e, const Ghost& g) {
            if (g.order == order) {
                found = e;
            }
        });
        return found;
    }

    // Puts e at the centre of tile (x, y), heading dir.
    void place(kiln::entity e, int x, int y, std::uint8_t dir) {
        world.get<Position>(e) = {static_cast<std::int16_t>(rules::centre_of(x)),
                                  static_cast<std::int16_t>(rules::centre_of(y))};
        world.get<Motion>(e) = {dir, 0};
        if (world.has<Pac>(e)) {
            world.get<Pac>(e).wanted = dir;
        }
    }

    // Takes every ghost out of the house, calm.
    void all_out() {
        world.each<const Ghost>(kiln::with<Home>, [](World::deferred_type& deferred, kiln::entity e, const Ghost&) {
            deferred.replace<Home, Out>(e);
        });
    }

    Target target(std::uint8_t order) { return world.get<Target>(ghost(order)); }
};

constexpr std::uint8_t blinky = 0;
constexpr std::uint8_t pinky = 1;
constexpr std::uint8_t inky = 2;
constexpr std::uint8_t clyde = 3;

bool is(const Target& target, int x, int y) { return target.x == x && target.y == y; }

} // namespace

// Pac-Man at tile (13, 23) heading left; Blinky at (20, 5), Clyde at (1, 29).
//   Blinky: Pac-Man's tile, (13, 23).
//   Pinky: four tiles ahead, (13 - 4, 23) = (9, 23).
//   Inky: two ahead is (11, 23); from Blinky (20, 5) to it is (-9, +18),
//         doubled from Blinky: (20 - 18, 5 + 36) = (2, 41), below the maze.
//   Clyde: from (1, 29) Pac-Man is 12 and 6 tiles away, 12^2 + 6^2 = 180 > 8^2:
//          his tile, (13, 23).
TEST_CASE("chasing, each ghost aims at its own tile: Pac-Man heading left, Clyde far") {
    game_world game;
    game.all_out();
    game.place(game.pac(), 13, 23, rules::left);
    game.place(game.ghost(blinky), 20, 5, rules::left);
    game.place(game.ghost(pinky), 26, 1, rules::down);
    game.place(game.ghost(inky), 21, 29, rules::left);
    game.place(game.ghost(clyde), 1, 29, rules::right);
    game.world.state<Wave>().request(Wave::chase);
    game.world.progress(step);
    REQUIRE(game.world.state<Wave>().current() == Wave::chase);
    REQUIRE(game.world.state<Phase>().current() == Phase::playing);
    CHECK(is(game.target(blinky), 13, 23));
    CHECK(is(game.target(pinky), 9, 23));
    CHECK(is(game.target(inky), 2, 41));
    CHECK(is(game.target(clyde), 13, 23));
}

// Pac-Man at tile (6, 8) heading up; Blinky at (26, 1), Clyde at (9, 5).
//   Blinky: (6, 8).
//   Pinky: four ahead, (6, 4) (the arcade, by an overflow, also went four left: (2, 4)).
//   Inky: two ahead is (6, 6); Blinky (26, 1) to it is (-20, +5), doubled:
//         (26 - 40, 1 + 10) = (-14, 11), left of the maze.
//   Clyde: 3 and 3 tiles away, 9 + 9 = 18 <= 64: his corner, (0, 32).
TEST_CASE("chasing, each ghost aims at its own tile: Pac-Man heading up, Clyde near") {
    game_world game;
    game.all_out();
    game.place(game.pac(), 6, 8, rules::up);
    game.place(game.ghost(blinky), 26, 1, rules::left);
    game.place(game.ghost(pinky), 21, 29, rules::left);
    game.place(game.ghost(inky), 26, 29, rules::up);
    game.place(game.ghost(clyde), 9, 5, rules::right);
    game.world.state<Wave>().request(Wave::chase);
    game.world.progress(step);
    CHECK(is(game.target(blinky), 6, 8));
    CHECK(is(game.target(pinky), 6, 4));
    CHECK(is(game.target(inky), -14, 11));
    CHECK(is(game.target(clyde), 0, 32));
}

// Scattering, each heads for its corner, whatever Pac-Man does.
TEST_CASE("scattering, each ghost aims at its corner") {
    game_world game;
    game.all_out();
    game.place(game.pac(), 6, 8, rules::up);
    game.place(game.ghost(clyde), 9, 5, rules::right);
    game.world.progress(step);
    REQUIRE(game.world.state<Wave>().current() == Wave::scatter);
    CHECK(is(game.target(blinky), 25, -3));
    CHECK(is(game.target(pinky), 2, -3));
    CHECK(is(game.target(inky), 27, 32));
    CHECK(is(game.target(clyde), 0, 32));
}

TEST_CASE("the waves follow level 1's timetable: 7 s of scatter, then chase") {
    game_world game;
    for (int i = 0; i < 7 * 60 - 1; ++i) {
        game.world.progress(step);
    }
    CHECK(game.world.state<Wave>().current() == Wave::scatter);
    game.world.progress(step);
    CHECK(game.world.state<Wave>().current() == Wave::chase);
}

TEST_CASE("a frightened ghost on Pac-Man's tile is eaten, for 200, and its eyes go home and come out again") {
    game_world game;
    game.all_out();
    // Every ghost frightened for long enough, so that none can catch him.
    game.world.each<const Ghost>(kiln::with<Calm>, [](World::deferred_type& deferred, kiln::entity e,
                                                      const Ghost&) { deferred.replace<Calm, Scared>(e); });
    game.world.resource<Fright>().steps = 1000;
    const kiln::entity pac = game.pac();
    const kiln::entity ghost = game.ghost(blinky);
    game.place(pac, 13, 23, rules::left); // a tile without a dot
    game.place(ghost, 13, 23, rules::right);
    game.world.progress(step);
    REQUIRE(game.world.has<Eaten>(ghost));
    CHECK(game.world.has<Calm>(ghost));
    CHECK(game.world.resource<Game>().score == 200);
    CHECK(game.world.resource<Fright>().eaten == 1);
    // Play stands still for a second, the points shown where the ghost was.
    CHECK(game.world.resource<Freeze>().steps == rules::ghost_eaten_steps - 1);
    CHECK(game.world.resource<Freeze>().points == 200);
    const Position pac_at = game.world.get<Position>(pac);
    const Position eyes_at = game.world.get<Position>(ghost);
    for (int i = 0; i < rules::ghost_eaten_steps - 1; ++i) {
        game.world.progress(step);
    }
    CHECK(game.world.resource<Freeze>().steps == 0);
    CHECK(game.world.get<Position>(pac).x == pac_at.x);
    CHECK(game.world.get<Position>(ghost).x == eyes_at.x);
    CHECK(game.world.get<Position>(ghost).y == eyes_at.y);

    bool entered = false;
    bool left = false;
    int steps = 0;
    for (; steps < 400 && !game.world.has<Out>(ghost); ++steps) {
        game.world.progress(step);
        entered = entered || game.world.has<Entering>(ghost);
        left = left || game.world.has<Leaving>(ghost);
        REQUIRE(game.world.alive(ghost));
    }
    CHECK(entered);
    CHECK(left);
    CHECK(game.world.has<Out>(ghost));
    CHECK(game.world.has<Calm>(ghost)); // back to life, not frightened
    // Out above the door; the step it came out, Chase (after LeaveHouse's
    // replace, with a flush kilnc placed between) moved it on a pixel or two.
    CHECK(std::abs(game.world.get<Position>(ghost).x - rules::door_x) <= 2);
    CHECK(game.world.get<Position>(ghost).y == rules::above_door_y);
}

TEST_CASE("the second ghost of a fright is worth 400") {
    game_world game;
    game.all_out();
    game.world.each<const Ghost>(kiln::with<Calm>, [](World::deferred_type& deferred, kiln::entity e,
                                                      const Ghost&) { deferred.replace<Calm, Scared>(e); });
    game.world.resource<Fright>() = {1000, 1};
    game.place(game.pac(), 13, 23, rules::left);
    game.place(game.ghost(pinky), 13, 23, rules::right);
    game.world.progress(step);
    CHECK(game.world.has<Eaten>(game.ghost(pinky)));
    CHECK(game.world.resource<Game>().score == 400);
}

TEST_CASE("a calm ghost on Pac-Man's tile costs a life, and the next starts with everyone at their places") {
    game_world game;
    const std::size_t dots = game.world.count<Dot>();
    game.world.state<Wave>().request(Wave::chase); // the next round starts at scatter again
    game.world.progress(step);
    game.place(game.ghost(blinky), 13, 23, rules::right);
    game.place(game.pac(), 13, 23, rules::left);
    game.world.progress(step);
    REQUIRE(game.world.state<Phase>().current() == Phase::dying);
    CHECK(game.world.resource<Game>().lives == rules::lives - 1);
    REQUIRE(game.run_until(Phase::ready, rules::dying_steps + 1));
    CHECK(game.world.count<Pac>() == 1);
    CHECK(game.world.count<Ghost>() == 4);
    CHECK(game.world.count<Home>() == 3);
    CHECK(game.world.count<Dot>() == dots); // the maze is as he left it
    CHECK(game.world.get<Position>(game.pac()).x == rules::pac_start_x);
    CHECK(game.world.resource<House>().after_death);
    // Back to scatter, and the new Blinky still heads left: the wave's
    // turn about is for ghosts in play (TurnAbout's run_if).
    CHECK(game.world.state<Wave>().current() == Wave::scatter);
    CHECK(game.world.get<Motion>(game.ghost(blinky)).dir == rules::left);
    REQUIRE(game.run_until(Phase::playing, rules::ready_steps + 1));
}

TEST_CASE("the last life lost ends the game, and restart starts a new one, keeping the high score") {
    game_world game;
    game.world.resource<Game>().lives = 1;
    game.world.resource<Game>().score = 1230;
    game.world.resource<Game>().high_score = 1230;
    game.place(game.ghost(blinky), 13, 23, rules::right);
    game.place(game.pac(), 13, 23, rules::left);
    game.world.progress(step);
    REQUIRE(game.run_until(Phase::over, rules::dying_steps + 2));
    CHECK(game.world.count<Pac>() == 0);
    CHECK(game.world.count<Ghost>() == 0);
    game.world.resource<Input>().restart = true;
    REQUIRE(game.run_until(Phase::ready, 3));
    game.world.resource<Input>().restart = false;
    const Game& after = game.world.resource<Game>();
    CHECK(after.score == 0);
    CHECK(after.high_score == 1230);
    CHECK(after.lives == rules::lives);
    CHECK(after.level == 1);
    CHECK(game.world.count<Dot>() == 244);
}

namespace {

// Destroys every dot but the one of tile (1, 1), far from his way.
void keep_one_dot(game_world& game) {
    game.world.each<const Tile>([](World::deferred_type& deferred, kiln::entity e, const Tile& tile) {
        if (tile.x != 1 || tile.y != 1) {
            deferred.destroy(e);
        }
    });
}

// How far Pac-Man goes left from his start in steps steps of play.
int distance_in(game_world& game, int steps) {
    const int from = game.world.get<Position>(game.pac()).x;
    for (int i = 0; i < steps; ++i) {
        game.world.progress(step);
    }
    return from - game.world.get<Position>(game.pac()).x;
}

} // namespace

TEST_CASE("eating the last dot clears the level, and level 2 lays a new maze and is faster") {
    game_world level1;
    keep_one_dot(level1);
    const int slow = distance_in(level1, 40);

    game_world game;
    // Leave only the dot of (12, 23), the first on his way.
    game.world.each<const Tile>([](World::deferred_type& deferred, kiln::entity e, const Tile& tile) {
        if (tile.x != 12 || tile.y != 23) {
            deferred.destroy(e);
        }
    });
    REQUIRE(game.world.count<Dot>() == 1);
    REQUIRE(game.run_until(Phase::cleared, 60));
    CHECK(game.world.count<Dot>() == 0);
    REQUIRE(game.run_until(Phase::ready, rules::cleared_steps + 1));
    CHECK(game.world.resource<Game>().level == 2);
    CHECK(game.world.count<Dot>() == 244);
    REQUIRE(game.run_until(Phase::playing, rules::ready_steps + 1));
    keep_one_dot(game);
    const int fast = distance_in(game, 40);
    // 80% of full speed on level 1 (1.01 pixels a step), 90% on level 2 (1.14),
    // with no dot on the way to stop him.
    CHECK(slow == 40);
    CHECK(fast == 45);
    CHECK(rules::speeds_of(2).ghost > rules::speeds_of(1).ghost);
}

// From his start, he enters the tiles of columns 12, 11, 10 and 9 after 9,
// 17, 25 and 33 pixels, and stands a step at each dot: 36 pixels in 40 steps.
TEST_CASE("eating a dot stops Pac-Man for a step") {
    game_world game;
    CHECK(distance_in(game, 40) == 36);
    CHECK(game.world.resource<Game>().score == 40);
}

TEST_CASE("10,000 points give an extra life, once") {
    game_world game;
    game.world.resource<Game>().score = 9995;
    for (int i = 0; i < 40; ++i) {
        game.world.progress(step);
    }
    CHECK(game.world.resource<Game>().score == 10035);
    CHECK(game.world.resource<Game>().lives == rules::lives + 1);
}

TEST_CASE("the house lets Pinky out at once, and Inky when Pac-Man has eaten nothing for 4 seconds") {
    game_world game;
    game.place(game.pac(), 6, 23, rules::left); // against a wall, eating nothing
    game.world.progress(step);
    CHECK(game.world.has<Leaving>(game.ghost(pinky)));
    CHECK(game.world.has<Home>(game.ghost(inky)));
    for (int i = 0; i < rules::idle_limit(1) - 2; ++i) {
        game.world.progress(step);
    }
    CHECK(game.world.has<Home>(game.ghost(inky)));
    game.world.progress(step);
    game.world.progress(step);
    CHECK(game.world.has<Leaving>(game.ghost(inky)));
    CHECK(game.world.has<Home>(game.ghost(clyde)));
}

// The level (pacman/level.hpp) is a scene: the round's actors are its
// entities, from their prefabs with its values. scripts/moved_start.toml is
// level.toml with Pac-Man two tiles right and Blinky's corner overridden.
TEST_CASE("a round starts from the level: Pac-Man where it places him, Blinky with its override, Inky's partner") {
    World world;
    REQUIRE(read_level(PACMAN_SCRIPTS "/moved_start.toml", "moved_start.toml", world.resource<LevelText>())
                .problems.empty());
    world.progress(step); // enters ready: the level is loaded, the dots laid
    kiln::entity blinky;
    world.each<const Shadow>([&blinky](kiln::entity e, const Shadow&) { blinky = e; });
    REQUIRE(world.alive(blinky));
    world.each<const Position, const Pac>([](const Position& position, const Pac&) {
        CHECK(position.x == 128);
        CHECK(position.y == 188);
    });
    CHECK(world.get<Ghost>(blinky).corner_x == 2);  // the level's override
    CHECK(world.get<Paint>(blinky).r == 255);       // the prefab's
    world.each<const Partner>([blinky](const Partner& partner) { CHECK(partner.ghost == blinky); });
    CHECK(world.count<Ghost>() == 4);
    CHECK(world.count<Dot>() == 244);
    CHECK(world.count<Energizer>() == 4);
    CHECK(world.resource<Maze>().tiles[0] == '#');
}

TEST_CASE("a level whose maze breaks the game's rules is refused, each problem said") {
    LevelText kept{"level.toml", "unchanged"};
    const level_check check = read_level(PACMAN_SCRIPTS "/bad_maze.toml", "bad_maze.toml", kept);
    CHECK(check.problems ==
          "bad_maze.toml: the maze's row 5, column 12: 'x' is not a tile (# . o - or a space)\n"
          "bad_maze.toml: the maze's row 16, column 13: the house's door is columns 13 and 14 of row 12, where the "
          "ghosts go in and out (rules.hpp); write a wall here\n"
          "bad_maze.toml: the maze's row 16, column 14: the house's door is columns 13 and 14 of row 12, where the "
          "ghosts go in and out (rules.hpp); write a wall here\n"
          "bad_maze.toml: the maze's row 12 has no door (--) at columns 13 and 14, where the ghosts go in and out of "
          "the house (rules.hpp)\n");
    CHECK(kept.text == "unchanged");
}
