// Scripted input for headless runs: which keys are held on which frame, read
// from a text file so that a run can be replayed exactly. Each line is a
// frame number and the keys held from that frame on, until the next line:
//
//     # move right for a second, then fire while standing still
//     0 right
//     60 fire
//     90
//
// Frames count from 0 and must increase; # starts a comment; key names are
// those of screen::key_names (left, right, up, down, fire, save, load, restart, reload, pause).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace screen {

class input_script {
public:
    // Reads path; returns "" or what is wrong, as "path:line: message".
    std::string read(const std::string& path);

    // The keys held on frame, as key bits; none before the first line.
    [[nodiscard]] std::uint32_t keys_at(std::int64_t frame) const;

private:
    struct change {
        std::int64_t frame;
        std::uint32_t keys;
    };
    std::vector<change> changes_;
};

} // namespace screen
