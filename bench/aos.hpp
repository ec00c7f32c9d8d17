// The aos baseline: one std::vector of a struct that holds an entity's
// components, as a careful programmer writes it by hand. One struct per group
// of entities that share their components: the hand-written counterpart of
// an archetype.
#pragma once

#include <vector>

#include <bench/components.hpp>

namespace kiln_bench::aos {

// An entity with Position and Velocity.
struct moving {
    bench::Position position;
    bench::Velocity velocity;
};

// An entity with Position, Velocity and Data.
struct moving_data {
    bench::Position position;
    bench::Velocity velocity;
    bench::Data data;
};

// An entity with Position only.
struct still {
    bench::Position position;
};

// An entity with Position, Velocity and Frozen.
struct moving_frozen {
    bench::Position position;
    bench::Velocity velocity;
    bench::Frozen frozen;
};

// The world of iterate2_mixed: three groups.
struct mixed {
    std::vector<aos::moving> moving;
    std::vector<aos::moving_data> moving_data;
    std::vector<aos::still> still;
};

} // namespace kiln_bench::aos
