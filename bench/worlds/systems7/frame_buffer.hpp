// RenderSystem's frame buffer, as systems7.toml's resource Frame holds it:
// a pointer to 320 x 240 chars that the benchmark owns, since a world holds
// at most 64 KiB of a resource, and the buffer takes 75 KiB.
#pragma once

#include <cstdint>

namespace bench::systems7 {

struct frame_buffer {
    std::int8_t* pixels = nullptr;
};

} // namespace bench::systems7
