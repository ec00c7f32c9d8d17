// The propagation `placement` (invaders.toml): where an entity is on the
// screen, from its parent's place and its own Local. An alien's Local is its
// place in the formation's grid, so the formation moves its aliens by moving
// itself; an entity without a parent is where its Local says.
#pragma once

#include <invaders/components/Local.hpp>
#include <invaders/components/Position.hpp>

namespace invaders {

inline Position place(const Position& parent, const Local& local) {
    return {parent.x + local.x, parent.y + local.y};
}

} // namespace invaders
