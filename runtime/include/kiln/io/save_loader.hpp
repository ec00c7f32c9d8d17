// Loading a save into a world, checking every byte first: the save's types
// and archetypes are found among the current ones by stable id, and their
// rows mapped onto the current types (save_type_mapping.hpp). The format,
// byte by byte, is in docs/saves.md.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include <kiln/entity/entity.hpp>
#include <kiln/entity/entity_table.hpp>
#include <kiln/io/dead_references.hpp>
#include <kiln/io/id_index.hpp>
#include <kiln/io/save_error.hpp>
#include <kiln/io/save_format.hpp>
#include <kiln/io/save_hierarchy.hpp>
#include <kiln/io/save_reader.hpp>
#include <kiln/io/save_states.hpp>
#include <kiln/io/save_type_mapping.hpp>
#include <kiln/schema/component.hpp>
#include <kiln/storage/archetype_storage.hpp>

namespace kiln::internal {

// Reads a save into a world whose archetypes' rows are storages (in id
// order), whose resources are at resources and whose table is entities, in
// two passes: check reads all of the input and checks every byte (first the
// checksum over all of them, in a save that has one), writing nothing; apply
// then writes what check accepted, without checking each row again, and
// builds the table in one pass from the locations check found. So a load
// changes nothing on bad input and still keeps the world's memory.
class save_loader : private save_type_mapping {
public:
    save_loader(const world_description& world, std::span<archetype_storage* const> storages,
                std::span<std::byte* const> resources, entity_table& entities, hierarchy_table& links,
                std::span<const std::byte> input)
        : save_type_mapping{input}, world_{world}, storages_{storages}, resources_{resources}, entities_{entities},
          links_{links} {}

    // false, with error() saying why, when the input is not a save this world
    // can load.
    bool check() {
        pass_ = pass::check;
        if (!header() || !types(components_, true, "component") || !types(resources_saved_, false, "resource") ||
            !archetypes()) {
            return false;
        }
        values_at_ = in_.offset();
        return resource_values() && table() && archetype_rows() && check_hierarchy() &&
               (format_ < states_format_version || read_states(in_, world_, nullptr)) && end();
    }

    // Writes the save that check() accepted into the world, which must have
    // no rows, no links and every resource at its default, and into position
    // the states of a save that holds them (format 4; position is left as it
    // was otherwise). false only if the passes disagree: a bug.
    bool apply(schedule_position& position) {
        pass_ = pass::apply;
        in_.seek(values_at_);
        return resource_values() && table() && archetype_rows() && finish_table() &&
               (format_ < hierarchy_format_version || apply_links(in_, entities_, links_)) &&
               (format_ < states_format_version || read_states(in_, world_, &position));
    }

    [[nodiscard]] const save_error& error() const noexcept { return in_.error; }

private:
    bool header() {
        const std::byte* magic = nullptr;
        if (!in_.take(sizeof save_magic, magic, "the magic bytes")) {
            return false;
        }
        if (std::memcmp(magic, save_magic, sizeof save_magic) != 0) {
            const auto byte = [](const std::byte* bytes, int i) { return std::to_integer<unsigned>(bytes[i]); };
            return fail_at(save_errc::not_a_save, 0,
                           "not a kiln save: the first 8 bytes are %02x %02x %02x %02x %02x %02x %02x %02x, kiln's "
                           "magic is %02x %02x %02x %02x %02x %02x %02x %02x",
                           byte(magic, 0), byte(magic, 1), byte(magic, 2), byte(magic, 3), byte(magic, 4),
                           byte(magic, 5), byte(magic, 6), byte(magic, 7), byte(save_magic, 0), byte(save_magic, 1),
                           byte(save_magic, 2), byte(save_magic, 3), byte(save_magic, 4), byte(save_magic, 5),
                           byte(save_magic, 6), byte(save_magic, 7));
        }
        std::uint32_t format = 0;
        std::uint32_t version = 0;
        std::uint64_t fingerprint = 0;
        std::string_view name;
        if (!in_.number(format, "the format version")) {
            return false;
        }
        if (format < oldest_save_format_version || format > newest_save_format_version) {
            return fail_at(save_errc::unsupported_format, 8,
                           "save format version %u at byte 8: this runtime reads versions %u to %u", format,
                           oldest_save_format_version, newest_save_format_version);
        }
        format_ = format;
        if (format >= first_checksummed_format_version && !checksum()) {
            return false;
        }
        if (!in_.number(version, "the schema version") || !in_.number(fingerprint, "the schema fingerprint") ||
            !in_.text(name, "the schema name")) {
            return false;
        }
        if (name != world_.name) {
            return fail_at(save_errc::wrong_schema, 24, "the save is of schema \"%.*s\", this world's is \"%.*s\"",
                           length(name.substr(0, 64)), name.data(), length(world_.name), world_.name.data());
        }
        if (version > world_.version) {
            return fail_at(save_errc::newer_schema, 12,
                           "the save is of schema \"%.*s\" version %u, newer than this program's version %u: load it "
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
            return fail_at(save_errc::corrupt, at,
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
                return fail_at(save_errc::corrupt, type.offset + 4,
                               "corrupt save: %s %u at byte %zu has layout %u; 0 (packed), 1 (split) and 2 (tag) exist",
                               kind, type.stable_id, type.offset, kind_byte);
            }
            type.kind = static_cast<layout>(kind_byte);
            if (type.kind == layout::tag && type.field_count != 0) {
                return fail_at(save_errc::corrupt, type.offset,
                               "corrupt save: tag %u at byte %zu has %u field%s; a tag has none", type.stable_id,
                               type.offset, type.field_count, type.field_count == 1 ? "" : "s");
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
                    return fail_at(save_errc::corrupt, at,
                                   "corrupt save: field %u of %s %u at byte %zu lies at %u..%u, outside its %u bytes",
                                   field.id, kind, type.stable_id, at, field.offset, field.offset + field.size,
                                   type.size);
                }
                field.parsed = parse_field_type(field.type);
                fields_.push_back(field);
                field_ids.add(field.id, f);
            }
            std::uint32_t duplicate = 0;
            if (!field_ids.seal(duplicate)) {
                return fail_at(save_errc::corrupt, type.offset,
                               "corrupt save: %s %u at byte %zu lists field %u twice", kind, type.stable_id,
                               type.offset, duplicate);
            }
            ids.add(type.stable_id, i);
            out.push_back(type);
        }
        std::uint32_t duplicate = 0;
        if (!ids.seal(duplicate)) {
            return fail_at(save_errc::corrupt, in_.offset(), "corrupt save: %s %u is described twice", kind,
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
                    return fail_at(save_errc::corrupt, at,
                                   "corrupt save: archetype %u at byte %zu holds component %u, which the save does "
                                   "not describe",
                                   archetype.stable_id, at, stable_id);
                }
                members_.push_back(position);
                members.add(stable_id, c);
            }
            std::uint32_t duplicate = 0;
            if (!members.seal(duplicate)) {
                return fail_at(save_errc::corrupt, at, "corrupt save: archetype %u at byte %zu holds component %u twice",
                               archetype.stable_id, at, duplicate);
            }
            ids.add(archetype.stable_id, i);
            archetypes_.push_back(archetype);
        }
        std::uint32_t duplicate = 0;
        if (!ids.seal(duplicate)) {
            return fail_at(save_errc::corrupt, in_.offset(), "corrupt save: archetype %u is described twice",
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
            const std::size_t at = free_at + std::size_t{i} * 4;
            if (index >= slots) {
                return fail_at(save_errc::corrupt, at,
                               "corrupt save: the free list at byte %zu names slot %u, which is not a slot: the table "
                               "has %u",
                               at, index, slots);
            }
            if (places_[index] != entity_table::unplaced) {
                return fail_at(save_errc::corrupt, at,
                               "corrupt save: the free list at byte %zu names slot %u, which it lists earlier", at, index);
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
                return fail_at(save_errc::truncated, at,
                               "truncated save: archetype %u at byte %zu has %u rows of %llu bytes, and only %zu "
                               "bytes remain",
                               saved.stable_id, at, rows, static_cast<unsigned long long>(row_bytes + sizeof(entity)),
                               in_.remaining());
            }
            const std::uint32_t position = current.find(saved.stable_id);
            if (position != id_index::none && rows > entities_.max_rows()) {
                return fail_at(save_errc::incompatible, at,
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
                return fail_at(save_errc::corrupt, at,
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

    // The links of a save of the hierarchy's format; each end must be an
    // entity of the save: a slot's handle, neither free nor unplaced.
    bool check_hierarchy() {
        if (format_ < hierarchy_format_version) {
            return true;
        }
        return check_links(in_, [this](entity e) {
            return e.index() < places_.size() && saved_generation(generations_, e.index()) == e.generation() &&
                   places_[e.index()] != entity_table::unplaced && places_[e.index()] != on_free_list;
        });
    }

    bool end() {
        if (in_.remaining() != 0) {
            return fail_at(save_errc::corrupt, in_.offset(),
                           "corrupt save: %zu byte%s the %s, at byte %zu, where the save should end", in_.remaining(),
                           in_.remaining() == 1 ? " follows" : "s follow",
                           format_ < hierarchy_format_version ? "last archetype"
                           : format_ < states_format_version  ? "hierarchy"
                                                              : "states",
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

    // What places_ holds for a slot on the saved free list: an archetype no
    // world has, as in entity_table's markers.
    static constexpr std::uint32_t on_free_list = entity_table::unplaced - 1;

    const world_description& world_;
    std::span<archetype_storage* const> storages_;
    std::span<std::byte* const> resources_;
    entity_table& entities_;
    hierarchy_table& links_;

    std::uint32_t format_ = 0;
    std::vector<saved_type> components_;
    std::vector<saved_type> resources_saved_;
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
