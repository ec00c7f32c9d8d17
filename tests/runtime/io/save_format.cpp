#include <kiln/io/save_format.hpp>

#include <catch2/catch.hpp>

#include <array>
#include <cstddef>
#include <cstdint>

using kiln::scalar_type;
using kiln::internal::field_type;

TEST_CASE("parse_field_type reads built-in types and arrays of them, and calls any other name external") {
    using kiln::internal::parse_field_type;
    CHECK(parse_field_type("bool") == field_type{scalar_type::boolean, 1});
    CHECK(parse_field_type("entity[3]") == field_type{scalar_type::entity, 3});
    CHECK(parse_field_type("u8[65536]") == field_type{scalar_type::u8, 65536});
    CHECK(parse_field_type("f64") == field_type{scalar_type::f64, 1});
    CHECK(parse_field_type("Vec3") == field_type{});
    CHECK(parse_field_type("f32[]") == field_type{});
    CHECK(parse_field_type("f32[0]") == field_type{});
    CHECK(parse_field_type("f32[4") == field_type{});
    CHECK(parse_field_type("f32[4]x") == field_type{});
    CHECK(parse_field_type("f32[99999999999]") == field_type{});
    CHECK(parse_field_type("boolean") == field_type{});
}

TEST_CASE("size_of a built-in type is its element's size times its count, and 0 for an extern") {
    CHECK(kiln::internal::size_of({scalar_type::boolean, 1}) == 1);
    CHECK(kiln::internal::size_of({scalar_type::i16, 3}) == 6);
    CHECK(kiln::internal::size_of({scalar_type::u32, 1}) == 4);
    CHECK(kiln::internal::size_of({scalar_type::f32, 4}) == 16);
    CHECK(kiln::internal::size_of({scalar_type::i64, 1}) == 8);
    CHECK(kiln::internal::size_of({scalar_type::f64, 2}) == 16);
    CHECK(kiln::internal::size_of({scalar_type::entity, 2}) == 2 * sizeof(kiln::entity));
    CHECK(kiln::internal::size_of({scalar_type::external, 1}) == 0);
}

TEST_CASE("elements_of counts the elements of one scalar type only") {
    CHECK(kiln::internal::elements_of({scalar_type::entity, 3}, scalar_type::entity) == 3);
    CHECK(kiln::internal::elements_of({scalar_type::entity, 1}, scalar_type::entity) == 1);
    CHECK(kiln::internal::elements_of({scalar_type::u64, 1}, scalar_type::entity) == 0);
    CHECK(kiln::internal::elements_of({scalar_type::boolean, 4}, scalar_type::boolean) == 4);
}

TEST_CASE("a packed type is one column of its whole value, a split one a column per field, a tag none") {
    static constexpr kiln::field_info fields[] = {
        {0, "x", "f32", scalar_type::f32, 1, 0, 4, "", ""},
        {1, "flags", "u8[3]", scalar_type::u8, 3, 4, 3, "", ""},
    };
    const kiln::internal::type_description packed{1, "P", kiln::layout::packed, 8, fields, {}, nullptr};
    const kiln::internal::type_description split{2, "S", kiln::layout::split, 8, fields, {}, nullptr};
    const kiln::internal::type_description tag{3, "T", kiln::layout::tag, 1, {}, {}, nullptr};
    CHECK(kiln::internal::column_count(packed) == 1);
    CHECK(kiln::internal::column_size(packed, 0) == 8);
    CHECK(kiln::internal::column_count(split) == 2);
    CHECK(kiln::internal::column_size(split, 0) == 4);
    CHECK(kiln::internal::column_size(split, 1) == 3);
    CHECK(kiln::internal::column_count(tag) == 0);

    // Field 1 of row r: at r * 8 + 4 of the packed column, at r * 3 of the split one's second column.
    std::array<std::byte, 32> packed_column{};
    std::array<std::byte, 12> flags_column{};
    std::byte* const packed_columns[] = {packed_column.data()};
    std::byte* const split_columns[] = {nullptr, flags_column.data()};
    const auto in_packed = kiln::internal::place_of(kiln::layout::packed, 8, 4, 3, 1, packed_columns);
    CHECK(in_packed.first == packed_column.data() + 4);
    CHECK(in_packed.stride == 8);
    const auto in_split = kiln::internal::place_of(kiln::layout::split, 8, 4, 3, 1, split_columns);
    CHECK(in_split.first == flags_column.data());
    CHECK(in_split.stride == 3);
}

TEST_CASE("a save's checksum is XXH3-64 of its bytes: any changed byte changes it") {
    std::array<std::byte, 64> bytes{};
    const std::uint64_t before = kiln::internal::save_checksum(bytes);
    CHECK(before == XXH3_64bits(bytes.data(), bytes.size()));
    bytes[63] = std::byte{1};
    CHECK(kiln::internal::save_checksum(bytes) != before);
}
