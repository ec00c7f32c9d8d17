# Writes OUTPUT, a C++ file whose invaders::wave_scene is the text of INPUT
# (wave.toml), at build time: run by a custom command of
# examples/invaders/CMakeLists.txt whenever wave.toml changes, so that
# editing a wave recompiles one file instead of configuring the project
# again.
#
#   cmake -DINPUT=wave.toml -DOUTPUT=wave_scene.cpp -P wave_scene.cmake
file(READ ${INPUT} wave_text)
string(CONFIGURE [[
// wave.toml's text, written by examples/invaders/wave_scene.cmake from the
// file: edit wave.toml, not this.
#include <string_view>

namespace invaders {
extern const std::string_view wave_scene;
const std::string_view wave_scene = R"wave_toml(@wave_text@)wave_toml";
} // namespace invaders
]] wave_scene @ONLY)
# Written each time: the command runs only when wave.toml changed, and an
# output left older than its input would run it at every build.
file(WRITE ${OUTPUT} "${wave_scene}")
