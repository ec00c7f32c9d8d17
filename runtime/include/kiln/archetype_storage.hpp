// archetype_storage: the structure of arrays that holds one archetype.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <tuple>
#include <utility>
#include <vector>

#include <kiln/column.hpp>
#include <kiln/component.hpp>
#include <kiln/entity.hpp>
#include <kiln/internal/hana.hpp>
#include <kiln/type_list.hpp>

namespace kiln {

// The entities of one archetype and one column per component, all of the same
// length: row i of every column belongs to entities()[i]. Rows are dense;
// removing one moves the last row into its place.
template <class... Components>
class archetype_storage {
    static_assert((component<Components> && ...),
                  "kiln::archetype_storage: every type must be a component declared in a schema");
    static_assert(unique_v<type_list<Components...>>, "kiln::archetype_storage: a component is listed twice");

public:
    using components = type_list<Components...>;

    [[nodiscard]] std::size_t size() const noexcept { return entities_.size(); }
    [[nodiscard]] bool empty() const noexcept { return entities_.empty(); }
    [[nodiscard]] std::span<const entity> entities() const noexcept { return entities_; }

    // The column of component C.
    template <class C>
    [[nodiscard]] column_t<C>& column() noexcept {
        static_assert(contains_v<C, components>, "kiln::archetype_storage::column: this archetype has no such component");
        return std::get<column_t<C>>(columns_);
    }
    template <class C>
    [[nodiscard]] const column_t<C>& column() const noexcept {
        static_assert(contains_v<C, components>, "kiln::archetype_storage::column: this archetype has no such component");
        return std::get<column_t<C>>(columns_);
    }

    // Component C of row, as reference_t<C> (C may be const).
    template <class C>
    [[nodiscard]] reference_t<C> at(std::size_t row) noexcept {
        if constexpr (std::is_const_v<C>) {
            return std::as_const(*this).template column<std::remove_const_t<C>>().cursor()[row];
        } else {
            return column<C>().cursor()[row];
        }
    }

    void reserve(std::size_t count) {
        entities_.reserve(count);
        boost::hana::for_each(columns_, [count](auto& column) { column.reserve(count); });
    }

    // Appends a row for e; returns its index.
    std::uint32_t push_back(entity e, Components... values) {
        entities_.push_back(e);
        (column<Components>().push_back(std::move(values)), ...);
        return static_cast<std::uint32_t>(entities_.size() - 1);
    }

    // Appends the rows of the given entities, each with the same values;
    // returns the index of the first.
    std::uint32_t append(std::span<const entity> added, const Components&... values) {
        const auto first = static_cast<std::uint32_t>(entities_.size());
        entities_.insert(entities_.end(), added.begin(), added.end());
        (column<Components>().append(added.size(), values), ...);
        return first;
    }

    // Appends count rows: row first + i belongs to make_entity(first + i) and
    // takes its values from make_values(i), a std::tuple of components of
    // this archetype (any of them, in any order; the others take their
    // defaults). Returns first, the index of the first new row. Column by
    // column, so that each is one sequential write.
    template <class MakeEntity, class MakeValues>
    std::uint32_t append_made(std::size_t count, MakeEntity&& make_entity, MakeValues&& make_values) {
        const auto first = static_cast<std::uint32_t>(entities_.size());
        entities_.reserve(first + count);
        for (std::size_t i = 0; i < count; ++i) {
            entities_.push_back(make_entity(static_cast<std::uint32_t>(first + i)));
        }
        (column<Components>().append_made(count, [&make_values](std::size_t i) {
            return value_or_default<Components>(make_values(i));
        }), ...);
        return first;
    }

    // Removes row by moving the last row into it. Returns the entity that now
    // occupies row, or the null entity when row was the last one.
    entity swap_remove(std::size_t row) noexcept {
        boost::hana::for_each(columns_, [row](auto& column) { column.swap_remove(row); });
        const entity last = entities_.back();
        entities_[row] = last;
        entities_.pop_back();
        return row < entities_.size() ? last : null_entity;
    }

    void clear() noexcept {
        entities_.clear();
        boost::hana::for_each(columns_, [](auto& column) { column.clear(); });
    }

private:
    template <class C, class... Given>
    static C value_or_default(std::tuple<Given...>&& given) {
        if constexpr (contains_v<C, type_list<Given...>>) {
            return std::get<C>(std::move(given));
        } else {
            return C{};
        }
    }

    std::vector<entity> entities_;
    std::tuple<column_t<Components>...> columns_;
};

} // namespace kiln
