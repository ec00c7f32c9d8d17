// kiln::save_error: what went wrong saving or loading a world, as a value
// (kiln builds without exceptions). kiln/save.hpp and kiln/json.hpp
// return it.
#pragma once

#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace kiln {

// The kinds of failure, one per way a save or a load can go wrong.
enum class save_errc : std::uint8_t {
    ok,                 // no error
    io,                 // the file or the sink failed: the message says how (errno's text)
    truncated,          // the input ends inside what it declares
    not_a_save,         // the input does not start with kiln's magic bytes
    unsupported_format, // a format version this runtime does not read
    wrong_schema,       // saved by a world of another schema (its name differs)
    newer_schema,       // saved by a newer version of this schema
    corrupt,            // a value the format forbids: a bad count, handle, bool, layout, duplicate id...
    incompatible,       // a field's type changed and the schema names no migration for it
    pending_changes,    // save: the world has commands or reserved entities not applied yet
};

// The code's name as the enum spells it ("not_a_save"), for a log line: the
// code printed as a number says nothing.
[[nodiscard]] constexpr std::string_view to_string(save_errc code) noexcept {
    switch (code) {
    case save_errc::ok: return "ok";
    case save_errc::io: return "io";
    case save_errc::truncated: return "truncated";
    case save_errc::not_a_save: return "not_a_save";
    case save_errc::unsupported_format: return "unsupported_format";
    case save_errc::wrong_schema: return "wrong_schema";
    case save_errc::newer_schema: return "newer_schema";
    case save_errc::corrupt: return "corrupt";
    case save_errc::incompatible: return "incompatible";
    case save_errc::pending_changes: return "pending_changes";
    }
    return "?";
}

// An error value: converts to true when there is an error, so that
//
//     if (const kiln::save_error error = kiln::load(world, bytes)) {
//         std::fprintf(stderr, "%s\n", error.message.c_str());
//     }
//
// code says which kind; offset is the byte of the input where the problem was
// found (0 where none applies); message is one sentence naming what is wrong
// and where: the offset, the component or resource and the field.
struct save_error {
    save_errc code = save_errc::ok;
    std::size_t offset = 0;
    std::string message;

    explicit operator bool() const noexcept { return code != save_errc::ok; }
};

namespace internal {

// A save_error whose message is printf's format applied to arguments.
[[gnu::format(printf, 3, 0)]] inline save_error make_save_error_v(save_errc code, std::size_t offset,
                                                                  const char* format, va_list arguments) {
    char text[512];
    std::vsnprintf(text, sizeof text, format, arguments);
    return {code, offset, text};
}

// A save_error whose message is printf's format applied to the rest.
[[gnu::format(printf, 3, 4)]] inline save_error make_save_error(save_errc code, std::size_t offset,
                                                                const char* format, ...) {
    va_list arguments;
    va_start(arguments, format);
    save_error error = make_save_error_v(code, offset, format, arguments);
    va_end(arguments);
    return error;
}

} // namespace internal

} // namespace kiln
