// The seam between a game's ECS and whatever puts pixels on a screen: the
// draw list. The game's render stage (systems declared in its schema) fills
// it with quads; the platform layer (screen::present, a window or a PNG file)
// draws them. Nothing here knows SDL, and nothing in the ECS knows pixels.
#pragma once

#include <cstdint>
#include <vector>

namespace screen {

// A filled rectangle in screen pixels, centred on (x, y) and turned about
// its centre by the angle whose cosine and sine are turn_cos and turn_sin
// (as a model matrix holds them; clockwise on screen, whose y points down).
// Drawn in the order pushed, the later over the earlier.
struct quad {
    float x = 0;
    float y = 0;
    float half_width = 0;
    float half_height = 0;
    float turn_cos = 1;
    float turn_sin = 0;
    std::uint8_t r = 255;
    std::uint8_t g = 255;
    std::uint8_t b = 255;
    std::uint8_t a = 255;
};

// What one frame draws: a clear colour and the quads over it.
struct draw_list {
    std::uint8_t clear_r = 0;
    std::uint8_t clear_g = 0;
    std::uint8_t clear_b = 0;
    std::vector<quad> quads;

    void clear() { quads.clear(); }
};

// The schemas' [extern] DrawTarget: the draw list a frame's render systems
// push into. A resource holds values, not a growing list (every resource is
// plain data, saved byte for byte), so the resource holds this pointer to a
// list that the platform owns; bind_draw_list sets it for the frame only, so
// that a save taken between frames holds a null pointer, never an address.
// Pushing needs a non-const target: a system that lists the resource as
// read-only (as a parallel one must) cannot push. While nothing is bound
// (a run that draws nothing, such as quads' text mode), pushes are dropped.
struct draw_target {
    draw_list* list = nullptr;

    void push(const quad& q) {
        if (list != nullptr) {
            list->quads.push_back(q);
        }
    }
    void set_clear(std::uint8_t r, std::uint8_t g, std::uint8_t b) {
        if (list != nullptr) {
            list->clear_r = r;
            list->clear_g = g;
            list->clear_b = b;
        }
    }
};

// Binds target to list for the lifetime of the binding, emptying the list
// first: a frame's render stage runs between construction and destruction.
class bind_draw_list {
public:
    bind_draw_list(draw_target& target, draw_list& list) : target_{target} {
        list.clear();
        target_.list = &list;
    }
    ~bind_draw_list() { target_.list = nullptr; }
    bind_draw_list(const bind_draw_list&) = delete;
    bind_draw_list& operator=(const bind_draw_list&) = delete;

private:
    draw_target& target_;
};

} // namespace screen
