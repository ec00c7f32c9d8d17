// The wave file checked, and the wave and the prefabs read again while the
// game runs: F6 in a development build (main.cpp), so that a designer edits
// wave.toml or the prefabs of invaders.toml and sees the running game take
// the edit (docs/content.md, reloading). wave_file.cpp loads each wave and
// keeps the last one for it.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include <kiln/config.hpp>
#include <kiln/entity/entity.hpp>

#include <invaders/components/Local.hpp>
#include <invaders/world_fwd.hpp> // the world only declared: waves.cpp records a call of load_wave without it

namespace invaders {

// Whether this build reloads: a debug build does (KILN_RELOAD_PREFABS, on
// unless NDEBUG is defined); a release build spawns from the compiled
// prefabs and keeps no copy of the wave's file to compare an edit with.
inline constexpr bool reloads = KILN_RELOAD_PREFABS != 0;

// The call NewGame and NextWave record (kiln::system_commands::call): when
// their commands apply, the wave's scene is loaded into world, its aliens
// spawned from their prefabs (Squid, Crab, Octopus) with the scene's
// values, and each made a child of formation, whose Local is at. Its
// Position is written too: the propagation computes it in the next step,
// and the frame drawn before would show the alien at the screen's corner.
// In a development build the wave is kept for reload_wave.
void load_wave(World& world, kiln::entity formation, Local at);

// wave.toml's text as the game was built with it (wave_scene.cpp, which
// CMakeLists.txt writes from the file): what each wave loads.
extern const std::string_view wave_scene;

// What text, a wave file that messages call file, breaks of the game's
// rules that the schema cannot say (kilnc's check of the scene holds an
// alien's column in u8's range only): each alien's column must be one of
// the formation's rules::columns, as Survey keeps each column's lowest row
// in Formation::lowest_row, an array of that many. "", or the problems, a
// line each as the load's own errors are written ("file:line:col: error:
// entity 'r0c3': Alien.column: ..."); a text that does not load as a scene
// gives the load's errors. The game checks the wave it was built with
// before it starts (main.cpp), and F6's edited file before the reload.
std::string wave_problems(std::string_view text, const std::string& file);

// What reload_wave did to the aliens of the wave last loaded, or error.
struct wave_reload {
    std::string error;         // "", or the file's mistakes as "file:line:col: error: ..." lines
    std::size_t kept = 0;      // the same entity, updated in place
    std::size_t moved = 0;     // of those, the ones whose Local the edit changed
    std::size_t spawned = 0;   // added by the edit (a child of the formation, placed at once)
    std::size_t destroyed = 0; // removed by the edit
};

// Reads the wave file at path (wave.toml, edited) into the wave that world
// last loaded (kiln::reload_scene_text): an alien the file still names is
// kept, its changed values written unless the game changed them; one it no
// longer names is destroyed, one it adds spawned into the formation; an
// alien shot down stays down. A file with a mistake (wave_problems')
// changes nothing.
wave_reload reload_wave(World& world, const std::string& path);

// Reads the prefabs of the schema file at path (invaders.toml, edited) into
// the running program (kiln::reload_prefabs): their instances updated in
// place where they hold the old values, later spawns taking the new ones.
// Returns "" or the file's mistakes; a file with one changes nothing.
std::string reload_prefabs(World& world, const std::string& path);

} // namespace invaders
