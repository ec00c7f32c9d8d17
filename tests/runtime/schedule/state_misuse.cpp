// A cycle of transitions stops the program (docs/states.md, "When a
// transition happens"): here entering title requests game_over, whose
// on-enter system requests title, so the first progress, which enters
// title, would never end.
#include <states/world.hpp>

void states::March::run(Position&, const Game&) {}
void states::CountAliens::run(const Alien&, Log&) {}
void states::Request::run(kiln::state<Phase>&, const Game&) {}
void states::WhenAngry::run(Log&) {}
void states::WhenAliens::run(Log&) {}
void states::EnterPlaying::run(kiln::system_commands<World>&, Log&) {}
void states::ExitPlaying::run(Log&) {}
void states::EnterGameOver::run(Log&, kiln::state<Phase>& phase, const Game&) { phase.request(Phase::title); }
void states::EnterTitle::run(Log&, kiln::state<Phase>& phase) { phase.request(Phase::game_over); }
void states::LateLog::run(Log&) {}
void states::Shuffle::run(kiln::system_commands<World>&, kiln::entity, Ghost&) {}
void states::Frighten::run(kiln::system_commands<World>&, kiln::entity, const Ghost&) {}
void states::CountScared::run(const Ghost&, Log&) {}
void states::Watch::run(const Heat&, Log&) {}
void states::Blink::run(Ticks&) {}

int main() {
    states::World world;
    world.progress(1.0 / 60);
    return 0;
}
