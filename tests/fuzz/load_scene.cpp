// The fuzz target of kiln::load_scene_text, on the world of
// tests/schema/content.toml: whatever the bytes, the load either fails with
// problems, each with a sentence, and leaves the world as it was, or succeeds
// with one entity in the world for each the scene names, and reloading the
// same text then changes nothing. Anything else (a crash, a sanitizer
// report, a trap below) is a bug. scene_mutations.cpp calls it on hostile
// inputs and on mutations of the docs' level in every test build; libFuzzer
// can call it as well (LLVMFuzzerTestOneInput).
#include <kiln/scene.hpp>

#include <content/reflection.hpp>
#include <content/world.hpp>

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace {

void require(bool holds) {
    if (!holds) {
        __builtin_trap();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    content::World world;
    const kiln::entity ship = world.create<content::Ship>(content::Health{7, 9});
    kiln::loaded_scene<content::schema> scene;
    const std::string_view text{reinterpret_cast<const char*>(data), size};
    if (const kiln::scene_error error = kiln::load_scene_text(world, text, "fuzz.toml", scene)) {
        require(!error.problems.empty() && error.problems.size() <= kiln::scene_error::max_problems);
        for (const kiln::scene_problem& problem : error.problems) {
            require(!problem.message.empty());
        }
        require(world.size() == 1 && world.alive(ship) && world.get<content::Health>(ship).hp == 7);
        require(scene.entities().empty());
        return 0;
    }
    require(world.size() == 1 + scene.entities().size());
    for (const auto& [name, e] : scene.entities()) {
        require(world.alive(e));
    }
    const auto before = scene.entities();
    require(!kiln::reload_scene_text(world, text, scene));
    require(scene.entities() == before && world.size() == 1 + before.size());
    return 0;
}
