// Chase's players lookup reads Position ([system.Chase.lookup.players] in
// tests/schema/reach.toml): get gives a const Position*, so writing through
// it is C++'s own error.
#include <reach/systems.hpp>

void misuse(const kiln::lookup<reach::Chase::players_lookup>& players, kiln::entity target) {
    if (const auto* position = players.get(target)) {
        position->x = 0;
    }
}
