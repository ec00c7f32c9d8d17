// hierarchy_order: a world's rows in an order where every parent comes
// before its children, kept by the runtime for propagation.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include <kiln/entity/entity.hpp>
#include <kiln/entity/entity_table.hpp>
#include <kiln/hierarchy/hierarchy_table.hpp>
#include <kiln/storage/archetype_storage.hpp>

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
// version on whenever rows move (hierarchy_table::rows_moved), and whenever
// an entity moves to another archetype, links or not. Nothing is
// counted per move in a world without links: a counter of relocations made
// destroy 1.2-1.3x slower (bench/ destroy). rebuild makes it current in time
// linear in the rows (a counting sort by depth).
//
// For dirty passes (kiln::propagate_dirty), once keep_links() was called,
// every rebuild also lays the entries out a second time, in depth-first
// pre-order (each entity, then its children's subtrees), where every subtree
// is one run of entries [i, subtree_end(i)); it links each row to its place
// in that run, and lists the places whose entity's shape (its parent, its
// archetype, the entity itself in its index's slot) differs from the
// rebuild before: what changed in the tree between the two, besides values.
// recompute() then computes the runs below a set of places. The full pass
// keeps the depth order: it reads each depth's rows in order where parents
// were created before children, and a depth splits among threads.
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
        reshaped_known_ = linked_ && shapes_kept_;
        shapes_kept_ = linked_;
        reshaped_.clear();
        row_base_.clear();
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
        entry_of_row_.resize(linked_ ? total : 0);
        sizes_.clear();
        std::uint32_t base = 0;
        for (std::uint32_t a = 0; a < storages.size(); ++a) {
            const std::span<const entity> rows = storages[a]->entities();
            row_base_.push_back(base);
            base += static_cast<std::uint32_t>(rows.size());
            for (std::uint32_t row = 0; row < rows.size(); ++row) {
                const hierarchy_links& l = links.links(rows[row]);
                order_entry entry{a, row, no_archetype, 0};
                if (!l.parent.is_null()) {
                    const entity_location parent = entities.location(l.parent);
                    entry.parent_archetype = parent.archetype;
                    entry.parent_row = parent.row;
                }
                const auto at = static_cast<std::uint32_t>(next[l.depth]++);
                entries_[at] = entry;
                if (linked_) {
                    entry_of_row_[row_base_[a] + row] = at;
                    keep_shape(at, entity_shape{rows[row], l.parent, a});
                }
            }
            sizes_.push_back(rows.size());
        }
        if (linked_) {
            lay_out_subtrees(no_archetype);
        }
        marks_.assign(linked_ ? (total + 63) / 64 : 0, 0);
        links_version_ = links.version();
        built_ = true;
        ++generation_;
    }

    // Asks every later rebuild for what dirty passes need (see the class).
    void keep_links() noexcept { linked_ = true; }
    [[nodiscard]] bool keeps_links() const noexcept { return linked_; }
    [[nodiscard]] bool linked() const noexcept { return built_ && shapes_kept_; }

    // Counts the rebuilds: a pass that remembers it knows whether the rows
    // were reordered since.
    [[nodiscard]] std::uint64_t generation() const noexcept { return generation_; }

    // The places (in the pre-order) of the entities whose shape changed
    // between the rebuild before the last one and the last one;
    // reshaped_known() is false when the rebuild before did not keep the
    // shapes to compare with.
    [[nodiscard]] std::span<const std::uint32_t> reshaped() const noexcept { return reshaped_; }
    [[nodiscard]] bool reshaped_known() const noexcept { return reshaped_known_; }

    // The place of a row in the pre-order (linked() orders only).
    [[nodiscard]] std::uint32_t place_of(std::uint32_t archetype, std::uint32_t row) const noexcept {
        return place_of_row_[row_base_[archetype] + row];
    }

    // The entries in depth-first pre-order, and where the subtree of the
    // entry at place p ends: its entries are [p, subtree_end(p)) (linked()
    // orders only).
    [[nodiscard]] std::span<const order_entry> subtree_entries() const noexcept { return subtree_entries_; }
    [[nodiscard]] std::uint32_t subtree_end(std::uint32_t place) const noexcept { return subtree_end_[place]; }

    // Marks the subtree at place for the next recompute() (linked() orders
    // only): a bit per place, so a place marked twice, or marked inside
    // another marked subtree, costs nothing more.
    void mark(std::uint32_t place) noexcept { marks_[place / 64] |= std::uint64_t{1} << (place % 64); }

    // Calls compute(begin, end) for the subtree of each marked place that
    // lies in no other marked subtree: the runs of subtree_entries() to
    // compute, in order, parents before children inside each, every entry
    // of a marked subtree once. Clears the marks (linked() orders only).
    // Returns false, having stopped and cleared the marks, once it would
    // compute more than budget entries: the caller then makes the full
    // pass, which can be split among threads. Not reentrant: the marks are
    // the order's.
    //
    // In a large world each marked place is a few misses of the cache (its
    // end and entry, then the rows the entry names, its parent's among
    // them), which one at a time would cost more than the runs. So the
    // marked places are listed first, in order (a read of the marks, a word
    // at a time), and the list is walked with the misses of the places
    // ahead in flight: fetch(entry) is called for the entry `ahead` places
    // on, whose end and entry were fetched `ahead` places before that.
    template <class Fetch, class Compute>
    bool recompute(std::size_t budget, Fetch&& fetch, Compute&& compute) {
        marked_.clear();
        for (std::size_t word = 0; word < marks_.size(); ++word) {
            for (std::uint64_t bits = std::exchange(marks_[word], 0); bits != 0; bits &= bits - 1) {
                const auto bit = static_cast<std::size_t>(std::countr_zero(bits));
                marked_.push_back(static_cast<std::uint32_t>(word * 64 + bit));
            }
            // Each marked place is computed, in its run or another's: past
            // budget of them, the runs are too, and the list need not go on.
            if (marked_.size() > budget) {
                std::fill(marks_.begin() + static_cast<std::ptrdiff_t>(word), marks_.end(), 0);
                return false;
            }
        }
        constexpr std::size_t ahead = 8;
        const std::size_t count = marked_.size();
        for (std::size_t k = 0; k < std::min(count, ahead); ++k) {
            __builtin_prefetch(&subtree_end_[marked_[k]]);
            __builtin_prefetch(&subtree_entries_[marked_[k]]);
        }
        std::size_t computed = 0;
        std::uint32_t covered = 0; // the places before it are computed
        for (std::size_t k = 0; k < count; ++k) {
            if (k + 2 * ahead < count) {
                __builtin_prefetch(&subtree_end_[marked_[k + 2 * ahead]]);
                __builtin_prefetch(&subtree_entries_[marked_[k + 2 * ahead]]);
            }
            if (k + ahead < count) {
                fetch(subtree_entries_[marked_[k + ahead]]);
            }
            const std::uint32_t begin = marked_[k];
            if (begin < covered) {
                continue; // inside the subtree of a place before it
            }
            covered = subtree_end_[begin];
            computed += covered - begin;
            if (computed > budget) {
                return false;
            }
            compute(std::size_t{begin}, std::size_t{covered});
        }
        return true;
    }

private:
    // What a row's entity was at a rebuild, by entity index.
    struct entity_shape {
        entity self;
        entity parent;
        std::uint32_t archetype = 0;
        friend bool operator==(const entity_shape&, const entity_shape&) = default;
    };

    void keep_shape(std::uint32_t entry, const entity_shape& now) {
        if (now.self.index() >= shapes_.size()) {
            shapes_.resize(std::size_t{now.self.index()} + 1);
        }
        entity_shape& before = shapes_[now.self.index()];
        if (before != now) {
            reshaped_.push_back(entry);
            before = now;
        }
    }

    // Lays the entries out in pre-order, with no walk of the links and no
    // stack: the size of each entry's subtree, summed from the deepest
    // entries up to their parents (a parent's entry comes before its
    // children's); then, from the roots down, each root placed after the
    // trees before it and each child after its parent and the subtrees of
    // its parent's children placed before it. Siblings come in entry order
    // (archetype, then row), which any pre-order allows. Turns the
    // reshaped entries into their places.
    void lay_out_subtrees(std::uint32_t no_archetype) {
        const auto total = static_cast<std::uint32_t>(entries_.size());
        constexpr std::uint32_t none = ~std::uint32_t{0};
        parent_entry_.resize(total);
        subtree_size_.assign(total, 1);
        for (std::uint32_t i = 0; i < total; ++i) {
            const order_entry& e = entries_[i];
            parent_entry_[i] = e.parent_archetype == no_archetype
                                   ? none
                                   : entry_of_row_[row_base_[e.parent_archetype] + e.parent_row];
        }
        for (std::uint32_t i = total; i-- > 0;) {
            if (parent_entry_[i] != none) {
                subtree_size_[parent_entry_[i]] += subtree_size_[i];
            }
        }
        // Each entry's place; and, once it is placed, in its size's slot
        // (read by then), the place of its next child.
        place_.resize(total);
        std::vector<std::uint32_t>& next_child = subtree_size_;
        subtree_entries_.resize(total);
        subtree_end_.resize(total);
        std::uint32_t trees_end = 0;
        for (std::uint32_t i = 0; i < total; ++i) {
            std::uint32_t& next = parent_entry_[i] == none ? trees_end : next_child[parent_entry_[i]];
            const std::uint32_t at = next;
            const std::uint32_t size = subtree_size_[i];
            next += size;
            place_[i] = at;
            subtree_entries_[at] = entries_[i];
            subtree_end_[at] = at + size;
            next_child[i] = at + 1;
        }
        place_of_row_.resize(total);
        for (std::uint32_t r = 0; r < total; ++r) {
            place_of_row_[r] = place_[entry_of_row_[r]];
        }
        for (std::uint32_t& entry : reshaped_) {
            entry = place_[entry];
        }
    }

    std::vector<order_entry> entries_;
    std::vector<std::size_t> level_begin_; // levels() + 1 of them, the last the entries' count
    std::vector<std::size_t> sizes_;       // each archetype's rows when built
    std::uint64_t links_version_ = 0;
    std::uint64_t generation_ = 0;
    bool built_ = false;
    // For dirty passes, once keep_links() was called:
    bool linked_ = false;
    bool shapes_kept_ = false;    // the last rebuild linked the entries and kept the shapes
    bool reshaped_known_ = false; // reshaped_ compares two rebuilds that kept them
    std::vector<std::uint32_t> row_base_;       // where each archetype's rows start in entry_of_row_
    std::vector<std::uint32_t> entry_of_row_;   // the entry of each row
    std::vector<order_entry> subtree_entries_;  // the entries in pre-order
    std::vector<std::uint32_t> subtree_end_;    // by place: where its subtree ends
    std::vector<std::uint32_t> place_of_row_;   // the place of each row
    std::vector<entity_shape> shapes_;          // by entity index
    std::vector<std::uint32_t> reshaped_;
    std::vector<std::uint64_t> marks_; // a bit per place: the subtrees the next recompute() computes
    std::vector<std::uint32_t> marked_; // the marked places, in order, while recompute() runs
    // By entry, for lay_out_subtrees, kept so that a rebuild allocates nothing new.
    std::vector<std::uint32_t> parent_entry_, subtree_size_, place_;
};

} // namespace kiln::internal
