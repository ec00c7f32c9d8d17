// Catch2's main for builds against libc++ (tests/CMakeLists.txt): Debian's
// libCatch2WithMain.a holds the same, compiled against libstdc++.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
