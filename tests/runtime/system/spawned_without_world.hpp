// What recorded_spawn.cpp has spawned by a file that includes content's
// world_fwd.hpp and its prefabs' headers alone (spawned_without_world.cpp),
// as a file of system bodies that includes only its systems' and prefabs'
// headers does.
#pragma once

#include <kiln/schema/prefab.hpp>
#include <kiln/system/command_recorder.hpp>

#include <content/prefabs/Ace.hpp>
#include <content/prefabs/Fighter.hpp>
#include <content/world_fwd.hpp>

namespace spawned_data {

// What spawn made, its handles reserved without the world.
struct made {
    kiln::spawned<content::Fighter> fighter;
    kiln::spawned<content::Ace> ace;
};

// Records, without the world: spawn<Fighter>(Position{2, 3},
// field(&Health::hp, 7), child<Fighter::gun>(field(&Aim::range, 4)),
// child<Fighter::lamp>(Color{1, 2, 3})) and spawn<Ace>().
made spawn(const kiln::command_recorder<content::World>& commands);

} // namespace spawned_data
