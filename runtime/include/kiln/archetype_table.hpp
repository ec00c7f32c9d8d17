// archetype_table: the storages of a world's archetypes, by archetype id.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>

#include <kiln/archetype.hpp>
#include <kiln/archetype_storage.hpp>
#include <kiln/column.hpp>
#include <kiln/entity_table.hpp>
#include <kiln/type_list.hpp>

namespace kiln::internal {

// The columns of each of Components, and whether it is tracked, by
// position, which is each one's id (basic_world asserts it): what
// write_columns (kiln/column.hpp) reads.
template <class... Components>
struct columns_by_component_id {
    static constexpr std::array<std::span<const column_layout>, sizeof...(Components)> layouts{
        std::span<const column_layout>{component_layouts<Components>}...};
    static constexpr std::array<bool, sizeof...(Components)> tracked{tracked_v<Components>...};
};

template <class Archetypes, class Components>
class archetype_table;

// One archetype_storage per archetype of Archetypes, at its id (their ids are
// their positions, which basic_world asserts), with the columns its
// components, of Components, make up.
//
// The table lays out every archetype's columns when it is built, with
// write_columns (kiln/column.hpp), from two constants: each component's
// columns by id, and each archetype's component ids (columns_of_each), which
// queries read too. Each archetype's columns were a constant of their own, a
// template instantiated per archetype (3.5 ms each, 7 s of the compile of a
// world of 2,048 archetypes), and one constant array of every archetype's
// columns took g++ longer still to evaluate; the loop costs a world's
// construction a few microseconds (docs/compile_time.md). The storages are
// built and dropped by a loop too: as named members of a struct, each was a
// call of its own in the world's constructor and destructor, and g++'s
// optimizers took half the compile of the same world over those two
// functions.
template <class... Archetypes, class... Components>
class archetype_table<type_list<Archetypes...>, type_list<Components...>> {
    static constexpr std::size_t count = sizeof...(Archetypes);
    using by_id = columns_by_component_id<Components...>;
    static constexpr auto& archetypes = columns_of_each<Archetypes...>;

public:
    archetype_table() {
        std::size_t total = 0;
        for (const archetype_columns& archetype : archetypes) {
            total += columns_of(archetype, nullptr);
        }
        layouts_ = std::make_unique<column_layout[]>(total);
        std::size_t next = 0;
        for (std::size_t id = 0; id < count; ++id) {
            const std::size_t columns = columns_of(archetypes[id], layouts_.get() + next);
            std::construct_at(&storages_[id], std::span<const column_layout>{layouts_.get() + next, columns},
                              entity_table::max_rows_for(static_cast<std::uint32_t>(count)));
            next += columns;
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

    // Where archetype id's tick columns start: after its components' own.
    [[nodiscard]] static std::uint32_t first_tick_column(std::size_t id) noexcept {
        return archetypes[id].firsts[archetypes[id].count];
    }

    // Exchanges every archetype's rows with other's.
    void swap(archetype_table& other) noexcept {
        for (std::size_t id = 0; id < count; ++id) {
            storages_[id].swap(other.storages_[id]);
        }
        // The storages' layouts point into the table that built them: they go along.
        layouts_.swap(other.layouts_);
    }

private:
    static std::size_t columns_of(const archetype_columns& archetype, column_layout* out) noexcept {
        return write_columns(archetype.ids, archetype.count, by_id::layouts.data(), by_id::tracked.data(), out);
    }

    // Every archetype's columns, one archetype after the other.
    std::unique_ptr<column_layout[]> layouts_;
    // Built and dropped above, not by the compiler, which would do it member by
    // member; one element more than none, as an array cannot be empty.
    union {
        archetype_storage storages_[count > 0 ? count : 1];
    };
};

} // namespace kiln::internal
