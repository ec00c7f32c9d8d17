// The command line of an example that takes no arguments: --help (or -h)
// says what the program shows and exits 0; anything else is refused, with a
// pointer to --help, and exits 2, so that a mistyped option is never ignored
// in silence.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

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

// Takes `--inspect [PORT]` out of arguments, whose port is optional (which
// screen::options does not offer): port becomes PORT, or fallback when none
// follows; it is left as it was without --inspect. Returns "" or what is
// wrong with the port.
inline std::string take_inspect(std::vector<char*>& arguments, std::int64_t fallback, std::int64_t& port) {
    for (std::size_t i = 1; i < arguments.size(); ++i) {
        if (std::string_view{arguments[i]} != "--inspect") {
            continue;
        }
        port = fallback;
        std::size_t taken = 1;
        if (i + 1 < arguments.size() && arguments[i + 1][0] != '-') {
            char* end = nullptr;
            const long given = std::strtol(arguments[i + 1], &end, 10);
            if (*end != '\0' || given < 0 || given > 65535) {
                return std::string("--inspect takes a port from 0 (any free one) to 65535, not '") + arguments[i + 1] + "'";
            }
            port = given;
            taken = 2;
        }
        arguments.erase(arguments.begin() + static_cast<std::ptrdiff_t>(i),
                        arguments.begin() + static_cast<std::ptrdiff_t>(i + taken));
        break;
    }
    return "";
}

} // namespace examples
