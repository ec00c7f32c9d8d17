// The error from_json_text (kiln/json.hpp) gives for text that is not JSON:
// where parsing stopped, and nlohmann/json's reason.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include <kiln/io/save_error.hpp>

namespace kiln::internal {

// Finds where text stops being JSON, for the message: parses it again with
// a handler that builds nothing.
struct json_syntax_locator {
    using json = nlohmann::ordered_json;
    std::size_t position = 0;
    std::string message;

    bool null() { return true; }
    bool boolean(bool) { return true; }
    bool number_integer(json::number_integer_t) { return true; }
    bool number_unsigned(json::number_unsigned_t) { return true; }
    bool number_float(json::number_float_t, const json::string_t&) { return true; }
    bool string(json::string_t&) { return true; }
    bool binary(json::binary_t&) { return true; }
    bool start_object(std::size_t) { return true; }
    bool key(json::string_t&) { return true; }
    bool end_object() { return true; }
    bool start_array(std::size_t) { return true; }
    bool end_array() { return true; }
    bool parse_error(std::size_t at, const std::string&, const json::exception& error) {
        position = at;
        message = error.what();
        return false;
    }
};

inline save_error json_syntax_error(std::string_view text) {
    json_syntax_locator locator;
    nlohmann::ordered_json::sax_parse(text, &locator);
    // nlohmann's message starts with its exception's id, "[json.exception.parse_error.101] ".
    const std::size_t id_end = locator.message.find("] ");
    const std::string reason = id_end == std::string::npos ? locator.message : locator.message.substr(id_end + 2);
    return make_save_error(save_errc::not_a_save, locator.position, "not JSON: %s", reason.c_str());
}

} // namespace kiln::internal
