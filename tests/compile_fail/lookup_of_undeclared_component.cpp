// Chase's ghosts lookup lists Position only: Velocity is out of its reach,
// though the ghosts hold it.
#include <reach/systems.hpp>

void misuse(const kiln::lookup<reach::Chase::ghosts_lookup>& ghosts, kiln::entity target) {
    static_cast<void>(ghosts.get<reach::Velocity>(target));
}
