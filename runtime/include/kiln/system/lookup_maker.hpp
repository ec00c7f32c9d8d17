// What a system is handed besides its row's components, made by the schedule
// each time the system runs: its lookups (kiln::lookup, kiln::single), and,
// per archetype it runs on, the cursors of its optional components and the
// answers of its has, chosen when the archetype is known at compile time.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <tuple>
#include <type_traits>

#include <kiln/core/type_list.hpp>
#include <kiln/entity/entity.hpp>
#include <kiln/entity/entity_table.hpp>
#include <kiln/storage/archetype_dispatch.hpp>
#include <kiln/storage/change_ticks.hpp>
#include <kiln/storage/column.hpp>
#include <kiln/system/lookup.hpp>
#include <kiln/system/system.hpp>

namespace kiln::internal {

// The lookups of system S (S::lookups, each a struct kilnc writes), none when
// it declares none; whether a lookup is a single one (Spec::single).
template <class S>
struct lookups_of {
    using type = type_list<>;
};

template <class S>
    requires requires { typename S::lookups; }
struct lookups_of<S> {
    using type = typename S::lookups;
};

template <class Spec>
inline constexpr bool single_lookup_v = false;

template <class Spec>
    requires(Spec::single)
inline constexpr bool single_lookup_v<Spec> = true;

// What run() is handed for lookup Spec.
template <class Spec>
using reach_t = std::conditional_t<single_lookup_v<Spec>, single<Spec>, lookup<Spec>>;

// One of a system's lookups, at position I among them.
template <std::size_t I, class Reach>
struct reach_slot {
    Reach value;
};

template <class Positions, class... Reach>
struct reach_slots;

template <std::size_t... I, class... Reach>
struct reach_slots<std::index_sequence<I...>, Reach...> : reach_slot<I, Reach>... {
    // function(lookups...), each by const reference.
    template <class Function>
    void call(Function&& function) const {
        function(static_cast<const reach_slot<I, Reach>&>(*this).value...);
    }
};

// A system's lookups, what run() is handed after its row's values: an
// aggregate, built in place from each lookup made. A std::tuple's
// constructors cost each system's instantiation an overload resolution
// over libstdc++'s constraints (docs/compile_time.md).
template <class Lookups>
struct reach_of;

template <class... Specs>
struct reach_of<type_list<Specs...>> {
    using type = reach_slots<std::index_sequence_for<Specs...>, reach_t<Specs>...>;
};

// S's optional components (const when read) and the components of its has;
// none when it declares none.
template <class S>
struct optional_of {
    using type = type_list<>;
};

template <class S>
    requires requires { typename S::optional; }
struct optional_of<S> {
    using type = typename S::optional;
};

template <class S>
struct has_of {
    using type = type_list<>;
};

template <class S>
    requires requires { typename S::has; }
struct has_of<S> {
    using type = typename S::has;
};

// Whether S's rows need their archetype known at compile time: for optional
// components and has.
template <class S>
inline constexpr bool per_archetype_v = optional_of<S>::type::size + has_of<S>::type::size > 0;

// An optional component's rows in an archetype that holds it: the address of
// each row's value.
template <class C>
struct address_cursor {
    C* first;
    C* operator[](std::size_t row) const noexcept {
        // A column's address, never null where there are rows: so that run()'s test of first + row folds
        // away. Told of the column, which the loop does not change, not of each row's address: a test of
        // that one stayed a branch in the loop until GCC 12's vectorizer had given up on it ("control flow
        // in loop"), and the loop over an archetype with the component ran a row at a time where the
        // hand-written one ran four (bench/ optional/kiln/10000: 1.35 times the two loops).
        if (first == nullptr) {
            __builtin_unreachable();
        }
        return first + row;
    }
};

// An optional component's rows in an archetype that lacks it: null.
template <class C>
struct null_cursor {
    C* operator[](std::size_t) const noexcept { return nullptr; }
};

// A has answer: the same for every row of the archetype.
template <bool Value>
struct constant_cursor {
    bool operator[](std::size_t) const noexcept { return Value; }
};

// Makes the lookups and the per-archetype cursors, for a world of
// ArchetypeCount archetypes.
template <std::size_t ArchetypeCount>
struct lookup_maker {
    // The lookups of a system, Lookups (lookups_of), made; false in
    // `complete` when a single one does not reach exactly one entity, and
    // then the system does not run. Over the list, not the system: the
    // systems without lookups share one.
    template <class Lookups, class Storages>
    static auto make_all(const entity_table& table, Storages& storages, change_tick now, bool& complete) {
        using result = typename reach_of<Lookups>::type;
        return [&]<class... Specs>(type_list<Specs...>) {
            return result{{make_one<Specs>(table, storages, now, complete)}...};
        }(Lookups{});
    }

    template <class Spec, class Storages>
    static reach_t<Spec> make_one(const entity_table& table, Storages& storages, change_tick now, bool& complete) {
        if constexpr (single_lookup_v<Spec>) {
            single<Spec> made;
            made.lookup_ = make<Spec>(table, storages, now);
            std::size_t count = 0;
            for (const std::uint32_t id : ids_of_list(typename Spec::archetypes{})) {
                const auto& rows = storages[id];
                if (rows.size() > 0) {
                    made.entity_ = rows.entities()[0];
                }
                count += rows.size();
            }
            complete = complete && count == 1;
            return made;
        } else {
            return make<Spec>(table, storages, now);
        }
    }

    // A loop over the archetypes' ids and the world's tables of columns by
    // archetype id, one per component: no function per archetype reached,
    // which a world's unit compiled for each lookup of each system.
    template <class Spec, class Storages>
    static lookup<Spec> make(const entity_table& table, Storages& storages, change_tick now) {
        constexpr auto& ids = ids_of_list(typename Spec::archetypes{});
        lookup<Spec> made;
        made.table_ = &table;
        made.max_rows_ = table.max_rows();
        made.now_ = now;
        for (std::size_t i = 0; i < ids.size(); ++i) {
            made.first_place_[i] = table.encode({ids[i], 0});
        }
        [&]<class... Access, std::size_t... K>(type_list<Access...>, std::index_sequence<K...>) {
            std::size_t stamped = 0;
            in_order({(fill_component<Access, K>(made, storages, stamped), 0)...});
        }(typename Spec::access{}, std::make_index_sequence<Spec::access::size>{});
        return made;
    }

    // The cursors of S's optional components, then its has answers, in
    // archetype A.
    template <class S, class A>
    static auto row_extras(std::byte* const* columns) noexcept {
        return std::tuple_cat(optional_cursors<A>(columns, typename optional_of<S>::type{}),
                              has_cursors<A>(typename has_of<S>::type{}));
    }

private:
    // The cursor of component K, Access, in each archetype reached, and the
    // tick columns writes stamp when it has them.
    template <class Access, std::size_t K, class Spec, class Storages>
    static void fill_component(lookup<Spec>& made, Storages& storages, std::size_t& stamped) {
        using value_type = std::remove_const_t<Access>;
        constexpr auto& ids = ids_of_list(typename Spec::archetypes{});
        constexpr auto& firsts = first_columns_by_id<value_type, ArchetypeCount>;
        for (std::size_t i = 0; i < ids.size(); ++i) {
            std::byte* const* columns = storages[ids[i]].columns();
            std::get<K>(made.cursors_)[i] = make_cursor<value_type, std::is_const_v<Access>>(columns + firsts[ids[i]]);
        }
        if constexpr (lookup_columns<typename Spec::access>::template stamps_v<Access>) {
            constexpr auto& tick_firsts = first_tick_columns_by_id<value_type, ArchetypeCount>;
            for (std::size_t i = 0; i < ids.size(); ++i) {
                made.ticks_[stamped][i] = tick_columns_at(storages[ids[i]].columns(), tick_firsts[ids[i]]);
            }
            ++stamped;
        }
    }

    template <class A, class... Optional>
    static auto optional_cursors([[maybe_unused]] std::byte* const* columns, type_list<Optional...>) noexcept {
        return std::tuple{optional_cursor<A, Optional>(columns)...};
    }

    template <class A, class Optional>
    static auto optional_cursor([[maybe_unused]] std::byte* const* columns) noexcept {
        using value_type = std::remove_const_t<Optional>;
        if constexpr (contains_v<value_type, typename A::components>) {
            constexpr std::uint32_t first = first_columns_by_id<value_type, ArchetypeCount>[A::id];
            return address_cursor<Optional>{make_cursor<value_type, std::is_const_v<Optional>>(columns + first)};
        } else {
            return null_cursor<Optional>{};
        }
    }

    template <class A, class... Has>
    static auto has_cursors(type_list<Has...>) noexcept {
        return std::tuple{constant_cursor<contains_v<Has, typename A::components>>{}...};
    }
};

} // namespace kiln::internal
