#include <consumer/world.hpp>

#include <cstdio>

int main() {
    consumer::World world;
    world.create<consumer::Runner>();
    world.each<consumer::Position, const consumer::Speed>(
        [](consumer::Position& p, const consumer::Speed& s) { p.x += s.value; });
    world.each<const consumer::Position>([](const consumer::Position& p) { std::printf("x = %g\n", p.x); });
}
