// Reordering archetypes' rows so that the hierarchy's order is their order:
// parents' rows before their children's, siblings side by side.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include <kiln/entity/entity.hpp>
#include <kiln/entity/entity_table.hpp>
#include <kiln/hierarchy/hierarchy_table.hpp>
#include <kiln/storage/archetype_storage.hpp>
#include <kiln/storage/change_ticks.hpp>
#include <kiln/storage/column.hpp>

namespace kiln::internal {

// Moves every row of storages (in archetype id order) to its place in this
// order: by depth; within a depth, by the parent's archetype and new row
// (so that children of one parent sit together, in the order of their
// parents); then by the old row. Entities keep their handles: entities
// learns where each now lives. Rows are plain data, moved as bytes; the
// change ticks of archetype a, from its column first_ticks[a] on, move
// with their rows, and each chunk's ticks (kiln/change_ticks.hpp), which
// belong to the chunk and not to a row, are made again from its new rows'.
inline void sort_rows_by_depth(std::span<archetype_storage* const> storages,
                               std::span<const std::uint32_t> first_ticks, const hierarchy_table& links,
                               entity_table& entities) {
    struct place {
        std::uint32_t archetype;
        std::uint32_t row;
    };
    std::vector<std::vector<place>> by_depth;
    std::vector<std::vector<std::uint32_t>> new_row(storages.size());
    for (std::uint32_t a = 0; a < storages.size(); ++a) {
        const std::span<const entity> rows = storages[a]->entities();
        new_row[a].resize(rows.size());
        for (std::uint32_t row = 0; row < rows.size(); ++row) {
            const std::uint32_t depth = links.links(rows[row]).depth;
            if (depth >= by_depth.size()) {
                by_depth.resize(depth + 1);
            }
            by_depth[depth].push_back({a, row});
        }
    }
    std::vector<std::uint32_t> next(storages.size(), 0);
    for (std::size_t depth = 0; depth < by_depth.size(); ++depth) {
        std::vector<place>& level = by_depth[depth];
        if (depth > 0) {
            // Each row's key: its parent's archetype and new row, placed one depth up already.
            std::vector<std::pair<std::uint64_t, place>> keyed;
            keyed.reserve(level.size());
            for (const place& p : level) {
                const entity parent = links.links(storages[p.archetype]->entities()[p.row]).parent;
                const entity_location at = entities.location(parent);
                keyed.push_back({std::uint64_t{at.archetype} << 32 | new_row[at.archetype][at.row], p});
            }
            std::stable_sort(keyed.begin(), keyed.end(),
                             [](const auto& x, const auto& y) { return x.first < y.first; });
            for (std::size_t i = 0; i < level.size(); ++i) {
                level[i] = keyed[i].second;
            }
        }
        for (const place& p : level) {
            new_row[p.archetype][p.row] = next[p.archetype]++;
        }
    }
    for (std::uint32_t a = 0; a < storages.size(); ++a) {
        archetype_storage& rows = *storages[a];
        const std::size_t count = rows.size();
        const std::vector<std::uint32_t>& to = new_row[a];
        std::size_t widest = sizeof(entity);
        for (const column_layout layout : rows.layouts()) {
            widest = std::max<std::size_t>(widest, layout.size);
        }
        const auto scratch = std::make_unique_for_overwrite<std::byte[]>(count * widest);
        std::byte* const* columns = rows.columns();
        const std::uint32_t first_tick = first_ticks[a];
        const auto each_tracked = [&](auto&& function) {
            for (std::uint32_t first = first_tick; first < rows.layouts().size(); first += tick_columns_per_component) {
                function(tick_columns_at(columns, first));
            }
        };
        each_tracked([&](const tick_columns& ticks) { take_chunk_written(ticks, count); });
        for (std::size_t c = 0; c < rows.layouts().size(); ++c) {
            if (c >= first_tick && (c - first_tick) % tick_columns_per_component >= 2) {
                continue; // a chunk's maximum or written tick: made again below
            }
            const std::size_t size = rows.layouts()[c].size;
            for (std::size_t row = 0; row < count; ++row) {
                std::memcpy(scratch.get() + to[row] * size, columns[c] + row * size, size);
            }
            if (count > 0) {
                std::memcpy(columns[c], scratch.get(), count * size);
            }
        }
        each_tracked([&](const tick_columns& ticks) { chunk_ticks_of_rows(ticks, count); });
        std::vector<entity> moved(count);
        for (std::size_t row = 0; row < count; ++row) {
            moved[to[row]] = rows.entities()[row];
        }
        for (std::uint32_t row = 0; row < count; ++row) {
            rows.entity_at(row) = moved[row];
            entities.relocate(moved[row], {a, row});
        }
    }
}

} // namespace kiln::internal
