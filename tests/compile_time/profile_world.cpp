// What a game's busiest translation unit does with a large world: construct
// it, create entities and run 16 queries. Compiled once per bench profile,
// with KILN_PROFILE_HEADER naming the generated world and KILN_PROFILE_NS its
// namespace; the compile-time tests measure what that costs.
#include KILN_PROFILE_HEADER

#include <cstddef>
#include <utility>

namespace profile = KILN_PROFILE_NS;

namespace {

// A query over the first two components of the archetype at position I,
// writing the first and reading the second, after creating one entity there:
// whether the query visited at least that one. kiln::reference_t gives what
// each() hands over: C& or const C& for a packed component, C::ref or C::cref
// for a split one.
template <std::size_t I>
bool query_archetype(profile::World& world) {
    using archetype = kiln::type_at_t<I, typename profile::schema::archetypes>;
    using components = typename archetype::components;
    using written = kiln::type_at_t<0, components>;
    using read = const kiln::type_at_t<1, components>;
    std::size_t visited = 0;
    world.create<archetype>();
    world.template each<written, read>([&](kiln::reference_t<written>, kiln::reference_t<read>) { ++visited; });
    return visited > 0;
}

template <std::size_t... I>
bool query_spread(profile::World& world, std::index_sequence<I...>) {
    constexpr std::size_t stride = profile::schema::archetypes::size / sizeof...(I);
    return (query_archetype<I * stride>(world) && ...);
}

} // namespace

int main() {
    profile::World world;
    return query_spread(world, std::make_index_sequence<16>{}) ? 0 : 1;
}
