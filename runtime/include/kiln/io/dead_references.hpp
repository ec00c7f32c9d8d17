// Nulling references to entities that are gone, once a load has rebuilt the
// entity table: shared by save files (save_loader.hpp) and JSON
// (json_reader.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

#include <kiln/entity/entity.hpp>
#include <kiln/entity/entity_table.hpp>
#include <kiln/io/save_format.hpp>
#include <kiln/schema/field_info.hpp>
#include <kiln/storage/archetype_storage.hpp>

namespace kiln::internal {

// Nulls the entity fields (entity, entity[N]) of rows values of type, whose
// columns are columns, that name no live entity of entities: a reference to
// an entity that is gone must not come alive again when its slot is reused.
inline void null_dead_references(const type_description& type, std::byte* const* columns, std::size_t rows,
                                 const entity_table& entities) {
    for (std::size_t f = 0; f < type.fields.size(); ++f) {
        const field_info& info = type.fields[f];
        const std::size_t count = elements_of({info.element, info.count}, scalar_type::entity);
        if (count == 0) {
            continue;
        }
        const field_place place = place_of(type.kind, type.size, info.offset, info.size, f, columns);
        for (std::size_t row = 0; row < rows; ++row) {
            for (std::size_t i = 0; i < count; ++i) {
                std::byte* at = place.first + row * place.stride + i * sizeof(entity);
                entity e;
                std::memcpy(static_cast<void*>(&e), at, sizeof(entity));
                if (!entities.alive(e)) {
                    std::memcpy(at, &null_entity, sizeof(entity));
                }
            }
        }
    }
}

// Calls visit(type, columns, rows) for each component of each archetype
// (storages, in id order) with the component's columns and the archetype's
// row count, then for each resource with its value as a column of one row.
template <class Visit>
void for_each_value_block(const world_description& world, std::span<archetype_storage* const> storages,
                          std::span<std::byte* const> resources, Visit&& visit) {
    for (std::uint32_t a = 0; a < storages.size(); ++a) {
        std::byte* const* columns = storages[a]->columns();
        for (const std::uint32_t component : world.archetypes[a].components) {
            visit(world.components[component], columns, storages[a]->size());
            columns += column_count(world.components[component]);
        }
    }
    for (std::size_t r = 0; r < resources.size(); ++r) {
        visit(world.resources[r], &resources[r], std::size_t{1});
    }
}

// null_dead_references for every component and resource of a world: what
// loaders do once the table is whole.
inline void null_dead_references(const world_description& world, std::span<archetype_storage* const> storages,
                                 std::span<std::byte* const> resources, const entity_table& entities) {
    for_each_value_block(world, storages, resources,
                         [&](const type_description& type, std::byte* const* columns, std::size_t rows) {
                             null_dead_references(type, columns, rows, entities);
                         });
}

} // namespace kiln::internal
