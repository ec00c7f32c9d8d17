// The live inspector in a game built on kiln from outside its tree
// (tests/consumer): kiln::inspector links, its server starts on a free port
// of this machine, and the world answers a request.
#include <consumer/reflection.hpp>
#include <kiln/inspector.hpp>

#include <cstdio>
#include <string>

int main() {
    consumer::World world;
    world.create<consumer::Runner>();
    kiln::inspect::basic_inspector<consumer::World> inspector;
    if (const std::string error = inspector.start(); !error.empty()) {
        std::printf("the inspector did not start: %s\n", error.c_str());
        return 1;
    }
    const kiln::inspect::response answer = inspector.answer(world, {"GET", "/entities", {{"archetype", "Runner"}}, ""});
    std::printf("inspector on port %d: %d %s\n", inspector.port(), answer.status, answer.body.c_str());
    return answer.status == 200 ? 0 : 1;
}
