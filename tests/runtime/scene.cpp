// Scenes loaded and reloaded at run time (kiln/scene.hpp), on the world of
// tests/schema/content.toml: the level of docs/content.md, every mistake
// kilnc scene reports (at the same line and column) and the loader's own,
// each leaving the world as it was, reload in place, and a model test of
// reload: random edits of a scene applied to a running world, checked
// against a fresh load of the edited file, the game's changes kept.
#include <content/reflection.hpp>
#include <content/world.hpp>

#include <catch2/catch.hpp>

#include <kiln/scene.hpp>

#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace {

using Scene = kiln::loaded_scene<content::schema>;

const std::string header = "[scene]\nschema = \"content\"\n\n"; // lines 1 to 3; a test's tables follow from line 4

// A world that is not empty, so that a failed load that touched it shows.
struct populated {
    content::World world;
    kiln::entity ship = world.create<content::Ship>(content::Health{7, 9});

    [[nodiscard]] bool untouched() const {
        return world.size() == 1 && world.alive(ship) && world.get<content::Health>(ship).hp == 7;
    }
};

// The one error of loading text into a populated world, as "line:col: message"; the world must be unchanged.
std::string error_of(const std::string& text) {
    populated target;
    Scene scene;
    const kiln::scene_error error = kiln::load_scene_text(target.world, text, "level.toml", scene);
    REQUIRE(error);
    CHECK(target.untouched());
    CHECK(scene.entities().empty());
    CHECK(error.file == "level.toml");
    const kiln::scene_problem& first = error.problems.front();
    return std::to_string(first.line) + ':' + std::to_string(first.column) + ": " + first.message;
}

} // namespace

TEST_CASE("the level of docs/content.md loads") {
    content::World world;
    Scene level;
    const kiln::scene_error error = kiln::load_scene(world, KILN_SOURCE_DIR "/tests/scenes/level.toml", level);
    INFO(error.text());
    REQUIRE_FALSE(error);
    CHECK(level.entities().size() == 8); // carrier, flagship and its 3 children, escort and its 2
    const kiln::entity carrier = level.find("carrier");
    const kiln::entity flagship = level.find("flagship");
    const kiln::entity escort = level.find("escort");
    CHECK(world.size() == 8);
    CHECK(world.get<content::Position>(carrier).x == 10.0f);
    CHECK(world.get<content::Hangar>(carrier).launches == 2);
    CHECK(world.get<content::Health>(flagship).hp == 80);   // the scene's
    CHECK(world.get<content::Health>(flagship).max == 200); // Ace's
    CHECK(world.get<content::Command>(flagship).lead == escort); // over Ace's link to its gun
    CHECK(world.get<content::Aim>(level.find("flagship.gun")).range == 60.0f);
    CHECK(world.get<content::Aim>(level.find("flagship.gun")).target == level.find("escort.gun"));
    CHECK(world.get<content::Owner>(level.find("flagship.spare")).ship == flagship); // Ace's own link
    CHECK(world.hierarchy().parent(flagship) == carrier);
    CHECK(world.hierarchy().parent(level.find("escort.lamp")) == escort);
    CHECK(world.get<content::Position>(escort).x == 12.0f);
    CHECK(world.get<content::Command>(escort).lead == level.find("escort.gun")); // Fighter's link
    CHECK(world.prefab_of(flagship)->prefab == "Ace");
    CHECK(world.prefab_of(level.find("escort.gun"))->part == "gun");
    CHECK(level.find("nobody").is_null());
}

TEST_CASE("kilnc's mistake at its line and column: no scene table") {
    CHECK(error_of("[entity.a]\narchetype = \"Carrier\"\n") ==
          "1:1: a scene starts with [scene] and schema = \"content\", the namespace of the world it is for");
}

TEST_CASE("kilnc's mistake at its line and column: another world's scene") {
    CHECK(error_of("[scene]\nschema = \"game\"\n").starts_with(
        "2:1: [scene]: schema is \"game\", but the world is \"content\""));
}

TEST_CASE("kilnc's mistake at its line and column: an unknown table") {
    CHECK(error_of(header + "[entities.a]\narchetype = \"Carrier\"\n") ==
          "4:2: unknown table [entities]; did you mean [entity]?");
}

TEST_CASE("kilnc's mistake at its line and column: neither prefab nor archetype") {
    CHECK(error_of(header + "[entity.a]\nPosition = { x = 1.0 }\n").starts_with(
        "4:9: entity 'a' needs a prefab = \"NAME\" to spawn or an archetype"));
}

TEST_CASE("kilnc's mistake at its line and column: an unknown prefab") {
    CHECK(error_of(header + "[entity.a]\nprefab = \"Figter\"\n") ==
          "5:1: entity 'a': prefab \"Figter\" is not a prefab of the schema; did you mean 'Fighter'?");
}

TEST_CASE("kilnc's mistake at its line and column: an unknown archetype") {
    CHECK(error_of(header + "[entity.a]\narchetype = \"Carier\"\n") ==
          "5:1: entity 'a': archetype \"Carier\" is not an archetype; did you mean 'Carrier'?");
}

TEST_CASE("kilnc's mistake at its line and column: a component the archetype lacks") {
    CHECK(error_of(header + "[entity.a]\narchetype = \"Carrier\"\nHealth = { hp = 1 }\n").starts_with(
        "6:1: entity 'a': component 'Health' is not in archetype 'Carrier', whose components are Position and Hangar"));
}

TEST_CASE("kilnc's mistake at its line and column: a value out of range") {
    CHECK(error_of(header + "[entity.a]\nprefab = \"Fighter\"\nArmor = { points = 256 }\n") ==
          "6:11: entity 'a': Armor.points: expected an integer in u8's range, found 256");
}

TEST_CASE("kilnc's mistake at its line and column: an unknown child") {
    CHECK(error_of(header + "[entity.a]\nprefab = \"Fighter\"\n\n[entity.a.children.gunn]\nAim = {}\n") ==
          "7:20: entity 'a': prefab 'Fighter' has no child 'gunn'; did you mean 'gun'?");
}

TEST_CASE("kilnc's mistake at its line and column: an entity field naming no entity") {
    CHECK(error_of(header + "[entity.a]\nprefab = \"Fighter\"\nCommand = { lead = \"b.gun\" }\n") ==
          "6:13: entity 'a': Command.lead names 'b.gun', which is no entity of the scene; did you mean 'a.gun'?");
}

TEST_CASE("kilnc's mistake at its line and column: an unknown parent") {
    CHECK(error_of(header + "[entity.a]\nprefab = \"Fighter\"\nparent = \"b\"\n").starts_with(
        "6:1: entity 'a': parent \"b\" is no entity of the scene"));
}

TEST_CASE("kilnc's mistake at its line and column: a cycle of parents") {
    CHECK(error_of(header + "[entity.a]\narchetype = \"Station\"\nparent = \"b\"\n\n"
                            "[entity.b]\narchetype = \"Station\"\nparent = \"a\"\n")
              .starts_with("6:1: entity 'a': its parents make a cycle (a -> b -> a)"));
}

TEST_CASE("kilnc's mistake at its line and column: an unknown resource") {
    CHECK(error_of(header + "[resource.Score]\npoints = 1\n").starts_with(
        "4:11: [resource.Score]: the schema has no resource 'Score' that a scene can set"));
}

TEST_CASE("a byte array written as rows of text, a byte a character, or as one string") {
    content::World world;
    Scene plan;
    const kiln::scene_error error =
        kiln::load_scene_text(world, header + "[resource.Chart]\ncells = [\"#..#\", \"o  o\", \"#--#\"]\n", "level.toml", plan);
    INFO(error.text());
    REQUIRE_FALSE(error);
    const std::string cells(world.resource<content::Chart>().cells.begin(), world.resource<content::Chart>().cells.end());
    CHECK(cells == "#..#o  o#--#");
    Scene again;
    REQUIRE_FALSE(kiln::load_scene_text(world, header + "[resource.Chart]\ncells = \"o--oo..o####\"\n", "level.toml", again));
    CHECK(world.resource<content::Chart>().cells[1] == '-');
}

TEST_CASE("kilnc's mistake at its line and column: a row of text of another length") {
    CHECK(error_of(header + "[resource.Chart]\ncells = [\"#..#\", \"o o\", \"#--#\"]\n") ==
          "5:18: resource 'Chart': cells: value[1] has 3 characters, but the rows before it have 4; write the rows of "
          "a grid of one length");
}

TEST_CASE("kilnc's mistake at its line and column: rows of text too few") {
    CHECK(error_of(header + "[resource.Chart]\ncells = [\"#..#\", \"o  o\"]\n") ==
          "5:1: resource 'Chart': cells: value is 2 rows of 4 characters, 8 in all, but 'u8[12]' needs 12");
}

TEST_CASE("kilnc's mistake at its line and column: text that is not ASCII") {
    CHECK(error_of(header + "[resource.Chart]\ncells = [\"#..#\", \"o \u00e9o\", \"#--#\"]\n") ==
          "5:18: resource 'Chart': cells: value[1] has a character at 2 that is not ASCII; text for 'u8[12]' takes one "
          "byte a character");
}

TEST_CASE("the loader's mistake: a value of the wrong type") {
    CHECK(error_of(header + "[entity.a]\nprefab = \"Fighter\"\nHealth = { hp = \"lots\" }\n") ==
          "6:12: entity 'a': Health.hp: expected an integer in i32's range, found a string");
}

TEST_CASE("the loader's mistake: an unknown field") {
    CHECK(error_of(header + "[entity.a]\nprefab = \"Fighter\"\nHealth = { hpp = 1 }\n") ==
          "6:12: entity 'a': component 'Health' has no field 'hpp'; did you mean 'hp'?");
}

TEST_CASE("the loader's mistake: a component that is not a table") {
    CHECK(error_of(header + "[entity.a]\nprefab = \"Fighter\"\nHealth = 5\n") ==
          "6:1: entity 'a': 'Health' must be a table of its fields' values, like Health = { hp = ... }, not 5");
}

TEST_CASE("the loader's mistake: an unknown key") {
    CHECK(error_of(header + "[entity.a]\nprefab = \"Fighter\"\nHelth = { hp = 1 }\n") ==
          "6:1: entity 'a': unknown key 'Helth', neither a component nor an entity's key; did you mean 'Health'?");
}

TEST_CASE("the loader's mistake: both prefab and archetype") {
    CHECK(error_of(header + "[entity.a]\narchetype = \"Carrier\"\nprefab = \"Fighter\"\n").starts_with(
        "4:9: entity 'a' needs a prefab"));
}

TEST_CASE("the loader's mistake: an entity field that is not a name") {
    CHECK(error_of(header + "[entity.a]\nprefab = \"Fighter\"\nCommand = { lead = 3 }\n").starts_with(
        "6:13: entity 'a': Command.lead is an entity field; its value names an entity of the scene"));
}

TEST_CASE("the loader's mistake: children of an archetype's entity") {
    CHECK(error_of(header + "[entity.a]\narchetype = \"Carrier\"\n\n[entity.a.children.x]\n").starts_with(
        "7:11: entity 'a': children overrides a prefab's children; an archetype's entity has none"));
}

TEST_CASE("the loader's mistake: entity that is not a table") {
    CHECK(error_of("entity = 3\n" + header) == "1:1: 'entity' must be a table of entities, each written [entity.NAME]");
}

TEST_CASE("the loader's mistake: a float out of range") {
    CHECK(error_of(header + "[entity.a]\nprefab = \"Fighter\"\nPosition = { x = 1e39 }\n") ==
          "6:14: entity 'a': Position.x: expected a number in f32's range, found 1e+39");
}

TEST_CASE("the loader's mistake: a date") {
    CHECK(error_of(header + "[entity.a]\nprefab = \"Fighter\"\nPosition = { x = 1979-05-27 }\n") ==
          "6:18: a date or time is no value of a field; write a number, a bool, a string or an array");
}

TEST_CASE("the loader's mistake: text that is not TOML") {
    CHECK(error_of(header + "[entity.a]\nprefab = \"Fighter\"\nPosition = { x = \n").find(": not TOML: ") !=
          std::string::npos);
}

TEST_CASE("the loader's mistake: a table written twice") {
    CHECK(error_of(header + "[entity.a]\nprefab = \"Fighter\"\n[entity.a]\n").starts_with("6:"));
}

TEST_CASE("the loader's mistake: an unknown key of the scene table") {
    CHECK(error_of("[scene]\nschema = \"content\"\nlevel = 2\n") ==
          "3:1: [scene] has no key 'level'; its keys are schema and doc");
}

TEST_CASE("every mistake is reported, and text() writes them as a compiler does") {
    content::World world;
    Scene scene;
    const kiln::scene_error error = kiln::load_scene_text(
        world, header + "[entity.a]\nprefab = \"Figter\"\n\n[entity.b]\narchetype = \"Carier\"\n", "level.toml",
        scene);
    REQUIRE(error.problems.size() == 2);
    CHECK(error.text() == "level.toml:5:1: error: entity 'a': prefab \"Figter\" is not a prefab of the schema; did "
                          "you mean 'Fighter'?\nlevel.toml:8:1: error: entity 'b': archetype \"Carier\" is not an "
                          "archetype; did you mean 'Carrier'?\n");
    CHECK(world.size() == 0);
}

TEST_CASE("a copied, assigned or moved scene finds its entities after the original is gone") {
    content::World world;
    auto original = std::make_unique<Scene>();
    const std::string text = header + "[entity.a]\narchetype = \"Station\"\n\n"
                                      "[entity.a_name_longer_than_a_short_string]\nprefab = \"Fighter\"\n";
    REQUIRE_FALSE(kiln::load_scene_text(world, text, "level.toml", *original));
    const kiln::entity a = original->find("a");
    const kiln::entity gun = original->find("a_name_longer_than_a_short_string.gun");
    REQUIRE_FALSE(gun.is_null());
    const Scene copied = *original;
    Scene assigned;
    assigned = *original;
    const Scene moved = std::move(*original);
    original.reset(); // the index is of views of the names: each scene's own
    const Scene* const scenes[] = {&copied, &assigned, &moved};
    for (const Scene* scene : scenes) {
        CHECK(scene->find("a") == a);
        CHECK(scene->find("a_name_longer_than_a_short_string.gun") == gun);
        CHECK(scene->find("b").is_null());
    }
}

TEST_CASE("a file that cannot be read") {
    populated target;
    Scene scene;
    const kiln::scene_error error = kiln::load_scene(target.world, "/nonexistent/level.toml", scene);
    REQUIRE(error);
    CHECK(error.problems.front().message.starts_with("cannot open the file: "));
    CHECK(target.untouched());
}

TEST_CASE("a reload updates in place, keeps what the game changed, adds and removes") {
    content::World world;
    Scene level;
    const std::string before = header + "[entity.home]\narchetype = \"Carrier\"\nPosition = { x = 1.0, y = 2.0 }\n\n"
                                        "[entity.a]\nprefab = \"Fighter\"\nparent = \"home\"\nHealth = { hp = 10 }\n\n"
                                        "[entity.b]\nprefab = \"Fighter\"\n";
    REQUIRE_FALSE(kiln::load_scene_text(world, before, "level.toml", level));
    const kiln::entity home = level.find("home");
    const kiln::entity a = level.find("a");
    const kiln::entity b = level.find("b");
    world.get<content::Position>(home).y = 5.0f; // the game moves it

    const std::string after = header + "[entity.home]\narchetype = \"Carrier\"\nPosition = { x = 3.0, y = 4.0 }\n\n"
                                       "[entity.a]\nprefab = \"Ace\"\nHealth = { hp = 10 }\n\n"
                                       "[entity.c]\narchetype = \"Station\"\nDock = { aces = 2 }\n";
    const kiln::scene_error error = kiln::reload_scene_text(world, after, level);
    INFO(error.text());
    REQUIRE_FALSE(error);
    CHECK(level.find("home") == home); // kept, in place
    CHECK(world.get<content::Position>(home).x == 3.0f);
    CHECK(world.get<content::Position>(home).y == 5.0f); // the game's value kept
    CHECK_FALSE(world.alive(a));                          // a Fighter no more: an Ace now
    CHECK(world.prefab_of(level.find("a"))->prefab == "Ace");
    CHECK(world.hierarchy().parent(level.find("a")).is_null());
    CHECK_FALSE(world.alive(b)); // removed, with its children
    CHECK(world.get<content::Dock>(level.find("c")).aces == 2);
    CHECK(world.size() == 1 + 4 + 1);

    // A mistake changes nothing, and the scene reloads later.
    CHECK(kiln::reload_scene_text(world, after + "[entity.d]\nprefab = \"Nobody\"\n", level));
    CHECK(world.size() == 6);
    CHECK(level.find("d").is_null());
    REQUIRE_FALSE(kiln::reload_scene_text(world, after, level));
    CHECK(world.size() == 6);
}

namespace {

// The model: a scene as data, written as TOML, edited at random.
struct model_entity {
    std::string kind; // "Fighter", "Ace", "Carrier", "Station"
    int hp = 0;       // Health.hp (prefabs), Hangar.launches (Carrier), Dock.aces (Station)
    float x = 0;      // Position.x (not Station)
    int gun_range = 0; // the gun's Aim.range (prefabs)
    std::string lead;  // Command.lead (prefabs): another entity's name, or none
    std::string parent;
};

using model_scene = std::map<std::string, model_entity>;

std::string written(const model_scene& scene) {
    std::string text = header;
    for (const auto& [name, e] : scene) {
        const bool prefab = e.kind == "Fighter" || e.kind == "Ace";
        text += "[entity." + name + "]\n" + (prefab ? "prefab" : "archetype") + " = \"" + e.kind + "\"\n";
        if (!e.parent.empty()) {
            text += "parent = \"" + e.parent + "\"\n";
        }
        if (prefab) {
            text += "Health = { hp = " + std::to_string(e.hp) + " }\nPosition = { x = " + std::to_string(e.x) + " }\n";
            if (!e.lead.empty()) {
                text += "Command = { lead = \"" + e.lead + "\" }\n";
            }
            text += "children.gun = { Aim = { range = " + std::to_string(e.gun_range) + ".0 } }\n";
        } else if (e.kind == "Carrier") {
            text += "Hangar = { launches = " + std::to_string(e.hp) + " }\nPosition = { x = " + std::to_string(e.x) +
                    " }\n";
        } else {
            text += "Dock = { aces = " + std::to_string(e.hp) + " }\n";
        }
        text += '\n';
    }
    return text;
}

// Whether e, in world, holds the C that expected does in expected_world, entity fields compared by name.
template <class C>
void compare(content::World& world, kiln::entity e, content::World& expected_world, kiln::entity expected,
             const Scene& scene, const Scene& expected_scene) {
    const bool has = world.has<C>(e);
    REQUIRE(has == expected_world.has<C>(expected));
    if (!has) {
        return;
    }
    const C value = world.get<C>(e);
    const C wanted = expected_world.get<C>(expected);
    std::vector<std::string> got_fields;
    std::vector<std::string> wanted_fields;
    const auto show = [](std::vector<std::string>& out, const Scene& in) {
        return [&out, &in](std::string_view name, const auto& field) {
            using F = std::remove_cvref_t<decltype(field)>;
            if constexpr (std::is_same_v<F, kiln::entity>) {
                std::string who = field.is_null() ? "null" : "?";
                for (const auto& [part, entity] : in.entities()) {
                    if (entity == field) {
                        who = part;
                    }
                }
                out.push_back(std::string(name) + '=' + who);
            } else if constexpr (std::is_arithmetic_v<F>) {
                out.push_back(std::string(name) + '=' + std::to_string(field));
            }
        };
    };
    kiln::for_each_field(value, show(got_fields, scene));
    kiln::for_each_field(wanted, show(wanted_fields, expected_scene));
    CHECK(got_fields == wanted_fields);
}

} // namespace

TEST_CASE("model test of reload against a fresh load, the game's changes kept") {
    std::mt19937 random{std::random_device{}()};
    const std::uint32_t seed = random();
    INFO("seed " << seed);
    random.seed(seed);
    const char* kinds[] = {"Fighter", "Ace", "Carrier", "Station"};
    const auto pick = [&](int n) { return static_cast<int>(random() % static_cast<std::uint32_t>(n)); };

    for (int run = 0; run < 20; ++run) {
        model_scene model;
        content::World world;
        Scene scene;
        std::map<std::string, int> overridden; // entity -> the hp the game set (prefab instances only)
        const auto edit = [&] {
            for (int n = pick(6); n >= 0; --n) {
                const std::string name = "e" + std::to_string(pick(12));
                switch (pick(5)) {
                case 0: model.erase(name); break;
                case 1: model[name].kind = kinds[pick(4)]; break;
                case 2: model[name].hp = pick(50); break;
                case 3: model[name].x = static_cast<float>(pick(20)); break;
                default: model[name].gun_range = pick(30); break;
                }
                if (model.count(name) != 0 && model[name].kind.empty()) {
                    model[name].kind = kinds[pick(4)];
                }
            }
            // Links and parents among what is there, without cycles: a parent comes earlier in name order.
            for (auto& [name, e] : model) {
                if (pick(4) == 0) {
                    e.lead.clear();
                }
                if (pick(3) == 0 && !model.empty()) {
                    auto other = model.begin();
                    std::advance(other, pick(static_cast<int>(model.size())));
                    e.lead = other->first + (pick(2) == 0 && (other->second.kind == "Fighter" ||
                                                              other->second.kind == "Ace")
                                                 ? ".gun"
                                                 : "");
                }
                if (!e.parent.empty() && (model.count(e.parent) == 0 || !(e.parent < name))) {
                    e.parent.clear();
                }
                if (pick(4) == 0 && model.begin()->first < name) {
                    e.parent = model.begin()->first;
                }
            }
            const auto is_prefab = [&](const std::string& name) {
                const auto found = model.find(name);
                return found != model.end() && (found->second.kind == "Fighter" || found->second.kind == "Ace");
            };
            for (auto& [name, e] : model) {
                const std::string target = e.lead.substr(0, e.lead.find('.'));
                const bool valid = model.count(target) != 0 && (target == e.lead || is_prefab(target));
                if (!is_prefab(name) || !valid) {
                    e.lead.clear();
                }
            }
        };
        edit();
        {
            const kiln::scene_error error = kiln::load_scene_text(world, written(model), "level.toml", scene);
            INFO(error.text() << written(model));
            REQUIRE_FALSE(error);
        }
        for (int step = 0; step < 12; ++step) {
            // The game changes some instances' hp to values no edit writes.
            for (const auto& [name, e] : model) {
                if ((e.kind == "Fighter" || e.kind == "Ace") && pick(4) == 0) {
                    const int hp = 1000 + pick(1000);
                    world.get<content::Health>(scene.find(name)).hp = hp;
                    overridden[name] = hp;
                }
            }
            const model_scene old = model;
            edit();
            for (auto it = overridden.begin(); it != overridden.end();) {
                const bool kept = model.count(it->first) != 0 && model.at(it->first).kind == old.at(it->first).kind;
                it = kept ? std::next(it) : overridden.erase(it);
            }
            const std::string text = written(model);
            INFO(text);
            const kiln::scene_error error = kiln::reload_scene_text(world, text, scene);
            INFO(error.text());
            REQUIRE_FALSE(error);

            content::World expected_world;
            Scene expected;
            REQUIRE_FALSE(kiln::load_scene_text(expected_world, text, "level.toml", expected));
            for (const auto& [name, hp] : overridden) {
                expected_world.get<content::Health>(expected.find(name)).hp = hp;
            }
            REQUIRE(world.size() == expected_world.size());
            REQUIRE(scene.entities().size() == expected.entities().size());
            for (std::size_t i = 0; i < expected.entities().size(); ++i) {
                const auto& [name, want] = expected.entities()[i];
                INFO(name);
                REQUIRE(scene.entities()[i].first == name);
                const kiln::entity got = scene.entities()[i].second;
                REQUIRE(world.alive(got));
                const auto parent_name = [](content::World& w, const Scene& s, kiln::entity e) {
                    const kiln::entity parent = w.hierarchy().parent(e);
                    for (const auto& [part, entity] : s.entities()) {
                        if (entity == parent) {
                            return part;
                        }
                    }
                    return std::string(parent.is_null() ? "" : "?");
                };
                CHECK(parent_name(world, scene, got) == parent_name(expected_world, expected, want));
                compare<content::Position>(world, got, expected_world, want, scene, expected);
                compare<content::Health>(world, got, expected_world, want, scene, expected);
                compare<content::Armor>(world, got, expected_world, want, scene, expected);
                compare<content::Command>(world, got, expected_world, want, scene, expected);
                compare<content::Aim>(world, got, expected_world, want, scene, expected);
                compare<content::Owner>(world, got, expected_world, want, scene, expected);
                compare<content::Hangar>(world, got, expected_world, want, scene, expected);
                compare<content::Dock>(world, got, expected_world, want, scene, expected);
            }
        }
    }
}
