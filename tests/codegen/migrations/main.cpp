// The game's side of migrate_from: kilnc declares one function per older
// type of a field in migrating/components.hpp, the game defines them here, and
// each kiln::field_migration of the traits converts through them. That this
// compiles and links is half the test: the signatures kilnc declares and the
// ones migrate_value expects agree, overloads included.
#include <migrating/reflection.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstddef>
#include <cstring>

namespace migrating::migrations {

double Health_hp(std::int32_t old) { return old; }

double Health_hp(float old) { return old; }

std::array<std::uint16_t, 3> Trail_xs(std::array<std::uint8_t, 3> old) {
    std::array<std::uint16_t, 3> widened{};
    std::copy(old.begin(), old.end(), widened.begin());
    return widened;
}

std::uint64_t Clock_ticks(std::uint32_t old) { return old; }

} // namespace migrating::migrations

namespace {

// What a loader does with a field_migration: hands it the saved bytes of the
// old type and the field to fill.
template <class New, class Old>
New converted(const kiln::field_migration& migration, Old saved) {
    std::byte saved_bytes[sizeof(Old)];
    std::memcpy(saved_bytes, &saved, sizeof(Old));
    New field{};
    migration.convert(saved_bytes, reinterpret_cast<std::byte*>(&field));
    return field;
}

} // namespace

TEST_CASE("a field with two older types has a migration for each, in migrate_from's order") {
    constexpr auto& migrations = kiln::component_reflection<migrating::Health>::migrations;
    STATIC_REQUIRE(migrations.size() == 2);
    STATIC_REQUIRE(migrations[0].field_id == kiln::component_reflection<migrating::Health>::field_infos[0].id);
    STATIC_REQUIRE(migrations[0].from_type == "i32");
    STATIC_REQUIRE(migrations[1].from_type == "f32");
    CHECK(converted<double>(migrations[0], std::int32_t{-7}) == -7.0);
    CHECK(converted<double>(migrations[1], 2.5f) == 2.5);
}

TEST_CASE("arrays and resources migrate too") {
    constexpr auto& trail = kiln::component_reflection<migrating::Trail>::migrations;
    STATIC_REQUIRE(trail.size() == 1 && trail[0].from_type == "u8[3]");
    const auto xs = converted<std::array<std::uint16_t, 3>>(trail[0], std::array<std::uint8_t, 3>{1, 2, 255});
    CHECK(xs == std::array<std::uint16_t, 3>{1, 2, 255});

    constexpr auto& clock = kiln::resource_traits<migrating::Clock>::migrations;
    STATIC_REQUIRE(clock.size() == 1 && clock[0].from_type == "u32");
    CHECK(converted<std::uint64_t>(clock[0], std::uint32_t{4'000'000'000u}) == 4'000'000'000u);
}

TEST_CASE("a field whose type never changed has no migration") {
    STATIC_REQUIRE(kiln::component_reflection<migrating::Health>::field_infos[1].name == "regen");
    STATIC_REQUIRE(std::none_of(kiln::component_reflection<migrating::Health>::migrations.begin(),
                                kiln::component_reflection<migrating::Health>::migrations.end(),
                                [](const kiln::field_migration& migration) { return migration.field_id == 1; }));
}
