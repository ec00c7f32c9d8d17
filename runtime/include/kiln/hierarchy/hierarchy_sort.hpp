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

namespace kiln::internal {

// Moves every row of storages (in archetype id order) to its place in this
// order: by depth; within a depth, by the parent's archetype and new row
// (so that children of one parent sit together, in the order of their
// parents); then by the old row. Entities keep their handles: entities
// learns where each now lives. Rows are plain data, moved as bytes.
inline void sort_rows_by_depth(std::span<archetype_storage* const> storages, const hierarchy_table& links,
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
        for (std::size_t c = 0; c < rows.layouts().size(); ++c) {
            const std::size_t size = rows.layouts()[c].size;
            for (std::size_t row = 0; row < count; ++row) {
                std::memcpy(scratch.get() + to[row] * size, columns[c] + row * size, size);
            }
            if (count > 0) {
                std::memcpy(columns[c], scratch.get(), count * size);
            }
        }
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
