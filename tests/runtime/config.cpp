// kiln/config.hpp as a release build sees it: assertions off. Only this
// header is included here, so no other kiln code is compiled two ways.
#define KILN_ENABLE_ASSERT 0
#include <kiln/config.hpp>

#include <catch2/catch.hpp>

TEST_CASE("with assertions off, KILN_ASSERT does not evaluate its condition, and KILN_CHECK still does") {
    int evaluated = 0;
    KILN_ASSERT(++evaluated < 0, "never checked, never evaluated");
    CHECK(evaluated == 0);
    KILN_CHECK(++evaluated == 1, "checked in every build");
    CHECK(evaluated == 1);
}

TEST_CASE("KILN_CHECK and KILN_ASSERT are single statements, so an if without braces keeps its else") {
    int taken = 0;
    for (const bool condition : {true, false}) {
        if (condition)
            KILN_CHECK(taken >= 0, "unreachable");
        else
            ++taken;
        if (condition)
            KILN_ASSERT(taken >= 0, "unreachable");
        else
            ++taken;
    }
    CHECK(taken == 2);
}
