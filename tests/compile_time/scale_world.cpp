// What a game's busiest translation unit does with a world of any size: the
// worlds of tests/compile_time/scale_schema.py, from one archetype of 256
// components to 4,096 components in 2,048 archetypes. It constructs the
// world, creates entities in 16 archetypes spread over the schema, gets
// components by entity and by handle, runs three queries (one over Position
// and Velocity, which half the archetypes hold) and the stage of the
// schema's eight systems. The compile-time tests and bench/compile_scale.py
// measure what compiling it costs.
#include <scale/world.hpp>

#include <cstddef>
#include <utility>

namespace {

// The position of the first (or last) component of the list that has data:
// a query cannot ask for a tag.
template <class... Components>
constexpr std::size_t first_with_data(kiln::type_list<Components...>) {
    constexpr bool data[] = {(kiln::layout_of<Components> != kiln::layout::tag)...};
    std::size_t position = 0;
    while (!data[position]) {
        ++position;
    }
    return position;
}

template <class... Components>
constexpr std::size_t last_with_data(kiln::type_list<Components...>) {
    constexpr bool data[] = {(kiln::layout_of<Components> != kiln::layout::tag)...};
    std::size_t position = sizeof...(Components) - 1;
    while (!data[position]) {
        --position;
    }
    return position;
}

// Creates an entity in the archetype at position I, reads a component of it
// by handle and writes another, then counts the entities of a query over
// those two.
template <std::size_t I>
std::size_t use_archetype(scale::World& world) {
    using archetype = kiln::type_at_t<I, typename scale::schema::archetypes>;
    using components = typename archetype::components;
    using written = kiln::type_at_t<first_with_data(components{}), components>;
    using read = kiln::type_at_t<last_with_data(components{}), components>;
    const kiln::handle<archetype> created = world.create<archetype>();
    [[maybe_unused]] const auto value = world.get<const read>(created);
    std::size_t visited = 0;
    world.each<written, const read>([&](kiln::reference_t<written>, kiln::reference_t<const read>) { ++visited; });
    return visited;
}

template <std::size_t... I>
std::size_t use_archetypes(scale::World& world, std::index_sequence<I...>) {
    constexpr std::size_t stride = scale::schema::archetypes::size / sizeof...(I);
    return (use_archetype<I * stride>(world) + ...);
}

} // namespace

int main() {
    scale::World world;
    std::size_t visited = use_archetypes(world, std::make_index_sequence<16>{});
    const kiln::entity mover = world.create<kiln::type_at_t<0, typename scale::schema::archetypes>>();
    world.get<scale::Position>(mover).x = 1.0f;
    world.each<scale::Position, const scale::Velocity>(
        [](scale::Position::ref position, scale::Velocity::cref velocity) { position.x += velocity.x; });
    visited += world.count<scale::Position>();
    world.run(scale::stage::update);
    return visited > 0 ? 0 : 1;
}
