// How the loader (save_loader.hpp) maps a saved type's rows onto the current
// type: whole columns when the descriptions agree; otherwise field by field
// by id, through the schema's migrations where a field's type changed, the
// rest from the current type's defaults. It holds the part of the loader's
// state this needs (the input, the saved fields, the pass), and the loader
// derives from it.
#pragma once

#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>
#include <vector>

#include <kiln/io/save_error.hpp>
#include <kiln/io/save_format.hpp>
#include <kiln/io/save_reader.hpp>
#include <kiln/schema/component.hpp>
#include <kiln/schema/field_info.hpp>

namespace kiln::internal {

class save_type_mapping {
protected:
    explicit save_type_mapping(std::span<const std::byte> input) : in_{input} {}

    // C varargs rather than a template, so that compilers check every format.
    [[gnu::format(printf, 4, 5)]] bool fail_at(save_errc code, std::size_t offset, const char* format, ...) {
        va_list arguments;
        va_start(arguments, format);
        in_.error = make_save_error_v(code, offset, format, arguments);
        va_end(arguments);
        return false;
    }

    static int length(std::string_view text) { return static_cast<int>(text.size()); }
    // "an i32", "a u8[4]", "an extern_name": the article a type's name takes in a message.
    static const char* article(std::string_view type) {
        return !type.empty() && std::string_view{"aeiou"}.find(type.front()) != std::string_view::npos ? "an" : "a";
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
        const std::size_t count = elements_of(field.parsed, scalar_type::boolean);
        for (std::size_t row = 0; row < rows; ++row) {
            for (std::size_t i = 0; i < count && i < field.size; ++i) {
                const std::byte* byte = source.first + row * source.stride + i;
                if (const auto value = std::to_integer<unsigned>(*byte); value > 1) {
                    const std::size_t at = in_.offset_of(byte);
                    return fail_at(save_errc::corrupt, at,
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
                if (elements_of(field.parsed, scalar_type::boolean) != 0 &&
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
            if (checks_values && elements_of(field.parsed, scalar_type::boolean) != 0 &&
                !check_bools(source, rows, field, current)) {
                return false;
            }
            if (field.type == info.type) {
                if (field.size != info.size) {
                    return fail_at(save_errc::incompatible, saved->offset,
                                   "incompatible save: %.*s.%.*s, %s %.*s, is %u bytes in the save, %zu in this program",
                                   length(current.name), current.name.data(), length(info.name), info.name.data(),
                                   article(info.type), length(info.type), info.type.data(), field.size, info.size);
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
                return fail_at(save_errc::incompatible, saved->offset,
                               "incompatible save: %.*s.%.*s is %s %.*s in the save, %s %.*s in this program, and the "
                               "schema names no migration from %.*s (migrate_from)",
                               length(current.name), current.name.data(), length(info.name), info.name.data(),
                               article(field.type), length(field.type.substr(0, 64)), field.type.data(),
                               article(info.type), length(info.type), info.type.data(),
                               length(field.type.substr(0, 64)), field.type.data());
            }
            if (size_of(field.parsed) != field.size) {
                // convert reads sizeof(old type) bytes: only a size the loader can check is safe to hand it.
                return fail_at(save_errc::incompatible, saved->offset,
                               "incompatible save: %.*s.%.*s is %s %.*s of %u bytes in the save, %s %.*s in this "
                               "program; a migration reads built-in types only",
                               length(current.name), current.name.data(), length(info.name), info.name.data(),
                               article(field.type), length(field.type.substr(0, 64)), field.type.data(), field.size,
                               article(info.type), length(info.type), info.type.data());
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

    enum class pass { check, apply };

    pass pass_ = pass::check;
    save_reader in_;
    std::vector<saved_field> fields_;
};

} // namespace kiln::internal
