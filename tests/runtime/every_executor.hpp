// The executors a test runs its case under, for TEMPLATE_LIST_TEST_CASE: the
// serial one, and the parallel one where kiln was built with oneTBB.
#pragma once

#include <tuple>

#include <kiln/core/executor.hpp>

namespace kiln_test {

#if KILN_HAS_TBB
using every_executor = std::tuple<kiln::serial_executor, kiln::parallel_executor>;
#else
using every_executor = std::tuple<kiln::serial_executor>;
#endif

} // namespace kiln_test
