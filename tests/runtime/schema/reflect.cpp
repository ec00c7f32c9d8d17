#include <kiln/schema/reflect.hpp>

#include <fixture/reflection.hpp>

#include <catch2/catch.hpp>

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace {

using kiln::component_reflection;
using kiln::component_traits;
using kiln::resource_traits;

// Every field of T as "name type offset size default doc", from the metadata.
template <class Traits>
std::vector<std::string> described() {
    std::vector<std::string> lines;
    for (const kiln::field_info& info : Traits::field_infos) {
        lines.push_back(std::string{info.name} + " " + std::string{info.type} + " " + std::to_string(info.offset) +
                        " " + std::to_string(info.size) + " [" + std::string{info.default_value} + "] [" +
                        std::string{info.doc} + "]");
    }
    return lines;
}

std::string where(kiln::schema_origin origin) {
    return std::string{origin.file} + ":" + std::to_string(origin.line);
}

// The metadata is constexpr data: usable in constant expressions.
static_assert(component_reflection<fixture::Health>::field_infos.size() == 2);
static_assert(component_reflection<fixture::Health>::field_infos[0].name == "hp");
static_assert(component_reflection<fixture::Health>::field_infos[1].offset == offsetof(fixture::Health, regen));
static_assert(component_reflection<fixture::Frozen>::field_infos.empty());
// A component's reflection has the name and members of its traits, which it derives rather than repeats.
static_assert(component_reflection<fixture::Health>::name == "Health");
static_assert(std::is_same_v<component_reflection<fixture::Health>::members, kiln::members_of_t<fixture::Health>>);
static_assert(component_reflection<fixture::Health>::members::size == 2);
static_assert(resource_traits<fixture::Clock>::origin.line == 43);

static_assert(kiln::reflected<fixture::Position>);
static_assert(kiln::reflected<fixture::Frozen>);
static_assert(kiln::reflected<fixture::Clock>);
static_assert(!kiln::reflected<int>);
static_assert(!kiln::reflected<fixture::Color::ref>);
static_assert(std::is_same_v<kiln::traits_of_t<fixture::Clock>, resource_traits<fixture::Clock>>);
static_assert(std::is_same_v<kiln::traits_of_t<fixture::Color>, component_reflection<fixture::Color>>);

} // namespace

TEST_CASE("field metadata gives each field's name, schema type, offset, size, default and doc") {
    CHECK(described<component_reflection<fixture::Health>>() ==
          std::vector<std::string>{"hp i32 0 4 [100] [Hit points; 0 is dead.]", "regen bool 4 1 [true] []"});
    CHECK(described<component_reflection<fixture::Velocity>>() ==
          std::vector<std::string>{"x f32 0 4 [1.5f] []", "y f32 4 4 [-2.0f] []"});
    CHECK(described<component_reflection<fixture::Target>>() == std::vector<std::string>{"who entity 0 8 [] []"});
    CHECK(described<component_reflection<fixture::Samples>>() ==
          std::vector<std::string>{"values f64[3] 0 24 [{0.5, 1.5, 2.5}] []", "count u16 24 2 [] []"});
    CHECK(described<component_reflection<fixture::Orientation>>() ==
          std::vector<std::string>{"axis Vec3 0 24 [{0.0, 0.0, 1.0}] []"});
    CHECK(described<component_reflection<fixture::Scanner>>() ==
          std::vector<std::string>{"range f32 0 4 [10.0f] []", "history i32[2] 4 8 [] []"});
    CHECK(described<resource_traits<fixture::Clock>>() ==
          std::vector<std::string>{"dt f32 0 4 [0.25f] []", "ticks u64 8 8 [] []"});
}

TEST_CASE("offsets and sizes are those of the C++ members") {
    fixture::Samples samples;
    const auto* base = reinterpret_cast<const std::byte*>(&samples);
    std::size_t visited = 0;
    kiln::for_each_field_info(samples, [&](const kiln::field_info& info, const auto& field) {
        CHECK(reinterpret_cast<const std::byte*>(&field) - base == static_cast<std::ptrdiff_t>(info.offset));
        CHECK(sizeof(field) == info.size);
        ++visited;
    });
    CHECK(visited == 2);
}

TEST_CASE("types have their doc and the place the schema declares them") {
    CHECK(component_reflection<fixture::Health>::doc == "How much damage an entity can take.");
    CHECK(component_reflection<fixture::Position>::doc.empty());
    CHECK(where(component_reflection<fixture::Position>::origin) == "tests/schema/fixture.toml:12");
    CHECK(where(component_reflection<fixture::Frozen>::origin) == "tests/schema/fixture.toml:25");
    CHECK(where(component_reflection<fixture::Tag>::origin) == "tests/schema/fixture_more.toml:8");
    CHECK(where(component_reflection<fixture::Scanner>::origin) == "tests/schema/fixture_more.toml:10");
    CHECK(where(resource_traits<fixture::Clock>::origin) == "tests/schema/fixture.toml:43");
    CHECK(where(resource_traits<fixture::Score>::origin) == "tests/schema/fixture_more.toml:18");
    CHECK(where(fixture::Particle::origin) == "tests/schema/fixture.toml:47");
    CHECK(where(fixture::FrozenShip::origin) == "tests/schema/fixture.toml:53");
    CHECK(where(fixture::Probe::origin) == "tests/schema/fixture_more.toml:24");
}

TEST_CASE("for_each_field visits every field in order, by name") {
    const fixture::Health health{7, false};
    std::vector<std::string> seen;
    kiln::for_each_field(health, [&](std::string_view name, const auto& field) {
        if constexpr (std::is_same_v<std::remove_cvref_t<decltype(field)>, std::int32_t>) {
            seen.push_back(std::string{name} + "=" + std::to_string(field));
        } else {
            seen.push_back(std::string{name} + "=" + (field ? "true" : "false"));
        }
    });
    CHECK(seen == std::vector<std::string>{"hp=7", "regen=false"});
}

TEST_CASE("for_each_field hands out each field with its own type, const for a const value") {
    fixture::Samples samples;
    const fixture::Samples& read_only = samples;
    kiln::for_each_field(samples, [](std::string_view name, auto& field) {
        static_assert(!std::is_const_v<std::remove_reference_t<decltype(field)>>);
        if (name == "values") {
            CHECK(std::is_same_v<std::remove_cvref_t<decltype(field)>, std::array<double, 3>>);
        } else {
            CHECK(std::is_same_v<std::remove_cvref_t<decltype(field)>, std::uint16_t>);
        }
    });
    kiln::for_each_field(read_only, [](std::string_view, auto& field) {
        static_assert(std::is_const_v<std::remove_reference_t<decltype(field)>>);
    });
}

TEST_CASE("for_each_field writes through the visitor") {
    fixture::Position position{1, 2};
    float next = 10;
    kiln::for_each_field(position, [&](std::string_view, float& field) { field = next++; });
    CHECK(position.x == 10);
    CHECK(position.y == 11);

    fixture::Clock clock;
    kiln::for_each_field(clock, [](std::string_view name, auto& field) {
        if (name == "ticks") {
            field = 99;
        }
    });
    CHECK(clock.ticks == 99);
    CHECK(clock.dt == 0.25f);
}

TEST_CASE("for_each_field on a split component's value, copied from and assigned back to the world") {
    fixture::World world;
    const kiln::entity ship = world.create<fixture::Ship>(fixture::Color{1, 2, 3});
    fixture::Color color = world.get<fixture::Color>(ship);
    kiln::for_each_field(color, [](std::string_view, std::uint8_t& channel) { channel = static_cast<std::uint8_t>(channel * 10); });
    world.get<fixture::Color>(ship) = color;
    const fixture::Color stored = world.get<const fixture::Color>(ship);
    CHECK(stored.r == 10);
    CHECK(stored.g == 20);
    CHECK(stored.b == 30);
}

TEST_CASE("a tag has no fields to visit") {
    fixture::Frozen frozen;
    int calls = 0;
    kiln::for_each_field(frozen, [&](std::string_view, auto&) { ++calls; });
    CHECK(calls == 0);
    CHECK(kiln::members_of_t<fixture::Frozen>::size == 0);
}
