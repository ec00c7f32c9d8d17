// Writes a save of version 2 of the evolution fixture's game, for the test
// that version 1 refuses it (evolution.v1_refuses_v2).
//
// Usage: write_save <path>
#include <kiln/save.hpp>

#include <evolution/reflection.hpp>

#include <cstdint>
#include <cstdio>

double evolution::migrations::Score_points(std::int32_t old) { return old / 4.0; }

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: write_save <path>\n");
        return 2;
    }
    evolution::World world;
    world.create<evolution::Unit>(evolution::Shield{5});
    if (const kiln::save_error error = kiln::save_file(world, argv[1])) {
        std::fprintf(stderr, "write_save: %s\n", error.message.c_str());
        return 1;
    }
    return 0;
}
