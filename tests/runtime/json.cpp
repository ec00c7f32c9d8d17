// Tests of kiln/json.hpp, built as game code is: no RTTI, no exceptions.
#include <kiln/json.hpp>

#include <fixture/reflection.hpp>

#include "sample_world.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <vector>

namespace {

using json = nlohmann::ordered_json;
using sample::bytes;
using sample::dumped;
using sample::next_handles;
using sample::sample_world;
using sample::saved;

// world read back from its own document, through the document's text.
void reload(fixture::World& world) {
    const kiln::save_error error = kiln::from_json_text(world, kiln::to_json(world).dump());
    INFO(error.message);
    REQUIRE_FALSE(error);
}

} // namespace

TEST_CASE("a world read back from its JSON has every value, handle, resource and slot") {
    sample_world sample;
    const json document = kiln::to_json(sample.world);
    fixture::World loaded;
    REQUIRE_FALSE(kiln::from_json(loaded, document));

    CHECK(dumped(loaded) == dumped(sample.world));
    CHECK(loaded.get<fixture::Orientation>(sample.probe).axis == fixture_math::vec3{1, 2, 3}); // dump skips externs
    // Every value's bits, every handle and every slot of the table, as the document holds them.
    CHECK(kiln::to_json(loaded) == document);
    // The binary save holds every field's bytes and the whole table, with
    // zeros for padding: the world read from its document saves as the
    // original does.
    CHECK(saved(loaded) == saved(sample.world));
    fixture::World binary;
    REQUIRE_FALSE(kiln::load(binary, saved(loaded)));
    CHECK(kiln::to_json(binary) == document);
    const std::vector<kiln::entity> expected = next_handles(sample.world, 6);
    CHECK(next_handles(loaded, 6) == expected);
    CHECK(expected[0].generation() > 0); // the free list was used, in its order
}

TEST_CASE("to_json writes rows left by destroy(e) as the settled world holds them, and settles nothing") {
    for (const int every : {97, 3}) { // a few holes, which settling sorts; many, which it marks
        INFO("one in every " << every << " destroyed");
        fixture::World world;
        sample::leave_holes(world, 1000, every);
        const json unsettled = kiln::to_json(world);
        CHECK(world.unsettled_storage<fixture::Particle>().storage().hole_count() > 0);
        world.settle();
        CHECK(unsettled == kiln::to_json(world));
    }
}

TEST_CASE("the text of a document, parsed sorted or in order, reads back the same") {
    sample_world sample;
    const std::string text = kiln::to_json(sample.world).dump(2);
    fixture::World ordered;
    REQUIRE_FALSE(kiln::from_json_text(ordered, text));
    fixture::World sorted;
    REQUIRE_FALSE(kiln::from_json(sorted, nlohmann::json::parse(text, nullptr, false)));
    CHECK(kiln::to_json(ordered).dump(2) == text);
    CHECK(saved(sorted) == saved(ordered));
}

TEST_CASE("docs/json.md: a world as a document") {
    fixture::World world;
    world.resource<fixture::Clock>() = {0.1f, 18446744073709551615u};
    const kiln::entity gone = world.create<fixture::Particle>();
    const kiln::entity particle = world.create<fixture::Particle>(fixture::Position{1.5f, -2});
    world.create<fixture::Ship>(fixture::Health{-5, false}, fixture::Color{10, 20, 30}, fixture::Target{particle});
    world.create<fixture::Probe>(fixture::Scanner{2.5f, {-1, 7}}, fixture::Orientation{{1, 0, 0}},
                                 fixture::Samples{{0.125, 1e10, -0.0}, 3});
    world.create<fixture::Beacon>();
    world.destroy(gone);

    const std::string text = kiln::to_json(world).dump(2);
    // From its second line, so that docs/json.md can show it whole.
    CHECK("\n" + text == R"(
{
  "schema": "fixture",
  "version": 3,
  "resources": {
    "Clock": {
      "dt": 0.1,
      "ticks": 18446744073709551615
    },
    "Score": {
      "points": 0
    }
  },
  "archetypes": {
    "Particle": [
      {
        "entity": "1:0",
        "Position": {
          "x": 1.5,
          "y": -2.0
        },
        "Velocity": {
          "x": 1.5,
          "y": -2.0
        }
      }
    ],
    "Ship": [
      {
        "entity": "2:0",
        "Position": {
          "x": 0.0,
          "y": 0.0
        },
        "Velocity": {
          "x": 1.5,
          "y": -2.0
        },
        "Health": {
          "hp": -5,
          "regen": false
        },
        "Target": {
          "who": "1:0"
        },
        "Color": {
          "r": 10,
          "g": 20,
          "b": 30
        }
      }
    ],
    "FrozenShip": [],
    "Marker": [],
    "Probe": [
      {
        "entity": "3:0",
        "Position": {
          "x": 0.0,
          "y": 0.0
        },
        "Scanner": {
          "range": 2.5,
          "history": [
            -1,
            7
          ]
        },
        "Orientation": {
          "axis": "000000000000f03f00000000000000000000000000000000"
        },
        "Samples": {
          "values": [
            0.125,
            10000000000.0,
            -0.0
          ],
          "count": 3
        }
      }
    ],
    "Beacon": [
      {
        "entity": "4:0",
        "Tag": {}
      }
    ]
  },
  "entity_table": {
    "free": [
      "0:1"
    ],
    "retired": []
  }
})");
    fixture::World loaded;
    if (const kiln::save_error error = kiln::from_json_text(loaded, text)) {
        std::fprintf(stderr, "cannot read the document: %s\n", error.message.c_str());
    }
    CHECK(kiln::to_json(loaded).dump(2) == text);
}

TEST_CASE("floats keep their bits: the shortest f32 text, signed zeros, nan and infinities") {
    fixture::World world;
    const kiln::entity e = world.create<fixture::Particle>(
        fixture::Position{0.1f, -0.0f},
        fixture::Velocity{std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity()});
    world.resource<fixture::Clock>().dt = std::numeric_limits<float>::denorm_min();
    const kiln::entity nan = world.create<fixture::Particle>(fixture::Position{std::numeric_limits<float>::quiet_NaN(), 16777217.0f});
    const json document = kiln::to_json(world);
    const json& position = document["archetypes"]["Particle"][0]["Position"];
    CHECK(position.dump() == R"({"x":0.1,"y":-0.0})"); // 0.1f as 0.1, not as the double 0.10000000149011612
    CHECK(document["archetypes"]["Particle"][0]["Velocity"].dump() == R"({"x":"inf","y":"-inf"})");
    CHECK(document["archetypes"]["Particle"][1]["Position"]["x"] == "nan");

    reload(world);
    CHECK(saved(world) != bytes{}); // a NaN compares unequal to itself: compare what can be compared
    const fixture::Position read = world.get<fixture::Position>(e);
    CHECK(read.x == 0.1f);
    CHECK(std::signbit(read.y));
    CHECK(world.get<fixture::Velocity>(e).x == std::numeric_limits<float>::infinity());
    CHECK(world.resource<fixture::Clock>().dt == std::numeric_limits<float>::denorm_min());
    CHECK(std::isnan(world.get<fixture::Position>(nan).x));
    CHECK(world.get<fixture::Position>(nan).y == 16777216.0f); // the f32 nearest 16777217
}

TEST_CASE("64-bit integers are exact at both ends of their ranges") {
    fixture::World world;
    world.resource<fixture::Clock>().ticks = std::numeric_limits<std::uint64_t>::max();
    world.resource<fixture::Score>().points = std::numeric_limits<std::int64_t>::min();
    reload(world);
    CHECK(world.resource<fixture::Clock>().ticks == std::numeric_limits<std::uint64_t>::max());
    CHECK(world.resource<fixture::Score>().points == std::numeric_limits<std::int64_t>::min());
}

TEST_CASE("what a document leaves out takes the schema's defaults") {
    fixture::World world;
    REQUIRE_FALSE(kiln::from_json_text(world, R"({"schema": "fixture", "version": 1,
        "archetypes": {"Ship": [{"entity": "0:0", "Health": {"hp": 5}}]}})"));
    const kiln::entity ship{0, 0};
    CHECK(world.get<fixture::Health>(ship).hp == 5);
    CHECK(world.get<fixture::Health>(ship).regen); // the field left out
    CHECK(world.get<fixture::Velocity>(ship).x == 1.5f); // the component left out
    CHECK(world.resource<fixture::Clock>().dt == 0.25f); // the resource left out
    CHECK(kiln::entity{world.create<fixture::Beacon>()} == kiln::entity{1, 0}); // no free slot
}

TEST_CASE("entity fields naming no live entity read as null") {
    fixture::World world;
    REQUIRE_FALSE(kiln::from_json_text(world, R"({"schema": "fixture", "version": 3, "archetypes": {"Ship": [
        {"entity": "0:0", "Target": {"who": "1:0"}},
        {"entity": "2:0", "Target": {"who": "1:1"}},
        {"entity": "3:0", "Target": {"who": "99:0"}}]},
        "entity_table": {"free": ["1:1"]}})"));
    CHECK(world.get<fixture::Target>(kiln::entity{0, 0}).who.is_null());   // an older generation of a free slot
    CHECK(world.get<fixture::Target>(kiln::entity{2, 0}).who.is_null());   // free, not alive
    CHECK(world.get<fixture::Target>(kiln::entity{3, 0}).who.is_null());   // no such slot
}

TEST_CASE("retired slots stay retired through JSON and binary saves") {
    fixture::World world;
    REQUIRE_FALSE(kiln::from_json_text(world, R"({"schema": "fixture", "version": 3,
        "archetypes": {"Beacon": [{"entity": "1:0"}]}, "entity_table": {"retired": ["0:4294967295"]}})"));
    CHECK(kiln::to_json(world)["entity_table"].dump() == R"({"free":[],"retired":["0:4294967295"]})");
    fixture::World loaded;
    REQUIRE_FALSE(kiln::load(loaded, saved(world)));
    CHECK(kiln::entity{world.create<fixture::Beacon>()} == kiln::entity{2, 0}); // never slot 0 again
    CHECK(kiln::entity{loaded.create<fixture::Beacon>()} == kiln::entity{2, 0});
}

namespace {

// A document that differs from the sample world's in one place, and what
// from_json must say of it.
struct bad_document {
    const char* what;
    std::function<void(json&)> edit;
    kiln::save_errc code;
    std::string message;
};

} // namespace

TEST_CASE("a document that does not fit the schema is an error naming its JSON pointer, and changes nothing") {
    using kiln::save_errc;
    const std::vector<bad_document> cases = {
        {"an array", [](json& d) { d = json::array(); }, save_errc::not_a_save,
         "the document: expected an object, a world as kiln::to_json writes it, found an array"},
        {"no schema", [](json& d) { d.erase("schema"); }, save_errc::not_a_save,
         "the document: expected \"schema\": \"fixture\", the name of the world's schema, found none"},
        {"a schema that is not a string", [](json& d) { d["schema"] = 1; }, save_errc::not_a_save,
         "the document: expected \"schema\": \"fixture\", the name of the world's schema, found 1"},
        {"another schema", [](json& d) { d["schema"] = "game"; }, save_errc::wrong_schema,
         "/schema: the document is of schema \"game\", this world's is \"fixture\""},
        {"a newer version", [](json& d) { d["version"] = 4; }, save_errc::newer_schema,
         "/version: the document is of schema \"fixture\" version 4, newer than this program's version 3"},
        {"a negative version", [](json& d) { d["version"] = -1; }, save_errc::corrupt,
         "/version: expected an integer in u32's range, found -1"},
        {"no version", [](json& d) { d.erase("version"); }, save_errc::corrupt,
         "/version: expected the schema version the document was written with, at most 3, found none"},
        {"an unknown key", [](json& d) { d["a/b"] = 1; }, save_errc::corrupt,
         "/a~1b: a world has the keys schema, version, resources, archetypes, entity_table, hierarchy and states "
         "only"},
        {"a hierarchy that is not a list", [](json& d) { d["hierarchy"] = 1; }, save_errc::corrupt,
         "/hierarchy: expected an array of [child, parent] handle pairs, found 1"},
        {"a link that is not a pair", [](json& d) { d["hierarchy"] = {{"0:0"}}; }, save_errc::corrupt,
         "/hierarchy/0: expected a pair [child, parent] of handles, found an array"},
        {"a link to a dead entity", [](json& d) { d["hierarchy"] = json::array({json::array({"0:0", "77:0"})}); }, save_errc::corrupt,
         "/hierarchy/0: the link of 0:0 to parent 77:0 names an entity the world does not hold"},
        {"a child given two parents", [](json& d) { d["hierarchy"] = json::array({json::array({"0:0", "3:0"}), json::array({"0:0", "4:0"})}); },
         save_errc::corrupt, "/hierarchy/1: the link of 0:0 to parent 4:0 gives its child a second parent"},
        {"a cycle", [](json& d) { d["hierarchy"] = json::array({json::array({"0:0", "3:0"}), json::array({"3:0", "0:0"})}); }, save_errc::corrupt,
         "/hierarchy/1: the link of 3:0 to parent 0:0 makes its child its own ancestor"},
        {"an unknown resource", [](json& d) { d["resources"]["Weather"] = json::object(); }, save_errc::corrupt,
         "/resources/Weather: the schema has no resource Weather"},
        {"a resource that is not an object", [](json& d) { d["resources"]["Clock"] = 1; }, save_errc::corrupt,
         "/resources/Clock: expected an object of Clock's fields, found 1"},
        {"an unknown archetype", [](json& d) { d["archetypes"]["Spaceship"] = json::array(); },
         save_errc::corrupt, "/archetypes/Spaceship: the schema has no archetype Spaceship"},
        {"an archetype that is not an array", [](json& d) { d["archetypes"]["Ship"] = json::object(); },
         save_errc::corrupt, "/archetypes/Ship: expected an array of Ship's entities, found an object"},
        {"an entity that is not an object", [](json& d) { d["archetypes"]["Particle"][1] = "3:0"; },
         save_errc::corrupt,
         "/archetypes/Particle/1: expected an object, an entity's handle and components, found a string"},
        {"a component of another archetype", [](json& d) { d["archetypes"]["Particle"][0]["Health"] = json::object(); },
         save_errc::corrupt, "/archetypes/Particle/0/Health: archetype Particle has no component Health"},
        {"an unknown field", [](json& d) { d["archetypes"]["Ship"][0]["Health"]["hpp"] = 1; },
         save_errc::corrupt, "/archetypes/Ship/0/Health/hpp: Health has no field hpp"},
        {"a field on a tag", [](json& d) { d["archetypes"]["Beacon"][0]["Tag"]["on"] = true; },
         save_errc::corrupt, "/archetypes/Beacon/0/Tag/on: Tag has no field on"},
        {"an i32 out of range", [](json& d) { d["archetypes"]["Ship"][0]["Health"]["hp"] = 3000000000u; },
         save_errc::corrupt, "/archetypes/Ship/0/Health/hp: expected an integer in i32's range, found 3000000000"},
        {"an i32 below its range", [](json& d) { d["archetypes"]["Ship"][0]["Health"]["hp"] = -2147483649; },
         save_errc::corrupt, "/archetypes/Ship/0/Health/hp: expected an integer in i32's range, found -2147483649"},
        {"a fraction for an integer", [](json& d) { d["archetypes"]["Ship"][0]["Health"]["hp"] = 1.5; },
         save_errc::corrupt, "/archetypes/Ship/0/Health/hp: expected an integer in i32's range, found 1.5"},
        {"a string for an integer", [](json& d) { d["archetypes"]["Ship"][0]["Health"]["hp"] = "7"; },
         save_errc::corrupt, "/archetypes/Ship/0/Health/hp: expected an integer in i32's range, found a string"},
        {"a u8 out of range", [](json& d) { d["archetypes"]["Ship"][0]["Color"]["r"] = 256; }, save_errc::corrupt,
         "/archetypes/Ship/0/Color/r: expected an integer in u8's range, found 256"},
        {"a u64 below zero", [](json& d) { d["resources"]["Clock"]["ticks"] = -1; }, save_errc::corrupt,
         "/resources/Clock/ticks: expected an integer in u64's range, found -1"},
        {"a number for a bool", [](json& d) { d["archetypes"]["Ship"][0]["Health"]["regen"] = 1; },
         save_errc::corrupt, "/archetypes/Ship/0/Health/regen: expected true or false, found 1"},
        {"an f32 out of range", [](json& d) { d["archetypes"]["Particle"][0]["Position"]["x"] = 1e39; },
         save_errc::corrupt,
         "/archetypes/Particle/0/Position/x: expected a number in f32's range, found 1e+39"},
        {"a word for an f32", [](json& d) { d["archetypes"]["Particle"][0]["Position"]["x"] = "fast"; },
         save_errc::corrupt,
         "/archetypes/Particle/0/Position/x: expected a number (f32), or \"nan\", \"inf\" or \"-inf\", found a string"},
        {"a handle without a generation", [](json& d) { d["archetypes"]["Ship"][0]["Target"]["who"] = "1"; },
         save_errc::corrupt,
         "/archetypes/Ship/0/Target/who: expected a handle \"index:generation\" or null, found \"1\""},
        {"an array too short", [](json& d) { d["archetypes"]["Probe"][0]["Samples"]["values"] = {1.0, 2.0}; },
         save_errc::corrupt,
         "/archetypes/Probe/0/Samples/values: expected an array of 3 values (f64[3]), found an array"},
        {"a bad array element", [](json& d) { d["archetypes"]["Probe"][0]["Scanner"]["history"][1] = "x"; },
         save_errc::corrupt,
         "/archetypes/Probe/0/Scanner/history/1: expected an integer in i32's range, found a string"},
        {"an extern's bytes cut short", [](json& d) { d["archetypes"]["Probe"][0]["Orientation"]["axis"] = "00ff"; },
         save_errc::corrupt,
         "/archetypes/Probe/0/Orientation/axis: expected 48 hex digits, the bytes of a Vec3, found another string"},
        {"an entity without a handle", [](json& d) { d["archetypes"]["Ship"][0].erase("entity"); },
         save_errc::corrupt, "/archetypes/Ship/0: the entity has no handle: expected \"entity\": \"index:generation\""},
        {"a handle that is not one", [](json& d) { d["archetypes"]["Ship"][0]["entity"] = "x:1"; },
         save_errc::corrupt,
         "/archetypes/Ship/0/entity: expected a handle \"index:generation\" (index below 4294967295), found \"x:1\""},
        {"the null entity's index", [](json& d) { d["archetypes"]["Ship"][0]["entity"] = "4294967295:0"; },
         save_errc::corrupt,
         "/archetypes/Ship/0/entity: expected a handle \"index:generation\" (index below 4294967295), found "
         "\"4294967295:0\""},
        {"an entity alive twice", [](json& d) { d["archetypes"]["Beacon"][0]["entity"] = "0:0"; },
         save_errc::corrupt,
         "/archetypes/Beacon/0/entity: slot 0 is described twice, first at /archetypes/Particle/0/entity"},
        {"a free slot alive", [](json& d) { d["entity_table"]["free"][0] = "0:1"; }, save_errc::corrupt,
         "/entity_table/free/0: slot 0 is described twice, first at /archetypes/Particle/0/entity"},
        {"a slot left out", [](json& d) { d["archetypes"]["Beacon"][0]["entity"] = "8:0"; }, save_errc::corrupt,
         "/entity_table: slot 6 is neither an entity's, free nor retired; every slot up to the highest index, 8, is "
         "one of these"},
        {"a slot far beyond the others", [](json& d) { d["entity_table"]["retired"] = {"4000000000:0"}; },
         save_errc::corrupt,
         "/entity_table: slot 8 is neither an entity's, free nor retired; every slot up to the highest index, "
         "4000000000, is one of these"},
        {"an unknown list of the table", [](json& d) { d["entity_table"]["reserved"] = json::array(); },
         save_errc::corrupt, "/entity_table/reserved: the entity table has the lists free and retired only"},
        {"a free list of numbers", [](json& d) { d["entity_table"]["free"] = {4}; }, save_errc::corrupt,
         "/entity_table/free/0: expected a handle \"index:generation\" (index below 4294967295), found 4"},
    };
    sample_world sample;
    const json document = kiln::to_json(sample.world);
    const bytes before = saved(sample.world);
    for (const bad_document& bad : cases) {
        INFO(bad.what);
        json edited = document;
        bad.edit(edited);
        const kiln::save_error error = kiln::from_json(sample.world, edited);
        CHECK(error.code == bad.code);
        CHECK(error.message == bad.message);
        CHECK(saved(sample.world) == before);
    }
}

TEST_CASE("text that is not JSON is not_a_save, with where the parser stopped") {
    sample_world sample;
    const bytes before = saved(sample.world);
    const kiln::save_error error = kiln::from_json_text(sample.world, R"({"schema": "fixture", "version": })");
    CHECK(error.code == kiln::save_errc::not_a_save);
    CHECK(error.offset == 34);
    CHECK(error.message ==
          "not JSON: parse error at line 1, column 34: syntax error while parsing value - unexpected '}'; expected '[', "
          "'{', or a literal");
    CHECK(kiln::from_json_text(sample.world, "").message ==
          "not JSON: parse error at line 1, column 1: syntax error while parsing value - unexpected end of input; "
          "expected '[', '{', or a literal");
    CHECK(saved(sample.world) == before);
}

TEST_CASE("from_json refuses a world with a create pending, and leaves it as it was") {
    sample_world source;
    const json document = kiln::to_json(source.world);
    fixture::World world;
    world.create<fixture::Ship>(fixture::Health{5});
    kiln::command_buffer<fixture::World> buffer{world};
    const kiln::entity pending = buffer.create<fixture::Particle>();
    const std::string before = dumped(world);

    const kiln::save_error error = kiln::from_json(world, document);
    CHECK(error.code == kiln::save_errc::pending_changes);
    CHECK(error.message == "from_json: the world has 0 commands not applied and 1 entity reserved by creates not "
                           "applied; apply them (flush()) or discard their buffers first");
    CHECK(dumped(world) == before);

    buffer.apply();
    CHECK(world.alive(pending));
    CHECK(world.size() == 2);
}

TEST_CASE("a world's hierarchy goes through JSON exactly, each parent's children in order") {
    fixture::World world;
    const kiln::entity ship = world.create<fixture::Ship>();
    const kiln::entity left = world.create<fixture::Particle>();
    const kiln::entity right = world.create<fixture::Particle>();
    const kiln::entity gunner = world.create<fixture::Marker>();
    world.hierarchy().set_parent(right, ship);
    world.hierarchy().set_parent(left, ship);
    world.hierarchy().set_parent(gunner, left);
    const auto document = kiln::to_json(world);
    CHECK(document["hierarchy"].dump() == R"([["2:0","0:0"],["1:0","0:0"],["3:0","1:0"]])");

    fixture::World read;
    REQUIRE_FALSE(kiln::from_json(read, document));
    CHECK(kiln::to_json(read) == document);
    CHECK(read.hierarchy().parent(gunner) == left);
    CHECK(read.hierarchy().depth(gunner) == 2);
    std::vector<kiln::entity> children;
    for (const kiln::entity child : read.hierarchy().children(ship)) {
        children.push_back(child);
    }
    CHECK(children == std::vector{right, left});
    CHECK(saved(read) == saved(world));
}

TEST_CASE("a world without a hierarchy writes no hierarchy key") {
    fixture::World world;
    world.create<fixture::Ship>();
    CHECK_FALSE(kiln::to_json(world).contains("hierarchy"));
}
