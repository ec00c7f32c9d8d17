// What fwd.hpp is for: a header that only names kiln's types, declaring
// functions over them without the definitions. The part above kiln.hpp is
// such a header; it stops compiling if fwd.hpp loses a name it uses, or
// declares one differently from its definition.
#include <kiln/fwd.hpp>

#include <cstddef>

namespace game_header {

std::size_t alive_count(const kiln::entity_table& entities);

template <class World>
void create_later(kiln::command_buffer<World>& commands);

struct systems_context {
    kiln::entity_table* entities;
    kiln::archetype_storage* storage;
    const kiln::field_info* first_field;
    kiln::layout layout;
};

} // namespace game_header

#include <kiln/kiln.hpp>

#include <catch2/catch.hpp>

std::size_t game_header::alive_count(const kiln::entity_table& entities) {
    return entities.size();
}

TEST_CASE("a header that names kiln's types through fwd.hpp declares functions over the types the headers define") {
    kiln::entity_table entities{1};
    entities.create({0, 0});
    entities.create({0, 1});
    const game_header::systems_context context{&entities, nullptr, nullptr, kiln::layout::packed};
    CHECK(game_header::alive_count(*context.entities) == 2);
}
