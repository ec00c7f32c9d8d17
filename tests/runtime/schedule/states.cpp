// States and run conditions through a world's schedule
// (tests/schema/states.toml), as docs/states.md promises: when a
// transition happens, in what order its systems run, what leaving a state
// destroys, and which systems a condition skips, under every executor.
#include <states/world.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "../every_executor.hpp"
#include "frame_step.hpp"

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

using kiln_test::step;
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
void states::EnterTitle::run(Log& log, kiln::state<Phase>&) { note(log, 'T'); }
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

TEMPLATE_LIST_TEST_CASE("states: of two requests before one boundary the later wins, and the current value is "
                        "no transition", "[states]", kiln_test::every_executor) {
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

// Modes (docs/states.md, "Modes"): Phantom's one_of, written out by kilnc as
// eight archetypes, changed with replace in one move.
namespace {

enum mode : int { chase, scatter, scared, eaten };

// The mode and the house state an entity holds, read from its components.
std::pair<int, bool> modes_of(const states::World& world, kiln::entity e) {
    const int m = world.has<states::Chase>(e)     ? chase
                  : world.has<states::Scatter>(e) ? scatter
                  : world.has<states::Scared>(e)  ? scared
                  : world.has<states::Eaten>(e)   ? eaten
                                                  : -1;
    return {m, world.has<states::Home>(e)};
}

// replace<Lost, the mode to>; to is never Lost's own mode (replace<C, C> does not compile).
template <class Recorder, class Lost>
void replace_mode(Recorder& r, kiln::entity e, int to) {
    const auto into = [&]<class Gained>() {
        if constexpr (!std::is_same_v<Lost, Gained>) {
            r.template replace<Lost, Gained>(e);
        }
    };
    switch (to) {
    case chase: into.template operator()<states::Chase>(); break;
    case scatter: into.template operator()<states::Scatter>(); break;
    case scared: into.template operator()<states::Scared>(); break;
    default: into.template operator()<states::Eaten>(); break;
    }
}

// replace<current mode, to>, the current mode found with has.
template <class Recorder, class Has>
void change_mode(Recorder& r, kiln::entity e, int to, Has&& has) {
    if (has.template operator()<states::Chase>()) {
        replace_mode<Recorder, states::Chase>(r, e, to);
    } else if (has.template operator()<states::Scatter>()) {
        replace_mode<Recorder, states::Scatter>(r, e, to);
    } else if (has.template operator()<states::Scared>()) {
        replace_mode<Recorder, states::Scared>(r, e, to);
    } else {
        replace_mode<Recorder, states::Eaten>(r, e, to);
    }
}

} // namespace

template <class Has>
int current_mode(Has&& has) {
    return has.template operator()<states::Chase>()     ? chase
           : has.template operator()<states::Scatter>() ? scatter
           : has.template operator()<states::Scared>()  ? scared
                                                        : eaten;
}

void states::Shuffle::run(kiln::system_commands<World>& commands, kiln::entity entity, Ghost& ghost) {
    ghost.mode = static_cast<std::uint8_t>(ghost.mode * 97 + 31);
    const int to = (ghost.mode >> 3) % 4;
    const auto has = [&]<class C>() { return commands.template has<C>(entity); };
    if (current_mode(has) != to) {
        change_mode(commands, entity, to, has);
    }
    if ((ghost.mode & 0x40) != 0) {
        if (commands.has<Home>(entity)) {
            commands.replace<Home, Out>(entity);
        } else {
            commands.replace<Out, Home>(entity);
        }
    }
}

namespace {

// A phantom of the given modes, created in the archetype that holds them.
kiln::entity create_phantom(states::World& world, int m, bool home, std::uint8_t seed) {
    const states::Position p{seed};
    const states::Ghost g{seed};
    switch (m * 2 + (home ? 0 : 1)) {
    case 0: return world.create<states::PhantomChaseHome>(p, g);
    case 1: return world.create<states::PhantomChaseOut>(p, g);
    case 2: return world.create<states::PhantomScatterHome>(p, g);
    case 3: return world.create<states::PhantomScatterOut>(p, g);
    case 4: return world.create<states::PhantomScaredHome>(p, g);
    case 5: return world.create<states::PhantomScaredOut>(p, g);
    case 6: return world.create<states::PhantomEatenHome>(p, g);
    default: return world.create<states::PhantomEatenOut>(p, g);
    }
}

struct lcg {
    std::uint64_t state;
    std::uint32_t next(std::uint32_t bound) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<std::uint32_t>(state >> 33) % bound;
    }
};

} // namespace

TEST_CASE("modes: random replaces keep every phantom in the archetype of its modes, as a reference says",
          "[states][modes]") {
    states::World world;
    lcg random{44};
    struct expected {
        kiln::entity e;
        int mode;
        bool home;
    };
    std::vector<expected> reference;
    for (int i = 0; i < 200; ++i) {
        const int m = static_cast<int>(random.next(4));
        const bool home = random.next(2) == 0;
        reference.push_back({create_phantom(world, m, home, static_cast<std::uint8_t>(i)), m, home});
    }
    const auto world_has = [&](kiln::entity e) { return [&world, e]<class C>() { return world.has<C>(e); }; };
    for (int op = 0; op < 20'000; ++op) {
        expected& ghost = reference[random.next(static_cast<std::uint32_t>(reference.size()))];
        switch (random.next(4)) {
        case 0: { // a mode change, to another mode
            const int to = static_cast<int>((static_cast<std::uint32_t>(ghost.mode) + 1 + random.next(3)) % 4);
            change_mode(world, ghost.e, to, world_has(ghost.e));
            ghost.mode = to;
            break;
        }
        case 1: // the house state flips
            CHECK((ghost.home ? world.replace<states::Home, states::Out>(ghost.e)
                              : world.replace<states::Out, states::Home>(ghost.e)));
            ghost.home = !ghost.home;
            break;
        case 2: // a replace of a mode it does not hold: nothing happens
            if (ghost.mode != eaten) {
                CHECK_FALSE(world.replace<states::Eaten, states::Chase>(ghost.e));
            }
            break;
        default: // destroyed, and another made in its place
            world.destroy(ghost.e);
            CHECK_FALSE(world.replace<states::Home, states::Out>(ghost.e)); // dead: false, nothing done
            ghost.mode = static_cast<int>(random.next(4));
            ghost.home = random.next(2) == 0;
            ghost.e = create_phantom(world, ghost.mode, ghost.home, static_cast<std::uint8_t>(op));
            break;
        }
        if (op % 1000 == 999) {
            for (const expected& each : reference) {
                REQUIRE(modes_of(world, each.e) == std::pair{each.mode, each.home});
            }
        }
    }
    std::size_t phantoms = 0;
    world.each<const states::Ghost>(kiln::with<states::Position>, [&](const states::Ghost&) { ++phantoms; });
    CHECK(phantoms == reference.size());
    CHECK(world.size_of<states::PhantomChaseHome>() ==
          static_cast<std::size_t>(std::count_if(reference.begin(), reference.end(), [](const expected& g) {
              return g.mode == chase && g.home;
          })));
}

TEST_CASE("modes: a system's replace commands leave the same world serially and in parallel", "[states][modes]") {
    const auto run = [](auto executor) {
        auto world = std::make_unique<states::World>();
        std::vector<kiln::entity> ghosts;
        lcg random{7};
        for (int i = 0; i < 500; ++i) {
            ghosts.push_back(create_phantom(*world, static_cast<int>(random.next(4)), random.next(2) == 0,
                                            static_cast<std::uint8_t>(random.next(256))));
        }
        for (int frame = 0; frame < 60; ++frame) {
            world->progress(step, executor);
        }
        std::vector<std::tuple<int, bool, std::uint8_t>> seen;
        for (const kiln::entity e : ghosts) {
            const auto [m, home] = modes_of(*world, e);
            seen.emplace_back(m, home, world->get<states::Ghost>(e).mode);
        }
        return seen;
    };
    const auto serial = run(kiln::serial_executor{});
    int changed = 0;
    for (std::size_t i = 0; i < serial.size(); ++i) {
        changed += std::get<2>(serial[i]) != 0 ? 1 : 0;
    }
    CHECK(changed > 400); // the system ran on them
#if KILN_HAS_TBB
    CHECK(run(kiln::parallel_executor{std::chrono::microseconds{0}}) == serial);
#endif
}

void states::Frighten::run(kiln::system_commands<World>& commands, kiln::entity entity, const Ghost&) {
    commands.replace<Chase, Scared>(entity);
}
void states::CountScared::run(const Ghost&, Log& log) { note(log, 's'); }

TEST_CASE("flushes: a later system of the stage sees what an earlier one's commands changed", "[states][flush]") {
    // Frighten (changes = ["Chase", "Scared"]) replaces Chase by Scared; CountScared, after it and with Scared,
    // runs behind the flush kilnc placed between them, on the ghosts frightened in the same run.
    states::World world;
    world.progress(step);
    take(world);
    create_phantom(world, scatter, true, 1);
    create_phantom(world, chase, true, 2);
    create_phantom(world, chase, false, 3);
    world.run(states::stage::render);
    CHECK(take(world) == "ss"); // without the flush, "": no ghost was scared when the stage started
    CHECK(world.size_of<states::PhantomScaredHome>() == 1);
    CHECK(world.size_of<states::PhantomScaredOut>() == 1);
    CHECK(world.size_of<states::PhantomScatterHome>() == 1);
}

void states::Blink::run(Ticks& ticks) { ++ticks.blinks; }

TEMPLATE_LIST_TEST_CASE("timers: every(3) runs on the runs 0, 3, 6... of its stage", "[states][timer]",
                        kiln_test::every_executor) {
    states::World world;
    const auto& ticks = world.resource<states::Ticks>();
    world.progress(step, TestType{});
    CHECK(ticks.blinks == 1); // run 0
    world.progress(step, TestType{});
    world.progress(step, TestType{});
    CHECK(ticks.blinks == 1);
    world.progress(step, TestType{});
    CHECK(ticks.blinks == 2); // run 3
    world.run(states::stage::timer, TestType{}); // run 4: a run of the stage, however it is run
    world.run(states::stage::timer, TestType{}); // 5
    CHECK(world.stage_run() == 5);
    world.progress(step, TestType{}); // 6
    CHECK(ticks.blinks == 3);
}

void states::Watch::run(const Heat&, Log& log) { note(log, 'h'); }

TEST_CASE("conditions: a skipped system's changed filter sees what changed since it last ran", "[states][changes]") {
    states::World world;
    const kiln::entity stove = world.create<states::Stove>(states::Position{0}, states::Heat{1});
    world.progress(step); // Watch skipped: Mode is angry
    CHECK(take(world).find('h') == std::string::npos);
    world.set<states::Heat>(stove, states::Heat{2});
    world.progress(step); // skipped again: its last run is still before the change
    CHECK(take(world).find('h') == std::string::npos);
    world.state<states::Mode>().request(states::Mode::calm);
    world.progress(step);
    CHECK(take(world).find('h') != std::string::npos); // the stove, new and changed since Watch last ran
    world.progress(step);
    CHECK(take(world).find('h') == std::string::npos); // nothing changed since
}
