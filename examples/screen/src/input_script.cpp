#include <screen/input_script.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>

#include <screen/keys.hpp>

namespace screen {
namespace {

// The bit of the key named name, or 0.
std::uint32_t bit_of(const std::string& name) {
    for (const key_name& each : key_names) {
        if (each.name == name) {
            return each.bit;
        }
    }
    return 0;
}

std::string known_keys() {
    std::string list;
    for (const key_name& each : key_names) {
        list += (list.empty() ? "" : ", ") + std::string{each.name};
    }
    return list;
}

} // namespace

std::string input_script::read(const std::string& path) {
    std::ifstream file{path};
    if (!file) {
        return path + ": cannot open the input script";
    }
    changes_.clear();
    std::string line;
    for (int number = 1; std::getline(file, line); ++number) {
        const std::string where = path + ":" + std::to_string(number) + ": ";
        line = line.substr(0, line.find('#'));
        std::istringstream words{line};
        std::string word;
        if (!(words >> word)) {
            continue;
        }
        std::int64_t frame = -1;
        std::size_t used = 0;
        if (word.find_first_not_of("0123456789") == std::string::npos && word.size() < 12) {
            frame = std::stoll(word, &used);
        }
        if (frame < 0) {
            return where + "'" + word + "' is not a frame number; a line is a frame number and the keys held from then on";
        }
        if (!changes_.empty() && frame <= changes_.back().frame) {
            return where + "frame " + word + " does not come after frame " + std::to_string(changes_.back().frame) +
                   "; frames must increase";
        }
        std::uint32_t keys = 0;
        while (words >> word) {
            const std::uint32_t bit = bit_of(word);
            if (bit == 0) {
                return where + "unknown key '" + word + "'; the keys are " + known_keys();
            }
            keys |= bit;
        }
        changes_.push_back({frame, keys});
    }
    return "";
}

std::uint32_t input_script::keys_at(std::int64_t frame) const {
    const auto after = std::upper_bound(changes_.begin(), changes_.end(), frame,
                                        [](std::int64_t f, const change& c) { return f < c.frame; });
    return after == changes_.begin() ? 0 : std::prev(after)->keys;
}

} // namespace screen
