// kiln::parallel_executor runs on oneTBB, which a file gets by linking the
// CMake target kiln::parallel: one built without it is told so, rather than
// that kiln has no such member.
#include <fixture/world.hpp>

void misuse(fixture::World& world) { world.progress(1.0 / 60, kiln::parallel_executor{}); }
