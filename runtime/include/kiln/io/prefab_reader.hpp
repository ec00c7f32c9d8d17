// Reading the [prefab.NAME] tables of a schema file at run time, for
// kiln::reload_prefabs (kiln/scene.hpp): each prefab's values resolved as
// kilnc resolves them (its base's, patched field by field, the schema's
// defaults for the rest), with the checks of a scene's values, and its shape
// (archetype, children, links) checked against the one the program was
// built with, which a reload cannot change.
//
// A prefab's values are held here as bytes, per part and component, rather
// than as its typed rows: a variant starts from its base's values, and
// typed, every pair of a prefab and its base would be a template
// instantiation. Components are plain data (kiln/schema/component.hpp).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <kiln/core/type_list.hpp>
#include <kiln/entity/entity.hpp>
#include <kiln/io/scene_document.hpp>
#include <kiln/io/scene_reader.hpp>
#include <kiln/schema/field_info.hpp>
#include <kiln/schema/prefab.hpp>
#include <kiln/schema/reflect.hpp>

namespace kiln::internal {

// One part of a prefab: its name ("root", or the child's), its archetype and
// the bytes of each of the archetype's components, in the archetype's order.
struct prefab_part_values {
    std::string name;
    std::uint32_t archetype = 0;             // position in Schema::archetypes
    std::vector<std::uint32_t> ids;          // each component's position in Schema::components
    std::vector<std::vector<std::byte>> components;

    // The bytes of the component at position id of the schema's, or null.
    [[nodiscard]] const std::vector<std::byte>* find(std::uint32_t id) const {
        const auto at = std::find(ids.begin(), ids.end(), id);
        return at == ids.end() ? nullptr : &components[static_cast<std::size_t>(at - ids.begin())];
    }
};

// An entity field of one part that names another part of the prefab.
struct prefab_link_value {
    std::string owner;
    std::uint32_t component = 0; // position in Schema::components
    std::uint32_t offset = 0;    // of the field in the component
    std::string target;

    bool operator==(const prefab_link_value&) const = default;
};

// A prefab's values: the root's, then each child's, and its links. No parts:
// a prefab the file does not declare.
struct prefab_values {
    std::vector<prefab_part_values> parts;
    std::vector<prefab_link_value> links;
};

template <class C>
std::vector<std::byte> bytes_of(const C& value) {
    std::vector<std::byte> bytes(sizeof(C));
    std::memcpy(bytes.data(), &value, sizeof(C));
    return bytes;
}

// The offset of an entity field in its component.
template <auto Field>
std::uint32_t offset_of_field() {
    using C = typename member_of<decltype(Field)>::component;
    const C probe{};
    return static_cast<std::uint32_t>(reinterpret_cast<const std::byte*>(&(probe.*Field)) -
                                      reinterpret_cast<const std::byte*>(&probe));
}

// P's values as the program spawns them now (its live rows), with its links.
template <class Schema, class P>
prefab_values values_of_prefab() {
    prefab_values values;
    const auto rows = current_rows<P>();
    const auto add_part = [&values]<class Part>(std::string name, const auto& row) {
        using archetype = typename Part::archetype;
        prefab_part_values part{
            std::move(name), static_cast<std::uint32_t>(index_of_v<archetype, typename Schema::archetypes>), {}, {}};
        std::apply(
            [&part](const auto&... components) {
                in_order({(part.ids.push_back(static_cast<std::uint32_t>(
                               index_of_v<std::remove_cvref_t<decltype(components)>, typename Schema::components>)),
                           part.components.push_back(bytes_of(components)), 0)...});
            },
            row);
        values.parts.push_back(std::move(part));
    };
    [&]<class... Parts, std::size_t... I>(type_list<Parts...>, std::index_sequence<I...>) {
        in_order({(add_part.template operator()<Parts>(I == 0 ? std::string("root") : std::string(Parts::name),
                                                       std::get<I>(rows)),
                   0)...});
    }(parts_t<P>{}, std::make_index_sequence<parts_t<P>::size>{});
    for_each_type(typename P::links{}, [&]<class L>() {
        using C = typename L::component;
        values.links.push_back({values.parts[L::owner].name,
                                static_cast<std::uint32_t>(index_of_v<C, typename Schema::components>),
                                offset_of_field<L::field>(), values.parts[L::target].name});
    });
    return values;
}

// Every prefab's values as the program spawns them now, by position.
template <class Schema>
std::vector<prefab_values> live_values() {
    std::vector<prefab_values> values;
    for_each_type(typename prefabs_of<Schema>::type{},
                  [&]<class P>() { values.push_back(values_of_prefab<Schema, P>()); });
    return values;
}

// Writes values into the rows the program spawns P from.
template <class P>
void set_live_rows(const prefab_values& values) {
    auto& rows = live_rows<P>;
    [&]<std::size_t... I>(std::index_sequence<I...>) {
        const auto set_row = [](auto& row, const prefab_part_values& part) {
            std::size_t c = 0;
            std::apply([&](auto&... components) {
                in_order({(std::memcpy(&components, part.components[c++].data(), sizeof(components)), 0)...});
            }, row);
        };
        in_order({(set_row(std::get<I>(rows), values.parts[I]), 0)...});
    }(std::make_index_sequence<parts_t<P>::size>{});
}

// Reads a schema file's [prefab.NAME] tables, collecting every problem in error.
template <class Schema>
class prefab_reader : public document_reader {
public:
    using prefabs = typename prefabs_of<Schema>::type;
    using archetypes = typename Schema::archetypes;
    using components = typename Schema::components;

    // current: each prefab's values now, which a base the file does not
    // declare gives, and whose shape a declared prefab must keep.
    prefab_reader(const scene_document& document, const std::vector<prefab_values>& current)
        : document_reader{document}, current_{current} {}

    // Each prefab the file declares, resolved, into values (by position in
    // the schema's prefabs; no parts for one it does not declare).
    bool read(std::vector<prefab_values>& values) {
        values.assign(prefabs::size, {});
        const auto header = document_.root.find("kiln");
        if (header != document_.root.end() && header->is_object()) {
            const auto space = header->find("namespace");
            if (space != header->end() && space->is_string() &&
                space->template get_ref<const std::string&>() != Schema::name) {
                problem_at("/kiln/namespace",
                           "[kiln]: namespace is %s, but the world is \"%.*s\"; reload the schema file the world was "
                           "built from",
                           found(*space).c_str(), static_cast<int>(Schema::name.size()), Schema::name.data());
                return false;
            }
        }
        const auto table = document_.root.find("prefab");
        if (table == document_.root.end()) {
            return !error;
        }
        if (!table->is_object()) {
            problem_at("/prefab", "'prefab' must be a table of prefabs, each written [prefab.NAME]");
            return false;
        }
        bodies_.assign(prefabs::size, nullptr);
        for (auto item = table->begin(); item != table->end(); ++item) {
            const json_path::segment at{values_.path, "prefab"};
            const json_path::segment named{values_.path, item.key()};
            const auto chosen = std::find(prefab_names_.begin(), prefab_names_.end(), item.key());
            if (chosen == prefab_names_.end()) {
                problem("prefab '%s' is not a prefab of the running program; a reload changes prefabs' values, and a "
                        "new prefab needs a rebuild",
                        shown(item.key()).c_str());
                continue;
            }
            if (!item->is_object()) {
                problem("prefab '%s' must be a table, written [prefab.%s]", shown(item.key()).c_str(),
                        shown(item.key()).c_str());
                continue;
            }
            bodies_[static_cast<std::size_t>(chosen - prefab_names_.begin())] = &item.value();
        }
        bases();
        state_.assign(prefabs::size, unread);
        for (std::size_t p = 0; p < prefabs::size; ++p) {
            if (bodies_[p] != nullptr) {
                resolve(p, values);
            }
        }
        return !error;
    }

private:
    enum state : std::uint8_t { unread, reading, read_well, failed };
    static constexpr std::size_t none = ~std::size_t{0};

    // Pass one: each declared prefab's base, by position.
    void bases() {
        base_.assign(prefabs::size, none);
        bad_base_.assign(prefabs::size, false);
        for (std::size_t p = 0; p < prefabs::size; ++p) {
            if (bodies_[p] == nullptr) {
                continue;
            }
            const auto base = bodies_[p]->find("base");
            if (base == bodies_[p]->end()) {
                continue;
            }
            const auto chosen = base->is_string() ? std::find(prefab_names_.begin(), prefab_names_.end(),
                                                              base->template get_ref<const std::string&>())
                                                  : prefab_names_.end();
            if (chosen == prefab_names_.end()) {
                const std::string close =
                    base->is_string() ? closest_name(base->template get_ref<const std::string&>(), prefab_names_)
                                      : std::string{};
                problem_at(pointer(p, "base"), "prefab '%.*s': base %s is not a prefab of the schema; %s",
                           static_cast<int>(prefab_names_[p].size()), prefab_names_[p].data(), found(*base).c_str(),
                           close.empty() ? "name a [prefab.NAME]" : ("did you mean '" + close + "'?").c_str());
                bad_base_[p] = true;
                continue;
            }
            base_[p] = static_cast<std::size_t>(chosen - prefab_names_.begin());
        }
    }

    static std::string escaped(std::string_view key) {
        std::string text;
        for (const char c : key) {
            text += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
        }
        return text;
    }

    std::string pointer(std::size_t p, std::string_view key = {}) const {
        std::string text = "/prefab/" + escaped(prefab_names_[p]);
        if (!key.empty()) {
            text += '/';
            text += escaped(key);
        }
        return text;
    }

    // Resolves prefab p, its base first when the file declares that too.
    bool resolve(std::size_t p, std::vector<prefab_values>& values) {
        if (state_[p] == read_well || state_[p] == failed) {
            return state_[p] == read_well;
        }
        if (state_[p] == reading) {
            std::string cycle;
            for (std::size_t at = p; at != none && cycle.size() < 512;) {
                cycle += shown(prefab_names_[at]) + " -> ";
                at = base_[at];
                if (at == p) {
                    break;
                }
            }
            cycle += shown(prefab_names_[p]);
            problem_at(pointer(p, "base"), "prefab '%s': its bases make a cycle (%s); remove base from one of them",
                       shown(prefab_names_[p]).c_str(), cycle.c_str());
            state_[p] = failed;
            return false;
        }
        if (bad_base_[p]) {
            state_[p] = failed;
            return false;
        }
        state_[p] = reading;
        const prefab_values* start = nullptr;
        if (base_[p] != none) {
            if (bodies_[base_[p]] != nullptr) {
                if (!resolve(base_[p], values)) {
                    if (state_[p] == reading) {
                        state_[p] = failed; // its base's mistake, reported there
                    }
                    return false;
                }
                start = &values[base_[p]];
            } else {
                start = &current_[base_[p]];
            }
        }
        if (state_[p] != reading) {
            return state_[p] == read_well; // a member of a cycle, reported
        }
        const std::size_t problems = error.problems.size();
        prefab_values resolved;
        read_prefab(p, start, resolved);
        const bool ok = error.problems.size() == problems && same_shape(p, resolved);
        if (ok) {
            values[p] = std::move(resolved);
        }
        state_[p] = ok ? read_well : failed;
        return ok;
    }

    // part's values as an entity of archetype a: the components a holds
    // taken from part (when there is one), the others the schema's defaults.
    static prefab_part_values converted(const prefab_part_values* part, std::uint32_t a, std::string name) {
        prefab_part_values out{std::move(name), a, {}, {}};
        with_type_at<archetypes>(a, [&]<class A, std::size_t>() {
            for_each_type(typename A::components{}, [&]<class C>() {
                const auto id = static_cast<std::uint32_t>(index_of_v<C, components>);
                const std::vector<std::byte>* given = part != nullptr ? part->find(id) : nullptr;
                out.ids.push_back(id);
                out.components.push_back(given != nullptr ? *given : bytes_of(C{}));
            });
        });
        return out;
    }

    // The archetype named by body's "archetype", or none with a problem.
    std::uint32_t archetype_named(const scene_json& value, const std::string& label) {
        const auto chosen = value.is_string() ? std::find(archetype_names_.begin(), archetype_names_.end(),
                                                          value.template get_ref<const std::string&>())
                                              : archetype_names_.end();
        if (chosen != archetype_names_.end()) {
            return static_cast<std::uint32_t>(chosen - archetype_names_.begin());
        }
        const std::string close = value.is_string()
                                      ? closest_name(value.template get_ref<const std::string&>(), archetype_names_)
                                      : std::string{};
        problem("%s: archetype %s is not an archetype; %s", label.c_str(), found(value).c_str(),
                close.empty() ? "declare it as [archetype.NAME] or fix the name"
                              : ("did you mean '" + close + "'?").c_str());
        return scene_none;
    }

    void read_prefab(std::size_t p, const prefab_values* start, prefab_values& out) {
        const scene_json& body = *bodies_[p];
        const std::string name = shown(prefab_names_[p]);
        const std::string label = "prefab '" + name + "'";
        const json_path::segment in_table{values_.path, "prefab"};
        const json_path::segment at{values_.path, prefab_names_[p]};
        std::uint32_t root = start != nullptr ? start->parts[0].archetype : scene_none;
        if (const auto given = body.find("archetype"); given != body.end()) {
            const json_path::segment key{values_.path, "archetype"};
            root = archetype_named(*given, label);
            if (root == scene_none) {
                return;
            }
        } else if (root == scene_none) {
            problem("%s needs an archetype = \"NAME\", or a base = \"NAME\" to take it from", label.c_str());
            return;
        }
        out.parts.push_back(converted(start != nullptr ? &start->parts[0] : nullptr, root, "root"));
        if (start != nullptr) {
            for (std::size_t c = 1; c < start->parts.size(); ++c) {
                out.parts.push_back(converted(&start->parts[c], start->parts[c].archetype, start->parts[c].name));
            }
            out.links = start->links;
        }
        const auto children = body.find("children");
        const bool has_children = children != body.end() && children->is_object();
        if (children != body.end() && !has_children) {
            const json_path::segment key{values_.path, "children"};
            problem("%s: children must be a table of its children by name, each [prefab.%s.children.CHILD]",
                    label.c_str(), name.c_str());
        }
        if (has_children) {
            const json_path::segment key{values_.path, "children"};
            for (auto child = children->begin(); child != children->end(); ++child) {
                const json_path::segment named{values_.path, child.key()};
                const std::string child_label = label + ": child '" + shown(child.key()) + "'";
                if (!child->is_object()) {
                    problem("%s must be a table, with an archetype and values", child_label.c_str());
                    continue;
                }
                const auto part = std::find_if(out.parts.begin() + 1, out.parts.end(),
                                               [&](const prefab_part_values& v) { return v.name == child.key(); });
                std::uint32_t archetype = part != out.parts.end() ? part->archetype : scene_none;
                if (const auto given = child->find("archetype"); given != child->end()) {
                    const json_path::segment arch{values_.path, "archetype"};
                    archetype = archetype_named(*given, child_label);
                    if (archetype == scene_none) {
                        continue;
                    }
                } else if (archetype == scene_none) {
                    problem("%s needs an archetype = \"NAME\"", child_label.c_str());
                    continue;
                }
                if (part != out.parts.end()) {
                    *part = converted(&*part, archetype, part->name);
                } else {
                    out.parts.push_back(converted(nullptr, archetype, child.key()));
                }
            }
        }
        static constexpr std::string_view root_keys[] = {"archetype", "base", "children", "doc"};
        read_part_values(body, out, 0, label, root_keys,
                         "its keys are archetype, base, children and doc, or a component of its archetype");
        if (has_children) {
            const json_path::segment key{values_.path, "children"};
            for (auto child = children->begin(); child != children->end(); ++child) {
                const auto part = std::find_if(out.parts.begin() + 1, out.parts.end(),
                                               [&](const prefab_part_values& v) { return v.name == child.key(); });
                if (!child->is_object() || part == out.parts.end()) {
                    continue;
                }
                static constexpr std::string_view child_keys[] = {"archetype", "doc"};
                const json_path::segment named{values_.path, child.key()};
                read_part_values(*child, out, static_cast<std::size_t>(part - out.parts.begin()),
                                 label + ": child '" + shown(child.key()) + "'", child_keys,
                                 "its keys are archetype and doc, or a component of its archetype");
            }
        }
    }

    // The values body gives part `part` of out, over what it holds.
    void read_part_values(const scene_json& body, prefab_values& out, std::size_t part, const std::string& label,
                          std::span<const std::string_view> own_keys, const char* keys_advice) {
        prefab_part_values& values = out.parts[part];
        with_type_at<archetypes>(values.archetype, [&]<class A, std::size_t>() {
            read_components<components, A>(
                body, label, own_keys, "a prefab's key", keys_advice, [&]<class C>(const scene_json& value) {
                    std::vector<std::byte>& bytes = values.components[index_of_v<C, typename A::components>];
                    C patched{};
                    std::memcpy(&patched, bytes.data(), sizeof(C));
                    read_fields(value, patched, label, [&](const field_info& info, const scene_json& named) {
                        link(out, part, index_of_v<C, components>, traits_of_t<C>::name, info, named, label);
                    });
                    std::memcpy(bytes.data(), &patched, sizeof(C));
                });
        });
    }

    // An entity field's value: the name of a part of the prefab.
    void link(prefab_values& out, std::size_t part, std::size_t component, std::string_view component_name,
              const field_info& info, const scene_json& value, const std::string& label) {
        const std::string field = std::string(component_name) + '.' + std::string(info.name);
        if (info.count != 1) {
            problem("%s: %s is an array of entities, which a prefab cannot give values yet", label.c_str(),
                    field.c_str());
            return;
        }
        std::vector<std::string_view> parts;
        for (const prefab_part_values& p : out.parts) {
            parts.push_back(p.name);
        }
        if (!value.is_string() ||
            std::find(parts.begin(), parts.end(), value.template get_ref<const std::string&>()) == parts.end()) {
            const std::string close =
                value.is_string() ? closest_name(value.template get_ref<const std::string&>(), parts) : std::string{};
            problem("%s: %s names %s, which is not a part of the prefab; %s", label.c_str(), field.c_str(),
                    found(value).c_str(),
                    !close.empty() ? ("did you mean '" + close + "'?").c_str()
                                   : ("its parts are " + listed(parts)).c_str());
            return;
        }
        const prefab_link_value made{out.parts[part].name, static_cast<std::uint32_t>(component),
                                     static_cast<std::uint32_t>(info.offset),
                                     value.template get_ref<const std::string&>()};
        const auto same = std::find_if(out.links.begin(), out.links.end(), [&](const prefab_link_value& l) {
            return l.owner == made.owner && l.component == made.component && l.offset == made.offset;
        });
        if (same != out.links.end()) {
            *same = made;
        } else {
            out.links.push_back(made);
        }
    }

    // Whether resolved has the shape the program gives prefab p (its
    // archetype, children and links); a problem when not.
    bool same_shape(std::size_t p, const prefab_values& resolved) {
        const prefab_values& built = current_[p];
        const std::string name = shown(prefab_names_[p]);
        const auto names = [](const prefab_values& values) {
            std::vector<std::string_view> children;
            for (std::size_t c = 1; c < values.parts.size(); ++c) {
                children.push_back(values.parts[c].name);
            }
            return children;
        };
        const char* rebuild = "a reload changes a prefab's values; its archetype, children and links are the "
                              "program's, and changing them needs a rebuild";
        if (resolved.parts[0].archetype != built.parts[0].archetype) {
            problem_at(pointer(p, "archetype"), "prefab '%s': its archetype is now '%.*s', the program's is '%.*s'; %s",
                       name.c_str(), static_cast<int>(archetype_names_[resolved.parts[0].archetype].size()),
                       archetype_names_[resolved.parts[0].archetype].data(),
                       static_cast<int>(archetype_names_[built.parts[0].archetype].size()),
                       archetype_names_[built.parts[0].archetype].data(), rebuild);
            return false;
        }
        if (names(resolved) != names(built)) {
            const std::vector<std::string_view> now = names(resolved);
            const std::vector<std::string_view> before = names(built);
            std::string at = pointer(p, "children"); // at the first child the program lacks, if one is
            for (const std::string_view child : now) {
                if (std::find(before.begin(), before.end(), child) == before.end()) {
                    at += '/' + escaped(child);
                    break;
                }
            }
            problem_at(at, "prefab '%s': its children are now %s, the program's are %s; %s",
                       name.c_str(), now.empty() ? "none" : listed(now).c_str(),
                       before.empty() ? "none" : listed(before).c_str(), rebuild);
            return false;
        }
        for (std::size_t c = 1; c < built.parts.size(); ++c) {
            if (resolved.parts[c].archetype != built.parts[c].archetype) {
                problem_at(pointer(p, "children") + '/' + escaped(built.parts[c].name),
                           "prefab '%s': child '%s' is now a '%.*s', the program's is a '%.*s'; %s", name.c_str(),
                           shown(built.parts[c].name).c_str(),
                           static_cast<int>(archetype_names_[resolved.parts[c].archetype].size()),
                           archetype_names_[resolved.parts[c].archetype].data(),
                           static_cast<int>(archetype_names_[built.parts[c].archetype].size()),
                           archetype_names_[built.parts[c].archetype].data(), rebuild);
                return false;
            }
        }
        const auto missing = [](const std::vector<prefab_link_value>& from, const std::vector<prefab_link_value>& in) {
            return std::find_if(from.begin(), from.end(), [&in](const prefab_link_value& l) {
                return std::find(in.begin(), in.end(), l) == in.end();
            });
        };
        auto differs = missing(resolved.links, built.links);
        if (differs == resolved.links.end()) {
            differs = missing(built.links, resolved.links);
            if (differs == built.links.end()) {
                return true;
            }
        }
        std::string which = "an entity field";
        std::string at = differs->owner == "root" ? pointer(p) : pointer(p, "children") + '/' + escaped(differs->owner);
        with_type_at<components>(differs->component, [&]<class C, std::size_t>() {
            for (const field_info& info : traits_of_t<C>::field_infos) {
                if (info.offset == differs->offset) {
                    which = std::string(traits_of_t<C>::name) + '.' + std::string(info.name);
                    // where the file writes it, if it does
                    at += '/' + escaped(traits_of_t<C>::name) + '/' + escaped(info.name);
                }
            }
        });
        problem_at(at, "prefab '%s': %s of part '%s' names other parts than the program's; %s", name.c_str(),
                   which.c_str(), shown(differs->owner).c_str(), rebuild);
        return false;
    }

    const std::vector<prefab_values>& current_;
    std::vector<const scene_json*> bodies_;
    std::vector<std::size_t> base_;
    std::vector<bool> bad_base_;
    std::vector<state> state_;
    const std::vector<std::string_view> prefab_names_ = name_list(prefabs{});
    const std::vector<std::string_view> archetype_names_ = name_list(archetypes{});
};

} // namespace kiln::internal
