#include <kiln/io/save_error.hpp>

#include <catch2/catch.hpp>

#include <string>

TEST_CASE("a default snapshot_error is no error and converts to false") {
    const kiln::snapshot_error none;
    CHECK(none.code == kiln::snapshot_errc::ok);
    CHECK(none.offset == 0);
    CHECK(none.message.empty());
    CHECK_FALSE(static_cast<bool>(none));
}

TEST_CASE("a snapshot_error of any other code converts to true") {
    for (const kiln::snapshot_errc code :
         {kiln::snapshot_errc::io, kiln::snapshot_errc::truncated, kiln::snapshot_errc::not_a_save,
          kiln::snapshot_errc::unsupported_format, kiln::snapshot_errc::wrong_schema, kiln::snapshot_errc::newer_schema,
          kiln::snapshot_errc::corrupt, kiln::snapshot_errc::incompatible, kiln::snapshot_errc::pending_changes}) {
        const kiln::snapshot_error error{code, 0, ""};
        CHECK(static_cast<bool>(error));
    }
}

TEST_CASE("to_string names each code as the enum and docs/saves.md spell it") {
    static_assert(kiln::to_string(kiln::snapshot_errc::ok) == "ok");
    CHECK(kiln::to_string(kiln::snapshot_errc::io) == "io");
    CHECK(kiln::to_string(kiln::snapshot_errc::truncated) == "truncated");
    CHECK(kiln::to_string(kiln::snapshot_errc::not_a_save) == "not_a_save");
    CHECK(kiln::to_string(kiln::snapshot_errc::unsupported_format) == "unsupported_format");
    CHECK(kiln::to_string(kiln::snapshot_errc::wrong_schema) == "wrong_schema");
    CHECK(kiln::to_string(kiln::snapshot_errc::newer_schema) == "newer_schema");
    CHECK(kiln::to_string(kiln::snapshot_errc::corrupt) == "corrupt");
    CHECK(kiln::to_string(kiln::snapshot_errc::incompatible) == "incompatible");
    CHECK(kiln::to_string(kiln::snapshot_errc::pending_changes) == "pending_changes");
}

TEST_CASE("make_snapshot_error formats its message as printf does, keeping code and offset") {
    const kiln::snapshot_error error = kiln::internal::make_snapshot_error(
        kiln::snapshot_errc::corrupt, 40, "component %s, field %s: %u is not a bool", "Health", "regen", 7u);
    CHECK(error.code == kiln::snapshot_errc::corrupt);
    CHECK(error.offset == 40);
    CHECK(error.message == "component Health, field regen: 7 is not a bool");
}

TEST_CASE("a message longer than make_snapshot_error's buffer is cut short, not overrun") {
    const std::string long_name(2000, 'x');
    const kiln::snapshot_error error =
        kiln::internal::make_snapshot_error(kiln::snapshot_errc::io, 0, "cannot open %s", long_name.c_str());
    CHECK(error.message.starts_with("cannot open xxx"));
    CHECK(error.message.size() < long_name.size());
}
