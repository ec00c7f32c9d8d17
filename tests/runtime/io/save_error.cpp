#include <kiln/io/save_error.hpp>

#include <catch2/catch.hpp>

#include <string>

TEST_CASE("a default save_error is no error and converts to false") {
    const kiln::save_error none;
    CHECK(none.code == kiln::save_errc::ok);
    CHECK(none.offset == 0);
    CHECK(none.message.empty());
    CHECK_FALSE(static_cast<bool>(none));
}

TEST_CASE("a save_error of any other code converts to true") {
    for (const kiln::save_errc code :
         {kiln::save_errc::io, kiln::save_errc::truncated, kiln::save_errc::not_a_save,
          kiln::save_errc::unsupported_format, kiln::save_errc::wrong_schema, kiln::save_errc::newer_schema,
          kiln::save_errc::corrupt, kiln::save_errc::incompatible, kiln::save_errc::pending_changes}) {
        const kiln::save_error error{code, 0, ""};
        CHECK(static_cast<bool>(error));
    }
}

TEST_CASE("to_string names each code as the enum and docs/saves.md spell it") {
    static_assert(kiln::to_string(kiln::save_errc::ok) == "ok");
    CHECK(kiln::to_string(kiln::save_errc::io) == "io");
    CHECK(kiln::to_string(kiln::save_errc::truncated) == "truncated");
    CHECK(kiln::to_string(kiln::save_errc::not_a_save) == "not_a_save");
    CHECK(kiln::to_string(kiln::save_errc::unsupported_format) == "unsupported_format");
    CHECK(kiln::to_string(kiln::save_errc::wrong_schema) == "wrong_schema");
    CHECK(kiln::to_string(kiln::save_errc::newer_schema) == "newer_schema");
    CHECK(kiln::to_string(kiln::save_errc::corrupt) == "corrupt");
    CHECK(kiln::to_string(kiln::save_errc::incompatible) == "incompatible");
    CHECK(kiln::to_string(kiln::save_errc::pending_changes) == "pending_changes");
}

TEST_CASE("make_save_error formats its message as printf does, keeping code and offset") {
    const kiln::save_error error = kiln::internal::make_save_error(
        kiln::save_errc::corrupt, 40, "component %s, field %s: %u is not a bool", "Health", "regen", 7u);
    CHECK(error.code == kiln::save_errc::corrupt);
    CHECK(error.offset == 40);
    CHECK(error.message == "component Health, field regen: 7 is not a bool");
}

TEST_CASE("a message longer than make_save_error's buffer is cut short, not overrun") {
    const std::string long_name(2000, 'x');
    const kiln::save_error error =
        kiln::internal::make_save_error(kiln::save_errc::io, 0, "cannot open %s", long_name.c_str());
    CHECK(error.message.starts_with("cannot open xxx"));
    CHECK(error.message.size() < long_name.size());
}
