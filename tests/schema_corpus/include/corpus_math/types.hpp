// The extern types of the corpus schemas: an aggregate, an aggregate that
// holds an array, and a type with a constructor.
#pragma once

namespace corpus_math {

struct vec2 {
    float x, y;
};

struct mat2 {
    float cells[4];
};

class angle {
public:
    constexpr angle() = default;
    constexpr explicit angle(double radians) : radians_{radians} {}

private:
    double radians_ = 0;
};

} // namespace corpus_math
