// The save format of kiln/snapshot.hpp, without templates: the world's types
// come in as data (type_description, archetype_description), and the code
// here writes them, reads a save, checks every byte of it and maps what it
// holds onto the current types. Keeping this out of templates means a schema
// of 512 components instantiates a few tables, not a loader per component.
//
// The format, byte by byte, is in docs/saves.md.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

// XXH3 checks saves. Compiled into the caller, so that games link nothing for
// it; its names are then prefixed, so a game that links libxxhash too keeps both.
#ifndef XXH_INLINE_ALL
#define XXH_INLINE_ALL
#endif
#include <xxhash.h>

#include <kiln/archetype_storage.hpp>
#include <kiln/component.hpp>
#include <kiln/entity.hpp>
#include <kiln/entity_table.hpp>
#include <kiln/field_info.hpp>
#include <kiln/snapshot_error.hpp>

namespace kiln::internal {

static_assert(std::endian::native == std::endian::little,
              "kiln/snapshot.hpp: save files are little-endian and hold columns as they are in memory; this "
              "runtime does not byte-swap, so it saves and loads on little-endian machines only");
static_assert(sizeof(entity) == 8 && sizeof(entity::index_type) == 4,
              "kiln/snapshot.hpp: a saved handle is 8 bytes, its index then its generation");

// "\x89KILN\r\n\x1a": not text, and a transfer that rewrites line ends or
// stops at ^Z breaks it, as PNG's does.
inline constexpr std::byte save_magic[8] = {std::byte{0x89}, std::byte{'K'},  std::byte{'I'},  std::byte{'L'},
                                            std::byte{'N'},  std::byte{'\r'}, std::byte{'\n'}, std::byte{0x1a}};
static_assert(XXH_VERSION_NUMBER >= 800,
              "kiln/snapshot.hpp: saves end with an XXH3 checksum, whose value xxHash fixed in 0.8.0; this "
              "xxhash.h is older and could compute another");

// The format this runtime writes. Version 2 is version 1 followed by the
// checksum of every byte before it; version 1 saves, from before the
// checksum, still load, unchecked.
inline constexpr std::uint32_t save_format_version = 2;
inline constexpr std::uint32_t oldest_save_format_version = 1;
inline constexpr std::uint32_t first_checksummed_format_version = 2;

// The checksum that ends a save: XXH3's 64 bits (seed 0) of every byte before
// it, magic included, written little-endian.
inline constexpr std::size_t save_checksum_size = 8;

inline std::uint64_t save_checksum(std::span<const std::byte> bytes) noexcept {
    return XXH3_64bits(bytes.data(), bytes.size());
}

// A component or resource type as this program compiled it.
struct type_description {
    std::uint32_t stable_id;
    std::string_view name;
    layout kind; // resources are packed
    std::uint32_t size;
    std::span<const field_info> fields;
    std::span<const field_migration> migrations;
    const std::byte* defaults; // a default-constructed value: what fields a save lacks take
};

struct archetype_description {
    std::uint32_t stable_id;
    std::string_view name;
    std::span<const std::uint32_t> components; // positions in world_description::components
};

struct world_description {
    std::string_view name;
    std::uint32_t version;
    std::uint64_t fingerprint;
    std::span<const type_description> components;
    std::span<const type_description> resources;
    std::span<const archetype_description> archetypes; // in id order
};

// The number of elements of a field of schema type `type` that are `element`
// ("bool", "bool[4]" for element "bool"); 0 for other types.
inline std::size_t elements_of(std::string_view type, std::string_view element) noexcept {
    if (type == element) {
        return 1;
    }
    if (!type.starts_with(element) || type.size() < element.size() + 3 || type[element.size()] != '[' ||
        type.back() != ']') {
        return 0;
    }
    std::size_t count = 0;
    for (const char digit : type.substr(element.size() + 1, type.size() - element.size() - 2)) {
        if (digit < '0' || digit > '9' || count > 1'000'000'000) {
            return 0;
        }
        count = count * 10 + static_cast<std::size_t>(digit - '0');
    }
    return count;
}

// The size of a value of a built-in schema type, or of an array of one; 0 for
// an extern, whose size only the program that defines it knows.
inline std::size_t builtin_size(std::string_view type) noexcept {
    constexpr std::pair<std::string_view, std::size_t> scalars[] = {
        {"bool", 1}, {"i8", 1}, {"u8", 1},  {"i16", 2}, {"u16", 2}, {"i32", 4},    {"u32", 4},
        {"f32", 4},  {"i64", 8}, {"u64", 8}, {"f64", 8}, {"entity", 8}};
    for (const auto& [name, size] : scalars) {
        if (const std::size_t count = elements_of(type, name)) {
            return count * size;
        }
    }
    return 0;
}

// The size of column `column` of type: the whole value for packed, a field
// for split.
inline std::size_t column_size(const type_description& type, std::size_t column) noexcept {
    return type.kind == layout::packed ? type.size : type.fields[column].size;
}

inline std::size_t column_count(const type_description& type) noexcept {
    return type.kind == layout::packed ? 1 : type.kind == layout::split ? type.fields.size() : 0;
}

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

// Writes count values of size bytes from values, with zeros where padding
// is: through a staging buffer, so the world is not written to.
inline void write_values(save_writer& out, const std::byte* values, std::size_t count, std::size_t size,
                         std::span<const padding_run> padding) {
    if (padding.empty()) {
        out.bytes(values, count * size);
        return;
    }
    const std::size_t per_chunk = std::max<std::size_t>(1, 16 * 1024 / size);
    std::vector<std::byte> chunk(std::min(count, per_chunk) * size);
    for (std::size_t first = 0; first < count; first += per_chunk) {
        const std::size_t rows = std::min(per_chunk, count - first);
        std::memcpy(chunk.data(), values + first * size, rows * size);
        for (std::size_t row = 0; row < rows; ++row) {
            for (const padding_run run : padding) {
                std::memset(chunk.data() + row * size + run.offset, 0, run.size);
            }
        }
        out.bytes(chunk.data(), rows * size);
    }
}

// A bound on the bytes save_world writes, for sinks that reserve.
inline std::size_t saved_size_bound(const world_description& world, std::span<const archetype_storage* const> storages,
                                    const entity_table& entities) {
    std::size_t total = 64 + world.name.size() + 8 * entities.slot_count() + save_checksum_size;
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
// are entities. Returns false when the sink failed. The caller checked that
// no entity is reserved.
inline bool save_world(const world_description& world, std::span<const archetype_storage* const> storages,
                       std::span<const std::byte* const> resources, const entity_table& entities, sink_ref sink) {
    save_writer out{sink};
    out.bytes(save_magic, sizeof save_magic);
    out.u32(save_format_version);
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

    for (std::size_t r = 0; r < world.resources.size(); ++r) {
        write_values(out, resources[r], 1, world.resources[r].size, padding_of(world.resources[r]));
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
    for (std::size_t a = 0; a < world.archetypes.size(); ++a) {
        const archetype_storage& rows = *storages[a];
        out.u32(static_cast<std::uint32_t>(rows.size()));
        out.bytes(rows.entities().data(), rows.size() * sizeof(entity));
        const std::byte* const* columns = rows.columns();
        for (const std::uint32_t position : world.archetypes[a].components) {
            const type_description& type = world.components[position];
            if (type.kind == layout::packed) {
                write_values(out, *columns, rows.size(), type.size, padding[position]);
            } else {
                for (std::size_t column = 0; column < column_count(type); ++column) {
                    out.bytes(columns[column], rows.size() * column_size(type, column));
                }
            }
            columns += column_count(type);
        }
    }
    return out.finish();
}

// Reads a save, keeping the offset for messages; every read checks that the
// input holds what it asks for.
class save_reader {
public:
    explicit save_reader(std::span<const std::byte> input) : input_{input} {}

    [[nodiscard]] std::size_t offset() const noexcept { return position_; }
    // Goes back to an offset read before, to read from there again.
    void seek(std::size_t offset) noexcept { position_ = offset; }
    [[nodiscard]] std::size_t remaining() const noexcept { return input_.size() - position_; }
    // The offset of a byte of the input.
    [[nodiscard]] std::size_t offset_of(const std::byte* byte) const noexcept {
        return static_cast<std::size_t>(byte - input_.data());
    }

    // The input not yet cut off by take_last: what the checksum covers.
    [[nodiscard]] std::span<const std::byte> input() const noexcept { return input_; }

    // Points first at the input's last size bytes and cuts them off, so that
    // the reads after it end before them; false, with error set, when fewer
    // than size remain. what names them for the message.
    bool take_last(std::size_t size, const std::byte*& first, const char* what) {
        if (size > remaining()) {
            error = make_snapshot_error(snapshot_errc::truncated, position_,
                                        "truncated save: %s at the end needs %zu bytes, and only %zu remain after "
                                        "byte %zu",
                                        what, size, remaining(), position_);
            return false;
        }
        input_ = input_.first(input_.size() - size);
        first = input_.data() + input_.size();
        return true;
    }

    // Points first at the next size bytes and moves past them; false, with
    // error set, when fewer remain. what names them for the message.
    bool take(std::size_t size, const std::byte*& first, const char* what) {
        if (size > remaining()) {
            error = make_snapshot_error(snapshot_errc::truncated, position_,
                                        "truncated save: %s at byte %zu needs %zu bytes, and only %zu remain", what,
                                        position_, size, remaining());
            return false;
        }
        first = input_.data() + position_;
        position_ += size;
        return true;
    }

    template <class Integer>
    bool number(Integer& value, const char* what) {
        const std::byte* first = nullptr;
        if (!take(sizeof(Integer), first, what)) {
            return false;
        }
        std::memcpy(&value, first, sizeof(Integer));
        return true;
    }

    bool text(std::string_view& value, const char* what) {
        std::uint32_t size = 0;
        const std::byte* first = nullptr;
        if (!number(size, what) || !take(size, first, what)) {
            return false;
        }
        value = {reinterpret_cast<const char*>(first), size};
        return true;
    }

    // Reads a count of entries of at least entry_size bytes each, refusing
    // one that the rest of the input could not hold: a hostile count must not
    // size an allocation.
    bool count(std::uint32_t& value, std::size_t entry_size, const char* what) {
        const std::size_t at = position_;
        if (!number(value, what)) {
            return false;
        }
        if (value > remaining() / entry_size) {
            error = make_snapshot_error(snapshot_errc::truncated, at,
                                        "truncated save: %s at byte %zu is %u, but only %zu bytes remain", what, at,
                                        value, remaining());
            return false;
        }
        return true;
    }

    snapshot_error error;

private:
    std::span<const std::byte> input_;
    std::size_t position_ = 0;
};

// One field as a save describes it.
struct saved_field {
    std::uint32_t id;
    std::string_view type;
    std::uint32_t offset;
    std::uint32_t size;
};

// One component or resource as a save describes it: its fields are
// fields[first_field, first_field + field_count) of the loader's list.
struct saved_type {
    std::uint32_t stable_id;
    layout kind;
    std::uint32_t size;
    std::uint32_t first_field;
    std::uint32_t field_count;
    std::size_t offset; // where its description starts, for messages
};

struct saved_archetype {
    std::uint32_t stable_id;
    std::uint32_t first_component; // into the loader's list of component positions
    std::uint32_t component_count;
};

// Where one field's values are: the first at first, the next stride bytes on.
template <class Byte>
struct field_place {
    Byte* first;
    std::size_t stride;
};

// Where field number field (at field_offset, of field_size bytes) of a type
// of layout kind and size bytes is, given the type's columns.
template <class Byte>
field_place<Byte> place_of(layout kind, std::size_t size, std::size_t field_offset, std::size_t field_size,
                           std::size_t field, Byte* const* columns) {
    if (kind == layout::packed) {
        return {columns[0] + field_offset, size};
    }
    return {columns[field], field_size};
}

// Nulls the entity fields (entity, entity[N]) of rows values of type, whose
// columns are columns, that name no live entity of entities: a reference to
// an entity that is gone must not come alive again when its slot is reused.
inline void null_dead_references(const type_description& type, std::byte* const* columns, std::size_t rows,
                                 const entity_table& entities) {
    for (std::size_t f = 0; f < type.fields.size(); ++f) {
        const field_info& info = type.fields[f];
        const std::size_t count = elements_of(info.type, "entity");
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

// Positions into sorted (stable id, position) pairs: finds by stable id in
// O(log n) however many a hostile save declares.
class id_index {
public:
    void add(std::uint32_t stable_id, std::uint32_t position) { pairs_.emplace_back(stable_id, position); }
    // Sorts; returns false when an id is there twice (and then names it in duplicate).
    bool seal(std::uint32_t& duplicate) {
        std::sort(pairs_.begin(), pairs_.end());
        for (std::size_t i = 1; i < pairs_.size(); ++i) {
            if (pairs_[i].first == pairs_[i - 1].first) {
                duplicate = pairs_[i].first;
                return false;
            }
        }
        return true;
    }
    [[nodiscard]] std::uint32_t find(std::uint32_t stable_id) const noexcept {
        const auto found = std::lower_bound(pairs_.begin(), pairs_.end(), std::pair{stable_id, std::uint32_t{0}});
        return found != pairs_.end() && found->first == stable_id ? found->second : none;
    }
    static constexpr std::uint32_t none = ~std::uint32_t{0};

private:
    std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs_;
};

// Reads a save into a world whose archetypes' rows are storages (in id
// order), whose resources are at resources and whose table is entities, in
// two passes: check reads all of the input and checks every byte (first the
// checksum over all of them, in a save that has one), writing nothing; apply
// then writes what check accepted, without checking each row again, and
// builds the table in one pass from the locations check found. So a load
// changes nothing on bad input and still keeps the world's memory.
class save_loader {
public:
    save_loader(const world_description& world, std::span<archetype_storage* const> storages,
                std::span<std::byte* const> resources, entity_table& entities, std::span<const std::byte> input)
        : world_{world}, storages_{storages}, resources_{resources}, entities_{entities}, in_{input} {}

    // false, with error() saying why, when the input is not a save this world
    // can load.
    bool check() {
        pass_ = pass::check;
        if (!header() || !types(components_, true, "component") || !types(resources_saved_, false, "resource") ||
            !archetypes()) {
            return false;
        }
        values_at_ = in_.offset();
        return resource_values() && table() && archetype_rows() && end();
    }

    // Writes the save that check() accepted into the world, which must have
    // no rows and every resource at its default. false only if the passes
    // disagree: a bug.
    bool apply() {
        pass_ = pass::apply;
        in_.seek(values_at_);
        return resource_values() && table() && archetype_rows() && finish_table();
    }

    [[nodiscard]] const snapshot_error& error() const noexcept { return in_.error; }

private:
    // C varargs rather than a template, so that compilers check every format.
    [[gnu::format(printf, 4, 5)]] bool fail_at(snapshot_errc code, std::size_t offset, const char* format, ...) {
        va_list arguments;
        va_start(arguments, format);
        in_.error = make_snapshot_error_v(code, offset, format, arguments);
        va_end(arguments);
        return false;
    }

    static int length(std::string_view text) { return static_cast<int>(text.size()); }

    bool header() {
        const std::byte* magic = nullptr;
        if (!in_.take(sizeof save_magic, magic, "the magic bytes")) {
            return false;
        }
        if (std::memcmp(magic, save_magic, sizeof save_magic) != 0) {
            return fail_at(snapshot_errc::not_a_save, 0, "not a kiln save: the first 8 bytes are not kiln's magic");
        }
        std::uint32_t format = 0;
        std::uint32_t version = 0;
        std::uint64_t fingerprint = 0;
        std::string_view name;
        if (!in_.number(format, "the format version")) {
            return false;
        }
        if (format < oldest_save_format_version || format > save_format_version) {
            return fail_at(snapshot_errc::unsupported_format, 8,
                           "save format version %u at byte 8: this runtime reads versions %u to %u", format,
                           oldest_save_format_version, save_format_version);
        }
        if (format >= first_checksummed_format_version && !checksum()) {
            return false;
        }
        if (!in_.number(version, "the schema version") || !in_.number(fingerprint, "the schema fingerprint") ||
            !in_.text(name, "the schema name")) {
            return false;
        }
        if (name != world_.name) {
            return fail_at(snapshot_errc::wrong_schema, 24, "the save is of schema \"%.*s\", this world's is \"%.*s\"",
                           length(name.substr(0, 64)), name.data(), length(world_.name), world_.name.data());
        }
        if (version > world_.version) {
            return fail_at(snapshot_errc::newer_schema, 12,
                           "the save is of schema %.*s version %u, newer than this program's version %u: load it "
                           "with a program built from that schema or a later one",
                           length(world_.name), world_.name.data(), version, world_.version);
        }
        return true;
    }

    // The checksum at the end of the input, checked against every byte before
    // it before anything past the format version is read: a damaged save is
    // then reported as damaged, not as whichever check of the structure its
    // damage happens to break, and the checks after it see the bytes as they
    // were saved. (They stay complete: a hostile input can carry a checksum
    // that matches.)
    bool checksum() {
        const std::byte* stored_at = nullptr;
        if (!in_.take_last(save_checksum_size, stored_at, "the checksum")) {
            return false;
        }
        std::uint64_t stored = 0;
        std::memcpy(&stored, stored_at, sizeof stored);
        const std::uint64_t computed = save_checksum(in_.input());
        if (computed != stored) {
            const std::size_t at = in_.offset_of(stored_at);
            return fail_at(snapshot_errc::corrupt, at,
                           "corrupt save: the checksum at byte %zu does not match the %zu bytes before it (it holds "
                           "%016llx, they hash to %016llx): the save was damaged or cut short",
                           at, at, static_cast<unsigned long long>(stored), static_cast<unsigned long long>(computed));
        }
        return true;
    }

    // The component (or resource) descriptions.
    bool types(std::vector<saved_type>& out, bool with_layout, const char* kind) {
        std::uint32_t count = 0;
        const std::size_t minimum = with_layout ? 13 : 12;
        if (!in_.count(count, minimum, with_layout ? "the component count" : "the resource count")) {
            return false;
        }
        out.reserve(count);
        id_index ids;
        for (std::uint32_t i = 0; i < count; ++i) {
            saved_type type{};
            type.offset = in_.offset();
            std::uint8_t kind_byte = 0;
            if (!in_.number(type.stable_id, "a type's stable id") ||
                (with_layout && !in_.number(kind_byte, "a component's layout")) ||
                !in_.number(type.size, "a type's size") || !in_.count(type.field_count, 16, "a type's field count")) {
                return false;
            }
            if (kind_byte > static_cast<std::uint8_t>(layout::tag)) {
                return fail_at(snapshot_errc::corrupt, type.offset + 4,
                               "corrupt save: %s %u at byte %zu has layout %u; 0 (packed), 1 (split) and 2 (tag) exist",
                               kind, type.stable_id, type.offset, kind_byte);
            }
            type.kind = static_cast<layout>(kind_byte);
            if (type.kind == layout::tag && type.field_count != 0) {
                return fail_at(snapshot_errc::corrupt, type.offset, "corrupt save: tag %u at byte %zu has %u fields",
                               type.stable_id, type.offset, type.field_count);
            }
            type.first_field = static_cast<std::uint32_t>(fields_.size());
            id_index field_ids;
            for (std::uint32_t f = 0; f < type.field_count; ++f) {
                saved_field field{};
                const std::size_t at = in_.offset();
                if (!in_.number(field.id, "a field's id") || !in_.text(field.type, "a field's type") ||
                    !in_.number(field.offset, "a field's offset") || !in_.number(field.size, "a field's size")) {
                    return false;
                }
                if (std::uint64_t{field.offset} + field.size > type.size) {
                    return fail_at(snapshot_errc::corrupt, at,
                                   "corrupt save: field %u of %s %u at byte %zu lies at %u..%u, outside its %u bytes",
                                   field.id, kind, type.stable_id, at, field.offset, field.offset + field.size,
                                   type.size);
                }
                fields_.push_back(field);
                field_ids.add(field.id, f);
            }
            std::uint32_t duplicate = 0;
            if (!field_ids.seal(duplicate)) {
                return fail_at(snapshot_errc::corrupt, type.offset,
                               "corrupt save: %s %u at byte %zu lists field %u twice", kind, type.stable_id,
                               type.offset, duplicate);
            }
            ids.add(type.stable_id, i);
            out.push_back(type);
        }
        std::uint32_t duplicate = 0;
        if (!ids.seal(duplicate)) {
            return fail_at(snapshot_errc::corrupt, in_.offset(), "corrupt save: %s %u is described twice", kind,
                           duplicate);
        }
        if (with_layout) {
            saved_component_ids_ = std::move(ids);
        }
        return true;
    }

    bool archetypes() {
        std::uint32_t count = 0;
        if (!in_.count(count, 8, "the archetype count")) {
            return false;
        }
        archetypes_.reserve(count);
        id_index ids;
        for (std::uint32_t i = 0; i < count; ++i) {
            saved_archetype archetype{};
            const std::size_t at = in_.offset();
            if (!in_.number(archetype.stable_id, "an archetype's stable id") ||
                !in_.count(archetype.component_count, 4, "an archetype's component count")) {
                return false;
            }
            archetype.first_component = static_cast<std::uint32_t>(members_.size());
            id_index members;
            for (std::uint32_t c = 0; c < archetype.component_count; ++c) {
                std::uint32_t stable_id = 0;
                if (!in_.number(stable_id, "an archetype's component id")) {
                    return false;
                }
                const std::uint32_t position = saved_component_ids_.find(stable_id);
                if (position == id_index::none) {
                    return fail_at(snapshot_errc::corrupt, at,
                                   "corrupt save: archetype %u at byte %zu holds component %u, which the save does "
                                   "not describe",
                                   archetype.stable_id, at, stable_id);
                }
                members_.push_back(position);
                members.add(stable_id, c);
            }
            std::uint32_t duplicate = 0;
            if (!members.seal(duplicate)) {
                return fail_at(snapshot_errc::corrupt, at, "corrupt save: archetype %u at byte %zu holds component %u twice",
                               archetype.stable_id, at, duplicate);
            }
            ids.add(archetype.stable_id, i);
            archetypes_.push_back(archetype);
        }
        std::uint32_t duplicate = 0;
        if (!ids.seal(duplicate)) {
            return fail_at(snapshot_errc::corrupt, in_.offset(), "corrupt save: archetype %u is described twice",
                           duplicate);
        }
        return true;
    }

    // The current types or archetypes, by stable id (unique: the generator
    // assigns them).
    template <class Description>
    static id_index by_stable_id(std::span<const Description> current) {
        id_index index;
        for (std::uint32_t position = 0; position < current.size(); ++position) {
            index.add(current[position].stable_id, position);
        }
        std::uint32_t duplicate = 0;
        index.seal(duplicate);
        return index;
    }

    bool resource_values() {
        const id_index current = by_stable_id(world_.resources);
        for (const saved_type& saved : resources_saved_) {
            const std::byte* value = nullptr;
            if (!in_.take(saved.size, value, "a resource's value")) {
                return false;
            }
            const std::uint32_t position = current.find(saved.stable_id);
            if (position != id_index::none) {
                std::byte* target = resources_[position];
                std::byte* const* targets = pass_ == pass::apply ? &target : nullptr;
                if (!copy_rows(&saved, &value, 1, world_.resources[position], targets)) {
                    return false;
                }
            }
        }
        return true;
    }

    bool table() {
        std::uint32_t slots = 0;
        if (!in_.count(slots, 4, "the entity slot count")) {
            return false;
        }
        in_.take(std::size_t{slots} * 4, generations_, "the slots' generations");
        std::uint32_t free_count = 0;
        if (!in_.count(free_count, 4, "the free list's length")) {
            return false;
        }
        const std::size_t free_at = in_.offset();
        free_list_.resize(free_count);
        for (std::uint32_t& index : free_list_) {
            in_.number(index, "a free slot");
        }
        if (pass_ == pass::apply) {
            const std::byte* const generations = generations_;
            const std::uint32_t* const places = places_.data();
            entities_.restore(
                slots,
                [generations](std::uint32_t index) { return saved_generation(generations, index); },
                [places](std::uint32_t index) {
                    return places[index] == on_free_list ? entity_table::unplaced : places[index];
                },
                free_list_);
            return true;
        }
        places_.assign(slots, entity_table::unplaced);
        for (std::uint32_t i = 0; i < free_count; ++i) {
            const std::uint32_t index = free_list_[i];
            if (index >= slots || places_[index] != entity_table::unplaced) {
                const std::size_t at = free_at + std::size_t{i} * 4;
                return fail_at(snapshot_errc::corrupt, at,
                               "corrupt save: the free list at byte %zu names slot %u, which is %s", at, index,
                               index >= slots ? "not a slot" : "listed twice");
            }
            places_[index] = on_free_list;
        }
        return true;
    }

    // The generation of slot index in the saved table at generations.
    static entity::generation_type saved_generation(const std::byte* generations, std::uint32_t index) noexcept {
        entity::generation_type generation = 0;
        std::memcpy(&generation, generations + std::size_t{index} * 4, 4);
        return generation;
    }

    bool archetype_rows() {
        const id_index current = by_stable_id(world_.archetypes);
        std::vector<const std::byte*> columns;
        for (const saved_archetype& saved : archetypes_) {
            const std::size_t at = in_.offset();
            std::uint32_t rows = 0;
            // A row holds at least its handle: a count beyond what remains is refused before allocating.
            if (!in_.count(rows, sizeof(entity), "an archetype's row count")) {
                return false;
            }
            std::uint64_t row_bytes = 0;
            for (std::uint32_t c = 0; c < saved.component_count; ++c) {
                const saved_type& type = components_[members_[saved.first_component + c]];
                row_bytes += type.kind == layout::packed ? type.size : type.kind == layout::split ? field_bytes(type) : 0;
            }
            if (rows > 0 && row_bytes > (in_.remaining() - std::size_t{rows} * sizeof(entity)) / rows) {
                return fail_at(snapshot_errc::truncated, at,
                               "truncated save: archetype %u at byte %zu has %u rows of %llu bytes, and only %zu "
                               "bytes remain",
                               saved.stable_id, at, rows, static_cast<unsigned long long>(row_bytes + sizeof(entity)),
                               in_.remaining());
            }
            const std::uint32_t position = current.find(saved.stable_id);
            if (position != id_index::none && rows > entities_.max_rows()) {
                return fail_at(snapshot_errc::incompatible, at,
                               "incompatible save: archetype %u at byte %zu has %u rows; in this world of %zu "
                               "archetypes one archetype holds %u at most",
                               saved.stable_id, at, rows, world_.archetypes.size(), entities_.max_rows());
            }
            const std::byte* handles = nullptr;
            in_.take(std::size_t{rows} * sizeof(entity), handles, "an archetype's handles");
            if (pass_ == pass::check && !place_handles(handles, rows, saved.stable_id, position)) {
                return false;
            }
            columns.clear();
            for (std::uint32_t c = 0; c < saved.component_count; ++c) {
                const saved_type& type = components_[members_[saved.first_component + c]];
                const std::uint32_t count = type.kind == layout::packed ? 1 : type.kind == layout::split ? type.field_count : 0;
                for (std::uint32_t column = 0; column < count; ++column) {
                    const std::size_t size = type.kind == layout::packed ? type.size : fields_[type.first_field + column].size;
                    const std::byte* block = nullptr;
                    in_.take(size * rows, block, "a column");
                    columns.push_back(block);
                }
            }
            if (position == id_index::none) {
                if (rows == 0 || pass_ == pass::check) {
                    continue; // nothing to drop, and no handles to copy from
                }
                // The schema no longer has this archetype: its entities go, and handles to them die.
                const std::size_t old = dropped_.size();
                dropped_.resize(old + rows);
                std::memcpy(static_cast<void*>(dropped_.data() + old), handles, std::size_t{rows} * sizeof(entity));
            } else if (!fill_archetype(saved, position, handles, rows, columns)) {
                return false;
            }
        }
        return true;
    }

    std::uint64_t field_bytes(const saved_type& type) const {
        std::uint64_t total = 0;
        for (std::uint32_t f = 0; f < type.field_count; ++f) {
            total += fields_[type.first_field + f].size;
        }
        return total;
    }

    // Each handle must name a slot whose saved generation it has, and no
    // entity may live twice or on the free list. Each one's slot records
    // where the entity will live: its row of archetype position, or for an
    // archetype the world no longer has (position none), anywhere, until
    // finish_table frees it.
    bool place_handles(const std::byte* handles, std::uint32_t rows, std::uint32_t archetype, std::uint32_t position) {
        const bool dropped = position == id_index::none;
        // Rows of one archetype encode as consecutive words (entity_table::encode).
        const std::uint32_t first_place = entities_.encode({dropped ? 0 : position, 0});
        const std::uint32_t row_step = dropped ? 0 : 1;
        const std::size_t slots = places_.size();
        std::uint32_t* const places = places_.data();
        const std::byte* const generations = generations_;
        for (std::uint32_t row = 0; row < rows; ++row) {
            entity e;
            std::memcpy(static_cast<void*>(&e), handles + row * sizeof(entity), sizeof(entity));
            const std::uint32_t index = e.index();
            const bool wrong_generation = index < slots && saved_generation(generations, index) != e.generation();
            if (index >= slots || wrong_generation || places[index] != entity_table::unplaced) [[unlikely]] {
                const char* problem = index >= slots                  ? "is not a slot of the table"
                                      : wrong_generation              ? "has another generation"
                                      : places[index] == on_free_list ? "is on the free list"
                                                                      : "is alive twice";
                const std::size_t at = in_.offset() - (rows - row) * sizeof(entity);
                return fail_at(snapshot_errc::corrupt, at,
                               "corrupt save: entity %u:%u of archetype %u at byte %zu: its slot %s", index,
                               e.generation(), archetype, at, problem);
            }
            places[index] = first_place + row * row_step;
        }
        return true;
    }

    bool fill_archetype(const saved_archetype& saved, std::uint32_t position, const std::byte* handles,
                        std::uint32_t rows, const std::vector<const std::byte*>& columns) {
        if (rows == 0) {
            return true;
        }
        std::byte* const* targets = nullptr;
        if (pass_ == pass::apply) {
            archetype_storage& storage = *storages_[position];
            storage.grow_by(rows);
            std::memcpy(static_cast<void*>(&storage.entity_at(0)), handles, std::size_t{rows} * sizeof(entity));
            targets = storage.columns();
        }
        for (const std::uint32_t component : world_.archetypes[position].components) {
            const type_description& current = world_.components[component];
            const saved_type* match = nullptr;
            std::size_t first_column = 0;
            for (std::uint32_t c = 0; c < saved.component_count && match == nullptr; ++c) {
                const saved_type& type = components_[members_[saved.first_component + c]];
                if (type.stable_id == current.stable_id) {
                    match = &type;
                } else {
                    first_column += type.kind == layout::packed ? 1 : type.kind == layout::split ? type.field_count : 0;
                }
            }
            if (!copy_rows(match, match != nullptr ? columns.data() + first_column : nullptr, rows, current, targets)) {
                return false;
            }
            if (targets != nullptr) {
                targets += column_count(current);
            }
        }
        return true;
    }

    bool same_description(const saved_type& saved, const type_description& current) const {
        if (saved.kind != current.kind || saved.size != current.size || saved.field_count != current.fields.size()) {
            return false;
        }
        for (std::uint32_t f = 0; f < saved.field_count; ++f) {
            const saved_field& field = fields_[saved.first_field + f];
            const field_info& info = current.fields[f];
            if (field.id != info.id || field.type != info.type || field.offset != info.offset || field.size != info.size) {
                return false;
            }
        }
        return true;
    }

    // Bools must be 0 or 1: any other byte makes reading the bool undefined.
    bool check_bools(field_place<const std::byte> source, std::size_t rows, const saved_field& field,
                     const type_description& current) {
        const std::size_t count = elements_of(field.type, "bool");
        for (std::size_t row = 0; row < rows; ++row) {
            for (std::size_t i = 0; i < count && i < field.size; ++i) {
                const std::byte* byte = source.first + row * source.stride + i;
                if (const auto value = std::to_integer<unsigned>(*byte); value > 1) {
                    const std::size_t at = in_.offset_of(byte);
                    return fail_at(snapshot_errc::corrupt, at,
                                   "corrupt save: %.*s field %u (a %.*s) of row %zu, at byte %zu, holds %u; a bool is "
                                   "0 or 1",
                                   length(current.name), current.name.data(), field.id, length(field.type),
                                   field.type.data(), row, at, value);
                }
            }
        }
        return true;
    }

    // Writes rows values of current into targets (its columns), from saved's
    // columns sources: whole columns when the descriptions agree, field by
    // field by id otherwise, the rest from current's defaults. saved is null
    // when the save has no such component for these rows. The check pass
    // passes null targets and writes nothing; the apply pass checks nothing
    // that depends on the rows' count or values.
    bool copy_rows(const saved_type* saved, const std::byte* const* sources, std::size_t rows,
                   const type_description& current, std::byte* const* targets) {
        const bool checks_values = pass_ == pass::check;
        if (saved != nullptr && same_description(*saved, current)) {
            if (!checks_values) {
                for (std::size_t column = 0; column < column_count(current); ++column) {
                    std::memcpy(targets[column], sources[column], rows * column_size(current, column));
                }
                return true;
            }
            for (std::uint32_t f = 0; f < saved->field_count; ++f) {
                const saved_field& field = fields_[saved->first_field + f];
                if (elements_of(field.type, "bool") != 0 &&
                    !check_bools(place_of(saved->kind, saved->size, field.offset, field.size, f, sources), rows, field,
                                 current)) {
                    return false;
                }
            }
            return true;
        }
        if (!checks_values) {
            fill_defaults(current, targets, rows);
        }
        if (saved == nullptr) {
            return true;
        }
        for (std::size_t f = 0; f < current.fields.size(); ++f) {
            const field_info& info = current.fields[f];
            std::uint32_t found = saved->field_count;
            for (std::uint32_t s = 0; s < saved->field_count; ++s) {
                if (fields_[saved->first_field + s].id == info.id) {
                    found = s;
                }
            }
            if (found == saved->field_count) {
                continue; // a field the save lacks keeps its default
            }
            const saved_field& field = fields_[saved->first_field + found];
            const field_place source = place_of(saved->kind, saved->size, field.offset, field.size, found, sources);
            if (checks_values && elements_of(field.type, "bool") != 0 && !check_bools(source, rows, field, current)) {
                return false;
            }
            if (field.type == info.type) {
                if (field.size != info.size) {
                    return fail_at(snapshot_errc::incompatible, saved->offset,
                                   "%.*s.%.*s: the save holds its %.*s in %u bytes, this program in %zu",
                                   length(current.name), current.name.data(), length(info.name), info.name.data(),
                                   length(info.type), info.type.data(), field.size, info.size);
                }
                if (!checks_values) {
                    const field_place target = place_of(current.kind, current.size, info.offset, info.size, f, targets);
                    for (std::size_t row = 0; row < rows; ++row) {
                        std::memcpy(target.first + row * target.stride, source.first + row * source.stride, info.size);
                    }
                }
                continue;
            }
            const field_migration* migration = nullptr;
            for (const field_migration& each : current.migrations) {
                if (each.field_id == info.id && each.from_type == field.type) {
                    migration = &each;
                }
            }
            if (migration == nullptr) {
                return fail_at(snapshot_errc::incompatible, saved->offset,
                               "%.*s.%.*s: the save holds a %.*s, this program a %.*s, and the schema names no "
                               "migration from %.*s (migrate_from)",
                               length(current.name), current.name.data(), length(info.name), info.name.data(),
                               length(field.type.substr(0, 64)), field.type.data(), length(info.type), info.type.data(),
                               length(field.type.substr(0, 64)), field.type.data());
            }
            if (builtin_size(field.type) != field.size) {
                // convert reads sizeof(old type) bytes: only a size the loader can check is safe to hand it.
                return fail_at(snapshot_errc::incompatible, saved->offset,
                               "%.*s.%.*s: the save holds a %.*s of %u bytes; a migration reads built-in types only",
                               length(current.name), current.name.data(), length(info.name), info.name.data(),
                               length(field.type.substr(0, 64)), field.type.data(), field.size);
            }
            if (!checks_values) {
                const field_place target = place_of(current.kind, current.size, info.offset, info.size, f, targets);
                for (std::size_t row = 0; row < rows; ++row) {
                    migration->convert(source.first + row * source.stride, target.first + row * target.stride);
                }
            }
        }
        return true;
    }

    static void fill_defaults(const type_description& type, std::byte* const* targets, std::size_t rows) {
        if (type.kind == layout::packed) {
            for (std::size_t row = 0; row < rows; ++row) {
                std::memcpy(targets[0] + row * type.size, type.defaults, type.size);
            }
        } else if (type.kind == layout::split) {
            for (std::size_t f = 0; f < type.fields.size(); ++f) {
                const field_info& field = type.fields[f];
                for (std::size_t row = 0; row < rows; ++row) {
                    std::memcpy(targets[f] + row * field.size, type.defaults + field.offset, field.size);
                }
            }
        }
    }

    bool end() {
        if (in_.remaining() != 0) {
            return fail_at(snapshot_errc::corrupt, in_.offset(),
                           "corrupt save: %zu bytes follow the last archetype, at byte %zu", in_.remaining(),
                           in_.offset());
        }
        return true;
    }

    // Frees the slots of dropped archetypes' entities, and nulls entity
    // fields that name no live entity, so that no reference can come alive
    // again in a reused slot.
    bool finish_table() {
        for (const entity e : dropped_) {
            entities_.destroy(e);
        }
        null_dead_references(world_, storages_, resources_, entities_);
        return true;
    }

    enum class pass { check, apply };
    // What places_ holds for a slot on the saved free list: an archetype no
    // world has, as in entity_table's markers.
    static constexpr std::uint32_t on_free_list = entity_table::unplaced - 1;

    pass pass_ = pass::check;
    const world_description& world_;
    std::span<archetype_storage* const> storages_;
    std::span<std::byte* const> resources_;
    entity_table& entities_;
    save_reader in_;

    std::vector<saved_type> components_;
    std::vector<saved_type> resources_saved_;
    std::vector<saved_field> fields_;
    std::vector<saved_archetype> archetypes_;
    std::vector<std::uint32_t> members_; // each archetype's components, as positions in components_
    id_index saved_component_ids_;
    std::size_t values_at_ = 0;              // where the resources' values begin
    const std::byte* generations_ = nullptr; // the saved table's, 4 bytes per slot
    // Per slot, what check found: unplaced, on_free_list, or where the entity
    // lives (entity_table::encode).
    std::vector<std::uint32_t> places_;
    std::vector<std::uint32_t> free_list_;
    std::vector<entity> dropped_;
};

} // namespace kiln::internal
