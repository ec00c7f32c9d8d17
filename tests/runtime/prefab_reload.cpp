// Prefabs' values reloaded into a running world (kiln::reload_prefabs,
// kiln/scene.hpp), on the world of tests/schema/content.toml: instances
// updated in place where they hold the prefab's old value, overrides and the
// game's changes kept, later spawns taking the new values (those recorded
// without the world too, which read the same live rows); each mistake at
// its line and column, changing nothing; and a model test: random edits of
// the prefabs applied to a running world whose game changes values too.
#include <content/reflection.hpp>
#include <content/world.hpp>

#include <catch2/catch.hpp>

#include <kiln/scene.hpp>

#include "system/spawned_without_world.hpp"

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace {

// The prefabs' values that the model edits; the defaults are the schema's.
struct prefab_model {
    int fighter_hp = 50;
    int fighter_max = 50;
    int points = 3;
    int gun_range = 25;
    int lamp_r = 255;
    std::optional<int> ace_hp;
    int ace_max = 200;
    int ace_kind = 2;
    int spare_x = -1;
};

// The prefab tables of tests/schema/content.toml, with model's values: the
// lines as the comments number them.
std::string prefabs_text(const prefab_model& m) {
    using std::to_string;
    std::string text = "[prefab.Fighter]\n"                                                      // 1
                       "archetype = \"Ship\"\n"                                                  // 2
                       "Health = { hp = " + to_string(m.fighter_hp) + ", max = " + to_string(m.fighter_max) + " }\n"
                       "Armor = { points = " + to_string(m.points) + " }\n"                      // 4
                       "Command = { lead = \"gun\" }\n"                                          // 5
                       "\n"
                       "[prefab.Fighter.children.gun]\n"                                         // 7
                       "archetype = \"Turret\"\n"
                       "Position = { x = 1.0 }\n"                                                // 9
                       "Aim = { range = " + to_string(m.gun_range) + ".0 }\n"                    // 10
                       "Owner = { ship = \"root\" }\n"                                           // 11
                       "\n"
                       "[prefab.Fighter.children.lamp]\n"                                        // 13
                       "archetype = \"Light\"\n"
                       "Position = { y = -1.0 }\n"                                               // 15
                       "Color = { r = " + to_string(m.lamp_r) + ", g = 200 }\n"                  // 16
                       "Owner = { ship = \"root\" }\n"                                           // 17
                       "\n"
                       "[prefab.Ace]\n"                                                          // 19
                       "base = \"Fighter\"\n"                                                    // 20
                       "archetype = \"EliteShip\"\n"                                             // 21
                       "Health = { max = " + to_string(m.ace_max) +
                       (m.ace_hp ? ", hp = " + to_string(*m.ace_hp) : std::string{}) + " }\n"    // 22
                       "Armor = { kind = " + to_string(m.ace_kind) + " }\n"                      // 23
                       "\n"
                       "[prefab.Ace.children.gun]\n"                                             // 25
                       "Aim = { target = \"lamp\" }\n"                                           // 26
                       "\n"
                       "[prefab.Ace.children.spare]\n"                                           // 28
                       "archetype = \"Turret\"\n"
                       "Position = { x = " + to_string(m.spare_x) + ".0 }\n"                     // 30
                       "Owner = { ship = \"root\" }\n";                                          // 31
    return text;
}

// Puts the program's prefabs back as kilnc compiled them when a test ends,
// so that no other test spawns a reloaded value.
struct compiled_prefabs_after {
    ~compiled_prefabs_after() { kiln::restore_compiled_prefabs<content::schema>(); }
};

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const std::size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

// The first error of reloading text, as "line:col: message"; the world's
// instance and the program's values must be unchanged.
std::string reload_error_of(const std::string& text) {
    const compiled_prefabs_after restore;
    content::World world;
    const kiln::spawned<content::Fighter> fighter = world.spawn<content::Fighter>();
    const kiln::scene_error error = kiln::reload_prefabs_text(world, text, "content.toml");
    REQUIRE(error);
    CHECK(error.file == "content.toml");
    CHECK(world.get<content::Health>(fighter.root()).hp == 50);
    CHECK(world.get<content::Health>(world.spawn<content::Fighter>().root()).max == 50);
    const kiln::scene_problem& first = error.problems.front();
    return std::to_string(first.line) + ':' + std::to_string(first.column) + ": " + first.message;
}

// Whether text starts with prefix; the next check shows text.
bool begins(const std::string& text, std::string_view prefix) {
    UNSCOPED_INFO(text);
    return text.starts_with(prefix);
}

} // namespace

TEST_CASE("the prefabs as written reload to the same values") {
    const compiled_prefabs_after restore;
    content::World world;
    const auto ace = world.spawn<content::Ace>();
    const kiln::scene_error error = kiln::reload_prefabs_text(world, prefabs_text({}), "content.toml");
    INFO(error.text());
    REQUIRE_FALSE(error);
    CHECK(world.get<content::Health>(ace.root()).max == 200);
    const auto again = world.spawn<content::Ace>();
    CHECK(world.get<content::Health>(again.root()).hp == 50);
    CHECK(world.get<content::Aim>(again.child<content::Ace::gun>()).target == again.child<content::Ace::lamp>());
}

TEST_CASE("a prefab reload updates instances in place, keeping overrides and the game's changes") {
    const compiled_prefabs_after restore;
    content::World world;
    const kiln::spawned<content::Fighter> plain = world.spawn<content::Fighter>();
    const auto overridden = world.spawn<content::Fighter>(kiln::field(&content::Health::hp, 7));
    const kiln::spawned<content::Ace> ace = world.spawn<content::Ace>();
    world.get<content::Armor>(plain.root()).points = 9; // the game changes it
    kiln::loaded_scene<content::schema> level;
    REQUIRE_FALSE(kiln::load_scene_text(world,
                                        "[scene]\nschema = \"content\"\n\n[entity.a]\nprefab = \"Fighter\"\n"
                                        "Health = { max = 5 }\n",
                                        "level.toml", level));

    prefab_model edited;
    edited.fighter_hp = 60;
    edited.fighter_max = 70;
    edited.points = 4;
    edited.gun_range = 30;
    edited.ace_max = 250;
    const kiln::scene_error error = kiln::reload_prefabs_text(world, prefabs_text(edited), "content.toml");
    INFO(error.text());
    REQUIRE_FALSE(error);

    CHECK(world.get<content::Health>(plain.root()).hp == 60);
    CHECK(world.get<content::Health>(plain.root()).max == 70);
    CHECK(world.get<content::Armor>(plain.root()).points == 9); // the game's value kept
    CHECK(world.get<content::Aim>(plain.child<content::Fighter::gun>()).range == 30.0f);
    CHECK(world.get<content::Command>(plain.root()).lead == plain.child<content::Fighter::gun>()); // links untouched
    CHECK(world.get<content::Health>(overridden.root()).hp == 7); // the spawn's override kept
    CHECK(world.get<content::Health>(overridden.root()).max == 70);
    CHECK(world.get<content::Armor>(overridden.root()).points == 4);
    CHECK(world.get<content::Health>(ace.root()).hp == 60); // from its base
    CHECK(world.get<content::Health>(ace.root()).max == 250);
    CHECK(world.get<content::Aim>(ace.child<content::Ace::gun>()).range == 30.0f);
    const kiln::entity a = level.find("a");
    CHECK(world.get<content::Health>(a).hp == 60);
    CHECK(world.get<content::Health>(a).max == 5); // the scene's value kept

    // Later spawns take the new values, as do scenes.
    const auto later = world.spawn<content::Fighter>();
    CHECK(world.get<content::Health>(later.root()).hp == 60);
    CHECK(world.get<content::Aim>(later.child<content::Fighter::gun>()).range == 30.0f);
    CHECK(world.get<content::Owner>(later.child<content::Fighter::gun>()).ship == later.root());
    const std::vector<kiln::spawned<content::Ace>> many = world.spawn_n<content::Ace>(3);
    CHECK(world.get<content::Health>(many[2].root()).max == 250);
    content::World::commands_type commands{world}; // and spawns recorded by a file without the world
    const spawned_data::made recorded = spawned_data::spawn(kiln::command_recorder<content::World>{world, commands});
    commands.apply();
    CHECK(world.get<content::Health>(recorded.fighter.root()).max == 70);
    CHECK(world.get<content::Health>(recorded.fighter.root()).hp == 7); // its override
    CHECK(world.get<content::Armor>(recorded.fighter.root()).points == 4);
    CHECK(world.get<content::Health>(recorded.ace.root()).max == 250);
    REQUIRE_FALSE(kiln::reload_scene_text(world,
                                          "[scene]\nschema = \"content\"\n\n[entity.a]\nprefab = \"Fighter\"\n"
                                          "Health = { max = 5 }\n\n[entity.b]\nprefab = \"Ace\"\n",
                                          level));
    CHECK(world.get<content::Health>(level.find("b")).hp == 60);
    CHECK(world.get<content::Health>(a).hp == 60); // a scene reload sees the reloaded value as the prefab's

    // A reload of a file without prefabs changes nothing.
    REQUIRE_FALSE(kiln::reload_prefabs_text(world, "[kiln]\nnamespace = \"content\"\n", "content.toml"));
    CHECK(world.get<content::Health>(world.spawn<content::Fighter>().root()).hp == 60);

    // Back to the file as built: every instance that took the reload's values goes back.
    REQUIRE_FALSE(kiln::reload_prefabs_text(world, prefabs_text({}), "content.toml"));
    CHECK(world.get<content::Health>(plain.root()).hp == 50);
    CHECK(world.get<content::Health>(later.root()).hp == 50);
    CHECK(world.get<content::Health>(overridden.root()).hp == 7);
}

TEST_CASE("a reload of the schema file, read from disk, changes nothing when the file did not") {
    const compiled_prefabs_after restore;
    content::World world;
    const auto fighter = world.spawn<content::Fighter>();
    const kiln::scene_error error = kiln::reload_prefabs(world, KILN_SOURCE_DIR "/tests/schema/content.toml");
    INFO(error.text());
    REQUIRE_FALSE(error);
    CHECK(world.get<content::Health>(fighter.root()).hp == 50);
    CHECK(kiln::reload_prefabs(world, "/nonexistent/content.toml").problems.front().message.starts_with(
        "cannot open the file: "));
}

TEST_CASE("a prefab reload's mistake: a value out of range") {
    CHECK(reload_error_of(replaced(prefabs_text({}), "points = 3", "points = 300")) ==
          "4:11: prefab 'Fighter': Armor.points: expected an integer in u8's range, found 300");
}

TEST_CASE("a prefab reload's mistake: an unknown field") {
    CHECK(reload_error_of(replaced(prefabs_text({}), "Aim = { range", "Aim = { rang")) ==
          "10:9: prefab 'Fighter': child 'gun': component 'Aim' has no field 'rang'; did you mean 'range'?");
}

TEST_CASE("a prefab reload's mistake: a component the archetype lacks") {
    CHECK(begins(reload_error_of(replaced(prefabs_text({}), "Command = {", "Hangar = { launches = 1 }\nCommand = {")),
                 "5:1: prefab 'Fighter': component 'Hangar' is not in archetype 'Ship'"));
}

TEST_CASE("a prefab reload's mistake: an unknown key") {
    CHECK(reload_error_of(replaced(prefabs_text({}), "archetype = \"Ship\"", "archetype = \"Ship\"\nbsae = \"Ace\"")) ==
          "3:1: prefab 'Fighter': unknown key 'bsae', neither a component nor a prefab's key; did you mean 'base'?");
}

TEST_CASE("a prefab reload's mistake: a prefab the program lacks") {
    CHECK(reload_error_of(prefabs_text({}) + "\n[prefab.Bomber]\narchetype = \"Ship\"\n") ==
          "33:9: prefab 'Bomber' is not a prefab of the running program; a reload changes prefabs' values, and a new "
          "prefab needs a rebuild");
}

TEST_CASE("a prefab reload's mistake: a child added") {
    CHECK(begins(reload_error_of(prefabs_text({}) + "\n[prefab.Fighter.children.radar]\narchetype = \"Light\"\n"),
                 "33:26: prefab 'Fighter': its children are now gun, lamp and radar, the program's are gun and "
                 "lamp; a reload changes a prefab's values"));
}

TEST_CASE("a prefab reload's mistake: another archetype") {
    CHECK(begins(reload_error_of(replaced(prefabs_text({}), "archetype = \"Ship\"", "archetype = \"EliteShip\"")),
                 "2:1: prefab 'Fighter': its archetype is now 'EliteShip', the program's is 'Ship'"));
}

TEST_CASE("a prefab reload's mistake: a link to another part") {
    CHECK(begins(reload_error_of(replaced(prefabs_text({}), "Command = { lead = \"gun\" }", "Command = { lead = \"lamp\" }")),
                 "5:13: prefab 'Fighter': Command.lead of part 'root' names other parts than the program's"));
}

TEST_CASE("a prefab reload's mistake: a link to no part") {
    CHECK(reload_error_of(replaced(prefabs_text({}), "lead = \"gun\"", "lead = \"gum\"")) ==
          "5:13: prefab 'Fighter': Command.lead names \"gum\", which is not a part of the prefab; did you mean 'gun'?");
}

TEST_CASE("a prefab reload's mistake: an unknown base, and a cycle of bases") {
    CHECK(reload_error_of(replaced(prefabs_text({}), "base = \"Fighter\"", "base = \"Fihgter\"")) ==
          "20:1: prefab 'Ace': base \"Fihgter\" is not a prefab of the schema; did you mean 'Fighter'?");
    CHECK(begins(reload_error_of(replaced(prefabs_text({}), "archetype = \"Ship\"", "archetype = \"Ship\"\nbase = \"Ace\"")),
                 "3:1: prefab 'Fighter': its bases make a cycle (Fighter -> Ace -> Fighter)"));
}

TEST_CASE("a prefab reload's mistake: another world's schema, and text that is not TOML") {
    CHECK(reload_error_of("[kiln]\nnamespace = \"game\"\n") ==
          "2:1: [kiln]: namespace is \"game\", but the world is \"content\"; reload the schema file the world was "
          "built from");
    CHECK(begins(reload_error_of("[prefab.Fighter\n"), "1:16: not TOML: "));
}

namespace {

// One instance, its parts and the values the model expects of it.
struct model_instance {
    bool ace = false;
    kiln::entity root, gun, lamp, spare;
    int hp = 0, max = 0, points = 0, kind = 0, gun_range = 0, lamp_r = 0, spare_x = 0;
};

// What a fresh spawn of the model's prefab gives.
model_instance spawned_values(const prefab_model& m, bool ace) {
    model_instance v;
    v.ace = ace;
    v.hp = ace ? m.ace_hp.value_or(m.fighter_hp) : m.fighter_hp;
    v.max = ace ? m.ace_max : m.fighter_max;
    v.points = m.points;
    v.kind = ace ? m.ace_kind : 1;
    v.gun_range = m.gun_range;
    v.lamp_r = m.lamp_r;
    v.spare_x = ace ? m.spare_x : 0;
    return v;
}

void check_instance(content::World& world, const model_instance& i) {
    CHECK(world.get<content::Health>(i.root).hp == i.hp);
    CHECK(world.get<content::Health>(i.root).max == i.max);
    CHECK(world.get<content::Armor>(i.root).points == i.points);
    CHECK(world.get<content::Armor>(i.root).kind == i.kind);
    CHECK(world.get<content::Aim>(i.gun).range == static_cast<float>(i.gun_range));
    const content::Color color = world.get<content::Color>(i.lamp);
    CHECK(color.r == i.lamp_r);
    if (i.ace) {
        CHECK(world.get<content::Position>(i.spare).x == static_cast<float>(i.spare_x));
    }
}

} // namespace

TEST_CASE("model test of prefab reload: random edits, overrides and the game's changes kept") {
    const compiled_prefabs_after restore;
    std::mt19937 random{std::random_device{}()};
    const std::uint32_t seed = random();
    INFO("seed " << seed);
    random.seed(seed);
    const auto pick = [&random](int low, int high) { return std::uniform_int_distribution<int>{low, high}(random); };

    content::World world;
    prefab_model model;
    std::vector<model_instance> instances;
    const auto spawn = [&](bool ace) {
        model_instance made = spawned_values(model, ace);
        const bool override = pick(0, 3) == 0;
        const int hp = pick(1, 9);
        if (ace) {
            const auto one = override ? world.spawn<content::Ace>(kiln::field(&content::Health::hp, hp))
                                      : world.spawn<content::Ace>();
            made.root = one.root();
            made.gun = one.child<content::Ace::gun>();
            made.lamp = one.child<content::Ace::lamp>();
            made.spare = one.child<content::Ace::spare>();
        } else {
            const auto one = override ? world.spawn<content::Fighter>(kiln::field(&content::Health::hp, hp))
                                      : world.spawn<content::Fighter>();
            made.root = one.root();
            made.gun = one.child<content::Fighter::gun>();
            made.lamp = one.child<content::Fighter::lamp>();
        }
        if (override) {
            made.hp = hp;
        }
        instances.push_back(made);
    };
    for (int i = 0; i < 20; ++i) {
        spawn(pick(0, 1) == 1);
    }
    for (int round = 0; round < 60; ++round) {
        INFO("round " << round);
        // The game changes some values.
        for (model_instance& i : instances) {
            switch (pick(0, 9)) {
            case 0: world.get<content::Health>(i.root).hp = i.hp = pick(0, 99); break;
            case 1: world.get<content::Armor>(i.root).points = static_cast<std::uint8_t>(i.points = pick(0, 9)); break;
            case 2: world.get<content::Aim>(i.gun).range = static_cast<float>(i.gun_range = pick(0, 40)); break;
            default: break;
            }
        }
        // The designer edits the prefabs: values drawn from small ranges, so
        // that an instance's own value often meets a prefab's.
        prefab_model edited = model;
        for (int edits = pick(1, 3); edits > 0; --edits) {
            switch (pick(0, 8)) {
            case 0: edited.fighter_hp = pick(40, 60); break;
            case 1: edited.fighter_max = pick(40, 60); break;
            case 2: edited.points = pick(0, 9); break;
            case 3: edited.gun_range = pick(20, 30); break;
            case 4: edited.lamp_r = pick(250, 255); break;
            case 5: edited.ace_hp = pick(0, 1) == 1 ? std::optional<int>{pick(40, 60)} : std::nullopt; break;
            case 6: edited.ace_max = pick(190, 210); break;
            case 7: edited.ace_kind = pick(0, 3); break;
            default: edited.spare_x = pick(-3, 3); break;
            }
        }
        const bool broken = pick(0, 7) == 0;
        std::string text = prefabs_text(edited);
        if (broken) {
            text += "\n[prefab.Fighter.children.extra]\narchetype = \"Light\"\n";
        }
        const kiln::scene_error error = kiln::reload_prefabs_text(world, text, "content.toml");
        INFO(error.text());
        REQUIRE(static_cast<bool>(error) == broken);
        if (!broken) {
            // The rule: a field that still holds the prefab's old value takes its new one.
            for (model_instance& i : instances) {
                const model_instance before = spawned_values(model, i.ace);
                const model_instance after = spawned_values(edited, i.ace);
                const auto follow = [](int& value, int old_value, int new_value) {
                    if (value == old_value) {
                        value = new_value;
                    }
                };
                follow(i.hp, before.hp, after.hp);
                follow(i.max, before.max, after.max);
                follow(i.points, before.points, after.points);
                follow(i.kind, before.kind, after.kind);
                follow(i.gun_range, before.gun_range, after.gun_range);
                follow(i.lamp_r, before.lamp_r, after.lamp_r);
                follow(i.spare_x, before.spare_x, after.spare_x);
            }
            model = edited;
        }
        for (const model_instance& i : instances) {
            check_instance(world, i);
        }
        // Some are destroyed, some spawned: from the values now.
        if (pick(0, 3) == 0 && !instances.empty()) {
            const std::size_t gone = static_cast<std::size_t>(pick(0, static_cast<int>(instances.size()) - 1));
            REQUIRE(world.destroy(instances[gone].root));
            instances.erase(instances.begin() + static_cast<std::ptrdiff_t>(gone));
        }
        spawn(pick(0, 1) == 1);
        check_instance(world, instances.back());
    }
}
