// The composition of 2D affine transforms that bench/hierarchy.cpp's kiln
// cases and its hand-written baseline share, and the combine function that
// hierarchy.toml's [propagate.transforms] names.
#pragma once

#include <tree/components.hpp>

namespace tree_math {

// The parent's transform applied after the child's.
template <class Global, class Local>
inline Global compose(const Global& p, const Local& l) {
    return {p.a * l.a + p.c * l.b,           p.b * l.a + p.d * l.b,           p.a * l.c + p.c * l.d,
            p.b * l.c + p.d * l.d,           p.a * l.tx + p.c * l.ty + p.tx, p.b * l.tx + p.d * l.ty + p.ty};
}

inline tree::GlobalTransform combine_transforms(const tree::GlobalTransform& parent,
                                                const tree::LocalTransform& local) {
    return compose<tree::GlobalTransform>(parent, local);
}

} // namespace tree_math
