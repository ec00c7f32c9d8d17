// archetype_view: typed access to one archetype's storage.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <tuple>
#include <type_traits>
#include <utility>

#include <kiln/core/type_list.hpp>
#include <kiln/entity/entity.hpp>
#include <kiln/schema/component.hpp>
#include <kiln/storage/archetype_storage.hpp>
#include <kiln/storage/change_ticks.hpp>
#include <kiln/storage/column.hpp>

namespace kiln {

namespace internal {

// Writes C's default value into row of its columns.
template <class C>
void write_default(std::byte* const* columns, std::size_t row) noexcept {
    write_component(columns, row, C{});
}

// Writes a component's default value into row of its columns: write_default
// of one component, for code that reads components by id (a create recorded
// as data, kiln/world/moves_by_id.hpp).
using default_writer = void (*)(std::byte* const* columns, std::size_t row) noexcept;

// write_default, unless Given.
template <class C, bool Given>
void write_default_unless([[maybe_unused]] std::byte* const* columns, [[maybe_unused]] std::size_t row) noexcept {
    if constexpr (!Given) {
        write_default<C>(columns, row);
    }
}

} // namespace internal

// A tag's place in archetype_view::columns(): how many rows hold it, since a
// tag is stored as nothing but its archetype.
template <class Tag>
struct tag_column {
    std::size_t rows;
    [[nodiscard]] std::size_t size() const noexcept { return rows; }
};

// A view of an archetype_storage that knows its components: what
// world.storage<A>() returns. Storage is archetype_storage, or const
// archetype_storage for a read-only view. Cheap to copy; the view stays valid
// as long as the storage, but pointers and spans taken from it only until the
// storage grows.
template <class Storage, class... Components>
class basic_archetype_view {
    static_assert(internal::all_of({component<Components>...}),
                  "kiln::archetype_view: every type must be a component declared in a schema");
    static_assert(unique_v<type_list<Components...>>, "kiln::archetype_view: a component is listed twice");

    static constexpr bool is_const = std::is_const_v<Storage>;

public:
    using components = type_list<Components...>;

    explicit basic_archetype_view(Storage& storage) noexcept : storage_{&storage} {}

    [[nodiscard]] std::size_t size() const noexcept { return storage_->size(); }
    [[nodiscard]] bool empty() const noexcept { return storage_->empty(); }
    [[nodiscard]] std::span<const entity> entities() const noexcept { return storage_->entities(); }
    [[nodiscard]] Storage& storage() const noexcept { return *storage_; }

    // Indexes component C's rows (see cursor_t); read-only when C is const
    // or the view is.
    template <class C>
    [[nodiscard]] auto cursor() const noexcept {
        using value_type = std::remove_const_t<C>;
        static_assert(contains_v<value_type, components>, "kiln::archetype_view::cursor<C>: this archetype has no C");
        return make_cursor<value_type, is_const || std::is_const_v<C>>(storage_->columns() + first_column_of<value_type>);
    }

    // Component C of row, as reference_t<C>.
    template <class C>
    [[nodiscard]] decltype(auto) at(std::size_t row) const noexcept {
        return cursor<C>()[row];
    }

    // The whole column of a packed component. Plain memory: a write through
    // it marks no row of a tracked component as changed (docs/changes.md).
    template <class C>
    [[nodiscard]] auto column() const noexcept {
        static_assert(layout_of<std::remove_const_t<C>> == layout::packed,
                      "kiln::archetype_view::column<C>: C is not packed; use field<C, I>() for split components");
        return std::span{cursor<C>(), size()};
    }

    // The column of field I (in declaration order) of a split component.
    template <class C, std::size_t I>
    [[nodiscard]] auto field() const noexcept {
        static_assert(layout_of<C> == layout::split, "kiln::archetype_view::field<C, I>: C is not split");
        using field_type = internal::field_type_t<C, I>;
        using element = std::conditional_t<is_const, const field_type, field_type>;
        return std::span{reinterpret_cast<element*>(storage_->columns()[first_column_of<C> + I]), size()};
    }

    // Every component's column at once, as a std::tuple in the archetype's
    // order: a std::span for a packed component (what column<C>() gives), a
    // std::tuple of one span per field for a split one (field<C, I>()), and
    // a tag_column (only a size: a tag has no bytes) for a tag. For
    // std::apply and structured bindings:
    //
    //     auto [position, velocity, health] = world.storage<Ship>().columns();
    //     auto& [x, y] = position; // Position is split: a span per field
    //
    // The storage underneath is type-erased byte columns, one per packed
    // component or per field (archetype_storage, no template per
    // archetype, for compile time); this tuple is its typed face, made on
    // demand. The spans are plain memory: a write through them marks no row
    // of a tracked component as changed (docs/changes.md).
    [[nodiscard]] auto columns() const noexcept { return std::tuple{typed_columns<Components>()...}; }

    void reserve(std::size_t count) const
        requires(!is_const)
    {
        storage_->reserve(count);
    }

    // Appends a row for e; returns its index.
    std::uint32_t push_back(entity e, const Components&... values) const
        requires(!is_const)
    {
        const std::uint32_t row = storage_->grow_by(1);
        storage_->entity_at(row) = e;
        std::byte* const* columns = storage_->columns();
        internal::in_order({(write_component(columns + first_column_of<Components>, row, values), 0)...});
        return row;
    }

    // Appends a row for e with the values given, components of this
    // archetype each at most once in any order, and the schema's defaults
    // for the others; returns its index. Each default is written by a
    // function of its component alone, which every create that leaves it out
    // shares: choosing each component's value among those given compiled a
    // function per component and per list given (docs/compile_time.md).
    template <class... Given>
    std::uint32_t push_given(entity e, const Given&... given) const
        requires(!is_const)
    {
        const std::uint32_t row = storage_->grow_by(1);
        storage_->entity_at(row) = e;
        std::byte* const* columns = storage_->columns();
        internal::in_order({(internal::write_default_unless<Components, contains_v<Components, type_list<Given...>>>(
                                 columns + first_column_of<Components>, row),
                             0)...});
        internal::in_order({(write_component(columns + first_column_of<Given>, row, given), 0)...});
        return row;
    }

    // Appends count rows: row first + i belongs to make_entity(first + i) and
    // takes its values from make_values(i), a std::tuple of components of
    // this archetype (any of them, in any order; the others take their
    // defaults). Returns first. Column by column, so that each is one
    // sequential write.
    template <class MakeEntity, class MakeValues>
    std::uint32_t append_made(std::size_t count, MakeEntity&& make_entity, MakeValues&& make_values) const
        requires(!is_const)
    {
        const std::uint32_t first = storage_->grow_by(count);
        for (std::size_t i = 0; i < count; ++i) {
            storage_->entity_at(first + i) = make_entity(static_cast<std::uint32_t>(first + i));
        }
        std::byte* const* columns = storage_->columns();
        internal::in_order(
            {(fill_column<Components>(columns + first_column_of<Components>, first, count, make_values), 0)...});
        return first;
    }

    // Removes row by moving the last row into it; returns the entity that
    // moved, or the null entity when row was the last. Each column is copied
    // as its own type, not as bytes: byte copies may alias anything, so a
    // caller destroying entities in a loop reloaded its state after every
    // one, and bench/ destroy took a third longer.
    entity swap_remove(std::size_t row) const
        requires(!is_const)
    {
        return storage_->swap_remove(
            row, [](std::byte* const* columns, std::size_t to, std::size_t from) { copy_row(columns, to, from); });
    }

    // Removes the count rows marked in marked, filling each hole below the
    // new size once (see archetype_storage::remove_marked); moved(entity,
    // row) is told where each moved entity went.
    template <class Moved>
    void remove_marked(const std::uint64_t* marked, std::size_t count, Moved&& moved) const
        requires(!is_const)
    {
        storage_->remove_marked(
            marked, count,
            [](std::byte* const* columns, std::size_t to, std::size_t from) { copy_row(columns, to, from); }, moved);
    }

private:
    // Component C's element of columns().
    template <class C>
    auto typed_columns() const noexcept {
        if constexpr (layout_of<C> == layout::packed) {
            return column<C>();
        } else if constexpr (layout_of<C> == layout::split) {
            return field_columns<C>(std::make_index_sequence<internal::field_count<C>()>{});
        } else {
            return tag_column<C>{size()};
        }
    }

    template <class C, std::size_t... I>
    auto field_columns(std::index_sequence<I...>) const noexcept {
        return std::tuple{field<C, I>()...};
    }

    // Copies row from over row to, in every column, change ticks included.
    static void copy_row(std::byte* const* columns, std::size_t to, std::size_t from) noexcept {
        internal::in_order({(copy_element<Components>(columns + first_column_of<Components>, to, from), 0)...});
        if constexpr (internal::any_tracked_v<Components...>) {
            internal::copy_ticks(components{}, columns, to, from);
        }
    }

    // Where C's columns start: a constant, so that no function is compiled
    // for each component of each archetype to say it.
    template <class C>
    static constexpr std::uint32_t first_column_of = first_column_v<C, components>;

    // Copies component C of row from over row to, in C's columns.
    template <class C>
    static void copy_element(std::byte* const* columns, std::size_t to, std::size_t from) noexcept {
        if constexpr (layout_of<C> == layout::packed) {
            copy_element_of<C>(columns[0], to, from);
        } else if constexpr (layout_of<C> == layout::split) {
            [&]<std::size_t... I>(std::index_sequence<I...>) {
                internal::in_order({(copy_element_of<internal::field_type_t<C, I>>(columns[I], to, from), 0)...});
            }(std::make_index_sequence<internal::field_count<C>()>{});
        }
    }

    // Copies element from over element to in a column of Elements.
    template <class Element>
    static void copy_element_of(std::byte* column, std::size_t to, std::size_t from) noexcept {
        Element* const values = reinterpret_cast<Element*>(column);
        values[to] = values[from];
    }

    template <class C, class MakeValues>
    static void fill_column(std::byte* const* columns, std::size_t first, std::size_t count, MakeValues& make_values) {
        if constexpr (layout_of<C> != layout::tag) { // a tag has no column to fill
            for (std::size_t i = 0; i < count; ++i) {
                write_component(columns, first + i, value_or_default<C>(make_values(i)));
            }
        }
    }

    template <class C, class... Given>
    static C value_or_default(std::tuple<Given...>&& given) {
        if constexpr (contains_v<C, type_list<Given...>>) {
            return std::get<C>(std::move(given));
        } else {
            return C{};
        }
    }

    Storage* storage_;
};

template <class... Components>
using archetype_view = basic_archetype_view<archetype_storage, Components...>;

template <class... Components>
using const_archetype_view = basic_archetype_view<const archetype_storage, Components...>;

namespace internal {

template <class Storage, class List>
struct view_for;

template <class Storage, class... Components>
struct view_for<Storage, type_list<Components...>> {
    using type = basic_archetype_view<Storage, Components...>;
};

// view.cursor<Access>(), for code where view's type depends on a template
// parameter (and the call would need the `template` keyword).
template <class Access, class View>
auto cursor_of(const View& view) {
    return view.template cursor<Access>();
}

} // namespace internal

// The view type of archetype A (const when Storage is).
template <class A, class Storage = archetype_storage>
using view_t = typename internal::view_for<Storage, typename A::components>::type;

} // namespace kiln
