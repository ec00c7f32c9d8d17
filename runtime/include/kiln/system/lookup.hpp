// Lookups: what a system declares it reads and writes on other entities
// ([system.NAME.lookup.LOOKUP], docs/systems.md), handed to its run() as
// kiln::lookup (any entity the lookup reaches) or kiln::single (the one it
// reaches). Both are made by the schedule each time the system runs, and
// hold what a lookup needs without the world: the entity table and, per
// archetype the lookup reaches, where its rows begin in the table's words
// and its components' columns. So a file that defines run() includes
// systems.hpp alone.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <tuple>
#include <type_traits>

#include <kiln/config.hpp>
#include <kiln/core/type_list.hpp>
#include <kiln/entity/entity.hpp>
#include <kiln/entity/entity_table.hpp>
#include <kiln/schema/component.hpp>
#include <kiln/storage/change_ticks.hpp>
#include <kiln/storage/column.hpp>

namespace kiln {

namespace internal {

template <std::size_t ArchetypeCount>
struct lookup_maker;

// What a lookup's get<C> gives: a pointer for packed components (null when
// the entity is out of reach), an optional C::ref (or cref) for split ones.
template <class C, bool Const, layout = layout_of<C>>
struct lookup_result {
    using type = std::conditional_t<Const, const C*, C*>;
};

template <class C, bool Const>
struct lookup_result<C, Const, layout::split> {
    using type = std::optional<typename C::template basic_ref<Const>>;
};

template <class C, bool Const>
using lookup_result_t = typename lookup_result<C, Const>::type;

// Where Access (a component, const when only read) sits in Components (the
// lookup's access), whether given const or not; Components' size when absent.
template <class C, class... Components>
constexpr std::size_t lookup_index() {
    constexpr std::array<bool, sizeof...(Components)> same{std::is_same_v<C, std::remove_const_t<Components>>...};
    for (std::size_t i = 0; i < sizeof...(Components); ++i) {
        if (same[i]) {
            return i;
        }
    }
    return sizeof...(Components);
}

template <class Access>
struct lookup_columns;

// Per component of a lookup, its cursor in each archetype it reaches; for
// a written tracked component, its tick columns there too.
template <class... Access>
struct lookup_columns<type_list<Access...>> {
    template <std::size_t Reach>
    using cursors = std::tuple<std::array<cursor_t<std::remove_const_t<Access>, std::is_const_v<Access>>, Reach>...>;

    template <class C>
    static constexpr bool stamps_v = !std::is_const_v<C> && tracked_v<std::remove_const_t<C>>;

    static constexpr std::size_t stamped = (std::size_t{0} + ... + std::size_t{stamps_v<Access>});
};

} // namespace internal

// The components a system reaches on entities other than the row it runs on,
// as [system.NAME.lookup.LOOKUP] declares them: Spec is the struct kilnc
// writes for it, with
//   using access = kiln::type_list<...>;     // components, const when only read
//   using archetypes = kiln::type_list<...>; // those it reaches, in schema order
// run() is handed it as `const kiln::lookup<NAME_lookup>&`.
template <class Spec>
class lookup {
    using access = typename Spec::access;
    using columns = internal::lookup_columns<access>;
    static constexpr std::size_t reach = Spec::archetypes::size;

public:
    // Component C of e: a pointer, const when the lookup only reads C, null
    // when e is not alive or lives in an archetype the lookup does not reach;
    // for a split component, a std::optional of C::ref (C::cref when read).
    // A written component that is tracked is stamped as changed, as any
    // write is (docs/changes.md). C must be among the lookup's components.
    template <class C>
    [[nodiscard]] auto get(entity e) const noexcept {
        constexpr std::size_t index = index_of<std::remove_const_t<C>>();
        if constexpr (index == access::size) {
            static_assert(index < access::size,
                          "kiln::lookup::get<C>: the lookup does not list C; add it to the read or write of its "
                          "[system.NAME.lookup.LOOKUP] in the schema");
        } else {
            using declared = type_at_t<index, access>;
            using value_type = std::remove_const_t<declared>;
            constexpr bool read_only = std::is_const_v<declared> || std::is_const_v<C>;
            using result = internal::lookup_result_t<value_type, read_only>;
            // The columns are read before the slot is, whatever e's archetype: read only in the branch
            // that uses them, they were read again for every entity of a loop of lookups, as were the
            // table's slots (bench/ lookup_read: 1.3-1.8 times the hand-written loop's time).
            const std::array cursors = std::get<index>(cursors_);
            const std::uint32_t place = table_->find_place(e);
            for (std::size_t i = 0; i < reach; ++i) {
                const std::uint32_t row = place - first_place_[i];
                if (row < max_rows_) {
                    if constexpr (!read_only && columns::template stamps_v<declared>) {
                        stamp(stamp_index<index>(), i, row);
                    }
                    const auto& cursor = cursors[i];
                    if constexpr (layout_of<value_type> == layout::split) {
                        return result{cursor[row]};
                    } else {
                        const result found = cursor + row;
                        if (found == nullptr) {
                            __builtin_unreachable(); // a row's address: so the caller's test of it folds away
                        }
                        return found;
                    }
                }
            }
            return result{};
        }
    }

    // get<C>(e) for the lookup's one component.
    [[nodiscard]] auto get(entity e) const noexcept
        requires(access::size == 1)
    {
        return get<std::remove_const_t<front_t<access>>>(e);
    }

    // Whether e is alive and lives in an archetype the lookup reaches.
    [[nodiscard]] bool has(entity e) const noexcept {
        const std::uint32_t place = table_->find_place(e);
        for (std::size_t i = 0; i < reach; ++i) {
            if (place - first_place_[i] < max_rows_) {
                return true;
            }
        }
        return false;
    }

private:
    template <std::size_t>
    friend struct internal::lookup_maker;
    template <class>
    friend class single;

    lookup() = default;

    template <class C>
    static constexpr std::size_t index_of() {
        return []<class... Access>(type_list<Access...>) {
            return internal::lookup_index<C, Access...>();
        }(access{});
    }

    // Which of the stamped components the one at Index is.
    template <std::size_t Index>
    static constexpr std::size_t stamp_index() {
        return []<class... Access>(type_list<Access...>) {
            constexpr std::array<bool, sizeof...(Access)> stamps{columns::template stamps_v<Access>...};
            std::size_t count = 0;
            for (std::size_t i = 0; i + 1 <= Index; ++i) {
                count += stamps[i] ? 1 : 0;
            }
            return count;
        }(access{});
    }

    void stamp(std::size_t component, std::size_t archetype, std::uint32_t row) const noexcept {
        const internal::tick_columns& ticks = ticks_[component][archetype];
        ticks.changed[row] = now_;
        change_tick& chunk_max = ticks.chunk_max[row / tick_chunk_rows];
        chunk_max = internal::newest(chunk_max, now_);
    }

    const entity_table* table_ = nullptr;
    std::uint32_t max_rows_ = 0;
    std::array<std::uint32_t, reach> first_place_{}; // encode({A::id, 0}) of each archetype reached
    typename columns::template cursors<reach> cursors_{};
    std::array<std::array<internal::tick_columns, reach>, columns::stamped> ticks_{};
    change_tick now_{};
};

// The one entity a lookup with `single = true` reaches, and its components:
// the system runs only when exactly one entity matches, so nothing here can
// be missing. run() is handed it as `const kiln::single<NAME_lookup>&`.
template <class Spec>
class single {
    using access = typename Spec::access;

public:
    // The entity.
    [[nodiscard]] kiln::entity entity() const noexcept { return entity_; }

    // Its component C: a reference (C::ref or cref for split components),
    // const when the lookup only reads C. A written tracked component is
    // stamped as changed.
    template <class C>
    [[nodiscard]] decltype(auto) get() const noexcept {
        if constexpr (layout_of<std::remove_const_t<C>> == layout::split) {
            const auto ref = *lookup_.template get<C>(entity_); // C::ref, by value
            return ref;
        } else {
            return *lookup_.template get<C>(entity_);
        }
    }

    // get<C>() for the lookup's one component.
    [[nodiscard]] decltype(auto) get() const noexcept
        requires(access::size == 1)
    {
        return get<std::remove_const_t<front_t<access>>>();
    }

private:
    template <std::size_t>
    friend struct internal::lookup_maker;

    single() = default;

    lookup<Spec> lookup_;
    kiln::entity entity_;
};

} // namespace kiln
