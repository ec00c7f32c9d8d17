// The columns of an archetype: how one component's values are stored.
//
// Every column offers the same operations, so that archetype_storage can treat
// its columns alike: size, reserve, push_back, append (n copies), append_made
// (n values made by a function of the index), swap_remove, pop_back, clear,
// and a cursor: a cheap, copyable view whose operator[] gives
// reference_t<C> for a row, used by tight loops and by get.
#pragma once

#include <cstddef>
#include <tuple>
#include <utility>
#include <vector>

#include <kiln/component.hpp>
#include <kiln/internal/hana.hpp>

namespace kiln {

// One std::vector of whole components: layout::packed.
template <class C>
class packed_column {
public:
    using value_type = C;

    [[nodiscard]] std::size_t size() const noexcept { return values_.size(); }
    void reserve(std::size_t count) { values_.reserve(count); }
    void push_back(C&& value) { values_.push_back(std::move(value)); }
    void push_back(const C& value) { values_.push_back(value); }
    void append(std::size_t count, const C& value) { values_.insert(values_.end(), count, value); }
    // Appends make(0), ..., make(count - 1).
    template <class Make>
    void append_made(std::size_t count, Make&& make) {
        values_.reserve(values_.size() + count);
        for (std::size_t i = 0; i < count; ++i) {
            values_.push_back(make(i));
        }
    }
    void pop_back() noexcept { values_.pop_back(); }
    void clear() noexcept { values_.clear(); }

    // Moves the last value into row and drops the last row.
    void swap_remove(std::size_t row) noexcept {
        if (row + 1 != values_.size()) {
            values_[row] = std::move(values_.back());
        }
        values_.pop_back();
    }

    [[nodiscard]] C* cursor() noexcept { return values_.data(); }
    [[nodiscard]] const C* cursor() const noexcept { return values_.data(); }

    [[nodiscard]] std::vector<C>& values() noexcept { return values_; }
    [[nodiscard]] const std::vector<C>& values() const noexcept { return values_; }

private:
    std::vector<C> values_;
};

namespace internal {

template <class MemberPointer>
struct member_type;

template <class Member, class Class>
struct member_type<Member Class::*> {
    using type = Member;
};

template <class Fields>
struct field_vectors;

template <class... MemberPointers>
struct field_vectors<std::tuple<MemberPointers...>> {
    using type = std::tuple<std::vector<typename member_type<MemberPointers>::type>...>;
};

} // namespace internal

// One std::vector per field: layout::split. A row is seen through C::ref, a
// generated struct of references to the row's fields.
template <class C>
class split_column {
    static constexpr auto fields = component_traits<C>::fields;
    using vectors_type = typename internal::field_vectors<std::remove_const_t<decltype(fields)>>::type;
    static constexpr auto field_indices = std::make_index_sequence<std::tuple_size_v<vectors_type>>{};

public:
    using value_type = C;

    // Pointers to the first row of every field; row i is (pointer + i) for each.
    template <bool Const>
    class basic_cursor {
    public:
        using vectors_reference = std::conditional_t<Const, const vectors_type&, vectors_type&>;

        basic_cursor() = default;
        explicit basic_cursor(vectors_reference vectors) : basic_cursor(vectors, field_indices) {}

        [[nodiscard]] typename C::template basic_ref<Const> operator[](std::size_t row) const noexcept {
            return at(row, field_indices);
        }

    private:
        template <std::size_t... I>
        basic_cursor(vectors_reference vectors, std::index_sequence<I...>)
            : firsts_{std::get<I>(vectors).data()...} {}

        template <std::size_t... I>
        typename C::template basic_ref<Const> at(std::size_t row, std::index_sequence<I...>) const noexcept {
            return {std::get<I>(firsts_)[row]...};
        }

        template <class Vectors>
        struct pointers;
        template <class... Vectors>
        struct pointers<std::tuple<Vectors...>> {
            using type = std::tuple<std::conditional_t<Const, const typename Vectors::value_type*,
                                                       typename Vectors::value_type*>...>;
        };

        typename pointers<vectors_type>::type firsts_{};
    };

    [[nodiscard]] std::size_t size() const noexcept { return std::get<0>(vectors_).size(); }

    void reserve(std::size_t count) {
        boost::hana::for_each(vectors_, [count](auto& vector) { vector.reserve(count); });
    }
    void push_back(const C& value) { push_back(value, field_indices); }
    void append(std::size_t count, const C& value) { append(count, value, field_indices); }
    template <class Make>
    void append_made(std::size_t count, Make&& make) {
        reserve(size() + count);
        for (std::size_t i = 0; i < count; ++i) {
            push_back(make(i));
        }
    }
    void pop_back() noexcept {
        boost::hana::for_each(vectors_, [](auto& vector) { vector.pop_back(); });
    }
    void clear() noexcept {
        boost::hana::for_each(vectors_, [](auto& vector) { vector.clear(); });
    }
    void swap_remove(std::size_t row) noexcept {
        boost::hana::for_each(vectors_, [row](auto& vector) {
            if (row + 1 != vector.size()) {
                vector[row] = std::move(vector.back());
            }
            vector.pop_back();
        });
    }

    [[nodiscard]] basic_cursor<false> cursor() noexcept { return basic_cursor<false>{vectors_}; }
    [[nodiscard]] basic_cursor<true> cursor() const noexcept {
        return basic_cursor<true>{vectors_};
    }

    // The column of field I, in declaration order.
    template <std::size_t I>
    [[nodiscard]] auto& field() noexcept {
        return std::get<I>(vectors_);
    }

private:
    template <std::size_t... I>
    void push_back(const C& value, std::index_sequence<I...>) {
        (std::get<I>(vectors_).push_back(value.*std::get<I>(fields)), ...);
    }
    template <std::size_t... I>
    void append(std::size_t count, const C& value, std::index_sequence<I...>) {
        (std::get<I>(vectors_).insert(std::get<I>(vectors_).end(), count, value.*std::get<I>(fields)), ...);
    }

    vectors_type vectors_;
};

// No storage at all: layout::tag. Every row reads as the same empty value.
template <class C>
class tag_column {
public:
    using value_type = C;

    // Gives the one shared empty value for any row.
    template <bool Const>
    class basic_cursor {
    public:
        std::conditional_t<Const, const C&, C&> operator[](std::size_t) const noexcept { return shared_value; }
    };

    [[nodiscard]] std::size_t size() const noexcept { return size_; }
    void reserve(std::size_t) noexcept {}
    void push_back(const C&) noexcept { ++size_; }
    void append(std::size_t count, const C&) noexcept { size_ += count; }
    template <class Make>
    void append_made(std::size_t count, Make&&) noexcept {
        size_ += count;
    }
    void pop_back() noexcept { --size_; }
    void clear() noexcept { size_ = 0; }
    void swap_remove(std::size_t) noexcept { --size_; }

    [[nodiscard]] basic_cursor<false> cursor() noexcept { return {}; }
    [[nodiscard]] basic_cursor<true> cursor() const noexcept { return {}; }

private:
    static inline C shared_value{};
    std::size_t size_ = 0;
};

namespace internal {

template <class C, layout = layout_of<C>>
struct column {
    using type = packed_column<C>;
};

template <class C>
struct column<C, layout::split> {
    using type = split_column<C>;
};

template <class C>
struct column<C, layout::tag> {
    using type = tag_column<C>;
};

} // namespace internal

// The column type that stores component C.
template <class C>
using column_t = typename internal::column<C>::type;

} // namespace kiln
