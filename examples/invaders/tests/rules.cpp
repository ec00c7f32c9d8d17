// The game's rules that a scripted run can hardly reach, on a world set up
// by hand: the phases and their transitions (title, play, a pause, a cannon
// lost, between waves, game over), the next wave, the march speeding up,
// the formation carrying its aliens; a wave file whose aliens stand past
// the formation's columns refused. Each test changes the world only
// between steps, as the platform layer does, and lets the systems do the
// rest.
#include <invaders/world.hpp>

#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>
#include <string>

#include "../reload.hpp"
#include "../rules.hpp"

using namespace invaders;

namespace {

constexpr double step = schema::fixed_step;

Phase phase_of(const World& world) { return world.state<Phase>().current(); }

// A world whose game has started: the title's first step, fire held, then
// fire let go; the next step is the first of play.
struct started {
    World world;

    started() {
        world.resource<Input>().fire = true;
        world.progress(step);
        world.resource<Input>().fire = false;
        REQUIRE(phase_of(world) == Phase::playing);
    }
};

// Destroys every alien but keep of them, between steps.
void destroy_aliens(World& world, std::size_t keep) {
    world.each<const Alien>([&keep](World::deferred_type& deferred, kiln::entity alien, const Alien&) {
        if (keep > 0) {
            --keep;
        } else {
            deferred.destroy(alien);
        }
    });
}

kiln::entity the_one_with_formation(World& world) {
    kiln::entity found;
    world.each<const Formation>([&found](kiln::entity e, const Formation&) { found = e; });
    return found;
}

Position cannon_position(World& world) {
    Position at;
    world.each<const Position>(kiln::with<Cannon>, [&at](const Position& p) { at = p; });
    return at;
}

// How many times the formation marches in steps steps.
int marches(World& world, int steps) {
    const kiln::entity formation = the_one_with_formation(world);
    int count = 0;
    for (int i = 0; i < steps; ++i) {
        const std::uint8_t pose = world.get<Formation>(formation).pose;
        world.progress(step);
        count += world.get<Formation>(formation).pose != pose ? 1 : 0;
    }
    return count;
}

// Steps until the phase is value, at most steps of them; how many it took, or -1.
int steps_until(World& world, Phase value, int steps) {
    for (int i = 1; i <= steps; ++i) {
        world.progress(step);
        if (phase_of(world) == value) {
            return i;
        }
    }
    return -1;
}

} // namespace

TEST_CASE("the title lays out the board and waits for fire") {
    World world;
    for (int i = 0; i < 30; ++i) {
        world.progress(step);
    }
    CHECK(phase_of(world) == Phase::title);
    CHECK(world.count<Alien>() == 55);
    CHECK(world.count<Brick>() == 160);
    CHECK(world.count<Cannon>() == 1);
    CHECK(world.count<Bullet>() == 0); // fire was not held
    const Position before = world.get<Position>(*world.hierarchy().children(the_one_with_formation(world)).begin());
    world.resource<Input>().fire = true;
    world.progress(step);
    CHECK(phase_of(world) == Phase::playing);
    CHECK(world.count<Bullet>() == 0); // the step that starts the game fires nothing
    world.progress(step);
    CHECK(world.count<Bullet>() == 1);
    // Nothing marched in the title.
    CHECK(world.get<Position>(*world.hierarchy().children(the_one_with_formation(world)).begin()).x == before.x);
}

TEST_CASE("the formation is an entity whose children are its aliens, placed where it is") {
    started game;
    World& world = game.world;
    const kiln::entity formation = the_one_with_formation(world);
    CHECK(world.hierarchy().child_count(formation) == 55);
    world.progress(step);
    const Position at = world.get<Position>(formation);
    std::size_t placed = 0;
    world.each<const Alien, const Local, const Position>(
        [&](const Alien&, const Local& local, const Position& position) {
            placed += position.x == at.x + local.x && position.y == at.y + local.y ? 1 : 0;
        });
    CHECK(placed == 55);
    // Moving the formation moves them all in the next step.
    world.get<Local>(formation).y += 24;
    world.progress(step);
    const kiln::entity first = *world.hierarchy().children(formation).begin();
    CHECK(world.get<Position>(first).y == world.get<Position>(formation).y + world.get<Local>(first).y);
    CHECK(world.get<Position>(formation).y == at.y + 24);
}

TEST_CASE("a cleared wave brings the next, a row lower, at full strength, after a pause") {
    started game;
    World& world = game.world;
    world.progress(step);
    destroy_aliens(world, 0);
    REQUIRE(world.count<Alien>() == 0);
    world.progress(step);
    CHECK(phase_of(world) == Phase::between_waves);
    CHECK(world.resource<Game>().wave == 2);
    CHECK(world.count<Alien>() == 55);
    const kiln::entity formation = the_one_with_formation(world);
    CHECK(world.get<Local>(formation).y == rules::wave_top(2));
    CHECK(rules::wave_top(2) > rules::wave_top(1));
    CHECK(world.hierarchy().child_count(formation) == 55);
    // The pause: the formation stands still, then play goes on.
    CHECK(steps_until(world, Phase::playing, 100) == rules::wave_pause_steps);
    CHECK(world.get<Local>(formation).x == rules::formation_x);
}

TEST_CASE("the formation marches faster as it thins") {
    started full;
    full.world.progress(step);
    started thinned;
    thinned.world.progress(step);
    destroy_aliens(thinned.world, 3);
    const int full_marches = marches(full.world, 120);
    const int thinned_marches = marches(thinned.world, 120);
    CHECK(full_marches >= 5);
    CHECK(thinned_marches > 4 * full_marches);
}

TEST_CASE("a bomb on the cannon costs a life, and takes the cannon out of play for a while") {
    started game;
    World& world = game.world;
    world.progress(step);
    const Position cannon = cannon_position(world);
    const Local at{cannon.x, rules::cannon_y - 8};
    world.spawn<AlienBomb>(at, Position{at.x, at.y});
    world.progress(step);
    CHECK(world.resource<Game>().lives == 2);
    CHECK(phase_of(world) == Phase::cannon_lost);
    CHECK(world.count<Bomb>() == 0);
    // Out of play, the cannon does not move; the formation marches on.
    world.resource<Input>().left = true;
    const Local formation_before = world.get<Local>(the_one_with_formation(world));
    CHECK(steps_until(world, Phase::playing, 200) == rules::respawn_steps - 1);
    CHECK(cannon_position(world).x == cannon.x);
    CHECK(world.get<Local>(the_one_with_formation(world)).x != formation_before.x);
    world.progress(step);
    CHECK(cannon_position(world).x == cannon.x - rules::cannon_speed); // back in play
}

TEST_CASE("the last life lost ends the game, and R shows the title with a new board, keeping the high score") {
    started game;
    World& world = game.world;
    world.progress(step);
    destroy_aliens(world, 5);
    auto& state = world.resource<Game>();
    state.score = state.high_score = 120;
    state.lives = 1;
    const Position cannon = cannon_position(world);
    world.spawn<AlienBomb>(Local{cannon.x, rules::cannon_y - 8}, Position{cannon.x, rules::cannon_y - 8});
    world.progress(step);
    REQUIRE(phase_of(world) == Phase::game_over);
    CHECK(state.lives == 0);
    for (int i = 0; i < 10; ++i) {
        world.progress(step);
    }
    CHECK(phase_of(world) == Phase::game_over); // nothing happens until R
    CHECK(world.count<Alien>() == 5);
    world.resource<Input>().restart = true;
    world.progress(step);
    world.resource<Input>().restart = false;
    CHECK(phase_of(world) == Phase::title);
    CHECK(state.score == 0);
    CHECK(state.high_score == 120);
    CHECK(state.lives == 3);
    CHECK(world.count<Alien>() == 55);
    CHECK(world.count<Brick>() == 160);
    CHECK(world.count<Cannon>() == 1);
    CHECK(world.count<Formation>() == 1);
}

TEST_CASE("aliens that reach the cannon's row end the game") {
    started game;
    World& world = game.world;
    world.progress(step);
    world.get<Local>(the_one_with_formation(world)).y = rules::cannon_y - rules::cell * rules::rows;
    world.progress(step); // placed there, and surveyed
    world.progress(step); // the survey's bottom reaches the cannon
    CHECK(phase_of(world) == Phase::game_over);
    CHECK(world.resource<Game>().lives == 3);
}

TEST_CASE("P pauses play and P again resumes it, and paused, nothing moves") {
    started game;
    World& world = game.world;
    world.resource<Input>().fire = true;
    world.progress(step);
    world.progress(step);
    world.resource<Input>().fire = false;
    REQUIRE(world.count<Bullet>() == 1);
    world.resource<Input>().pause = true;
    world.progress(step);
    world.resource<Input>().pause = false;
    REQUIRE(phase_of(world) == Phase::paused);
    float bullet_y = 0;
    world.each<const Position>(kiln::with<Bullet>, [&bullet_y](const Position& p) { bullet_y = p.y; });
    const Local formation = world.get<Local>(the_one_with_formation(world));
    const std::uint64_t steps = world.resource<Game>().step;
    for (int i = 0; i < 100; ++i) {
        world.progress(step);
    }
    CHECK(phase_of(world) == Phase::paused);
    CHECK(world.resource<Game>().step == steps + 100); // steps go on
    float still = 0;
    world.each<const Position>(kiln::with<Bullet>, [&still](const Position& p) { still = p.y; });
    CHECK(still == bullet_y);
    CHECK(world.get<Local>(the_one_with_formation(world)).x == formation.x);
    world.resource<Input>().pause = true;
    world.progress(step);
    world.resource<Input>().pause = false;
    CHECK(phase_of(world) == Phase::playing);
    world.progress(step);
    world.each<const Position>(kiln::with<Bullet>, [&still](const Position& p) { still = p.y; });
    CHECK(still == bullet_y + rules::bullet_speed);
}

TEST_CASE("a shot wears a brick down a hit at a time, and is spent on it") {
    started game;
    World& world = game.world;
    world.progress(step);
    const auto& shields = world.resource<Shields>();
    const kiln::entity brick = shields.bricks[1]; // the first shield's top row, second column
    REQUIRE(world.alive(brick));
    const Position at = world.get<Position>(brick);
    const auto bomb_at = [&] {
        world.spawn<AlienBomb>(Local{at.x, at.y - 5}, Position{at.x, at.y - 5});
    };
    bomb_at();
    world.progress(step); // falls 2 pixels: 3 from the brick's centre, within 3 + 1.5
    CHECK(world.get<Brick>(brick).hp == 1);
    CHECK(world.count<Bomb>() == 0);
    bomb_at();
    world.progress(step);
    CHECK_FALSE(world.alive(brick));
    CHECK(world.count<Brick>() == 159);
}

// A column is a u8 to kilnc, which checks a scene's values against their
// types: a wave whose alien stands in column 11 or past builds, and Survey
// would index Formation::lowest_row, 11 long, past its end. The game checks
// each alien's column as it reads a wave (wave_problems: before it starts,
// and on F6) and says where each is, in each way a wave may write an alien
// (scripts/bad_wave.toml: inline under [entity], dotted keys, [entity.NAME],
// [entity.NAME.Alien]); column 10 passes.
TEST_CASE("a wave whose aliens stand past the formation's 11 columns is refused, each at its line and key") {
    CHECK(wave_problems(wave_scene, "wave.toml").empty());
    std::ifstream in{INVADERS_SCRIPTS "/bad_wave.toml", std::ios::binary};
    const std::string text{std::istreambuf_iterator<char>{in}, std::istreambuf_iterator<char>{}};
    REQUIRE_FALSE(text.empty());
    const std::string rule = " (rules.hpp: 11 columns, whose lowest aliens Survey keeps in Formation::lowest_row); use "
                             "a column from 0 to 10\n";
    const std::string past = " is past the formation's last column, 10";
    CHECK(wave_problems(text, "bad_wave.toml") ==
          "bad_wave.toml:11:71: error: entity 'r0c11': Alien.column: 11" + past + rule +
              "bad_wave.toml:14:26: error: entity 'r1c12': Alien.column: 12" + past + rule +
              "bad_wave.toml:24:21: error: entity 'r2c13': Alien.column: 13" + past + rule +
              "bad_wave.toml:32:1: error: entity 'r3c255': Alien.column: 255" + past + rule);
    // A wave that does not load as a scene gives the load's own errors.
    const std::string problems = wave_problems(
        "[scene]\nschema = \"invaders\"\n[entity]\na = { prefab = \"Squid\", Alien = { column = -1 } }\n", "w.toml");
    CHECK(problems.rfind("w.toml:4:", 0) == 0);
    CHECK(problems.find("Alien.column") != std::string::npos);
}
