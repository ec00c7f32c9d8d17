// The body of the render system that render.toml, beside this file, adds to
// the example game's world: it places each entity's Quad, and draws nothing.
// It includes its system's header alone, which names Quad, Model, Color and
// the resource Screen: no other system's or component's edit compiles it again.
#include <game/systems/DrawQuads.hpp>

// The world's origin is the screen's centre, and its y points up where the
// screen's points down; the matrix's rotation is mirrored to match.
void game::DrawQuads::run(Quad& quad, const Model& model, Color::cref color, const Screen& screen) {
    const auto& m = model.matrix.m;
    const float scale = screen.pixels_per_unit;
    const float half = screen.quad_half_size * scale;
    quad = {
        .x = static_cast<float>(screen.width) * 0.5f + m[12] * scale,
        .y = static_cast<float>(screen.height) * 0.5f - m[13] * scale,
        .half_width = half,
        .half_height = half,
        .turn_cos = m[0],
        .turn_sin = -m[1],
        .r = color.r,
        .g = color.g,
        .b = color.b,
        .a = color.a,
    };
}
