#include <kiln/io/save_reader.hpp>

#include <catch2/catch.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

namespace {

std::vector<std::byte> bytes_of(std::initializer_list<std::uint8_t> values) {
    std::vector<std::byte> bytes;
    for (const std::uint8_t value : values) {
        bytes.push_back(std::byte{value});
    }
    return bytes;
}

} // namespace

TEST_CASE("save_reader reads little-endian numbers and length-prefixed text, keeping the offset") {
    const std::vector<std::byte> input = bytes_of({0x2a, 0, 0, 0, 3, 0, 0, 0, 'a', 'b', 'c', 0x07, 0x01});
    kiln::internal::save_reader reader{input};
    std::uint32_t number = 0;
    REQUIRE(reader.number(number, "a count"));
    CHECK(number == 42);
    std::string_view text;
    REQUIRE(reader.text(text, "a name"));
    CHECK(text == "abc");
    CHECK(reader.offset() == 11);
    std::uint16_t last = 0;
    REQUIRE(reader.number(last, "a pair"));
    CHECK(last == 0x0107);
    CHECK(reader.remaining() == 0);
    CHECK_FALSE(reader.error);
}

TEST_CASE("save_reader refuses a read past the end as truncated, naming what it read and where") {
    const std::vector<std::byte> input = bytes_of({1, 0, 0, 0, 9, 0});
    kiln::internal::save_reader reader{input};
    std::uint32_t number = 0;
    REQUIRE(reader.number(number, "a count"));
    CHECK_FALSE(reader.number(number, "the archetype count"));
    CHECK(reader.error.code == kiln::save_errc::truncated);
    CHECK(reader.error.offset == 4);
    CHECK(reader.error.message == "truncated save: the archetype count at byte 4 needs 4 bytes, and only 2 remain");
    CHECK(reader.offset() == 4); // a refused read moves nothing
}

TEST_CASE("save_reader refuses a count that the rest of the input could not hold, before anything is allocated") {
    // 1,000,000 entries of 8 bytes announced, 4 bytes left.
    const std::vector<std::byte> input = bytes_of({0x40, 0x42, 0x0f, 0, 1, 2, 3, 4});
    kiln::internal::save_reader reader{input};
    std::uint32_t count = 0;
    CHECK_FALSE(reader.count(count, 8, "the entity count"));
    CHECK(reader.error.code == kiln::save_errc::truncated);
    CHECK(reader.error.offset == 0);

    const std::vector<std::byte> one = bytes_of({1, 0, 0, 0, 1, 2, 3, 4});
    kiln::internal::save_reader reader_of_one{one};
    REQUIRE(reader_of_one.count(count, 4, "the entity count"));
    CHECK(count == 1);
}

TEST_CASE("take_last cuts the input's tail off, so that reads stop before it") {
    const std::vector<std::byte> input = bytes_of({1, 0, 0, 0, 0xaa, 0xbb});
    kiln::internal::save_reader reader{input};
    const std::byte* tail = nullptr;
    REQUIRE(reader.take_last(2, tail, "the checksum"));
    CHECK(tail == input.data() + 4);
    CHECK(reader.input().size() == 4);
    std::uint32_t number = 0;
    REQUIRE(reader.number(number, "a count"));
    CHECK(number == 1);
    std::uint8_t past = 0;
    CHECK_FALSE(reader.number(past, "a byte"));

    kiln::internal::save_reader short_input{input};
    CHECK_FALSE(short_input.take_last(7, tail, "the checksum"));
    CHECK(short_input.error.code == kiln::save_errc::truncated);
}
