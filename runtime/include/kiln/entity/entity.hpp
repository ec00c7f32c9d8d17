// kiln::entity: the handle of an entity, an index plus a generation.
#pragma once

#include <compare>
#include <cstdint>

namespace kiln {

// Identifies one entity of one world. The index names a slot of the world's
// entity table; the generation counts how often that slot was reused, so a
// handle kept after its entity was destroyed never names the slot's next
// occupant (a slot whose generation would wrap is retired instead).
// A default-constructed entity is the null entity, which is never alive.
class entity {
public:
    // The type of the slot's index in the world's entity table.
    using index_type = std::uint32_t;
    // The type of the count of the slot's reuses.
    using generation_type = std::uint32_t;

    // The index of the null entity; no slot of any world has it.
    static constexpr index_type null_index = ~index_type{0};

    // The null entity: index null_index, generation 0. No world holds it, so
    // alive, has and try_get answer false or null for it, and destroy does
    // nothing.
    constexpr entity() noexcept = default;
    // The handle of slot index at generation generation, unchecked: whether
    // it names a live entity of some world is for that world's alive(e) to
    // say. Worlds make handles (create, reserve); user code rebuilds one this
    // way only from values a world gave it.
    constexpr entity(index_type index, generation_type generation) noexcept
        : index_{index}, generation_{generation} {}

    // The slot of the world's entity table this handle names.
    [[nodiscard]] constexpr index_type index() const noexcept { return index_; }
    // How often that slot had been reused when this handle was issued: a
    // handle whose generation is not the slot's current one is dead.
    [[nodiscard]] constexpr generation_type generation() const noexcept { return generation_; }
    // Whether this is the null entity (any generation): the handle of no
    // entity, as a default-constructed one is.
    [[nodiscard]] constexpr bool is_null() const noexcept { return index_ == null_index; }

    // The handle as one integer, generation in the high half (for save files and hashing).
    [[nodiscard]] constexpr std::uint64_t to_bits() const noexcept {
        return std::uint64_t{generation_} << 32 | index_;
    }
    // The handle whose to_bits() is bits: from_bits(e.to_bits()) == e for
    // every e. Any bits make a handle; as for the constructor, only the world
    // says whether it names a live entity.
    [[nodiscard]] static constexpr entity from_bits(std::uint64_t bits) noexcept {
        return {static_cast<index_type>(bits), static_cast<generation_type>(bits >> 32)};
    }

    // Equal when index and generation both are: two handles of the same slot
    // at different generations name different entities.
    friend constexpr bool operator==(entity, entity) noexcept = default;
    // Ordered by index, then generation: an order for sorted containers,
    // which says nothing about when the entities were created.
    friend constexpr auto operator<=>(entity, entity) noexcept = default;

private:
    index_type index_ = null_index;
    generation_type generation_ = 0;
};

// The null entity, entity{}: the handle of no entity, never alive.
inline constexpr entity null_entity{};

} // namespace kiln
