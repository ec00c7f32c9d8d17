// States and run conditions through a world's schedule
// (tests/schema/states.toml), as docs/states.md promises: when a
// transition happens, in what order its systems run, what leaving a state
// destroys, and which systems a condition skips, under every executor.
#include <states/world.hpp>

#include <catch2/catch.hpp>

#include <string>
#include <string_view>

#include "every_executor.hpp"

namespace {

// What ran since the log was last read, one letter a run.
void note(states::Log& log, char letter) {
    if (log.length < log.text.size()) {
        log.text[log.length++] = static_cast<std::uint8_t>(letter);
    }
}

std::string take(states::World& world) {
    auto& log = world.resource<states::Log>();
    std::string text(log.text.begin(), log.text.begin() + log.length);
    log.length = 0;
    return text;
}

constexpr double step = 1.0 / 60;
constexpr std::uint8_t no_request = 255;

} // namespace

// March: each alien not frozen steps, while playing and not paused.
void states::March::run(Position& position, const Game&) { ++position.x; }
void states::CountAliens::run(const Alien&, Log& log) { note(log, 'c'); }
// Request: the test asks, through Game.request, for a transition from a system of 'update'.
void states::Request::run(kiln::state<Phase>& phase, const Game& game) {
    if (game.request != no_request) {
        phase.request(static_cast<Phase>(game.request));
    }
}
void states::WhenAngry::run(Log& log) { note(log, 'a'); }
void states::WhenAliens::run(Log& log) { note(log, 'w'); }
// Entering play makes a wave: two aliens that march, one frozen.
void states::EnterPlaying::run(kiln::system_commands<World>& commands, Log& log) {
    note(log, 'P');
    commands.create<Invader>(Position{0}, Alien{1});
    commands.create<Invader>(Position{10}, Alien{1});
    commands.create<FrozenInvader>(Position{20}, Alien{1});
}
void states::ExitPlaying::run(Log& log) { note(log, 'X'); }
// Game over goes straight back to the title: a transition requested during on-enter.
void states::EnterGameOver::run(Log& log, kiln::state<Phase>& phase, const Game&) {
    note(log, phase == Phase::game_over ? 'G' : '?');
    phase.request(Phase::title);
}
void states::EnterTitle::run(Log& log) { note(log, 'T'); }
void states::LateLog::run(Log& log) { note(log, 'L'); }

TEMPLATE_LIST_TEST_CASE("states: the first frame enters each initial state before init", "[states]",
                        kiln_test::every_executor) {
    states::World world;
    CHECK(world.state<states::Phase>() == states::Phase::title);
    CHECK(world.state<states::Mode>() == states::Mode::angry); // initial = "angry"
    CHECK(take(world).empty());
    world.progress(step, TestType{});
    // EnterTitle on entering the initial value; then update: WhenAngry (lives 3 > 0, speed 1 >= 0.5);
    // WhenAliens skipped (no aliens); 'late' skipped while title; March and CountAliens skipped (not playing).
    CHECK(take(world) == "Ta");
    world.progress(step, TestType{});
    CHECK(take(world) == "a"); // the initial state is entered once
}

TEMPLATE_LIST_TEST_CASE("states: a request from a system is applied when its stage ends", "[states]",
                        kiln_test::every_executor) {
    states::World world;
    world.progress(step, TestType{});
    take(world);
    auto& game = world.resource<states::Game>();
    game.request = static_cast<std::uint8_t>(states::Phase::playing);
    world.progress(step, TestType{});
    // update: WhenAngry, then Request's transition at update's end: EnterPlaying (its creates applied after
    // it); then 'late', which now runs. WhenAliens ran at update's start, before any alien existed.
    CHECK(take(world) == "aPL");
    CHECK(world.state<states::Phase>() == states::Phase::playing);
    CHECK(world.size_of<states::Invader>() == 2);
    CHECK(world.size_of<states::FrozenInvader>() == 1);
    game.request = no_request;
    world.progress(step, TestType{});
    // fixed_update while playing: March, CountAliens on each of 3 aliens; then WhenAngry, WhenAliens, late.
    CHECK(take(world) == "cccawL");
    int marched = 0;
    world.each<const states::Position>(kiln::without<states::Frozen>,
                                       [&](const states::Position& p) { marched += p.x; });
    CHECK(marched == 1 + 11);
}

TEMPLATE_LIST_TEST_CASE("states: leaving a state runs on-exit, destroys its entities, then enters", "[states]",
                        kiln_test::every_executor) {
    states::World world;
    world.state<states::Phase>().request(states::Phase::playing); // from game code: applied as a frame starts
    world.progress(step, TestType{});
    CHECK(take(world) == "TPcccawL"); // title entered, then the request: playing, a wave, and play
    REQUIRE(world.size_of<states::Invader>() == 2);
    world.state<states::Phase>().request(states::Phase::between_waves);
    world.progress(step, TestType{});
    // ExitPlaying sees the aliens still there; then the Invaders are destroyed (destroy_on_exit), the
    // frozen one is not (it is a FrozenInvader); between waves nothing of play runs.
    CHECK(take(world) == "XaL"); // WhenAliens: no alien that is not frozen is left
    CHECK(world.size_of<states::Invader>() == 0);
    CHECK(world.size_of<states::FrozenInvader>() == 1);
    CHECK(world.state<states::Phase>() == states::Phase::between_waves);
}

TEMPLATE_LIST_TEST_CASE("states: a transition requested during on-enter is applied at the same boundary",
                        "[states]", kiln_test::every_executor) {
    states::World world;
    world.state<states::Phase>().request(states::Phase::playing);
    world.progress(step, TestType{});
    take(world);
    world.resource<states::Game>().request = static_cast<std::uint8_t>(states::Phase::game_over);
    world.progress(step, TestType{});
    // play; update's end: leave playing (X), enter game_over (G), whose request enters title (T) at once;
    // 'late' is skipped in title. The frozen alien is left, and WhenAliens ran at update's start.
    CHECK(take(world) == "cccawXGT");
    CHECK(world.state<states::Phase>() == states::Phase::title);
    CHECK_FALSE(world.state<states::Phase>().requested());
}

TEMPLATE_LIST_TEST_CASE("states: two requests in one frame make two transitions, in order", "[states]",
                        kiln_test::every_executor) {
    states::World world;
    world.progress(step, TestType{});
    take(world);
    // One from game code, applied as the frame starts; one from Request, applied at update's end.
    world.state<states::Phase>().request(states::Phase::playing);
    world.resource<states::Game>().request = static_cast<std::uint8_t>(states::Phase::between_waves);
    world.progress(step, TestType{});
    CHECK(take(world) == "PcccawXL");
    CHECK(world.state<states::Phase>() == states::Phase::between_waves);
}

TEMPLATE_LIST_TEST_CASE("states: of two requests before one boundary the later wins; the current value is no "
                        "transition", "[states]", kiln_test::every_executor) {
    states::World world;
    world.progress(step, TestType{});
    take(world);
    auto& phase = world.state<states::Phase>();
    phase.request(states::Phase::game_over);
    phase.request(states::Phase::playing);
    CHECK(phase.next() == states::Phase::playing);
    world.progress(step, TestType{});
    CHECK(take(world) == "PcccawL");
    phase.request(states::Phase::playing); // already there: no exit, no enter, nothing destroyed
    world.progress(step, TestType{});
    CHECK(take(world) == "cccawL");
    CHECK(world.size_of<states::Invader>() == 2);
    phase.request(states::Phase::game_over);
    phase.cancel();
    world.progress(step, TestType{});
    CHECK(take(world) == "cccawL");
}

TEMPLATE_LIST_TEST_CASE("states: conditions on resources skip systems, evaluated as the stage starts", "[states]",
                        kiln_test::every_executor) {
    states::World world;
    world.state<states::Phase>().request(states::Phase::playing);
    world.progress(step, TestType{});
    take(world);
    auto& game = world.resource<states::Game>();
    game.paused = true; // March skips; CountAliens, in the same set, runs
    world.progress(step, TestType{});
    CHECK(take(world) == "cccawL");
    int x = 0;
    world.each<const states::Position>(kiln::without<states::Frozen>, [&](const states::Position& p) { x += p.x; });
    CHECK(x == 1 + 11); // marched in the first frame only
    game.paused = false;
    game.lives = 0; // WhenAngry: Game.lives > 0 is false
    world.progress(step, TestType{});
    CHECK(take(world) == "cccwL");
    game.lives = 1;
    game.speed = 0.25f; // Game.speed >= 0.5 is false
    world.progress(step, TestType{});
    CHECK(take(world) == "cccwL");
    game.speed = 0.5f;
    world.state<states::Mode>().request(states::Mode::calm); // applied as the frame starts: Mode == angry is false
    world.progress(step, TestType{});
    CHECK(take(world) == "cccwL");
}
