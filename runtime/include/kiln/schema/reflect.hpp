// Reflection without RTTI: visiting the fields of a component or resource
// value by name, from the metadata kilnc writes (see kiln/schema/field_info.hpp): a
// component's in the schema's reflection.hpp, a resource's in its traits.
// Everything here is resolved at compile time: a visit is one call per field,
// unrolled, with the field's own type.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>
#include <type_traits>
#include <utility>

#include <kiln/core/type_list.hpp>
#include <kiln/entity/entity.hpp>
#include <kiln/schema/component.hpp>
#include <kiln/schema/field_info.hpp>

namespace kiln {

namespace internal {

template <class T>
struct is_std_array : std::false_type {};

template <class T, std::size_t N>
struct is_std_array<std::array<T, N>> : std::true_type {};

// Whether dump and JSON write a value of type T as its value: numbers, bool,
// entities, and std::arrays of these. Others (most extern types) dump writes
// as their schema type's name in angle brackets, and JSON as hex.
template <class T>
constexpr bool dumps_as_value() {
    if constexpr (std::is_arithmetic_v<T> || std::is_same_v<T, entity>) {
        return true;
    } else if constexpr (is_std_array<T>::value) {
        return dumps_as_value<typename T::value_type>();
    } else {
        return false;
    }
}

template <class T>
struct traits_of {
    using type = resource_traits<T>;
};

template <component C>
struct traits_of<C> {
    static_assert(requires { component_reflection<C>::field_infos; },
                  "kiln: saves, loads, JSON, kiln::dump and kiln::for_each_field read a component's reflection, "
                  "which kilnc writes in <namespace>/reflection.hpp beside world.hpp: include it");
    using type = component_reflection<C>;
};

} // namespace internal

// The traits that hold T's metadata: component_reflection<T> for a component
// (the schema's reflection.hpp has them), resource_traits<T> for a resource.
template <class T>
using traits_of_t = typename internal::traits_of<T>::type;

// Whether kilnc wrote field metadata for T: every component and resource that
// a schema declares.
template <class T>
concept reflected = requires {
    { traits_of_t<T>::name } -> std::convertible_to<std::string_view>;
    { traits_of_t<T>::doc } -> std::convertible_to<std::string_view>;
    { traits_of_t<T>::origin } -> std::convertible_to<schema_origin>;
    { traits_of_t<T>::field_infos.size() } -> std::convertible_to<std::size_t>;
    typename traits_of_t<T>::members;
};

namespace internal {

template <class Value, class Function, auto... Members, std::size_t... I>
constexpr void visit_members(Value& value, Function& function, member_list<Members...>, std::index_sequence<I...>) {
    using traits = traits_of_t<std::remove_const_t<Value>>;
    in_order({(function(traits::field_infos[I], value.*Members), 0)...});
}

template <class Value, class Function>
constexpr void visit_fields(Value& value, Function& function) {
    using type = std::remove_const_t<Value>;
    static_assert(reflected<type>,
                  "kiln::for_each_field: the value must be a component or resource that a schema declares, whose "
                  "traits kilnc wrote with their field metadata; for a split component's C::ref, copy it into a C "
                  "first");
    if constexpr (reflected<type>) {
        using traits = traits_of_t<type>;
        static_assert(traits::members::size == traits::field_infos.size(),
                      "kiln::for_each_field: members and field_infos differ in length; regenerate the headers");
        visit_members(value, function, typename traits::members{},
                     std::make_index_sequence<traits::field_infos.size()>{});
    }
}

} // namespace internal

// Calls function(name, field) for each field of value, in schema order: name
// is the field's std::string_view name, field a reference to the member
// (const when value is). value is a component or a resource, packed or split,
// as a whole value: a split component's C::ref is a view of a row, so copy it
// into a C first (C copy = world.get<C>(e);) and assign it back to write.
// Tags and resources without fields have none to visit.
//
//     kiln::for_each_field(position, [](std::string_view name, auto& field) { field = 0; });
template <class C, class Function>
constexpr void for_each_field(C& value, Function&& function) {
    auto by_name = [&function](const field_info& info, auto& field) { function(info.name, field); };
    internal::visit_fields(value, by_name);
}

// The same, on a value that cannot be written: each field is a const reference.
template <class C, class Function>
constexpr void for_each_field(const C& value, Function&& function) {
    auto by_name = [&function](const field_info& info, auto& field) { function(info.name, field); };
    internal::visit_fields(value, by_name);
}

// Calls function(info, field) for each field of value, in schema order, with
// the field's whole kiln::field_info: its name, schema type, offset, size,
// default and doc. Otherwise as for_each_field.
template <class C, class Function>
constexpr void for_each_field_info(C& value, Function&& function) {
    internal::visit_fields(value, function);
}

template <class C, class Function>
constexpr void for_each_field_info(const C& value, Function&& function) {
    internal::visit_fields(value, function);
}

} // namespace kiln
