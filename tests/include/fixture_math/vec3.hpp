// An external math type, as the fixture schema's [extern] Vec3.
#pragma once

namespace fixture_math {

struct vec3 {
    double x, y, z;
    friend bool operator==(const vec3&, const vec3&) = default;
};

} // namespace fixture_math
