// Resources the schema leaves out of saves (kiln = { saved = false }, world.hpp's
// resource<R>): on the lookup world of tests/schema/reach.toml, Scratch (a
// std::vector<int>, the game's type) and Frames (fields of its own) are in no
// save, JSON document or dump, and a load, from bytes or JSON, leaves them as
// they were; Score, saved, is restored as any resource is.
#include <reach/reflection.hpp>

#include <kiln/dump.hpp>
#include <kiln/save.hpp>
#if KILN_LOOKUP_TEST_JSON
#include <kiln/json.hpp>
#endif

#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

using namespace reach;

std::string dumped(const World& world) {
    char* text = nullptr;
    std::size_t size = 0;
    std::FILE* out = open_memstream(&text, &size);
    kiln::dump(world, out);
    std::fclose(out);
    std::string result{text, size};
    std::free(text);
    return result;
}

} // namespace

TEST_CASE("a resource left out of saves is in no save, JSON document or dump, and a load keeps it") {
    World world;
    world.create<Pac>(Position{1, 2});
    world.resource<Score>().points = 7;
    world.resource<Scratch>() = {1, 2, 3};
    world.resource<Frames>().count = 40;

    std::vector<std::byte> saved;
    REQUIRE_FALSE(kiln::save(world, saved));
    World other;
    other.resource<Scratch>() = {9};
    other.resource<Frames>().count = 5;
    std::vector<std::byte> saved_other;
    other.create<Pac>(Position{1, 2});
    other.resource<Score>().points = 7;
    REQUIRE_FALSE(kiln::save(other, saved_other));
    CHECK(saved == saved_other); // the unsaved resources differ, the saves do not

    world.resource<Score>().points = 0;
    world.resource<Scratch>().push_back(4);
    REQUIRE_FALSE(kiln::load(world, saved));
    CHECK(world.resource<Score>().points == 7);
    CHECK(world.resource<Scratch>() == std::vector<int>{1, 2, 3, 4});
    CHECK(world.resource<Frames>().count == 40);

#if KILN_LOOKUP_TEST_JSON
    const nlohmann::ordered_json document = kiln::to_json(world);
    CHECK(document["resources"].contains("Score"));
    CHECK_FALSE(document["resources"].contains("Scratch"));
    CHECK_FALSE(document["resources"].contains("Frames"));
    world.resource<Frames>().count = 41;
    REQUIRE_FALSE(kiln::from_json(world, document));
    CHECK(world.resource<Frames>().count == 41);
    CHECK(world.resource<Scratch>().size() == 4);
#endif

    const std::string text = dumped(world);
    CHECK(text.find("Score") != std::string::npos);
    CHECK(text.find("Scratch") == std::string::npos);
    CHECK(text.find("Frames") == std::string::npos);
}
