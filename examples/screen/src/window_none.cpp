// The window of a build without SDL2: it never opens, and says why.
#include <screen/window.hpp>

namespace screen {

struct window::state {};

window::window() = default;
window::~window() = default;

std::string window::open(const std::string&, int, int, int) {
    return "this build has no SDL2, so no window; install libsdl2-dev (tools/setup-debian) and reconfigure, or run "
           "with --headless";
}

bool window::poll(std::uint32_t&) { return false; }

void window::present(const image&) {}

} // namespace screen
