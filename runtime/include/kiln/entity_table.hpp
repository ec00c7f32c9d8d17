// The table from entity handles to where their components live.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include <kiln/config.hpp>
#include <kiln/entity.hpp>

namespace kiln {

// Where an entity's components are: the id of its archetype and its row in
// that archetype's columns.
struct entity_location {
    std::uint32_t archetype;
    std::uint32_t row;
};

// One slot per entity index. A live slot holds the entity's location; a free
// slot holds the next free index in `row`, so the free list costs no memory of
// its own. Freed slots are reused last-in first-out.
class entity_table {
public:
    // True while e names a live entity of this table; false for the null
    // entity, a destroyed entity, and an index this table never issued.
    [[nodiscard]] bool alive(entity e) const noexcept {
        return e.index() < slots_.size() && slots_[e.index()].generation == e.generation() &&
               slots_[e.index()].archetype < reserved_archetype;
    }

    // True while e is reserved: issued by reserve, not yet placed.
    [[nodiscard]] bool reserved(entity e) const noexcept {
        return e.index() < slots_.size() && slots_[e.index()].generation == e.generation() &&
               slots_[e.index()].archetype == reserved_archetype;
    }

    // The location of a live entity. Precondition: alive(e).
    [[nodiscard]] entity_location location(entity e) const noexcept {
        KILN_ASSERT(alive(e), "entity_table::location: entity %u:%u is not alive", e.index(), e.generation());
        const slot& s = slots_[e.index()];
        return {s.archetype, s.row};
    }

    // The location of e when e is alive; otherwise a location whose
    // archetype is no archetype's id (it is at least reserved_archetype).
    // alive and location in one read of the slot, for lookups that go on to
    // dispatch on the archetype anyway and report a miss out of line.
    [[nodiscard]] entity_location find(entity e) const noexcept {
        if (e.index() >= slots_.size()) [[unlikely]] {
            return {free_archetype, 0};
        }
        const slot& s = slots_[e.index()];
        if (s.generation != e.generation()) [[unlikely]] {
            return {free_archetype, 0};
        }
        return {s.archetype, s.row};
    }

    // Issues a handle for a new entity stored at where.
    entity create(entity_location where) {
        ++alive_count_;
        return issue(where);
    }

    // Issues count handles for new slots with consecutive indices, for
    // entities at rows first_row, first_row + 1, ... of archetype; returns the
    // first index. Reused slots go one by one through create: call this only
    // when there are none (has_free_slots() is false).
    entity::index_type create_block(std::size_t count, std::uint32_t archetype, std::uint32_t first_row) {
        KILN_ASSERT(!has_free_slots(), "entity_table::create_block: free slots must be reused first");
        KILN_CHECK(count <= entity::null_index - slots_.size(), "entity_table::create_block: all %u entity indices are in use",
                   entity::null_index);
        const auto first = static_cast<entity::index_type>(slots_.size());
        slots_.reserve(slots_.size() + count);
        for (std::size_t i = 0; i < count; ++i) {
            slots_.push_back({0, archetype, first_row + static_cast<std::uint32_t>(i)});
        }
        alive_count_ += count;
        return first;
    }

    [[nodiscard]] bool has_free_slots() const noexcept { return free_head_ != no_free_slot; }

    // Issues a handle for an entity that is not alive yet, so that deferred
    // commands can name it before it is created; place makes it alive.
    entity reserve() { return issue({reserved_archetype, 0}); }

    // Makes a reserved entity alive at where. Precondition: reserved(e).
    void place(entity e, entity_location where) noexcept {
        KILN_ASSERT(reserved(e), "entity_table::place: entity %u:%u is not reserved", e.index(), e.generation());
        ++alive_count_;
        slots_[e.index()].archetype = where.archetype;
        slots_[e.index()].row = where.row;
    }

private:
    entity issue(entity_location where) {
        if (free_head_ != no_free_slot) {
            const std::uint32_t index = free_head_;
            slot& s = slots_[index];
            free_head_ = s.row;
            s.archetype = where.archetype;
            s.row = where.row;
            return {index, s.generation};
        }
        KILN_CHECK(slots_.size() < entity::null_index, "entity_table::create: all %u entity indices are in use",
                   entity::null_index);
        slots_.push_back({0, where.archetype, where.row});
        return {static_cast<entity::index_type>(slots_.size() - 1), 0};
    }

public:

    // Frees e's slot. Precondition: alive(e).
    void destroy(entity e) noexcept {
        KILN_ASSERT(alive(e), "entity_table::destroy: entity %u:%u is not alive", e.index(), e.generation());
        --alive_count_;
        slot& s = slots_[e.index()];
        s.archetype = free_archetype;
        if (s.generation == std::numeric_limits<entity::generation_type>::max()) {
            return; // retired: one more reuse would issue a handle equal to an old one
        }
        ++s.generation;
        s.row = free_head_;
        free_head_ = e.index();
    }

    // Records that a live entity now lives at where. Precondition: alive(e).
    void relocate(entity e, entity_location where) noexcept {
        KILN_ASSERT(alive(e), "entity_table::relocate: entity %u:%u is not alive", e.index(), e.generation());
        slot& s = slots_[e.index()];
        s.archetype = where.archetype;
        s.row = where.row;
    }

    // Records that a live entity moved to another row of the same archetype.
    void set_row(entity e, std::uint32_t row) noexcept {
        KILN_ASSERT(alive(e), "entity_table::set_row: entity %u:%u is not alive", e.index(), e.generation());
        slots_[e.index()].row = row;
    }

    void reserve(std::size_t count) { slots_.reserve(count); }

    // The number of slots needed to create count more entities: reserve this
    // much before creating many at once.
    [[nodiscard]] std::size_t capacity_needed(std::size_t count) const noexcept {
        const std::size_t reusable = slots_.size() - alive_count_; // free or retired slots
        return count > reusable ? slots_.size() + (count - reusable) : slots_.size();
    }

    // The number of live entities.
    [[nodiscard]] std::size_t size() const noexcept { return alive_count_; }

    // Destroys every live entity; handles issued before stay dead. Reserved
    // entities stay reserved.
    void clear() noexcept {
        for (std::uint32_t index = 0; index < slots_.size(); ++index) {
            if (slots_[index].archetype < reserved_archetype) {
                destroy({index, slots_[index].generation});
            }
        }
    }

    // For save files (kiln/snapshot.hpp): the number of slots, each one's
    // generation, and the free list from its head, the order in which create
    // reuses slots. Together with the live entities' locations they are the
    // whole table.
    [[nodiscard]] std::size_t slot_count() const noexcept { return slots_.size(); }
    [[nodiscard]] entity::generation_type generation_at(std::uint32_t index) const noexcept {
        return slots_[index].generation;
    }
    template <class Function>
    void for_each_free(Function&& function) const {
        for (std::uint32_t index = free_head_; index != no_free_slot; index = slots_[index].row) {
            function(index);
        }
    }

    // For loaders: replaces the table with count slots, slot i of
    // generation generation_of(i), none alive, whose free list is free_list
    // (head first); the slots neither listed nor made alive by restore_alive
    // stay retired. Precondition, which the loader checks in its input:
    // free_list's indices are distinct slots.
    template <class GenerationOf>
    void restore(std::uint32_t count, GenerationOf generation_of, std::span<const std::uint32_t> free_list) {
        slots_.clear();
        slots_.reserve(count);
        for (std::uint32_t index = 0; index < count; ++index) {
            slots_.push_back({generation_of(index), free_archetype, no_free_slot});
        }
        free_head_ = no_free_slot;
        for (auto index = free_list.rbegin(); index != free_list.rend(); ++index) {
            slots_[*index].row = free_head_;
            free_head_ = *index;
        }
        alive_count_ = 0;
    }

    // Makes e alive at where. Precondition: e's slot has e's generation and
    // is neither alive nor on the free list.
    void restore_alive(entity e, entity_location where) noexcept {
        KILN_ASSERT(e.index() < slots_.size() && slots_[e.index()].generation == e.generation() &&
                        slots_[e.index()].archetype == free_archetype,
                    "entity_table::restore_alive: slot of entity %u:%u is not free", e.index(), e.generation());
        slots_[e.index()].archetype = where.archetype;
        slots_[e.index()].row = where.row;
        ++alive_count_;
    }

private:
    static constexpr std::uint32_t free_archetype = ~std::uint32_t{0};
    static constexpr std::uint32_t reserved_archetype = free_archetype - 1;
    static constexpr std::uint32_t no_free_slot = ~std::uint32_t{0};

    struct slot {
        entity::generation_type generation;
        std::uint32_t archetype; // free_archetype when free, reserved_archetype when reserved
        std::uint32_t row;       // when free: the next free index
    };

    std::vector<slot> slots_;
    std::uint32_t free_head_ = no_free_slot;
    std::size_t alive_count_ = 0;
};

} // namespace kiln
