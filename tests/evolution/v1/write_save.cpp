// Writes the save that version 1 of the evolution fixture's game makes: what
// tests/evolution/v1.format2.save holds (the test evolution.v1_save_unchanged
// keeps them equal), and what v1.save holds at save format 1. Every value is
// chosen so that version 2 can check it exactly.
//
// Usage: write_save <path>
#include <kiln/save.hpp>

#include <evolution/reflection.hpp>

#include <cstdio>

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: write_save <path>\n");
        return 2;
    }
    using namespace evolution;
    World world;
    world.resource<Level>() = {3, 9.81f};
    const kiln::entity u0 = world.create<Unit>(Position{1, 2}, Health{10, 5}, Score{7});    // 0:0
    world.create<Unit>(Position{3, 4}, Health{20, 6}, Score{-8}, Target{u0});                 // 1:0
    const kiln::entity d0 = world.create<Decoy>(Position{5, 6}, Health{30, 7}, Legacy{1234}); // 2:0
    world.create<Marker>(Position{7, 8});                                                     // 3:0
    const kiln::entity gone = world.create<Marker>();                                         // 4:0
    world.destroy(gone);
    const kiln::entity u2 = world.create<Unit>(Position{9, 10}, Health{40, 8}, Score{9}, Target{d0}); // 4:1
    world.create<Unit>(Position{11, 12}, Score{0}, Target{gone});                             // 5:0
    world.destroy(world.create<Decoy>());                                                     // 6:0, freed
    world.create<Marker>(Position{13, 14});                                                   // 6:1
    world.get<Target>(u0).who = u2;

    if (const kiln::save_error error = kiln::save_file(world, argv[1])) {
        std::fprintf(stderr, "write_save: %s\n", error.message.c_str());
        return 1;
    }
    return 0;
}
