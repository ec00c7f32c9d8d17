#include <kiln/io/save_format.hpp>
#include <kiln/schema/field_info.hpp>

#include <fixture/reflection.hpp>

#include <catch2/catch.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace {

float halve(std::int32_t whole) {
    return static_cast<float>(whole) / 2.0f;
}

} // namespace

TEST_CASE("migrate_value reads an Old from bytes at any alignment and writes the New the function makes") {
    // One byte in, so that neither value sits at its own alignment.
    std::array<std::byte, 1 + sizeof(std::int32_t)> saved{};
    const std::int32_t old_value = 7;
    std::memcpy(saved.data() + 1, &old_value, sizeof old_value);
    std::array<std::byte, 1 + sizeof(float)> field{};

    kiln::migrate_value<std::int32_t, float, &halve>(saved.data() + 1, field.data() + 1);

    float converted = 0.0f;
    std::memcpy(&converted, field.data() + 1, sizeof converted);
    CHECK(converted == 3.5f);
    CHECK(field[0] == std::byte{0});
}

TEST_CASE("a field_migration's convert is called through its pointer, as a loader calls it") {
    constexpr kiln::field_migration migration{4, "i32", &kiln::migrate_value<std::int32_t, float, &halve>};
    const std::int32_t old_value = -9;
    float converted = 0.0f;
    migration.convert(reinterpret_cast<const std::byte*>(&old_value), reinterpret_cast<std::byte*>(&converted));
    CHECK(converted == -4.5f);
    CHECK(migration.field_id == 4);
    CHECK(migration.from_type == "i32");
}

TEST_CASE("member_list counts its members without instantiating anything") {
    STATIC_REQUIRE(kiln::member_list<>::size == 0);
    STATIC_REQUIRE(kiln::member_list<&fixture::Health::hp, &fixture::Health::regen>::size == 2);
    STATIC_REQUIRE(kiln::members_of_t<fixture::Color>::size == 3);
    STATIC_REQUIRE(kiln::members_of_t<fixture::Frozen>::size == 0);
}

TEST_CASE("a field_info's offset and size locate its member in a value") {
    fixture::Health health;
    health.hp = 42;
    health.regen = false;
    const auto& infos = kiln::component_reflection<fixture::Health>::field_infos;
    REQUIRE(infos.size() == 2);

    const kiln::field_info& hp = infos[0];
    CHECK(hp.name == "hp");
    CHECK(hp.default_value == "100");
    CHECK(hp.doc == "Hit points; 0 is dead.");
    REQUIRE(hp.size == sizeof(std::int32_t));
    std::int32_t read_hp = 0;
    std::memcpy(&read_hp, reinterpret_cast<const std::byte*>(&health) + hp.offset, hp.size);
    CHECK(read_hp == 42);

    const kiln::field_info& regen = infos[1];
    CHECK(regen.name == "regen");
    REQUIRE(regen.size == sizeof(bool));
    bool read_regen = true;
    std::memcpy(&read_regen, reinterpret_cast<const std::byte*>(&health) + regen.offset, regen.size);
    CHECK_FALSE(read_regen);
}

TEST_CASE("a field's type as data is its type as the schema spells it, for every field of the fixture world") {
    // Saves name types by their spelling; the program's fields carry them as data too.
    // kiln's reader of spellings (parse_field_type, for saves) and kilnc's writer of data agree.
    std::size_t fields = 0;
    const auto check = [&](const kiln::field_info& info) {
        INFO(info.name << ": " << info.type);
        const kiln::internal::field_type parsed = kiln::internal::parse_field_type(info.type);
        CHECK(parsed.element == info.element);
        CHECK(parsed.count == info.count);
        if (info.element != kiln::scalar_type::external) {
            CHECK(kiln::internal::size_of(parsed) == info.size);
        }
        ++fields;
    };
    kiln::for_each_type(fixture::schema::components{}, [&]<class C>() {
        for (const kiln::field_info& info : kiln::component_reflection<C>::field_infos) {
            check(info);
        }
    });
    kiln::for_each_type(fixture::schema::resources{}, [&]<class R>() {
        for (const kiln::field_info& info : kiln::resource_traits<R>::field_infos) {
            check(info);
        }
    });
    CHECK(fields >= 15);
}
