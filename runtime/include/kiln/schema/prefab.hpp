// prefab: what kilnc declares of a [prefab.NAME], the overrides a spawn
// takes, and the spawn itself, written once for the world and for command
// buffers (docs/content.md).
#pragma once

#include <array>
#include <cstddef>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

#include <kiln/config.hpp>
#include <kiln/core/type_list.hpp>
#include <kiln/entity/entity.hpp>
#include <kiln/entity/handle.hpp>
#include <kiln/schema/component.hpp>

namespace kiln {

namespace internal {

template <class Member>
struct member_of;

template <class Class, class Type>
struct member_of<Type Class::*> {
    using component = Class;
    using type = Type;
};

} // namespace internal

// An entity field of a prefab's part that names another part of the same
// prefab: part Owner's Field is written, at spawn, with part Target's new
// entity. Parts count from 0, the root, then the children in the order the
// prefab lists them. kilnc writes these in a prefab's `links`.
template <std::size_t Owner, auto Field, std::size_t Target>
struct prefab_link {
    static constexpr std::size_t owner = Owner;
    static constexpr std::size_t target = Target;
    static constexpr auto field = Field;
    using component = typename internal::member_of<decltype(Field)>::component;
    static_assert(std::is_same_v<typename internal::member_of<decltype(Field)>::type, entity>,
                  "kiln::prefab_link: a link writes an entity field");
};

namespace internal {

// One component's value in a part of a prefab (kiln::prefab_values).
template <class C>
struct prefab_value {
    C value;
};

} // namespace internal

// The values a part of a prefab gives, as kilnc declares them (its
// `values`): one of each component its [prefab.NAME] table names, the rest
// of the part's archetype taking the schema's defaults. A class of one base
// per component, rather than a std::tuple: kilnc declares one constant of
// it for each part of every prefab, which the compiler builds wherever
// world.hpp is included, and libstdc++'s tuple made 200 prefabs cost 60 %
// of a world's compile (docs/compile_time.md). Its constructor is consteval,
// so that g++ makes no function of it for each prefab (a constexpr one cost
// 200 prefabs another second of code generation).
template <class... Components>
struct prefab_values : internal::prefab_value<Components>... {
    consteval explicit prefab_values(const Components&... values) noexcept
        : internal::prefab_value<Components>{values}... {}
};

// What kilnc writes for each [prefab.NAME]: its id (its position in the
// schema's prefabs), its archetype and values, its children (each with an
// archetype and values of its own) and its links.
template <class P>
concept prefab = requires {
    P::id;
    typename P::archetype;
    typename P::children;
    typename P::links;
    P::values;
};

// One field of one component of a spawned entity, set to value instead of
// the prefab's: kiln::field(&Health::hp, 5). The value converts to the
// field's type as an assignment would (the field's type, not the value's,
// decides: -Wconversion warns of a narrowing one).
template <class C, class T>
struct field_override {
    T C::*member;
    T value;
};

template <class C, class T>
constexpr field_override<C, T> field(T C::*member, std::type_identity_t<T> value) noexcept {
    static_assert(component<C>, "kiln::field(&C::f, value): C must be a component declared in a schema");
    return {member, value};
}

// Overrides of one child of the prefab, by the child's type as kilnc
// declares it in the prefab: kiln::child<Ship::gun>(Aim{...},
// kiln::field(&Position::x, 2.0f)).
template <class Child, class... Overrides>
struct child_override {
    std::tuple<Overrides...> overrides;
};

template <class Child, class... Overrides>
constexpr child_override<Child, Overrides...> child(const Overrides&... overrides) {
    return {std::tuple<Overrides...>{overrides...}};
}

namespace internal {

// The prefabs of a schema: Schema::prefabs, none when it declares none.
template <class Schema>
struct prefabs_of {
    using type = type_list<>;
};

template <class Schema>
    requires requires { typename Schema::prefabs; }
struct prefabs_of<Schema> {
    using type = typename Schema::prefabs;
};

template <class Components>
struct row_of;

template <class... Components>
struct row_of<type_list<Components...>> {
    using type = std::tuple<Components...>;
};

// A part's whole row, as a spawn writes it: each component of its archetype.
template <class Part>
using row_t = typename row_of<typename Part::archetype::components>::type;

template <class P, class Children = typename P::children>
struct prefab_parts;

template <class P, class... Children>
struct prefab_parts<P, type_list<Children...>> {
    using type = type_list<P, Children...>;                           // the root first, then each child
    using rows = std::tuple<row_t<P>, row_t<Children>...>;            // one row each
    using handles = std::tuple<handle<typename P::archetype>, handle<typename Children::archetype>...>;
};

template <class P>
using parts_t = typename prefab_parts<P>::type;

// Component C of a part's row as the prefab gives it, else its defaults.
template <class Part, class C>
constexpr C part_value() {
    if constexpr (std::is_base_of_v<prefab_value<C>, std::remove_cv_t<decltype(Part::values)>>) {
        return static_cast<const prefab_value<C>&>(Part::values).value;
    } else {
        return C{};
    }
}

template <class Part, class... Components>
constexpr row_t<Part> initial_row(type_list<Components...>) {
    return row_t<Part>{part_value<Part, Components>()...};
}

template <class P, class... Parts>
constexpr typename prefab_parts<P>::rows initial_rows(type_list<Parts...>) {
    return typename prefab_parts<P>::rows{initial_row<Parts>(typename Parts::archetype::components{})...};
}

// The values the program spawns P from: kilnc's constants, until
// kiln::reload_prefabs (kiln/scene.hpp) rewrites them in a build that
// reloads prefabs (KILN_RELOAD_PREFABS, kiln/config.hpp). One table for the
// program, not per world; a reload runs while no spawn does.
template <class P>
inline typename prefab_parts<P>::rows live_rows = initial_rows<P>(parts_t<P>{});

// Each part's whole row as a spawn starts from it: the live values where
// prefabs reload, kilnc's constants otherwise (and in constant evaluation).
template <class P>
constexpr typename prefab_parts<P>::rows current_rows() {
#if KILN_RELOAD_PREFABS
    if (!std::is_constant_evaluated()) {
        return live_rows<P>;
    }
#endif
    return initial_rows<P>(parts_t<P>{});
}

template <class T>
struct is_child_override : std::false_type {};

template <class Child, class... Overrides>
struct is_child_override<child_override<Child, Overrides...>> : std::true_type {};

template <class P, class Rows, class Child, class... Overrides>
constexpr void apply_child_override(Rows& rows, const child_override<Child, Overrides...>& given);

// One override, applied to the row of part I.
template <class P, std::size_t I, class Rows, class Override>
constexpr void apply_override(Rows& rows, const Override& given) {
    using part = type_at_t<I, parts_t<P>>;
    using components = typename part::archetype::components;
    if constexpr (is_child_override<Override>::value) {
        static_assert(I == 0, "kiln::child<Child>(...): a child's overrides name no child of their own");
        apply_child_override<P>(rows, given);
    } else if constexpr (requires { given.member; }) {
        using C = typename member_of<decltype(given.member)>::component;
        static_assert(contains_v<C, components>,
                      "kiln::field(&C::f, value): the spawned part's archetype has no C");
        if constexpr (contains_v<C, components>) {
            std::get<C>(std::get<I>(rows)).*given.member = given.value;
        }
    } else {
        static_assert(contains_v<Override, components>,
                      "kiln::spawn<P>(overrides...): an override is a component of the part's archetype, a "
                      "kiln::field(&C::f, value) or a kiln::child<Child>(...)");
        if constexpr (contains_v<Override, components>) {
            std::get<Override>(std::get<I>(rows)) = given;
        }
    }
}

template <class P, class Rows, class Child, class... Overrides>
constexpr void apply_child_override(Rows& rows, const child_override<Child, Overrides...>& given) {
    static_assert(contains_v<Child, typename P::children>,
                  "kiln::child<Child>(...): Child must be one of the prefab's children, as P::name_of_child");
    if constexpr (contains_v<Child, typename P::children>) {
        constexpr std::size_t part = 1 + index_of_v<Child, typename P::children>;
        std::apply([&rows](const Overrides&... overrides) { in_order({(apply_override<P, part>(rows, overrides), 0)...}); },
                   given.overrides);
    }
}

} // namespace internal

// What world.prefab_of(e) answers for an entity a spawn made: the prefab's
// name, and the child's (empty for the root), as the schema spells them.
struct prefab_part {
    std::string_view prefab;
    std::string_view part;
};

// What a spawn returns: the root's handle, and each child's, typed.
// Converts to the root's handle and to kiln::entity (the root).
template <class P>
struct spawned {
    typename internal::prefab_parts<P>::handles handles;

    [[nodiscard]] constexpr handle<typename P::archetype> root() const noexcept { return std::get<0>(handles); }
    // The handle of child Child, one of P::children (P::gun, say).
    template <class Child>
    [[nodiscard]] constexpr handle<typename Child::archetype> child() const noexcept {
        static_assert(contains_v<Child, typename P::children>,
                      "kiln::spawned<P>::child<Child>(): Child must be one of the prefab's children");
        return std::get<1 + index_of_v<Child, typename P::children>>(handles);
    }
    constexpr operator handle<typename P::archetype>() const noexcept { return root(); }
    constexpr operator entity() const noexcept { return root(); }
};

namespace internal {

// The links owned by part Owner whose targets are made before it (so that
// their entities are known), written into its row: made(target), given
// target as a std::integral_constant, is part target's entity.
template <std::size_t Owner, class L, class Row, class Made>
constexpr void write_link_made_before(Row& row, const Made& made) {
    if constexpr (L::owner == Owner && L::target < L::owner) {
        std::get<typename L::component>(row).*L::field = made(std::integral_constant<std::size_t, L::target>{});
    }
}

template <std::size_t Owner, class Row, class Made, class... Links>
constexpr void write_links_made_before(Row& row, const Made& made, type_list<Links...>) {
    in_order({(write_link_made_before<Owner, Links>(row, made), 0)...});
}

// A link whose target is made after its owner (a root naming its child),
// written into the owner's row and then, through sink, into the entity.
template <class L, class Sink, class Rows, class Handles>
void write_link_made_after(Sink& sink, Rows& rows, const Handles& handles) {
    if constexpr (L::target >= L::owner) {
        auto& value = std::get<typename L::component>(std::get<L::owner>(rows));
        value.*L::field = entity{std::get<L::target>(handles)};
        sink.template set<typename L::component>(std::get<L::owner>(handles), value);
    }
}

template <class Links>
inline constexpr bool links_made_after_v = false;

template <class... Links>
inline constexpr bool links_made_after_v<type_list<Links...>> = any_of({(Links::target >= Links::owner)...});

// The links whose targets are made after their owners (a root naming its
// child), written into the rows and then, through sink, into the entities.
template <class Sink, class Rows, class Handles, class... Links>
void write_links_made_after(Sink& sink, Rows& rows, const Handles& handles, type_list<Links...>) {
    in_order({(write_link_made_after<Links>(sink, rows, handles), 0)...});
}

template <class P, class... Overrides>
constexpr typename prefab_parts<P>::rows rows_of(const Overrides&... overrides) {
    auto rows = current_rows<P>();
    in_order({(apply_override<P, 0>(rows, overrides), 0)...});
    return rows;
}

template <class P, class Sink, class Note>
spawned<P> spawn_rows(Sink& sink, Note&& note, typename prefab_parts<P>::rows& rows);

// Part I made through sink, with the links to parts made before it.
template <class P, std::size_t I, class Sink, class Rows, class Handles>
void make_part(Sink& sink, Rows& rows, Handles& handles) {
    using archetype = typename type_at_t<I, parts_t<P>>::archetype;
    write_links_made_before<I>(
        std::get<I>(rows), [&handles](auto target) { return entity{std::get<decltype(target)::value>(handles)}; },
        typename P::links{});
    std::get<I>(handles) = std::apply(
        [&sink](const auto&... values) { return sink.template create<archetype>(values...); }, std::get<I>(rows));
}

// Each child of a spawn of P parented to its root, in the prefab's order:
// at once where the sink links new entities itself (the world's:
// kiln/world/spawn_moves.hpp), else through set_parent, child by child.
template <class P, class Sink, class Handles>
void parent_children([[maybe_unused]] Sink& sink, [[maybe_unused]] const Handles& handles) {
    constexpr std::size_t count = P::children::size;
    if constexpr (count > 0) {
        const entity root{std::get<0>(handles)};
        const auto children = [&handles]<std::size_t... I>(std::index_sequence<I...>) {
            return std::array<entity, count>{entity{std::get<I + 1>(handles)}...};
        }(std::make_index_sequence<count>{});
        if constexpr (requires { sink.template link_new_children<P>(root, children); }) {
            sink.template link_new_children<P>(root, children);
        } else {
            for (const entity child : children) {
                sink.set_parent(child, root);
            }
        }
    }
}

// The spawn of P through sink (the world, or anything that records its
// commands): the root and each child made in order, each with the links
// to the parts made before it, each child parented to the root, then the
// links to parts made after their owners written. Sink has create<A>(...),
// set<C>(handle, value) and set_parent(child, parent), and may have
// link_new_children<P>(root, children) (see parent_children).
//
// note(entity, part) is told each part made, for the world's records of
// which prefab made each entity (kiln/world/prefab_records.hpp).
template <class P, class Sink, class Note, class... Overrides>
spawned<P> spawn_through(Sink& sink, Note&& note, const Overrides&... overrides) {
    static_assert(prefab<P>, "kiln::spawn<P>: P must be a prefab that kilnc declares ([prefab.NAME])");
    auto rows = rows_of<P>(overrides...);
    return spawn_rows<P>(sink, note, rows);
}

// The same, from each part's whole row as given (a scene's, whose values
// are read at run time: kiln/io/scene_reader.hpp).
template <class P, class Sink, class Note>
spawned<P> spawn_rows(Sink& sink, Note&& note, typename prefab_parts<P>::rows& rows) {
    spawned<P> made{};
    constexpr std::size_t parts = std::tuple_size_v<std::remove_reference_t<decltype(rows)>>;
    [&]<std::size_t... I>(std::index_sequence<I...>) {
        in_order({(make_part<P, I>(sink, rows, made.handles), note(entity{std::get<I>(made.handles)}, I), 0)...});
    }(std::make_index_sequence<parts>{});
    parent_children<P>(sink, made.handles);
    write_links_made_after(sink, rows, made.handles, typename P::links{});
    return made;
}

} // namespace internal

} // namespace kiln
