// What both hand-written baselines share: removal by swap and pop, and the
// tables that let them destroy or move an entity by handle, as kiln does.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace kiln_bench {

// Removes values[row] by moving the last value into it.
template <class T>
void swap_remove(std::vector<T>& values, std::size_t row) {
    values[row] = values.back();
    values.pop_back();
}

// The handles of one group of rows: handle -> row and row -> handle. Handles
// are issued densely, in creation order, and never reused.
class row_table {
public:
    void reserve(std::size_t count) {
        row_of_.reserve(count);
        handle_of_.reserve(count);
    }

    // Issues the handle of a row appended at the end.
    std::uint32_t create() {
        const auto handle = static_cast<std::uint32_t>(row_of_.size());
        row_of_.push_back(static_cast<std::uint32_t>(handle_of_.size()));
        handle_of_.push_back(handle);
        return handle;
    }

    // Frees handle's row by swap and pop: the last row's handle takes it.
    // Returns that row, into which the caller moves the columns' last values.
    std::uint32_t remove(std::uint32_t handle) {
        const std::uint32_t row = row_of_[handle];
        const std::uint32_t last = handle_of_.back();
        handle_of_[row] = last;
        row_of_[last] = row;
        handle_of_.pop_back();
        return row;
    }

private:
    std::vector<std::uint32_t> row_of_;
    std::vector<std::uint32_t> handle_of_;
};

// Where an entity of a baseline lives: a group (the hand-written counterpart
// of an archetype) and a row of that group's vectors.
struct location {
    std::uint32_t group;
    std::uint32_t row;
};

// The handles of Groups groups: handle -> location and, per group,
// row -> handle. Handles are issued densely and never reused.
template <std::size_t Groups>
class location_table {
public:
    // Issues the handle of a row appended at the end of group.
    std::uint32_t create(std::uint32_t group) {
        const auto handle = static_cast<std::uint32_t>(where_.size());
        where_.push_back({group, static_cast<std::uint32_t>(handle_of_[group].size())});
        handle_of_[group].push_back(handle);
        return handle;
    }

    [[nodiscard]] location operator[](std::uint32_t handle) const { return where_[handle]; }

    // Records that handle's row moved to the end of group to, and that the
    // last row of its old group took its old row (swap and pop).
    void move(std::uint32_t handle, std::uint32_t to) {
        const location from = where_[handle];
        std::vector<std::uint32_t>& rows = handle_of_[from.group];
        const std::uint32_t last = rows.back();
        rows[from.row] = last;
        where_[last].row = from.row;
        rows.pop_back();
        where_[handle] = {to, static_cast<std::uint32_t>(handle_of_[to].size())};
        handle_of_[to].push_back(handle);
    }

private:
    std::vector<location> where_;
    std::array<std::vector<std::uint32_t>, Groups> handle_of_;
};

} // namespace kiln_bench
