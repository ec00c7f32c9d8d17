// Paint reads Health (read = ["Health"]): writing it does not compile.
#include <fixture/systems.hpp>

void fixture::Paint::run(Color::ref color, const Health& health) {
    color.r = 1;
    health.hp = 0;
}
