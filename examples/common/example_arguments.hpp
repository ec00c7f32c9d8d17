// The command line of an example that takes no arguments: --help (or -h)
// says what the program shows and exits 0; anything else is refused, with a
// pointer to --help, and exits 2, so that a mistyped option is never ignored
// in silence.
#pragma once

#include <cstdio>
#include <optional>
#include <string_view>

namespace examples {

// The status main should return at once, or nullopt when the program should
// run: argv holds no arguments.
inline std::optional<int> refuse_arguments(int argc, char** argv, const char* name, const char* description) {
    if (argc <= 1) {
        return std::nullopt;
    }
    const std::string_view first = argv[1];
    if (argc == 2 && (first == "--help" || first == "-h")) {
        std::printf("usage: %s\n\n%s\n", name, description);
        return 0;
    }
    std::fprintf(stderr, "%s: unknown argument '%s'; it takes none (%s --help says what it shows)\n", name, argv[1],
                 name);
    return 2;
}

} // namespace examples
