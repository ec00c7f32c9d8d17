// What kiln knows of a component or a resource type: the traits that the
// generator specializes for every type a schema declares.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <tuple>
#include <type_traits>

#include <kiln/core/type_list.hpp>
#include <kiln/entity/entity.hpp>
#include <kiln/schema/field_info.hpp>

namespace kiln {

// The version of the contract between kilnc's output and this runtime.
// Generated headers static_assert it, so a stale header fails the build with
// a sentence instead of a page of template errors.
inline constexpr int codegen_abi = 14;

// How an archetype stores a component's values.
enum class layout : std::uint8_t {
    packed, // one column of whole structs: each gives C&
    split,  // one column per field: each gives C::ref, a struct of references
    tag,    // no fields, no column: only membership counts
};

// Specialized by generated code (C's own header, <namespace>/components/C.hpp)
// for each component C with
//   static constexpr std::uint32_t id;            // dense, in schema order: C's position
//   static constexpr std::string_view name;       // as written in the schema
//   static constexpr kiln::layout layout;
//   static constexpr bool tracked = true;         // only when the schema tracks C
template <class C>
struct component_traits;

// Specialized by generated code beside C's definition, with
//   using type = kiln::member_list<&C::x, ...>; // the data members, in order
// column.hpp splits a split component by its members. Apart from
// component_traits because a pointer to a member needs the whole type, and
// component_traits is read where C is only declared: the unit of a schedule
// compiled apart ([kiln] schedule_unit, docs/schema.md).
template <class C>
struct component_members;

template <class C>
using members_of_t = typename component_members<C>::type;

// Specialized by generated code for each component C, in a header of its own
// (<namespace>/reflection.hpp), deriving name and members from
// component_reflection_base<C>, with
//   static constexpr std::uint32_t stable_id;     // what save files name C by (the lock file keeps it)
//   static constexpr std::string_view name;       // as written in the schema
//   static constexpr std::string_view doc;        // the schema's doc, "" for none
//   static constexpr kiln::schema_origin origin;  // where the schema declares C
//   using members = kiln::member_list<&C::x, ...>;               // the data members, in order
//   static constexpr std::array<kiln::field_info, N> field_infos; // one per member, in order
//   static constexpr std::array<kiln::field_migration, M> migrations; // older field types saves may hold
// reflect.hpp and dump.hpp read the reflection (members, field_infos);
// save.hpp and json.hpp read stable_id, field_infos and migrations. The
// files that use them include the schema's reflection.hpp; the others never
// read it, which for a schema of thousands of components is a second of every
// compile (docs/compile_time.md).
template <class C>
struct component_reflection;

// What each component_reflection<C> takes from component_traits<C> rather
// than repeating: its name and members. The generated ones derive from it.
template <class C>
struct component_reflection_base {
    static constexpr std::string_view name = component_traits<C>::name;
    using members = members_of_t<C>;
};

// Specialized by generated code (<namespace>/components.hpp) for each resource
// R with stable_id, name, doc, origin, members, field_infos and migrations, as
// for components.
template <class R>
struct resource_traits;

template <class C>
concept component = requires {
    { component_traits<C>::id } -> std::convertible_to<std::uint32_t>;
    { component_traits<C>::layout } -> std::convertible_to<layout>;
};

template <class R>
concept resource = requires {
    { resource_traits<R>::name } -> std::convertible_to<std::string_view>;
};

template <class C>
inline constexpr layout layout_of = component_traits<C>::layout;

// Whether the schema tracks changes to C (kiln = { track = true }): then each
// of its rows carries change ticks (kiln/storage/change_ticks.hpp). The traits of an
// untracked component say nothing of it.
template <class C>
inline constexpr bool tracked_v = false;

template <class C>
    requires requires { component_traits<C>::tracked; }
inline constexpr bool tracked_v<C> = component_traits<C>::tracked;

// Whether C can live in kiln's columns: moved with memcpy, dropped without a
// destructor, and created by writing its bytes. Every component is; the
// generated components.hpp asserts it of each [extern] type, the one kind of
// field kilnc cannot see into.
template <class C>
concept plain_data = std::is_trivially_copyable_v<C> && std::is_trivially_destructible_v<C>;

// The reference type of one field in a split component's row view.
template <bool Const, class Field>
using field_ref_t = std::conditional_t<Const, const Field&, Field&>;

namespace internal {

template <class C, layout = component_traits<std::remove_const_t<C>>::layout>
struct reference {
    using type = C&;
};

template <class C>
struct reference<C, layout::split> {
    using type = typename C::ref;
};

template <class C>
struct reference<const C, layout::split> {
    using type = typename C::cref;
};

// Each of Components' name, by position (its id): what messages print
// where they know a component by its id alone.
template <class... Components>
constexpr std::array<std::string_view, sizeof...(Components)> names_of_each(type_list<Components...>) noexcept {
    return {component_traits<Components>::name...};
}

} // namespace internal

// What reading a component of type C gives, where C may be const-qualified:
// C& for packed and tag components, C::ref or C::cref for split ones.
template <class C>
using reference_t = typename internal::reference<C>::type;

} // namespace kiln
