// Version 1 of the evolution fixture's game, given a save of version 2:
// loading must refuse it, name both versions, and leave the world as it was.
//
// Usage: refuses_newer <path of a version 2 save>
#include <kiln/save.hpp>

#include <evolution/reflection.hpp>

#include <cstdio>

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: refuses_newer <path>\n");
        return 2;
    }
    evolution::World world;
    const kiln::entity kept = world.create<evolution::Marker>(evolution::Position{1, 2});
    const kiln::save_error error = kiln::load_file(world, argv[1]);
    std::printf("%s\n", error.message.c_str());
    const bool untouched = world.size() == 1 && world.get<evolution::Position>(kept).y == 2;
    return error.code == kiln::save_errc::newer_schema && untouched ? 0 : 1;
}
