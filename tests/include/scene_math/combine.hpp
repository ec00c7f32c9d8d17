// The combine functions that tests/schema/scene.toml's propagations name:
// kilnc's systems.hpp includes this header after the components it uses.
#pragma once

#include <scene/components.hpp>

namespace scene_math {

// A child's transform in the world: its parent's Global composed with its Local.
inline scene::Global compose(const scene::Global& p, const scene::Local& l) {
    return {p.a * l.a + p.c * l.b,           p.b * l.a + p.d * l.b,           p.a * l.c + p.c * l.d,
            p.b * l.c + p.d * l.d,           p.a * l.tx + p.c * l.ty + p.tx, p.b * l.tx + p.d * l.ty + p.ty};
}

// Tags that children inherit: a child's Tags are its parent's and its own.
inline scene::Tags inherit(const scene::Tags& parent, const scene::OwnTags& own) { return {parent.bits | own.bits}; }

} // namespace scene_math
