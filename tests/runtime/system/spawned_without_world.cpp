// Spawns recorded where content::World is only declared: each part created
// as data, its links and overrides written, its children parented and its
// prefab records made by records the world's appliers apply
// (kiln/system/command_buffer.hpp). Compiled without the prefab tests'
// world.
#include "spawned_without_world.hpp"

#include <content/components/Aim.hpp>
#include <content/components/Color.hpp>
#include <content/components/Health.hpp>
#include <content/components/Position.hpp>

namespace {

template <class World>
constexpr bool defined = requires { sizeof(World); };

static_assert(!defined<content::World>, "spawned_without_world.cpp must not see the world's definition");

} // namespace

spawned_data::made spawned_data::spawn(const kiln::command_recorder<content::World>& commands) {
    using content::Fighter;
    const kiln::spawned<Fighter> fighter = commands.spawn<Fighter>(
        content::Position{2.0f, 3.0f}, kiln::field(&content::Health::hp, 7),
        kiln::child<Fighter::gun>(kiln::field(&content::Aim::range, 4.0f)),
        kiln::child<Fighter::lamp>(content::Color{1, 2, 3}));
    return {fighter, commands.spawn<content::Ace>()};
}
