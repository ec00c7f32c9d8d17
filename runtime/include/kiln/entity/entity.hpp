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
    using index_type = std::uint32_t;
    using generation_type = std::uint32_t;

    static constexpr index_type null_index = ~index_type{0};

    constexpr entity() noexcept = default;
    constexpr entity(index_type index, generation_type generation) noexcept
        : index_{index}, generation_{generation} {}

    [[nodiscard]] constexpr index_type index() const noexcept { return index_; }
    [[nodiscard]] constexpr generation_type generation() const noexcept { return generation_; }
    [[nodiscard]] constexpr bool is_null() const noexcept { return index_ == null_index; }

    // The handle as one integer, generation in the high half (for save files and hashing).
    [[nodiscard]] constexpr std::uint64_t to_bits() const noexcept {
        return std::uint64_t{generation_} << 32 | index_;
    }
    [[nodiscard]] static constexpr entity from_bits(std::uint64_t bits) noexcept {
        return {static_cast<index_type>(bits), static_cast<generation_type>(bits >> 32)};
    }

    friend constexpr bool operator==(entity, entity) noexcept = default;
    friend constexpr auto operator<=>(entity, entity) noexcept = default;

private:
    index_type index_ = null_index;
    generation_type generation_ = 0;
};

inline constexpr entity null_entity{};

} // namespace kiln
