// The table from entity handles to where their components live.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <span>
#include <utility>

#include <kiln/config.hpp>
#include <kiln/entity/entity.hpp>
#include <kiln/entity/huge_pages.hpp>

namespace kiln {

// Where an entity's components are: the id of its archetype and its row in
// that archetype's columns.
struct entity_location {
    std::uint32_t archetype;
    std::uint32_t row;
};

// One slot per entity index: its generation and, packed into one more word,
// its archetype's id and its row. get reads a slot for every lookup, so a
// slot is 8 bytes: at 12, the table of a million entities outgrew the cache
// that a lookup's two reads share, and get took twice as long (bench/:
// get/kiln/1000000). The archetype takes the word's high bits, as few as the
// world's archetype count needs beside two markers (free, reserved); the row
// takes the rest, which bounds the rows of one archetype (max_rows). Freed
// slots wait on a stack and are reused last-in first-out.
class entity_table {
public:
    // A table for a world whose archetypes have ids 0 to archetype_count - 1.
    explicit entity_table(std::uint32_t archetype_count)
        : row_bits_{row_bits_for(archetype_count)},
          reserved_place_{(reserved_marker() << row_bits_)} {
        KILN_CHECK(archetype_count < (std::uint32_t{1} << 16), "entity_table: %u archetypes; kiln holds 65535 at most",
                   archetype_count);
    }

    // Moving a table leaves the other one with no slots, for the same
    // archetypes.
    entity_table(entity_table&& other) noexcept
        : row_bits_{other.row_bits_}, reserved_place_{other.reserved_place_}, slots_{std::move(other.slots_)},
          slot_count_{std::exchange(other.slot_count_, 0)}, slot_capacity_{std::exchange(other.slot_capacity_, 0)},
          free_{std::move(other.free_)}, free_count_{std::exchange(other.free_count_, 0)},
          alive_count_{std::exchange(other.alive_count_, 0)},
          reserved_count_{std::exchange(other.reserved_count_, 0)} {}

    entity_table& operator=(entity_table&& other) noexcept {
        row_bits_ = other.row_bits_;
        reserved_place_ = other.reserved_place_;
        slots_ = std::move(other.slots_);
        slot_count_ = std::exchange(other.slot_count_, 0);
        slot_capacity_ = std::exchange(other.slot_capacity_, 0);
        free_ = std::move(other.free_);
        free_count_ = std::exchange(other.free_count_, 0);
        alive_count_ = std::exchange(other.alive_count_, 0);
        reserved_count_ = std::exchange(other.reserved_count_, 0);
        return *this;
    }

    // The most rows one archetype may hold: more would not fit a slot.
    [[nodiscard]] std::uint32_t max_rows() const noexcept { return row_mask() + 1; }

    // max_rows() of a table for archetype_count archetypes, for the storages
    // that keep to it (archetype_table).
    [[nodiscard]] static constexpr std::uint32_t max_rows_for(std::uint32_t archetype_count) noexcept {
        return std::uint32_t{1} << row_bits_for(archetype_count);
    }

    // True while e names a live entity of this table; false for the null
    // entity, a destroyed entity, and an index this table never issued.
    [[nodiscard]] bool alive(entity e) const noexcept {
        return e.index() < slot_count_ && slots_[e.index()].generation == e.generation() &&
               slots_[e.index()].place < reserved_place_;
    }

    // True while e is reserved: issued by reserve, not yet placed.
    [[nodiscard]] bool reserved(entity e) const noexcept {
        return e.index() < slot_count_ && slots_[e.index()].generation == e.generation() &&
               slots_[e.index()].place == reserved_place_;
    }

    // The location of a live entity. Precondition: alive(e).
    [[nodiscard]] entity_location location(entity e) const noexcept {
        KILN_ASSERT(alive(e), "entity_table::location: entity %u:%u is not alive", e.index(), e.generation());
        return unpack(slots_[e.index()].place);
    }

    // The location of e when e is alive; otherwise a location whose
    // archetype is no archetype's id. alive and location in one read of the
    // slot, for lookups that go on to dispatch on the archetype anyway and
    // report a miss out of line.
    [[nodiscard]] entity_location find(entity e) const noexcept { return unpack(find_place(e)); }

    // find, without unpacking: encode(location(e)) when e is alive;
    // otherwise a word no archetype's rows encode to. For lookups that match
    // the word against the rows of a few archetypes, where unpacking it would
    // be most of their instructions.
    [[nodiscard]] std::uint32_t find_place(entity e) const noexcept {
        // The slots' address is read before the test: read after it, a loop
        // of lookups read it again for every entity (kiln/system/lookup.hpp).
        const slot* const slots = slots_.get();
        if (e.index() >= slot_count_) [[unlikely]] {
            return unplaced;
        }
        // Two 4-byte reads of the slot, which compilers fold into the
        // compare and the return; one 8-byte read would be split by shifts.
        const slot& s = slots[e.index()];
        if (s.generation != e.generation()) [[unlikely]] {
            return unplaced;
        }
        return s.place;
    }

    // Starts loading e's slot into the cache, for batched lookups that read
    // it a few handles later (kiln/world/gather.hpp). Any handle may be given: an
    // index this table never issued prefetches nothing.
    void prefetch(entity e) const noexcept {
        if (e.index() < slot_count_) {
            __builtin_prefetch(&slots_[e.index()]);
        }
    }

    // Issues a handle for a new entity stored at where.
    entity create(entity_location where) {
        check_row(where);
        ++alive_count_;
        return issue(pack(where));
    }

    // Issues count handles for new slots with consecutive indices, for
    // entities at rows first_row, first_row + 1, ... of archetype; returns the
    // first index. Reused slots go one by one through create: call this only
    // when there are none (has_free_slots() is false).
    entity::index_type create_block(std::size_t count, std::uint32_t archetype, std::uint32_t first_row) {
        KILN_ASSERT(!has_free_slots(), "entity_table::create_block: free slots must be reused first");
        KILN_CHECK(count <= entity::null_index - slot_count_, "entity_table::create_block: all %u entity indices are in use",
                   entity::null_index);
        if (count == 0) {
            return static_cast<entity::index_type>(slot_count_);
        }
        check_row({archetype, static_cast<std::uint32_t>(first_row + (count - 1))});
        const auto first = static_cast<entity::index_type>(slot_count_);
        reserve(slot_count_ + count);
        const std::uint32_t first_place = pack({archetype, first_row});
        slot_count_ += count;
        slot* const added = slots_.get() + first;
        for (std::size_t i = 0; i < count; ++i) {
            added[i] = {0, first_place + static_cast<std::uint32_t>(i)};
        }
        alive_count_ += count;
        return first;
    }

    [[nodiscard]] bool has_free_slots() const noexcept { return free_count_ > 0; }

    // Issues a handle for an entity that is not alive yet, so that deferred
    // commands can name it before it is created; place makes it alive, or
    // release gives the slot back.
    entity reserve() {
        ++reserved_count_;
        return issue(reserved_place_);
    }

    // Makes a reserved entity alive at where. Checked in every build: placing
    // a handle this table did not reserve would give one handle two rows.
    void place(entity e, entity_location where) noexcept {
        KILN_CHECK(reserved(e), "entity_table::place: entity %u:%u is not reserved", e.index(), e.generation());
        check_row(where);
        --reserved_count_;
        ++alive_count_;
        slots_[e.index()].place = pack(where);
    }

    // Frees a reserved entity's slot, never placed; its handle stays dead.
    // Precondition: reserved(e).
    void release(entity e) noexcept {
        KILN_ASSERT(reserved(e), "entity_table::release: entity %u:%u is not reserved", e.index(), e.generation());
        --reserved_count_;
        free_slot(slots_[e.index()], e.index());
    }

    // The number of entities reserved and neither placed nor released.
    [[nodiscard]] std::size_t reserved_count() const noexcept { return reserved_count_; }

    // Frees e's slot. Precondition: alive(e).
    void destroy(entity e) noexcept {
        KILN_ASSERT(alive(e), "entity_table::destroy: entity %u:%u is not alive", e.index(), e.generation());
        --alive_count_;
        free_slot(slots_[e.index()], e.index());
    }

    // Records that a live entity now lives at where. Precondition: alive(e).
    void relocate(entity e, entity_location where) noexcept {
        KILN_ASSERT(alive(e), "entity_table::relocate: entity %u:%u is not alive", e.index(), e.generation());
        check_row(where);
        slots_[e.index()].place = pack(where);
    }

    // relocate, for a live entity moved into a row known to fit: one that
    // another entity held until now (the hole a swap-and-pop fills), or a
    // row of a storage that keeps to max_rows() (archetype_table's). Here the
    // check is a debug build's: in every build it cost each destroy, add and
    // remove a load, a shift and a branch.
    // Preconditions: alive(e), where.row < max_rows().
    void refill(entity e, entity_location where) noexcept {
        KILN_ASSERT(alive(e), "entity_table::refill: entity %u:%u is not alive", e.index(), e.generation());
        KILN_ASSERT(where.row <= row_mask(), "entity_table::refill: row %u is past max_rows()", where.row);
        slots_[e.index()].place = pack(where);
    }

    void reserve(std::size_t count) {
        if (count <= slot_capacity_) {
            return;
        }
        auto slots = internal::allocate_random_access<slot>(count);
        std::copy_n(slots_.get(), slot_count_, slots.elements.get());
        auto free = std::make_unique_for_overwrite<std::uint32_t[]>(slots.capacity);
        std::copy_n(free_.get(), free_count_, free.get());
        slots_ = std::move(slots.elements);
        free_ = std::move(free);
        slot_capacity_ = slots.capacity;
    }

    // The number of slots needed to create count more entities: reserve this
    // much before creating many at once.
    [[nodiscard]] std::size_t capacity_needed(std::size_t count) const noexcept {
        const std::size_t reusable = slot_count_ - alive_count_; // free or retired slots
        return count > reusable ? slot_count_ + (count - reusable) : slot_count_;
    }

    // The number of live entities.
    [[nodiscard]] std::size_t size() const noexcept { return alive_count_; }

    // Destroys every live entity; handles issued before stay dead. Reserved
    // entities stay reserved.
    void clear() noexcept {
        for (std::uint32_t index = 0; index < slot_count_; ++index) {
            if (slots_[index].place < reserved_place_) {
                destroy({index, slots_[index].generation});
            }
        }
    }

    // For save files (kiln/save.hpp): the number of slots, each one's
    // generation, and the free list from its head, the order in which create
    // reuses slots. Together with the live entities' locations they are the
    // whole table.
    [[nodiscard]] std::size_t slot_count() const noexcept { return slot_count_; }
    [[nodiscard]] entity::generation_type generation_at(std::uint32_t index) const noexcept {
        return slots_[index].generation;
    }
    template <class Function>
    void for_each_free(Function&& function) const {
        for (std::size_t i = free_count_; i-- > 0;) {
            function(free_[i]);
        }
    }

    // For loaders: replaces the table with count slots, slot i of
    // generation generation_of(i), none alive, whose free list is free_list
    // (head first); the slots neither listed nor made alive by restore_alive
    // stay retired. Precondition, which the loader checks in its input:
    // free_list's indices are distinct slots.
    template <class GenerationOf>
    void restore(std::uint32_t count, GenerationOf generation_of, std::span<const std::uint32_t> free_list) {
        restore(count, generation_of, [](std::uint32_t) { return unplaced; }, free_list);
    }

    // The same in one pass, for loaders that know every slot's location
    // first: place_of(i) is unplaced, or encode(location) for a slot alive
    // at location. Preconditions: as above, and no listed slot is alive.
    template <class GenerationOf, class PlaceOf>
    void restore(std::uint32_t count, GenerationOf generation_of, PlaceOf place_of,
                 std::span<const std::uint32_t> free_list) {
        KILN_ASSERT(free_list.size() <= count, "entity_table::restore: %zu free slots of %u", free_list.size(), count);
        KILN_CHECK(reserved_count_ == 0, "entity_table::restore: %zu reserved entities would lose their slots",
                   reserved_count_);
        slot_count_ = 0;
        free_count_ = 0;
        reserve(count);
        slot_count_ = count;
        // Through a plain pointer, so that the compiler sees no aliasing and vectorizes.
        slot* const slots = slots_.get();
        std::uint32_t alive = 0;
        for (std::uint32_t index = 0; index < count; ++index) {
            const std::uint32_t place = place_of(index);
            slots[index] = {generation_of(index), place};
            alive += place != unplaced ? 1 : 0;
        }
        free_count_ = free_list.size();
        std::reverse_copy(free_list.begin(), free_list.end(), free_.get());
        alive_count_ = alive;
    }

    // What restore's place_of gives for a slot not alive.
    static constexpr std::uint32_t unplaced = ~std::uint32_t{0};

    // What restore's place_of gives for a slot alive at where; the rows of
    // one archetype encode as consecutive words, encode({a, 0}) + row.
    // Precondition: where.archetype is an archetype of this world and
    // where.row < max_rows().
    [[nodiscard]] std::uint32_t encode(entity_location where) const noexcept {
        KILN_ASSERT(where.row < max_rows(), "entity_table::encode: row %u is past max_rows()", where.row);
        return pack(where);
    }

    // Makes e alive at where. Precondition: e's slot has e's generation and
    // is neither alive nor on the free list; where.row < max_rows().
    void restore_alive(entity e, entity_location where) noexcept {
        KILN_ASSERT(e.index() < slot_count_ && slots_[e.index()].generation == e.generation() &&
                        slots_[e.index()].place == unplaced,
                    "entity_table::restore_alive: slot of entity %u:%u is not free", e.index(), e.generation());
        KILN_ASSERT(where.row < max_rows(), "entity_table::restore_alive: row %u is past max_rows()", where.row);
        slots_[e.index()].place = pack(where);
        ++alive_count_;
    }

private:
    struct slot {
        entity::generation_type generation;
        std::uint32_t place; // archetype << row_bits_ | row; a marker archetype when free or reserved
    };

    // The row takes the bits the archetype, or a marker, leaves.
    [[nodiscard]] static constexpr std::uint32_t row_bits_for(std::uint32_t archetype_count) noexcept {
        return 32 - static_cast<std::uint32_t>(std::bit_width(std::uint64_t{archetype_count} + 1));
    }

    [[nodiscard]] std::uint32_t row_mask() const noexcept {
        return (std::uint32_t{1} << row_bits_) - 1; // row_bits_ < 32: a marker needs an archetype bit
    }
    [[nodiscard]] std::uint32_t free_marker() const noexcept { return ~std::uint32_t{0} >> row_bits_; }
    [[nodiscard]] std::uint32_t reserved_marker() const noexcept { return free_marker() - 1; }

    [[nodiscard]] std::uint32_t pack(entity_location where) const noexcept {
        return where.archetype << row_bits_ | where.row;
    }
    [[nodiscard]] entity_location unpack(std::uint32_t place) const noexcept {
        return {place >> row_bits_, place & row_mask()};
    }

    void check_row(entity_location where) const noexcept {
        KILN_CHECK(where.row <= row_mask(),
                   "entity_table: row %u of archetype %u is past the %u rows one archetype may hold in a world of "
                   "this many archetypes",
                   where.row, where.archetype, max_rows());
    }

    void free_slot(slot& s, std::uint32_t index) noexcept {
        s.place = unplaced;
        if (s.generation == std::numeric_limits<entity::generation_type>::max()) {
            return; // retired: one more reuse would issue a handle equal to an old one
        }
        ++s.generation;
        free_[free_count_++] = index;
    }

    entity issue(std::uint32_t place) {
        if (free_count_ > 0) {
            const std::uint32_t index = free_[--free_count_];
            slots_[index].place = place;
            return {index, slots_[index].generation};
        }
        KILN_CHECK(slot_count_ < entity::null_index, "entity_table::create: all %u entity indices are in use",
                   entity::null_index);
        if (slot_count_ == slot_capacity_) [[unlikely]] {
            grow_slots();
        }
        const auto index = static_cast<entity::index_type>(slot_count_++);
        slots_[index] = {0, place};
        return {index, 0};
    }

    // Doubles the slots' room, out of line: inlined into issue, the copy
    // and the allocations were half of every world.create<A> compiled (a
    // game's unit compiles one per archetype and list of values given).
    [[gnu::noinline]] void grow_slots() { reserve(slot_count_ == 0 ? 16 : 2 * slot_count_); }

    std::uint32_t row_bits_;
    std::uint32_t reserved_place_; // the lowest place that is no live entity's
    // The slots and the free list are plain arrays with room for
    // slot_capacity_ slots, not std::vectors: growing copies the slots with
    // one memmove (a std::vector copies a slot at a time, and zeroes slots
    // that create_block and restore write right after), and destroy pushes
    // onto the free list with no reallocation path beside it (bench/ destroy
    // took a third longer with one). The free list's head is at the back.
    // A large table's slots are on huge pages (kiln/entity/huge_pages.hpp): every
    // lookup reads one at random.
    internal::random_access_ptr<slot> slots_;
    std::size_t slot_count_ = 0;
    std::size_t slot_capacity_ = 0;
    std::unique_ptr<std::uint32_t[]> free_;
    std::size_t free_count_ = 0;
    std::size_t alive_count_ = 0;
    std::size_t reserved_count_ = 0;
};

} // namespace kiln
