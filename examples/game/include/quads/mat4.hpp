// The example game's own math type, which its schema (examples/game/game.toml)
// uses as an [extern] type, the way a game brings the math library it
// already has.
#pragma once

#include <array>

namespace quads {

// A 4x4 float matrix, column-major.
struct mat4 {
    std::array<float, 16> m{};
};

} // namespace quads
