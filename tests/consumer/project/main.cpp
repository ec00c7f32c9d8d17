#include <consumer/reflection.hpp>
#include <kiln/save.hpp>

#include <cstddef>
#include <cstdio>
#include <vector>

int main() {
    consumer::World world;
    world.create<consumer::Runner>();
    world.each<consumer::Position, const consumer::Speed>(
        [](consumer::Position& p, const consumer::Speed& s) { p.x += s.value; });
    // A save and a load: the runtime's dependencies (xxHash's header) reach the game through kiln::runtime.
    std::vector<std::byte> save;
    if (const kiln::save_error error = kiln::save(world, save); error || kiln::load(world, save)) {
        std::printf("the save did not load back\n");
        return 1;
    }
    world.each<const consumer::Position>([](const consumer::Position& p) { std::printf("x = %g\n", p.x); });
}
