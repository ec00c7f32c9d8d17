// archetype_table: the storages of a world's archetypes, by archetype id.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>

#include <kiln/archetype_storage.hpp>
#include <kiln/column.hpp>
#include <kiln/type_list.hpp>

namespace kiln::internal {

// The columns of an archetype holding the components of List, as
// archetype_storage takes them. A constant, not a function: a call deduces the
// whole list again, seconds for the thousand archetypes of a large schema.
template <class List>
inline constexpr std::span<const column_layout> layouts_of_v{};

template <class... Components>
inline constexpr std::span<const column_layout> layouts_of_v<type_list<Components...>>{column_layouts<Components...>};

template <class Archetypes>
class archetype_table;

// One archetype_storage per archetype of Archetypes, at its id. They are
// built and dropped by a loop over a constant array of their columns: as
// named members of a struct, each was a call of its own in the world's
// constructor and destructor, and g++'s optimizers took half the compile of a
// world of 2,048 archetypes over those two functions (docs/compile_time.md).
template <class... Archetypes>
class archetype_table<type_list<Archetypes...>> {
    static constexpr std::size_t count = sizeof...(Archetypes);

public:
    archetype_table() {
        for (std::size_t id = 0; id < count; ++id) {
            std::construct_at(&storages_[id], layouts[id]);
        }
    }

    archetype_table(const archetype_table&) = delete;
    archetype_table& operator=(const archetype_table&) = delete;

    ~archetype_table() {
        for (std::size_t id = 0; id < count; ++id) {
            std::destroy_at(&storages_[id]);
        }
    }

    [[nodiscard]] archetype_storage& operator[](std::size_t id) noexcept { return storages_[id]; }
    [[nodiscard]] const archetype_storage& operator[](std::size_t id) const noexcept { return storages_[id]; }

    // Exchanges every archetype's rows with other's.
    void swap(archetype_table& other) noexcept {
        for (std::size_t id = 0; id < count; ++id) {
            storages_[id].swap(other.storages_[id]);
        }
    }

private:
    static constexpr std::array<std::span<const column_layout>, count> layouts{
        layouts_of_v<typename Archetypes::components>...};

    // Built and dropped above, not by the compiler, which would do it member by
    // member; one element more than none, as an array cannot be empty.
    union {
        archetype_storage storages_[count > 0 ? count : 1];
    };
};

} // namespace kiln::internal
