// The combine function of wrong_combine.toml: the child's local part first,
// where kiln::propagate passes the parent's global part.
#pragma once

#include <wrong_combine/components.hpp>

namespace wrong_combine {

inline Place place_of(const Offset& local, const Place& parent) { return {parent.x + local.x}; }

} // namespace wrong_combine
