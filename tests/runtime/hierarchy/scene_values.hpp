// Values of the scene world's transforms (tests/schema/scene.toml) that the
// propagation tests build and compare.
#pragma once

#include <scene/world.hpp>

#include <cstring>

namespace kiln_test {

// A translation by (tx, ty).
inline scene::Local moved(float tx, float ty) { return {1, 0, 0, 1, tx, ty}; }

// Equal bit for bit, as two computations of the same transforms in the same
// order are.
inline bool same_bytes(const scene::Global& x, const scene::Global& y) { return std::memcmp(&x, &y, sizeof x) == 0; }

} // namespace kiln_test
