// One frame at 60 Hz: what the states' tests advance their world's clock by
// with each progress(step).
#pragma once

namespace kiln_test {

inline constexpr double step = 1.0 / 60;

} // namespace kiln_test
