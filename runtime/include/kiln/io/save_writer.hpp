// Writing a save: the world, described as data (save_format.hpp), as the
// bytes that docs/saves.md lays out, padding zeroed and the checksum last.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>
#include <vector>

#include <kiln/entity/entity.hpp>
#include <kiln/entity/entity_table.hpp>
#include <kiln/io/save_format.hpp> // and xxhash.h, for the checksum's state
#include <kiln/io/save_hierarchy.hpp>
#include <kiln/io/save_states.hpp>
#include <kiln/schema/component.hpp>
#include <kiln/schema/field_info.hpp>
#include <kiln/storage/archetype_storage.hpp>

namespace kiln::internal {

// Where save() writes: write(context, bytes, size) returns false when it failed.
struct sink_ref {
    void* context;
    bool (*write)(void* context, const std::byte* bytes, std::size_t size);
};

// Writes little-endian values to a sink, gathering small ones into a buffer
// so that the sink sees few calls; large blocks (columns) go straight through.
// Every byte is hashed on its way to the sink, and finish() ends the save
// with the checksum.
class save_writer {
public:
    explicit save_writer(sink_ref sink) : sink_{sink} {
        buffer_.reserve(buffer_capacity);
        XXH3_64bits_reset(&checksum_);
    }

    void u8(std::uint8_t value) { bytes(&value, 1); }
    void u32(std::uint32_t value) { bytes(&value, 4); }
    void u64(std::uint64_t value) { bytes(&value, 8); }
    void text(std::string_view value) {
        u32(static_cast<std::uint32_t>(value.size()));
        bytes(value.data(), value.size());
    }

    void bytes(const void* data, std::size_t size) {
        if (buffer_.size() + size > buffer_capacity) {
            flush();
        }
        if (size >= buffer_capacity) {
            pass(static_cast<const std::byte*>(data), size);
        } else {
            const auto* first = static_cast<const std::byte*>(data);
            buffer_.insert(buffer_.end(), first, first + size);
        }
    }

    // Writes what is buffered, then the checksum of everything written;
    // returns whether every write succeeded.
    bool finish() {
        flush();
        const std::uint64_t checksum = XXH3_64bits_digest(&checksum_);
        if (ok_) {
            ok_ = sink_.write(sink_.context, reinterpret_cast<const std::byte*>(&checksum), sizeof checksum);
        }
        return ok_;
    }

private:
    static constexpr std::size_t buffer_capacity = 16 * 1024;

    void flush() {
        pass(buffer_.data(), buffer_.size());
        buffer_.clear();
    }

    void pass(const std::byte* data, std::size_t size) {
        if (ok_ && size > 0) {
            XXH3_64bits_update(&checksum_, data, size);
            ok_ = sink_.write(sink_.context, data, size);
        }
    }

    sink_ref sink_;
    std::vector<std::byte> buffer_;
    bool ok_ = true;
    XXH3_state_t checksum_;
};

inline void write_type(save_writer& out, const type_description& type, bool with_layout) {
    out.u32(type.stable_id);
    if (with_layout) {
        out.u8(static_cast<std::uint8_t>(type.kind));
    }
    out.u32(type.size);
    out.u32(static_cast<std::uint32_t>(type.fields.size()));
    for (const field_info& field : type.fields) {
        out.u32(field.id);
        out.text(field.type);
        out.u32(static_cast<std::uint32_t>(field.offset));
        out.u32(static_cast<std::uint32_t>(field.size));
    }
}

// A run of a value's bytes that no field covers: padding. It holds whatever
// the memory held before the value was written there, so a save that copied
// it would differ from run to run and carry stale bytes of the program's.
struct padding_run {
    std::uint32_t offset;
    std::uint32_t size;
};

// The padding runs of a value of type, in offset order; none for most types.
inline std::vector<padding_run> padding_of(const type_description& type) {
    std::vector<bool> covered(type.size, false);
    for (const field_info& field : type.fields) {
        for (std::size_t byte = field.offset; byte < field.offset + field.size && byte < type.size; ++byte) {
            covered[byte] = true;
        }
    }
    std::vector<padding_run> runs;
    for (std::uint32_t byte = 0; byte < type.size; ++byte) {
        if (covered[byte]) {
            continue;
        }
        if (!runs.empty() && runs.back().offset + runs.back().size == byte) {
            ++runs.back().size;
        } else {
            runs.push_back({byte, 1});
        }
    }
    return runs;
}

// A run of rows to write: count rows from first.
struct row_run {
    std::size_t first;
    std::size_t count;
};

// Writes the rows of runs, in order, from values of size bytes each, with
// zeros where padding is: through a staging buffer, so the world is not
// written to.
inline void write_values(save_writer& out, const std::byte* values, std::span<const row_run> runs, std::size_t size,
                         std::span<const padding_run> padding) {
    if (padding.empty()) {
        for (const row_run run : runs) {
            out.bytes(values + run.first * size, run.count * size);
        }
        return;
    }
    const std::size_t per_chunk = std::max<std::size_t>(1, 16 * 1024 / size);
    std::size_t total = 0;
    for (const row_run run : runs) {
        total += run.count;
    }
    std::vector<std::byte> chunk(std::min(total, per_chunk) * size);
    for (const row_run run : runs) {
        for (std::size_t first = 0; first < run.count; first += per_chunk) {
            const std::size_t rows = std::min(per_chunk, run.count - first);
            std::memcpy(chunk.data(), values + (run.first + first) * size, rows * size);
            for (std::size_t row = 0; row < rows; ++row) {
                for (const padding_run gap : padding) {
                    std::memset(chunk.data() + row * size + gap.offset, 0, gap.size);
                }
            }
            out.bytes(chunk.data(), rows * size);
        }
    }
}

// A bound on the bytes save_world writes, for sinks that reserve.
inline std::size_t saved_size_bound(const world_description& world, std::span<const archetype_storage* const> storages,
                                    const entity_table& entities, const hierarchy_table& links) {
    std::size_t total = 64 + world.name.size() + 8 * entities.slot_count() + links_size(links) +
                        states_size_bound(world) + save_checksum_size;
    for (const auto* types : {&world.components, &world.resources}) {
        for (const type_description& type : *types) {
            total += 13 + type.size;
            for (const field_info& field : type.fields) {
                total += 16 + field.type.size();
            }
        }
    }
    for (std::size_t a = 0; a < world.archetypes.size(); ++a) {
        total += 12 + 4 * world.archetypes[a].components.size();
        std::size_t row = sizeof(entity);
        for (const column_layout column : storages[a]->layouts()) {
            row += column.size;
        }
        total += row * storages[a]->size();
    }
    return total;
}

// Writes the world whose types are world, whose archetypes' rows are
// storages (in id order), whose resources are at resources and whose handles
// are entities, whose hierarchy is links and whose states are at position.
// Returns false when the sink failed. The caller checked that no entity is
// reserved.
inline bool save_world(const world_description& world, std::span<const archetype_storage* const> storages,
                       std::span<const std::byte* const> resources, const entity_table& entities,
                       const hierarchy_table& links, const schedule_position& position, sink_ref sink) {
    save_writer out{sink};
    out.bytes(save_magic, sizeof save_magic);
    const std::uint32_t format = save_format_for(world, links);
    out.u32(format);
    out.u32(world.version);
    out.u64(world.fingerprint);
    out.text(world.name);

    out.u32(static_cast<std::uint32_t>(world.components.size()));
    for (const type_description& type : world.components) {
        write_type(out, type, true);
    }
    out.u32(static_cast<std::uint32_t>(world.resources.size()));
    for (const type_description& type : world.resources) {
        write_type(out, type, false);
    }
    out.u32(static_cast<std::uint32_t>(world.archetypes.size()));
    for (const archetype_description& archetype : world.archetypes) {
        out.u32(archetype.stable_id);
        out.u32(static_cast<std::uint32_t>(archetype.components.size()));
        for (const std::uint32_t position : archetype.components) {
            out.u32(world.components[position].stable_id);
        }
    }

    const row_run one_value[] = {{0, 1}};
    for (std::size_t r = 0; r < world.resources.size(); ++r) {
        write_values(out, resources[r], one_value, world.resources[r].size, padding_of(world.resources[r]));
    }

    // The entity table: every slot's generation, then the free list from its
    // head. Gathered in chunks: one sink call per slot would dominate.
    const auto slots = static_cast<std::uint32_t>(entities.slot_count());
    out.u32(slots);
    std::uint32_t chunk[1024];
    for (std::uint32_t first = 0; first < slots; first += 1024) {
        const std::uint32_t count = std::min<std::uint32_t>(1024, slots - first);
        for (std::uint32_t i = 0; i < count; ++i) {
            chunk[i] = entities.generation_at(first + i);
        }
        out.bytes(chunk, count * sizeof(std::uint32_t));
    }
    std::uint32_t free_count = 0;
    entities.for_each_free([&](std::uint32_t) { ++free_count; });
    out.u32(free_count);
    entities.for_each_free([&](std::uint32_t index) { out.u32(index); });

    std::vector<std::vector<padding_run>> padding;
    padding.reserve(world.components.size());
    for (const type_description& type : world.components) {
        padding.push_back(type.kind == layout::packed ? padding_of(type) : std::vector<padding_run>{});
    }
    // Each archetype's rows in the order settling would leave them: the
    // rows destroy(e) left are not written, and the save is the one the
    // settled world would give.
    std::vector<row_run> runs;
    for (std::size_t a = 0; a < world.archetypes.size(); ++a) {
        const archetype_storage& rows = *storages[a];
        runs.clear();
        rows.for_each_settled_run([&](std::size_t first, std::size_t count) { runs.push_back({first, count}); });
        out.u32(static_cast<std::uint32_t>(rows.size() - rows.hole_count()));
        write_values(out, reinterpret_cast<const std::byte*>(rows.entities().data()), runs, sizeof(entity), {});
        const std::byte* const* columns = rows.columns();
        for (const std::uint32_t position : world.archetypes[a].components) {
            const type_description& type = world.components[position];
            if (type.kind == layout::packed) {
                write_values(out, *columns, runs, type.size, padding[position]);
            } else {
                for (std::size_t column = 0; column < column_count(type); ++column) {
                    write_values(out, columns[column], runs, column_size(type, column), {});
                }
            }
            columns += column_count(type);
        }
    }
    if (format >= hierarchy_format_version) {
        write_links(out, links);
    }
    write_states(out, world, position);
    return out.finish();
}

} // namespace kiln::internal
