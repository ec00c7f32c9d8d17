// archetype_storage: the memory of one archetype's rows.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <span>
#include <utility>
#include <vector>

#include <kiln/config.hpp>
#include <kiln/entity/entity.hpp>
#include <kiln/storage/column.hpp>
#include <kiln/storage/column_memory.hpp>

namespace kiln {

// The entities of one archetype and its columns, all with the same number of
// rows: row i of every column belongs to entities()[i]. Rows are dense;
// removing one moves the last row into its place.
//
// Not a template: it knows its columns only by their element sizes, so a
// world of hundreds of archetypes costs no template instantiation to hold,
// build or destroy. archetype_view gives typed access to the columns, and
// the typed copy of a row that swap_remove asks for.
//
// A row may also be left as a hole (mark_hole): its entity is gone, but
// its place is kept until fill_holes moves the last rows into the holes.
// While holes are pending, size() counts them and rows are not dense:
// whoever reads or moves rows by position fills them first (basic_world
// settles before every such access; docs/world.md), or, when it may not
// write them, reads them in the order filling would leave
// (for_each_settled_run).
class archetype_storage {
public:
    // layouts must outlive the storage: kiln::column_layouts<...> does.
    // Growing past max_rows rows stops the program with a message.
    explicit archetype_storage(std::span<const column_layout> layouts, std::size_t max_rows = ~std::uint32_t{0})
        : layouts_{layouts}, columns_{std::make_unique<std::byte*[]>(layouts.size())},
          blocks_{std::make_unique<internal::column_block[]>(layouts.size() + 1)}, max_rows_{max_rows} {}

    archetype_storage(const archetype_storage&) = delete;
    archetype_storage& operator=(const archetype_storage&) = delete;

    archetype_storage(archetype_storage&& other) noexcept
        : layouts_{other.layouts_}, columns_{std::move(other.columns_)}, blocks_{std::move(other.blocks_)},
          max_rows_{other.max_rows_}, entities_{std::exchange(other.entities_, nullptr)},
          size_{std::exchange(other.size_, 0)},
          capacity_{std::exchange(other.capacity_, 0)}, holes_{std::move(other.holes_)},
          hole_count_{std::exchange(other.hole_count_, 0)}, hole_capacity_{std::exchange(other.hole_capacity_, 0)} {
        other.columns_ = std::make_unique<std::byte*[]>(other.layouts_.size());
        other.blocks_ = std::make_unique<internal::column_block[]>(other.layouts_.size() + 1);
    }

    archetype_storage& operator=(archetype_storage&& other) noexcept {
        archetype_storage moved{std::move(other)};
        swap(moved);
        return *this;
    }

    ~archetype_storage() { release(); }

    // The rows, holes included: the live ones are size() - hole_count().
    [[nodiscard]] std::size_t size() const noexcept { return size_; }
    // The rows left as holes by mark_hole and not filled yet.
    [[nodiscard]] std::size_t hole_count() const noexcept { return hole_count_; }
    [[nodiscard]] bool empty() const noexcept { return size_ == 0; }
    [[nodiscard]] std::size_t capacity() const noexcept { return capacity_; }
    [[nodiscard]] std::span<const column_layout> layouts() const noexcept { return layouts_; }

    [[nodiscard]] std::span<const entity> entities() const noexcept { return {entities_, size_}; }

    // The first byte of every column, in layout order. Valid until the
    // storage grows.
    [[nodiscard]] std::byte* const* columns() noexcept { return columns_.get(); }
    [[nodiscard]] const std::byte* const* columns() const noexcept { return columns_.get(); }

    // Room for count rows, or for max_rows if fewer.
    void reserve(std::size_t count) {
        if (count > capacity_ && capacity_ < max_rows_) {
            reallocate(std::min(count, max_rows_));
        }
    }

    // Appends count rows whose entities and columns the caller writes next;
    // returns the index of the first. The capacity never exceeds max_rows,
    // so rows within it need no check.
    std::uint32_t grow_by(std::size_t count) {
        if (size_ + count > capacity_) [[unlikely]] {
            grow_for(count);
        }
        const auto first = static_cast<std::uint32_t>(size_);
        size_ += count;
        return first;
    }

    // The entity of row, writable, for whoever appended the row.
    [[nodiscard]] entity& entity_at(std::size_t row) noexcept { return entities_[row]; }

    // Removes row by moving the last row into it: copy_row(columns(), row,
    // last) copies the last row's elements over row's in every column, which
    // the storage cannot do well on its own (archetype_view::swap_remove
    // copies each column as its type). Returns the entity that now occupies
    // row, or the null entity when row was the last one.
    template <class CopyRow>
    entity swap_remove(std::size_t row, CopyRow&& copy_row) noexcept {
        KILN_ASSERT(row < size_, "archetype_storage::swap_remove: row %zu of %zu", row, size_);
        KILN_ASSERT(hole_count_ == 0, "archetype_storage::swap_remove: %zu holes not filled; the last row may be one",
                    hole_count_);
        const std::size_t last = --size_;
        if (row == last) {
            return null_entity;
        }
        copy_row(columns_.get(), row, last);
        entities_[row] = entities_[last];
        return entities_[row];
    }

    // Removes the count rows marked in marked (row r's mark is bit r % 64 of
    // marked[r / 64]; a mark past size() is an error), keeping the others
    // dense: each marked row below the new size takes one unmarked row from
    // above it, copied by copy_row as for swap_remove, and moved(entity, row)
    // is told where that row's entity went. Each hole is filled once, in
    // ascending order, from the last rows: removing the rows one by one with
    // swap_remove may copy a row several times, each to a random place.
    template <class CopyRow, class Moved>
    void remove_marked(const std::uint64_t* marked, std::size_t count, CopyRow&& copy_row, Moved&& moved) noexcept {
        KILN_ASSERT(count <= size_, "archetype_storage::remove_marked: %zu rows of %zu", count, size_);
        KILN_ASSERT(hole_count_ == 0, "archetype_storage::remove_marked: %zu holes not filled", hole_count_);
        const std::size_t kept = size_ - count;
        // As many marked rows lie below kept as unmarked ones at or above it:
        // the scan down from the end finds one for every hole.
        std::size_t from = size_;
        for (std::size_t hole = next_marked(marked, 0, kept); hole < kept; hole = next_marked(marked, hole + 1, kept)) {
            do {
                --from;
            } while (is_marked(marked, from));
            copy_row(columns_.get(), hole, from);
            entities_[hole] = entities_[from];
            moved(entities_[hole], static_cast<std::uint32_t>(hole));
        }
        size_ = kept;
    }

    // Leaves row, whose entity is gone, as a hole, to be filled by
    // fill_holes. Nothing moves: the one write is to the list of holes,
    // where destroying a row at once would write the hole's row in every
    // column and the moved entity's slot, each a cache miss in a world
    // larger than the cache. When every row is a hole, the rows are
    // dropped at once (there is nothing to fill them with). Precondition:
    // row < size() and is not a hole.
    void mark_hole(std::size_t row) {
        KILN_ASSERT(row < size_, "archetype_storage::mark_hole: row %zu of %zu", row, size_);
        if (hole_count_ == hole_capacity_) [[unlikely]] {
            grow_holes();
        }
        holes_[hole_count_++] = static_cast<std::uint32_t>(row);
        if (hole_count_ == size_) {
            clear();
        }
    }

    // Fills the holes left by mark_hole, keeping the other rows dense as
    // remove_marked does (copy_row and moved as there): each hole below the
    // new size takes one of the last rows that is not a hole, in ascending
    // order. A few holes are sorted; many are marked in a bitmap, whose
    // scan is one pass over the rows.
    template <class CopyRow, class Moved>
    void fill_holes(CopyRow&& copy_row, Moved&& moved) {
        const std::size_t count = hole_count_;
        if (count == 0) {
            return;
        }
        if (count * 64 >= size_) {
            std::vector<std::uint64_t> marked((size_ + 63) / 64);
            for (std::size_t i = 0; i < count; ++i) {
                marked[holes_[i] / 64] |= std::uint64_t{1} << (holes_[i] % 64);
            }
            hole_count_ = 0;
            remove_marked(marked.data(), count, copy_row, moved);
            return;
        }
        std::sort(holes_.get(), holes_.get() + count);
        pair_holes(holes_.get(), count, size_, [&](std::size_t hole, std::size_t from) {
            copy_row(columns_.get(), hole, from);
            entities_[hole] = entities_[from];
            moved(entities_[hole], static_cast<std::uint32_t>(hole));
        });
        hole_count_ = 0;
        size_ -= count;
    }

    // The rows that hold entities, in the order fill_holes would leave
    // them, without moving any: runs(first, count) for each run of rows in
    // that order. For readers that may not write the rows (the save, JSON
    // and dump of a const world); with no holes, one run of every row.
    template <class Runs>
    void for_each_settled_run(Runs&& runs) const {
        if (hole_count_ == 0) {
            if (size_ > 0) {
                runs(std::size_t{0}, size_);
            }
            return;
        }
        std::vector<std::uint32_t> holes(holes_.get(), holes_.get() + hole_count_);
        std::sort(holes.begin(), holes.end());
        std::size_t next = 0; // the first row not handed to runs yet
        pair_holes(holes.data(), holes.size(), size_, [&](std::size_t hole, std::size_t from) {
            if (hole > next) {
                runs(next, hole - next);
            }
            runs(from, std::size_t{1});
            next = hole + 1;
        });
        if (const std::size_t kept = size_ - hole_count_; kept > next) {
            runs(next, kept - next);
        }
    }

    // Drops every row, holes included, keeping the memory.
    void clear() noexcept {
        size_ = 0;
        hole_count_ = 0;
    }

    void swap(archetype_storage& other) noexcept {
        std::swap(layouts_, other.layouts_);
        std::swap(columns_, other.columns_);
        std::swap(blocks_, other.blocks_);
        std::swap(max_rows_, other.max_rows_);
        std::swap(entities_, other.entities_);
        std::swap(size_, other.size_);
        std::swap(capacity_, other.capacity_);
        std::swap(holes_, other.holes_);
        std::swap(hole_count_, other.hole_count_);
        std::swap(hole_capacity_, other.hole_capacity_);
    }

private:
    // Large columns grow in place, in address space reserved for them, and
    // smaller ones by copying (kiln/storage/column_memory.hpp): an archetype that
    // entities move into grows from empty, and its copies by doubling were
    // a fifth of addremove at a million entities (bench/). Out of line:
    // inlined into the moves that may grow, it cost their loops registers.
    // grow_by's room for count more rows, out of line: with its check
    // inline, g++ stopped inlining grow_by into the moves once a unit held
    // one more of them (the typed replace took 15 more instructions).
    [[gnu::noinline]] void grow_for(std::size_t count) {
        KILN_CHECK(size_ + count <= max_rows_, "archetype_storage: more than %zu rows", max_rows_);
        reallocate(std::min(std::max({size_ + count, capacity_ * 2, std::size_t{16}}), max_rows_));
    }

    [[gnu::noinline]] void reallocate(std::size_t capacity) {
        for (std::size_t column = 0; column < layouts_.size(); ++column) {
            const column_layout layout = layouts_[column];
            blocks_[column] = internal::grow_column(blocks_[column], size_ * layout.size, capacity * layout.size,
                                                    layout.alignment, column);
            columns_[column] = blocks_[column].elements();
        }
        internal::column_block& entities = blocks_[layouts_.size()];
        entities = internal::grow_column(entities, size_ * sizeof(entity), capacity * sizeof(entity), alignof(entity),
                                         layouts_.size());
        entities_ = reinterpret_cast<entity*>(entities.elements());
        capacity_ = capacity;
    }

    [[gnu::cold, gnu::noinline]] void grow_holes() {
        // At least the rows' capacity: the holes are never more than the rows, so one buffer
        // serves until the rows outgrow it, and a loop of destroys never copies it.
        const std::size_t capacity = std::max({std::size_t{64}, hole_capacity_ * 2, capacity_});
        auto grown = std::make_unique_for_overwrite<std::uint32_t[]>(capacity);
        if (hole_count_ > 0) {
            std::memcpy(grown.get(), holes_.get(), hole_count_ * sizeof(std::uint32_t));
        }
        holes_ = std::move(grown);
        hole_capacity_ = capacity;
    }

    // Pairs each of the count sorted holes below the rows kept (size minus
    // count) with the row that fills it, in ascending order of holes:
    // fill(hole, from), from being the last rows that are not holes, taken
    // from the end down. The holes at or past kept need no filling; walking
    // down from the end, they are the rows to skip, met in descending order.
    template <class Fill>
    static void pair_holes(const std::uint32_t* holes, std::size_t count, std::size_t size, Fill&& fill) {
        const std::size_t kept = size - count;
        std::size_t from = size;
        std::size_t skip = count; // holes[skip - 1] is the next hole at or below from
        for (std::size_t i = 0; i < count && holes[i] < kept; ++i) {
            --from;
            while (skip > 0 && holes[skip - 1] == from) {
                --skip;
                --from;
            }
            fill(std::size_t{holes[i]}, from);
        }
    }

    static bool is_marked(const std::uint64_t* marked, std::size_t row) noexcept {
        return (marked[row / 64] >> (row % 64) & 1) != 0;
    }

    // The first marked row at or after row, or a row at or past end when
    // there is none before end.
    static std::size_t next_marked(const std::uint64_t* marked, std::size_t row, std::size_t end) noexcept {
        while (row < end) {
            const std::uint64_t rest = marked[row / 64] >> (row % 64);
            if (rest != 0) {
                return row + static_cast<std::size_t>(std::countr_zero(rest));
            }
            row = (row / 64 + 1) * 64;
        }
        return end;
    }

    void release() noexcept {
        if (blocks_ != nullptr) {
            for (std::size_t column = 0; column < layouts_.size(); ++column) {
                internal::free_column(blocks_[column], layouts_[column].alignment);
            }
            internal::free_column(blocks_[layouts_.size()], alignof(entity));
        }
    }

    std::span<const column_layout> layouts_;
    std::unique_ptr<std::byte*[]> columns_; // null pointers until the first row
    // Where each column's memory came from (kiln/storage/column_memory.hpp), and
    // after them the entities': the pointers again, with the reservations.
    std::unique_ptr<internal::column_block[]> blocks_;
    std::size_t max_rows_; // at most ~std::uint32_t{0}: rows are 32-bit
    entity* entities_ = nullptr;
    std::size_t size_ = 0;
    std::size_t capacity_ = 0;
    // The rows left by mark_hole, in the order marked: a buffer of its own
    // rather than a std::vector, whose push_back inlined the reallocation
    // into destroy and made GCC leave destroy out of its callers' loops.
    std::unique_ptr<std::uint32_t[]> holes_;
    std::size_t hole_count_ = 0;
    std::size_t hole_capacity_ = 0;
};

} // namespace kiln
