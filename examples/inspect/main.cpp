// Looking inside a world without RTTI: what kilnc writes about each
// component, a value's fields visited by name, and a whole world as text.
//
// The metadata comes from examples/game/game.toml: kilnc writes it into each
// component's kiln::component_traits, as constexpr data.
#include <example_arguments.hpp>
#include <game/reflection.hpp>
#include <kiln/dump.hpp>
#include <kiln/schema/reflect.hpp>

#include <cstdio>
#include <optional>
#include <string_view>

namespace {

void print(std::string_view text) {
    std::printf("%.*s", static_cast<int>(text.size()), text.data());
}

} // namespace

int main(int argc, char** argv) {
    if (const std::optional<int> status = examples::refuse_arguments(
            argc, argv, "inspect",
            "Looking inside a world without RTTI: the metadata kilnc writes for Health, a value's\n"
            "fields visited by name, and a small world dumped as text.")) {
        return *status;
    }
    // What the schema says of Health: each field's name, schema type, place
    // in the struct, default and doc, and where Health is declared.
    using health = kiln::component_reflection<game::Health>;
    for (const kiln::field_info& field : health::field_infos) {
        print(field.name);
        print(": ");
        print(field.type);
        std::printf(" at offset %zu, %zu bytes, default ", field.offset, field.size);
        print(field.default_value);
        print(", doc \"");
        print(field.doc);
        print("\"\n");
    }
    std::printf("Health is declared at %.*s:%u\n", static_cast<int>(health::origin.file.size()),
                health::origin.file.data(), static_cast<unsigned>(health::origin.line));

    // Every field of a value, in schema order, by name and with its own
    // type: here each is a float, written through the reference.
    game::Velocity velocity{3, 4};
    kiln::for_each_field(velocity, [](std::string_view name, float& value) {
        value *= 2;
        print(name);
        std::printf(" = %g\n", value);
    });

    // A whole world: its resources, then each archetype and its entities.
    // Color is split (one column per field) and reads back whole; Model's
    // matrix is an extern type, which dump names rather than prints.
    game::World world;
    const kiln::entity particle = world.create<game::Particle>(game::Position{1, 2}, velocity);
    world.create<game::Ship>(game::Target{particle});
    world.create<game::RisingQuad>(game::Color{255, 128, 0, 255});
    kiln::dump(world);
}

// Output:
// hp: i32 at offset 0, 4 bytes, default 100, doc "Hit points; 0 is dead."
// Health is declared at examples/game/game.toml:39
// x = 6
// y = 8
// world game (schema version 1): 3 entities
// resource Time { dt = 0.0166667, frame = 0 }
// archetype RisingQuad (examples/game/game.toml:68): 1 entity
//   entity 2:0  Position { x = 0, y = 0 }  Angle { radians = 0 }  Color { r = 255, g = 128, b = 0, a = 255 }  Model { matrix = <Mat4> }  Quad { x = 0, y = 0, half_width = 0, half_height = 0, turn_cos = 1, turn_sin = 0, r = 255, g = 255, b = 255, a = 255 }  Rising { speed = 1 }
// archetype RotatingQuad (examples/game/game.toml:71): 0 entities
// archetype Particle (examples/game/game.toml:74): 1 entity
//   entity 0:0  Position { x = 1, y = 2 }  Velocity { x = 6, y = 8 }
// archetype Ship (examples/game/game.toml:77): 1 entity
//   entity 1:0  Position { x = 0, y = 0 }  Velocity { x = 0, y = 0 }  Health { hp = 100 }  Target { who = 0:0 }  Trail { xs = [0, 0, 0, 0], ys = [0, 0, 0, 0] }
// archetype FrozenShip (examples/game/game.toml:80): 0 entities
