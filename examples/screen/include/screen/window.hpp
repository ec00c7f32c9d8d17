// A window that shows frames and reads the keyboard: the platform layer of
// the drawn examples, the one part of them that knows SDL (window_sdl.cpp;
// a build without SDL2 gets window_none.cpp, whose open says so).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include <screen/raster.hpp>

namespace screen {

class window {
public:
    window();
    ~window();
    window(const window&) = delete;
    window& operator=(const window&) = delete;

    // Opens a window of width x height pixels, each shown scale times as
    // large. Returns "" or why it could not (no display, no SDL2).
    std::string open(const std::string& title, int width, int height, int scale);

    // Handles the window's events; the keys held now are in keys (key bits).
    // False once the window was closed or Escape pressed.
    bool poll(std::uint32_t& keys);

    // Shows picture (of the size opened) and waits for the display's next
    // refresh when it has one.
    void present(const image& picture);

private:
    struct state;
    std::unique_ptr<state> state_;
};

} // namespace screen
