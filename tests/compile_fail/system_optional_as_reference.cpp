// Note declares Shield optional (tests/schema/reach.toml): run() takes a
// const Shield*, null where the row has none, never a reference.
#include <reach/systems.hpp>

void reach::Note::run(kiln::entity, Seen&, const Shield&, bool) {}
