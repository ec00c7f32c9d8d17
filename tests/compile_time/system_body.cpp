// A file holding one system's body, as a game keeps them: it includes only
// the generated systems header, which must compile on its own and cheaply.
#include <bench/dispatch/systems.hpp>

void bench::dispatch::S00::run(D0& value) {
    value.value += 1.0f;
}
