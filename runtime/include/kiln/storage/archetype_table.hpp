// archetype_table: the storages of a world's archetypes, by archetype id.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>

#include <kiln/core/type_list.hpp>
#include <kiln/entity/entity_table.hpp>
#include <kiln/storage/archetype.hpp>
#include <kiln/storage/archetype_storage.hpp>
#include <kiln/storage/column.hpp>

namespace kiln::internal {

// Each component's columns by id, as write_columns (kiln/storage/column.hpp) reads
// them: spans of the schema's component_columns, where component id's start
// at firsts[id]. kilnc writes the columns, as sizeofs: working them out from
// each component's type (component_layouts) instantiated and emitted an
// array for each of a schema's components, 3,399 for a world of 4,096, a few
// percent of its compile (docs/compile_time.md).
template <std::size_t Count>
constexpr std::array<std::span<const column_layout>, Count>
columns_by_id(std::span<const column_layout> columns, const std::array<std::uint32_t, Count + 1>& firsts) noexcept {
    std::array<std::span<const column_layout>, Count> spans{};
    for (std::size_t id = 0; id < Count; ++id) {
        spans[id] = columns.subspan(firsts[id], firsts[id + 1] - firsts[id]);
    }
    return spans;
}

template <class Schema, class Archetypes = typename Schema::archetypes,
          class Components = typename Schema::components>
class archetype_table;

// One archetype_storage per archetype of Schema, at its id (their ids are
// their positions, which basic_world asserts), with the columns its
// components make up.
//
// The table lays out every archetype's columns when it is built, with
// write_columns (kiln/storage/column.hpp), from two constants: each component's
// columns by id (the schema's component_columns), and each archetype's
// component ids (columns_of_each), which queries read too. Each archetype's
// columns were a constant of their own, a template instantiated per archetype
// (3.5 ms each, 7 s of the compile of a world of 2,048 archetypes), and one
// constant array of every archetype's columns took g++ longer still to
// evaluate; the loop costs a world's construction a few microseconds
// (docs/compile_time.md). The storages are built and dropped by a loop too: as
// named members of a struct, each was a call of its own in the world's
// constructor and destructor, and g++'s optimizers took half the compile of
// the same world over those two functions.
template <class Schema, class... Archetypes, class... Components>
class archetype_table<Schema, type_list<Archetypes...>, type_list<Components...>> {
    static constexpr std::size_t count = sizeof...(Archetypes);
    static constexpr auto& archetypes = columns_of_each<Archetypes...>;
    static constexpr std::array<bool, sizeof...(Components)> tracked_by_id{tracked_v<Components>...};

public:
    archetype_table() {
        // Read when the world is built, not a constant: where the schedule compiles apart, the
        // schema's column sizes are defined in the unit that sees the components, and only
        // declared here ([kiln] schedule_unit, docs/schema.md).
        const std::array<std::span<const column_layout>, sizeof...(Components)> layouts_by_id =
            columns_by_id<sizeof...(Components)>(Schema::component_columns, Schema::component_first_columns);
        std::size_t total = 0;
        for (const archetype_columns& archetype : archetypes) {
            total += columns_of(archetype, layouts_by_id.data(), nullptr);
        }
        layouts_ = std::make_unique<column_layout[]>(total);
        std::size_t next = 0;
        for (std::size_t id = 0; id < count; ++id) {
            const std::size_t columns = columns_of(archetypes[id], layouts_by_id.data(), layouts_.get() + next);
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
    static std::size_t columns_of(const archetype_columns& archetype,
                                  const std::span<const column_layout>* layouts_by_id, column_layout* out) noexcept {
        return write_columns(archetype.ids, archetype.count, layouts_by_id, tracked_by_id.data(), out);
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
