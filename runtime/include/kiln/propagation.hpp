// The door for propagating by hand: kiln::propagate, kiln::propagate_dirty and
// kiln::propagate_changed (docs/hierarchy.md). A propagation declared in the
// schema runs in its stage without this include; code that calls a
// propagation itself, as benchmarks and tools do, includes this door rather
// than the folder's header, so that a move inside the house does not break it
// (the folder move of #45 did, for code that included <kiln/propagation.hpp>).
#pragma once

#include <kiln/hierarchy/propagation.hpp> // IWYU pragma: export
