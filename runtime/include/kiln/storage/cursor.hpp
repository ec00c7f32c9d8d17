// Cursors: what indexes a component's rows in its columns, typed. Apart
// from the columns themselves (kiln/storage/column.hpp), so that a file that
// only walks rows, as the file of a system's run() does
// (kiln/system/system_rows.hpp), does not compile the storage's allocation.
#pragma once

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include <kiln/schema/component.hpp>

namespace kiln {

namespace internal {

template <class MemberPointer>
struct member_type;

template <class Member, class Class>
struct member_type<Member Class::*> {
    using type = Member;
};

template <class Members>
struct member_types;

template <auto... Members>
struct member_types<member_list<Members...>> {
    using type = std::tuple<typename member_type<decltype(Members)>::type...>;
};

// The type of field I of split component C.
template <class C, std::size_t I>
using field_type_t = std::tuple_element_t<I, typename member_types<members_of_t<C>>::type>;

template <class C>
constexpr std::size_t field_count() {
    return members_of_t<C>::size;
}

} // namespace internal

// A split component's rows, seen through C::ref (or C::cref when Const):
// pointers to the first element of each field's column.
template <class C, bool Const>
class split_cursor {
    template <std::size_t... I>
    static auto pointers(std::index_sequence<I...>)
        -> std::tuple<std::conditional_t<Const, const internal::field_type_t<C, I>*, internal::field_type_t<C, I>*>...>;
    static constexpr auto field_indices = std::make_index_sequence<internal::field_count<C>()>{};
    using pointers_type = decltype(pointers(field_indices));

public:
    using byte_type = std::conditional_t<Const, const std::byte, std::byte>;

    split_cursor() = default;

    // columns[i] is the memory of field i.
    explicit split_cursor(byte_type* const* columns) : split_cursor(columns, field_indices) {}

    [[nodiscard]] typename C::template basic_ref<Const> operator[](std::size_t row) const noexcept {
        return at(row, field_indices);
    }

private:
    template <std::size_t... I>
    split_cursor(byte_type* const* columns, std::index_sequence<I...>)
        : firsts_{reinterpret_cast<std::tuple_element_t<I, pointers_type>>(columns[I])...} {}

    template <std::size_t... I>
    typename C::template basic_ref<Const> at(std::size_t row, std::index_sequence<I...>) const noexcept {
        return {std::get<I>(firsts_)[row]...};
    }

    pointers_type firsts_{};
};

// A tag's rows: every one reads as the same empty value.
template <class C, bool Const>
class tag_cursor {
public:
    std::conditional_t<Const, const C&, C&> operator[](std::size_t) const noexcept { return shared_value; }

private:
    static inline C shared_value{};
};

namespace internal {

template <class C, bool Const, layout = layout_of<C>>
struct cursor {
    using type = std::conditional_t<Const, const C*, C*>;
};

template <class C, bool Const>
struct cursor<C, Const, layout::split> {
    using type = split_cursor<C, Const>;
};

template <class C, bool Const>
struct cursor<C, Const, layout::tag> {
    using type = tag_cursor<C, Const>;
};

} // namespace internal

// What indexes component C's rows: C* for packed, split_cursor for split,
// tag_cursor for tags; operator[](row) gives reference_t<C> (or of const C).
template <class C, bool Const = false>
using cursor_t = typename internal::cursor<C, Const>::type;

// The cursor of component C whose columns start at columns.
template <class C, bool Const, class Byte>
cursor_t<C, Const> make_cursor(Byte* const* columns) noexcept {
    if constexpr (layout_of<C> == layout::packed) {
        return reinterpret_cast<cursor_t<C, Const>>(columns[0]);
    } else if constexpr (layout_of<C> == layout::split) {
        return cursor_t<C, Const>{columns};
    } else {
        return {};
    }
}

} // namespace kiln
