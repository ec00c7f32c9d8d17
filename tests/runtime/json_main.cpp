// Catch2's main for kiln_json_tests, which build without exceptions as game
// code does: Catch2 built with them (libCatch2WithMain.a) would not match.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
