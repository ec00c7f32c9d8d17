// The loader's lookup (save_loader.hpp) of a save's types and archetypes by
// stable id.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace kiln::internal {

// Positions into sorted (stable id, position) pairs: finds by stable id in
// O(log n) however many a hostile save declares.
class id_index {
public:
    void add(std::uint32_t stable_id, std::uint32_t position) { pairs_.emplace_back(stable_id, position); }
    // Sorts; returns false when an id is there twice (and then names it in duplicate).
    bool seal(std::uint32_t& duplicate) {
        std::sort(pairs_.begin(), pairs_.end());
        for (std::size_t i = 1; i < pairs_.size(); ++i) {
            if (pairs_[i].first == pairs_[i - 1].first) {
                duplicate = pairs_[i].first;
                return false;
            }
        }
        return true;
    }
    [[nodiscard]] std::uint32_t find(std::uint32_t stable_id) const noexcept {
        const auto found = std::lower_bound(pairs_.begin(), pairs_.end(), std::pair{stable_id, std::uint32_t{0}});
        return found != pairs_.end() && found->first == stable_id ? found->second : none;
    }
    static constexpr std::uint32_t none = ~std::uint32_t{0};

private:
    std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs_;
};

} // namespace kiln::internal
