// hierarchy_order: a world's rows in an order where every parent comes
// before its children, kept by the runtime for propagation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include <kiln/archetype_storage.hpp>
#include <kiln/entity.hpp>
#include <kiln/entity_table.hpp>
#include <kiln/hierarchy_table.hpp>

namespace kiln::internal {

// One row to visit: where it is, and where its parent is (parent_archetype
// is no archetype's id for a row without a parent).
struct order_entry {
    std::uint32_t archetype;
    std::uint32_t row;
    std::uint32_t parent_archetype;
    std::uint32_t parent_row;
};

// The rows of a world's archetypes sorted by depth, roots first, each depth
// in archetype then row order, with each row's parent's place beside it: a
// pass over the entries in order meets every parent before its children,
// reads its own rows in increasing order, and needs no lookup of a handle.
// The entries of one depth do not depend on one another, so a depth may be
// split among threads.
//
// It is a cache: current() says whether the world still has the rows it was
// built from, by the hierarchy's version and every archetype's row count.
// While no entity is linked, every row is a root whatever entity it holds,
// so the counts say all; while some are, the world moves the hierarchy's
// version on whenever rows move (hierarchy_table::rows_moved). Nothing is
// counted per move in a world without links: a counter of relocations made
// destroy 1.2-1.3x slower (bench/ destroy). rebuild makes it current in time
// linear in the rows (a counting sort by depth).
class hierarchy_order {
public:
    [[nodiscard]] std::span<const order_entry> entries() const noexcept { return entries_; }

    // Entries [level_begin(d), level_begin(d + 1)) have depth d.
    [[nodiscard]] std::size_t levels() const noexcept { return level_begin_.empty() ? 0 : level_begin_.size() - 1; }
    [[nodiscard]] std::size_t level_begin(std::size_t depth) const noexcept { return level_begin_[depth]; }

    [[nodiscard]] bool current(std::span<const archetype_storage* const> storages,
                               const hierarchy_table& links) const noexcept {
        if (!built_ || links.version() != links_version_ || storages.size() != sizes_.size()) {
            return false;
        }
        for (std::size_t a = 0; a < storages.size(); ++a) {
            if (storages[a]->size() != sizes_[a]) {
                return false;
            }
        }
        return true;
    }

    // Rebuilds the entries from the rows of storages (in archetype id
    // order); no_archetype marks a row without a parent.
    void rebuild(std::span<const archetype_storage* const> storages, const hierarchy_table& links,
                 const entity_table& entities, std::uint32_t no_archetype) {
        std::vector<std::size_t>& counts = level_begin_;
        counts.assign(1, 0);
        std::size_t total = 0;
        for (const archetype_storage* rows : storages) {
            for (const entity e : rows->entities()) {
                const std::uint32_t depth = links.links(e).depth;
                if (depth + 1 >= counts.size()) {
                    counts.resize(depth + 2, 0);
                }
                ++counts[depth + 1];
            }
            total += rows->size();
        }
        for (std::size_t d = 1; d < counts.size(); ++d) {
            counts[d] += counts[d - 1]; // now where each depth begins, and the total at the back
        }
        std::vector<std::size_t> next(counts.begin(), counts.end() - 1);
        entries_.resize(total);
        sizes_.clear();
        for (std::uint32_t a = 0; a < storages.size(); ++a) {
            const std::span<const entity> rows = storages[a]->entities();
            for (std::uint32_t row = 0; row < rows.size(); ++row) {
                const hierarchy_links& l = links.links(rows[row]);
                order_entry entry{a, row, no_archetype, 0};
                if (!l.parent.is_null()) {
                    const entity_location parent = entities.location(l.parent);
                    entry.parent_archetype = parent.archetype;
                    entry.parent_row = parent.row;
                }
                entries_[next[l.depth]++] = entry;
            }
            sizes_.push_back(rows.size());
        }
        links_version_ = links.version();
        built_ = true;
    }

private:
    std::vector<order_entry> entries_;
    std::vector<std::size_t> level_begin_; // levels() + 1 of them, the last the entries' count
    std::vector<std::size_t> sizes_;       // each archetype's rows when built
    std::uint64_t links_version_ = 0;
    bool built_ = false;
};

} // namespace kiln::internal
