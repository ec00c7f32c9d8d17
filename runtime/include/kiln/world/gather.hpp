// Batched lookups: component C of many entities at once (world.gather), with
// the memory latency of each lookup hidden behind the others'.
//
// A lookup is two dependent reads: the handle's slot in the entity table,
// then the component's row in its archetype's columns. Once the table and
// the columns outgrow the cache, each read waits on memory, and a loop of
// get waits twice per handle: the processor runs too few lookups ahead to
// overlap them. gather works as a pipeline over the batch: it prefetches the
// slot of the handle 2 * gather_distance ahead, reads the slot of the handle
// gather_distance ahead (loaded by then) to prefetch its row, and copies the
// row of the current handle, loaded by then too. In a world too small for
// that to pay (gather_pipeline_slots), it is get in a loop.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <type_traits>
#include <utility>

#include <kiln/config.hpp>
#include <kiln/core/type_list.hpp>
#include <kiln/entity/entity.hpp>
#include <kiln/entity/entity_table.hpp>
#include <kiln/schema/component.hpp>
#include <kiln/storage/archetype.hpp>
#include <kiln/storage/archetype_dispatch.hpp>
#include <kiln/storage/archetype_view.hpp>
#include <kiln/storage/column.hpp>

namespace kiln::internal {

// How many handles ahead of the copy a row is prefetched; slots are
// prefetched twice as far ahead: enough reads in flight to cover one from
// memory at a few nanoseconds per handle. At a million entities 8, 16 and 32
// measured alike (within the noise of a loaded machine); 16 is the middle,
// and leaves room before the early prefetches would be evicted unused.
inline constexpr std::size_t gather_distance = 16;

// From how many slots in the entity table on gather runs the pipeline. In a
// smaller world the slots and rows mostly sit in the cache already, and the
// pipeline's extra instructions cost more than the waits it hides: bench/
// get_batched took twice get's time at 10,000 entities, as long at 100,000,
// and 0.6 of it at 1,000,000 (on a loaded machine). So below this, gather is
// get in a loop.
inline constexpr std::size_t gather_pipeline_slots = std::size_t{1} << 17;

// Starts loading row of component C's columns, which start at columns.
template <class C>
void prefetch_row(const std::byte* const* columns, std::size_t row) noexcept {
    constexpr auto layouts = layouts_of<C>();
    [&]<std::size_t... I>(std::index_sequence<I...>) {
        internal::in_order({(__builtin_prefetch(columns[I] + row * layouts[I].size), 0)...});
    }(std::make_index_sequence<layouts.size()>{});
}

// State is the world's state (kiln/world/world_state.hpp): gather reads its
// entity table and columns.
template <class State>
struct batch_lookup {
    // world.gather<C>(handles, out). When a static_assert fails, no loop is
    // compiled, so that the assertion is the only error.
    template <class C>
    static std::size_t gather(const State& state, std::span<const entity> handles, std::span<C> out) noexcept {
        using value_type = std::remove_const_t<C>;
        if constexpr (!component<value_type>) {
            static_assert(component<value_type>, "kiln::world::gather<C>: C must be a component declared in a schema");
        } else if constexpr (std::is_const_v<C>) {
            static_assert(!std::is_const_v<C>, "kiln::world::gather<C>: gather copies into out; name C without const");
        } else if constexpr (layout_of<C> == layout::tag) {
            static_assert(layout_of<C> != layout::tag,
                          "kiln::world::gather<C>: C is a tag, which holds no value; has<C> tells who has it");
        } else if constexpr (archetypes_with_t<C>::size == 0) {
            static_assert(archetypes_with_t<C>::size > 0,
                          "kiln::world::gather<C>: no archetype of this world holds C; add it to one in the schema");
        } else {
            KILN_CHECK(out.size() >= handles.size(), "world::gather: %zu handles into room for %zu values",
                       handles.size(), out.size());
            return copy_rows(state, handles, out.data());
        }
        return 0;
    }

private:
    // Where a handle's component is: the first of its columns, and its row;
    // no columns when the handle is dead or lacks the component.
    struct located {
        const std::byte* const* columns;
        std::uint32_t row;
    };

    template <class C>
    static std::size_t copy_rows(const State& state, std::span<const entity> handles, C* out) noexcept {
        const entity_table& table = state.entities;
        // Finds where e's C is, and starts loading it. The visitor finds the
        // columns and the prefetch follows: made in the visitor, GCC dropped
        // it (the visitor, judged to have no effect, was called for none).
        const auto locate = [&](entity e) {
            located where{nullptr, 0};
            visit_place(archetypes_with_t<C>{}, table, table.find_place(e), [&]<class A>(std::uint32_t row) {
                where = {state.template view_of<A>().storage().columns() + first_column_v<C, typename A::components>,
                         row};
            });
            if (where.columns != nullptr) {
                prefetch_row<C>(where.columns, where.row);
            }
            return where;
        };
        std::size_t found = 0;
        const auto copy = [&](std::size_t i, located where) {
            if (where.columns != nullptr) [[likely]] {
                out[i] = make_cursor<C, true>(where.columns)[where.row];
                ++found;
            } else {
                report_missed<C>(state, i, handles[i]);
                out[i] = C{};
            }
        };
        const std::size_t count = handles.size();
        if (table.slot_count() < gather_pipeline_slots) {
            // As get finds a row (component_lookup::found): the cursor starts
            // as the first archetype's, so that its columns stay in registers.
            cursor_t<C, true> cursor = cursor_of<const C>(state.template view_of<front_t<archetypes_with_t<C>>>());
            for (std::size_t i = 0; i < count; ++i) {
                std::uint32_t row = 0;
                if (visit_place(archetypes_with_t<C>{}, table, table.find_place(handles[i]),
                                [&]<class A>(std::uint32_t row_in_a) {
                                    cursor = cursor_of<const C>(state.template view_of<A>());
                                    row = row_in_a;
                                })) [[likely]] {
                    out[i] = cursor[row];
                    ++found;
                } else {
                    copy(i, located{nullptr, 0});
                }
            }
            return found;
        }
        constexpr std::size_t distance = gather_distance;
        // Where the next distance handles are, found ahead of their copy: the
        // entry of handle i is ahead[i % distance].
        std::array<located, distance> ahead;
        for (std::size_t i = 0; i < std::min(2 * distance, count); ++i) {
            table.prefetch(handles[i]);
        }
        for (std::size_t i = 0; i < std::min(distance, count); ++i) {
            ahead[i] = locate(handles[i]); // waits for the slots: the pipeline's start
        }
        for (std::size_t i = 0; i < count; ++i) {
            const located here = ahead[i % distance];
            if (i + 2 * distance < count) {
                table.prefetch(handles[i + 2 * distance]);
            }
            if (i + distance < count) {
                ahead[i % distance] = locate(handles[i + distance]);
            }
            copy(i, here);
        }
        return found;
    }

    // Why handles[position] was not found: it is not alive, or its
    // archetype has no C. Stops the program in builds with assertions; in
    // the others it does nothing, and the caller writes C's default.
    template <class C>
    [[gnu::cold, gnu::noinline]] static void report_missed([[maybe_unused]] const State& state,
                                                           [[maybe_unused]] std::size_t position,
                                                           [[maybe_unused]] entity e) noexcept {
        [[maybe_unused]] constexpr std::string_view name = component_traits<C>::name;
        KILN_ASSERT(state.entities.alive(e), "world::gather<%.*s>: handle %zu of the batch, entity %u:%u, is not alive",
                    static_cast<int>(name.size()), name.data(), position, e.index(), e.generation());
        KILN_ASSERT(false,
                    "world::gather<%.*s>: handle %zu of the batch, entity %u:%u, lives in archetype %.*s, which has "
                    "no %.*s",
                    static_cast<int>(name.size()), name.data(), position, e.index(), e.generation(),
                    static_cast<int>(State::archetype_name_of(state.entities.location(e).archetype).size()),
                    State::archetype_name_of(state.entities.location(e).archetype).data(),
                    static_cast<int>(name.size()), name.data());
    }
};

} // namespace kiln::internal
