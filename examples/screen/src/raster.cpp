#include <screen/raster.hpp>

#include <algorithm>
#include <cmath>

namespace screen {
namespace {

// Blends a channel of alpha a over dst, rounding to nearest.
std::uint8_t blend(std::uint8_t src, std::uint8_t dst, std::uint8_t a) {
    return static_cast<std::uint8_t>((src * a + dst * (255 - a) + 127) / 255);
}

void plot(std::uint8_t* pixel, const quad& q) {
    if (q.a == 255) {
        pixel[0] = q.r;
        pixel[1] = q.g;
        pixel[2] = q.b;
    } else {
        pixel[0] = blend(q.r, pixel[0], q.a);
        pixel[1] = blend(q.g, pixel[1], q.a);
        pixel[2] = blend(q.b, pixel[2], q.a);
    }
    pixel[3] = 255;
}

// The first pixel whose centre is at or past edge.
int first_centre_at(float edge) { return static_cast<int>(std::ceil(edge - 0.5f)); }

void fill_upright(const quad& q, image& target) {
    const int x0 = std::max(0, first_centre_at(q.x - q.half_width));
    const int x1 = std::min(target.width, first_centre_at(q.x + q.half_width));
    const int y0 = std::max(0, first_centre_at(q.y - q.half_height));
    const int y1 = std::min(target.height, first_centre_at(q.y + q.half_height));
    for (int y = y0; y < y1; ++y) {
        std::uint8_t* row = target.rgba.data() + (static_cast<std::size_t>(y) * target.width) * 4;
        for (int x = x0; x < x1; ++x) {
            plot(row + static_cast<std::size_t>(x) * 4, q);
        }
    }
}

// A turned quad: every pixel of its bounding box whose centre, turned back
// into the quad's frame, falls inside it.
void fill_turned(const quad& q, image& target) {
    const float c = q.turn_cos;
    const float s = q.turn_sin;
    const float extent_x = std::abs(c) * q.half_width + std::abs(s) * q.half_height;
    const float extent_y = std::abs(s) * q.half_width + std::abs(c) * q.half_height;
    const int x0 = std::max(0, first_centre_at(q.x - extent_x));
    const int x1 = std::min(target.width, first_centre_at(q.x + extent_x) + 1);
    const int y0 = std::max(0, first_centre_at(q.y - extent_y));
    const int y1 = std::min(target.height, first_centre_at(q.y + extent_y) + 1);
    for (int y = y0; y < y1; ++y) {
        std::uint8_t* row = target.rgba.data() + (static_cast<std::size_t>(y) * target.width) * 4;
        const float dy = static_cast<float>(y) + 0.5f - q.y;
        for (int x = x0; x < x1; ++x) {
            const float dx = static_cast<float>(x) + 0.5f - q.x;
            const float u = dx * c + dy * s;
            const float v = dy * c - dx * s;
            if (u >= -q.half_width && u < q.half_width && v >= -q.half_height && v < q.half_height) {
                plot(row + static_cast<std::size_t>(x) * 4, q);
            }
        }
    }
}

} // namespace

void clear(image& target, std::uint8_t r, std::uint8_t g, std::uint8_t b) {
    for (std::size_t i = 0; i < target.rgba.size(); i += 4) {
        target.rgba[i] = r;
        target.rgba[i + 1] = g;
        target.rgba[i + 2] = b;
        target.rgba[i + 3] = 255;
    }
}

void fill(image& target, const quad& q) {
    if (q.turn_cos == 1.0f && q.turn_sin == 0.0f) {
        fill_upright(q, target);
    } else {
        fill_turned(q, target);
    }
}

void rasterise(const draw_list& list, image& target) {
    clear(target, list.clear_r, list.clear_g, list.clear_b);
    for (const quad& q : list.quads) {
        fill(target, q);
    }
}

image enlarged(const image& picture, int factor) {
    image large{picture.width * factor, picture.height * factor};
    for (int y = 0; y < large.height; ++y) {
        const std::uint8_t* source = picture.rgba.data() + static_cast<std::size_t>(y / factor) * picture.width * 4;
        std::uint8_t* row = large.rgba.data() + static_cast<std::size_t>(y) * large.width * 4;
        for (int x = 0; x < large.width; ++x) {
            std::copy_n(source + static_cast<std::size_t>(x / factor) * 4, 4, row + static_cast<std::size_t>(x) * 4);
        }
    }
    return large;
}

} // namespace screen
