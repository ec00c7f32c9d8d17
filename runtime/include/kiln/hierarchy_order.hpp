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
// version on whenever rows move (hierarchy_table::rows_moved), and whenever
// an entity moves to another archetype, links or not. Nothing is
// counted per move in a world without links: a counter of relocations made
// destroy 1.2-1.3x slower (bench/ destroy). rebuild makes it current in time
// linear in the rows (a counting sort by depth).
//
// For dirty passes (kiln::propagate_dirty), once keep_links() was called,
// every rebuild also links each entry to its children's entries and to the
// entry of each row, and lists the entries whose entity's shape (its
// parent, its archetype, the entity itself in its index's slot) differs from
// the rebuild before: what changed in the tree between the two, besides
// values. recompute() then walks the subtrees below a set of entries.
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
            link_children(no_archetype);
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

    // The entries of the entities whose shape changed between the rebuild
    // before the last one and the last one; reshaped_known() is false when
    // the rebuild before did not keep the shapes to compare with.
    [[nodiscard]] std::span<const std::uint32_t> reshaped() const noexcept { return reshaped_; }
    [[nodiscard]] bool reshaped_known() const noexcept { return reshaped_known_; }

    // The entry of a row (linked() orders only).
    [[nodiscard]] std::uint32_t entry_of(std::uint32_t archetype, std::uint32_t row) const noexcept {
        return entry_of_row_[row_base_[archetype] + row];
    }

    // The entries of the children of entry (linked() orders only).
    [[nodiscard]] std::span<const std::uint32_t> children(std::uint32_t entry) const noexcept {
        return std::span{children_}.subspan(child_begin_[entry], child_begin_[entry + 1] - child_begin_[entry]);
    }

    // Marks entry for the next recompute() (linked() orders only): a bit
    // per entry, so an entry marked twice, or marked below another marked
    // one, costs nothing more. Fetches what recompute() will read of the
    // entry: in a large world each marked entry is a miss of the cache, and
    // fetched here, long before the sweep reaches it, the misses overlap
    // (bench/ propagate_dirty at 1M nodes: 0.37 of the full pass, 0.54
    // without).
    void mark(std::uint32_t entry) noexcept {
        marks_[entry / 64] |= std::uint64_t{1} << (entry % 64);
        __builtin_prefetch(&entries_[entry]);
        __builtin_prefetch(&child_begin_[entry]);
    }

    // Calls compute(entry) for each marked entry and each entry below one,
    // each once, in entry order, so that every parent comes before its
    // children, and clears the marks (linked() orders only). One sweep of
    // the marks, which computes each marked entry it meets and marks its
    // children: a child's entry comes after its parent's (a depth later),
    // so the sweep meets it after. No list of seeds to sort or of entries to
    // visit, nothing allocated: a bit per entry, which the sweep reads a
    // word at a time. Returns false, having stopped and cleared the marks,
    // once it would compute more than budget entries: the caller then makes
    // a full pass, which costs less per entry. Not reentrant: the marks are
    // the order's.
    template <class Compute>
    bool recompute(std::size_t budget, Compute&& compute) {
        std::size_t computed = 0;
        for (std::size_t word = 0; word < marks_.size(); ++word) {
            // The word's bits in a register, and children that fall in the
            // same word marked there: through memory each step would wait for
            // the store of the step before.
            for (std::uint64_t bits = std::exchange(marks_[word], 0); bits != 0; bits &= bits - 1) {
                if (++computed > budget) {
                    std::fill(marks_.begin() + static_cast<std::ptrdiff_t>(word), marks_.end(), 0);
                    return false;
                }
                const auto at = static_cast<std::uint32_t>(word * 64 + static_cast<std::size_t>(std::countr_zero(bits)));
                compute(entries_[at]);
                for (std::uint32_t child = child_begin_[at]; child < child_begin_[at + 1]; ++child) {
                    const std::uint32_t below = children_[child];
                    if (below / 64 == word) {
                        bits |= std::uint64_t{1} << (below % 64);
                    } else {
                        mark(below);
                    }
                }
            }
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

    // The children of each entry, in a compressed row: the children of
    // entry e are children_[child_begin_[e], child_begin_[e + 1]), in entry
    // order. A count per parent, a running sum, then a fill that moves each
    // start to the next's.
    void link_children(std::uint32_t no_archetype) {
        const std::size_t total = entries_.size();
        child_begin_.assign(total + 2, 0);
        for (const order_entry& e : entries_) {
            if (e.parent_archetype != no_archetype) {
                ++child_begin_[entry_of(e.parent_archetype, e.parent_row) + 2];
            }
        }
        for (std::size_t i = 1; i < child_begin_.size(); ++i) {
            child_begin_[i] += child_begin_[i - 1];
        }
        children_.resize(child_begin_.back());
        for (std::uint32_t i = 0; i < total; ++i) {
            const order_entry& e = entries_[i];
            if (e.parent_archetype != no_archetype) {
                children_[child_begin_[entry_of(e.parent_archetype, e.parent_row) + 1]++] = i;
            }
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
    std::vector<std::uint32_t> row_base_;     // where each archetype's rows start in entry_of_row_
    std::vector<std::uint32_t> entry_of_row_; // the entry of each row
    std::vector<std::uint32_t> child_begin_;  // entries() + 2 of them, see link_children
    std::vector<std::uint32_t> children_;
    std::vector<entity_shape> shapes_;        // by entity index
    std::vector<std::uint32_t> reshaped_;
    std::vector<std::uint64_t> marks_; // a bit per entry: what the next recompute() computes
};

} // namespace kiln::internal
