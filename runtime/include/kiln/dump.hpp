// kiln::dump: a world as text, for debugging: every resource, then every
// archetype with its entities and their components' values, read through the
// metadata kilnc generates (kiln/schema/reflect.hpp). No RTTI, no iostreams: it
// writes with the printf family to a FILE*.
//
// dump instantiates code for every archetype and component of the world, so
// call it from one translation unit (a debug console, a test), not from
// every file that includes the world.
#pragma once

#include <array>
#include <cstddef>
#include <cstdio>
#include <string_view>
#include <type_traits>

#include <kiln/core/type_list.hpp>
#include <kiln/entity/entity.hpp>
#include <kiln/hierarchy/hierarchy.hpp>
#include <kiln/schema/component.hpp>
#include <kiln/schema/field_info.hpp>
#include <kiln/schema/reflect.hpp>

namespace kiln {

namespace internal {

inline void dump_text(std::FILE* out, std::string_view text) {
    std::fwrite(text.data(), 1, text.size(), out);
}

inline void dump_count(std::FILE* out, std::size_t count) {
    std::fprintf(out, "%zu %s", count, count == 1 ? "entity" : "entities");
}

template <class T>
void dump_value(std::FILE* out, const T& value) {
    if constexpr (std::is_same_v<T, bool>) {
        dump_text(out, value ? "true" : "false");
    } else if constexpr (std::is_floating_point_v<T>) {
        std::fprintf(out, "%g", static_cast<double>(value));
    } else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
        std::fprintf(out, "%lld", static_cast<long long>(value));
    } else if constexpr (std::is_integral_v<T>) {
        std::fprintf(out, "%llu", static_cast<unsigned long long>(value));
    } else if constexpr (std::is_same_v<T, entity>) {
        if (value.is_null()) {
            dump_text(out, "null");
        } else {
            std::fprintf(out, "%u:%u", static_cast<unsigned>(value.index()), static_cast<unsigned>(value.generation()));
        }
    } else {
        dump_text(out, "[");
        for (std::size_t i = 0; i < value.size(); ++i) {
            dump_text(out, i == 0 ? "" : ", ");
            dump_value(out, value[i]);
        }
        dump_text(out, "]");
    }
}

// `Name { a = 1, b = 2 }`, or `Name` alone for a type without fields.
template <class T>
void dump_record(std::FILE* out, const T& value) {
    using traits = traits_of_t<T>;
    dump_text(out, traits::name);
    if constexpr (traits::field_infos.size() != 0) {
        dump_text(out, " {");
        bool first = true;
        kiln::for_each_field_info(value, [&](const field_info& info, const auto& field) {
            dump_text(out, first ? " " : ", ");
            first = false;
            dump_text(out, info.name);
            dump_text(out, " = ");
            if constexpr (dumps_as_value<std::remove_cvref_t<decltype(field)>>()) {
                dump_value(out, field);
            } else {
                dump_text(out, "<");
                dump_text(out, info.type);
                dump_text(out, ">");
            }
        });
        dump_text(out, " }");
    }
}

template <class C, class View>
void dump_component(std::FILE* out, const View& rows, std::size_t row) {
    dump_text(out, "  ");
    if constexpr (layout_of<C> == layout::split) {
        const C value = rows.template at<C>(row); // a row of split columns, copied whole
        dump_record(out, value);
    } else {
        dump_record(out, rows.template at<C>(row));
    }
}

template <class A, class World, class... Components>
void dump_archetype(std::FILE* out, const World& world, type_list<Components...>) {
    const auto rows = world.template unsettled_storage<A>(); // rows as settling would leave them
    dump_text(out, "archetype ");
    dump_text(out, A::name);
    dump_text(out, " (");
    dump_text(out, A::origin.file);
    std::fprintf(out, ":%u): ", static_cast<unsigned>(A::origin.line));
    dump_count(out, rows.size() - rows.storage().hole_count());
    dump_text(out, "\n");
    rows.storage().for_each_settled_run([&](std::size_t first, std::size_t count) {
        for (std::size_t row = first; row < first + count; ++row) {
            dump_text(out, "  entity ");
            dump_value(out, rows.entities()[row]);
            if (const auto spawned = world.prefab_of(rows.entities()[row])) {
                dump_text(out, " (");
                dump_text(out, spawned->prefab);
                if (!spawned->part.empty()) {
                    dump_text(out, ".");
                    dump_text(out, spawned->part);
                }
                dump_text(out, ")");
            }
            internal::in_order({(dump_component<Components>(out, rows, row), 0)...});
            dump_text(out, "\n");
        }
    });
}

// One line per parent, its children after it in order, parents in the order
// of the links (hierarchy_table::for_each_link); nothing without links.
template <class World>
void dump_hierarchy(std::FILE* out, const World& world) {
    const hierarchy_table& links = hierarchy_moves<World>::table(world);
    if (links.link_count() == 0) {
        return;
    }
    dump_text(out, "hierarchy: ");
    std::fprintf(out, "%zu link%s\n", links.link_count(), links.link_count() == 1 ? "" : "s");
    links.for_each_link([&](entity child, entity parent) {
        if (links.links(parent).first_child != child) {
            return; // the parent's line was written with its first child
        }
        dump_text(out, "  ");
        dump_value(out, parent);
        dump_text(out, " ->");
        for (entity e = child; !e.is_null(); e = links.links(e).next_sibling) {
            dump_text(out, " ");
            dump_value(out, e);
        }
        dump_text(out, "\n");
    });
}

template <class World, class... Resources, class... Archetypes>
void dump_world(std::FILE* out, const World& world, type_list<Resources...>, type_list<Archetypes...>) {
    internal::in_order({(dump_text(out, "resource "), dump_record(out, world.template resource<Resources>()),
                         dump_text(out, "\n"), 0)...});
    internal::in_order({(dump_archetype<Archetypes>(out, world, typename Archetypes::components{}), 0)...});
    dump_hierarchy(out, world);
}

} // namespace internal

// Writes world to out as text: a header line, one line per resource, then
// each archetype in schema order with where the schema declares it, and one
// line per entity (its handle, then each component's fields):
//
//     world game (schema version 1): 3 entities
//     resource Time { dt = 0.0166667, frame = 0 }
//     archetype Particle (schema/game.toml:61): 2 entities
//       entity 0:0  Position { x = 1, y = 2 }  Velocity { x = 0, y = 0 }
//
// An entity a spawn made names its prefab, and the child of it, after its
// handle: `entity 4:0 (Fighter.gun)` (docs/content.md).
// Values: bool as true or false, integers in decimal, floating point with
// %g, entities as index:generation or null, std::array as [a, b, c]; an
// extern type as <Name> (its name in the schema) unless its C++ type is a
// number or a std::array of numbers. Tags are written as their name alone.
// An empty archetype gets its header line only. Rows that destroy(e) left
// and no settle filled yet are not written, and the rest are written in the
// order settling would leave them, as save does. When some entity has a
// parent, a last part lists each parent with its children in order:
//
//     hierarchy: 2 links
//       0:0 -> 2:0 1:0
template <class World>
void dump(const World& world, std::FILE* out = stdout) {
    using schema = typename World::schema_type;
    internal::dump_text(out, "world ");
    internal::dump_text(out, schema::name);
    std::fprintf(out, " (schema version %u): ", static_cast<unsigned>(schema::version));
    internal::dump_count(out, world.size());
    internal::dump_text(out, "\n");
    internal::dump_world(out, world, typename schema::resources{}, typename schema::archetypes{});
}

} // namespace kiln
