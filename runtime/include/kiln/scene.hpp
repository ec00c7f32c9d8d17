// Scenes (levels) loaded into a world at run time, and reloaded into a
// running one (docs/content.md, Scenes): a TOML file in the schema's
// vocabulary, checked as `kilnc scene` checks it at build time.
//
//     kiln::loaded_scene<game::schema> level;
//     if (const kiln::scene_error error = kiln::load_scene(world, "level.toml", level)) {
//         std::fputs(error.text().c_str(), stderr); // level.toml:6:11: error: ...; world unchanged
//     }
//     kiln::entity escort = level.find("escort");
//     ...
//     if (const kiln::scene_error error = kiln::reload_scene(world, level)) { ... } // after the file changed
//
// Link kiln::scene (its one compiled file parses the TOML, on toml++; this
// header needs nlohmann/json, as kiln/json.hpp does). The reader is
// kiln/io/scene_reader.hpp; this header spawns what it read. Like JSON, a
// load instantiates code for every prefab, archetype and component: call it
// from one translation unit (docs/compile_time.md, "A scene's load").
#pragma once

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include <kiln/config.hpp>
#include <kiln/io/prefab_reader.hpp>
#include <kiln/io/scene_document.hpp>
#include <kiln/io/scene_reader.hpp>
#include <kiln/io/world_access.hpp>
#include <kiln/world.hpp>

namespace kiln {

template <class Schema>
class loaded_scene;

namespace internal {

template <class Schema>
struct scene_access;

} // namespace internal

// What a load made: each entity of the scene by name ("escort", and a
// prefab instance's children as "escort.gun"), and the file as it was read,
// which reload_scene compares the changed file with.
template <class Schema>
class loaded_scene {
public:
    loaded_scene() = default;
    loaded_scene(const loaded_scene& other) : document_{other.document_}, entities_{other.entities_} { reindex(); }
    loaded_scene(loaded_scene&&) noexcept = default; // the names stay where they are: the index holds
    loaded_scene& operator=(const loaded_scene& other) {
        if (this != &other) {
            document_ = other.document_;
            entities_ = other.entities_;
            reindex();
        }
        return *this;
    }
    loaded_scene& operator=(loaded_scene&&) noexcept = default;
    ~loaded_scene() = default;

    // The entity named name, or the null entity when the scene names none.
    // The entity may have died since (the game destroyed it).
    [[nodiscard]] entity find(std::string_view name) const {
        const auto found = index_.find(name);
        return found == index_.end() ? entity{} : entities_[found->second].second;
    }

    // Each name and entity, in the file's order (an instance's children after it).
    [[nodiscard]] const std::vector<std::pair<std::string, entity>>& entities() const noexcept { return entities_; }

    // The file it was loaded from, as given.
    [[nodiscard]] const std::string& file() const noexcept { return document_.file; }

private:
    friend struct internal::scene_access<Schema>;

    // Each name's position in entities_, the key a view of the name there.
    void reindex() {
        index_.clear();
        index_.reserve(entities_.size());
        for (std::size_t p = 0; p < entities_.size(); ++p) {
            index_.emplace(entities_[p].first, p);
        }
    }

    internal::scene_document document_;
    std::vector<std::pair<std::string, entity>> entities_;
    std::unordered_map<std::string_view, std::size_t> index_; // views of entities_'s names
};

namespace internal {

// For each field of component C that is not an entity, its value in
// new_bytes where old_bytes and new_bytes differ and e's value is still
// old_bytes' (the game did not change it, nor did an override): what a
// reload of a scene or of prefabs writes into an entity it keeps.
template <class C, class World>
void update_fields([[maybe_unused]] World& world, [[maybe_unused]] entity e,
                   [[maybe_unused]] const std::byte* old_bytes, [[maybe_unused]] const std::byte* new_bytes) {
    if constexpr (traits_of_t<C>::field_infos.size() != 0) {
        bool differ = false;
        for (const field_info& info : traits_of_t<C>::field_infos) {
            differ = differ || (info.element != scalar_type::entity &&
                                std::memcmp(old_bytes + info.offset, new_bytes + info.offset, info.size) != 0);
        }
        if (!differ || !world.template has<C>(e)) {
            return;
        }
        C current = world.template get<C>(e);
        auto* current_bytes = reinterpret_cast<std::byte*>(&current);
        bool changed = false;
        for (const field_info& info : traits_of_t<C>::field_infos) {
            if (info.element == scalar_type::entity ||
                std::memcmp(old_bytes + info.offset, new_bytes + info.offset, info.size) == 0 ||
                std::memcmp(current_bytes + info.offset, old_bytes + info.offset, info.size) != 0) {
                continue; // unchanged in the file, or changed while running: kept
            }
            std::memcpy(current_bytes + info.offset, new_bytes + info.offset, info.size);
            changed = true;
        }
        if (changed) {
            world.template get<C>(e) = current;
        }
    }
}

template <class Schema>
struct scene_access {
    using world_type = basic_world<Schema>;
    using stage_type = scene_stage<Schema>;
    using kinds = typename stage_type::kinds;
    using prefabs = typename stage_type::prefabs;
    using components = typename Schema::components;
    using resources = typename Schema::resources;

    static scene_document& document(loaded_scene<Schema>& scene) { return scene.document_; }

    // Reads document into stage; the problems, if any.
    static scene_error stage(const scene_document& document, stage_type& stage) {
        scene_reader<Schema> reader{document, stage};
        reader.read();
        return std::move(reader.error);
    }

    // Makes entity e of stage (its parts into made), with the rows read.
    static void spawn(world_type& world, stage_type& stage, const staged_entity& e, std::vector<entity>& made) {
        with_type_at<kinds>(e.kind, [&]<class Kind, std::size_t K>() {
            auto& rows = stage.rows.template rows<K>()[e.slot];
            if constexpr (prefab<Kind>) {
                world_sink<world_type> sink{world};
                auto& records = world_access<world_type>::prefab_records(world);
                const auto note = [&records](entity part_entity, std::size_t part) {
                    records.record(part_entity, static_cast<std::uint16_t>(index_of_v<Kind, prefabs>),
                                   static_cast<std::uint16_t>(part));
                };
                const spawned<Kind> one = spawn_rows<Kind>(sink, note, rows);
                [&]<std::size_t... I>(std::index_sequence<I...>) {
                    in_order({(made[e.first_part + I] = entity{std::get<I>(one.handles)}, 0)...});
                }(std::make_index_sequence<1 + Kind::children::size>{});
            } else {
                made[e.first_part] = std::apply(
                    [&world](const auto&... values) { return entity{world.template create<Kind>(values...)}; }, rows);
            }
        });
    }

    // Writes target into the entity field at offset of component number
    // `component` of owner.
    static void write_link(world_type& world, const staged_link& link, entity owner, entity target) {
        with_type_at<components>(link.component, [&]<class C, std::size_t>() {
            if constexpr (has_entity_field<C>() && held_by_any<C>(typename Schema::archetypes{})) {
                if (!world.template has<C>(owner)) {
                    return;
                }
                C value = world.template get<C>(owner);
                std::memcpy(reinterpret_cast<std::byte*>(&value) + link.offset, &target, sizeof(entity));
                world.template get<C>(owner) = value;
            }
        });
    }

    // For each field of C that is not an entity, new_value's where old_value
    // and new_value differ and the entity's value is still old_value's (the
    // game did not change it): what a reload writes into a kept entity.
    template <class C>
    static void update(world_type& world, entity e, const C& old_value, const C& new_value) {
        update_fields<C>(world, e, reinterpret_cast<const std::byte*>(&old_value),
                         reinterpret_cast<const std::byte*>(&new_value));
    }

    // A kept entity's values: each part's, from the old file's rows to the new's.
    static void update(world_type& world, const stage_type& old_stage, const staged_entity& old_entity,
                       const stage_type& new_stage, const staged_entity& new_entity, const std::vector<entity>& made) {
        with_type_at<kinds>(new_entity.kind, [&]<class Kind, std::size_t K>() {
            const auto& old_rows = old_stage.rows.template rows<K>()[old_entity.slot];
            const auto& new_rows = new_stage.rows.template rows<K>()[new_entity.slot];
            const auto update_row = [&](entity e, const auto& old_row, const auto& new_row) {
                if (!world.alive(e)) {
                    return; // the game destroyed it: it stays so
                }
                std::apply(
                    [&](const auto&... old_values) {
                        in_order({(update(world, e, old_values,
                                          std::get<std::remove_cvref_t<decltype(old_values)>>(new_row)),
                                   0)...});
                    },
                    old_row);
            };
            if constexpr (prefab<Kind>) {
                [&]<std::size_t... I>(std::index_sequence<I...>) {
                    in_order({(update_row(made[new_entity.first_part + I], std::get<I>(old_rows), std::get<I>(new_rows)),
                               0)...});
                }(std::make_index_sequence<1 + Kind::children::size>{});
            } else {
                update_row(made[new_entity.first_part], old_rows, new_rows);
            }
        });
    }

    // The resources' fields the new file sets: written unless the old file
    // set the same value, or the game changed what the old file set.
    static void update_resources(world_type& world, const stage_type* old_stage, const stage_type& new_stage) {
        std::size_t position = 0;
        for_each_type(resources{}, [&]<class R>() {
            const std::vector<bool>& given = new_stage.given[position];
            const std::vector<bool>* old_given = old_stage != nullptr ? &old_stage->given[position] : nullptr;
            ++position;
            auto* current = reinterpret_cast<std::byte*>(&world.template resource<R>());
            const auto* new_bytes = reinterpret_cast<const std::byte*>(&std::get<R>(new_stage.resource_values));
            const auto* old_bytes = old_stage != nullptr
                                        ? reinterpret_cast<const std::byte*>(&std::get<R>(old_stage->resource_values))
                                        : nullptr;
            for (std::size_t f = 0; f < given.size(); ++f) {
                const field_info& info = traits_of_t<R>::field_infos[f];
                if (!given[f]) {
                    continue;
                }
                if (old_given != nullptr && (*old_given)[f] &&
                    (std::memcmp(old_bytes + info.offset, new_bytes + info.offset, info.size) == 0 ||
                     std::memcmp(current + info.offset, old_bytes + info.offset, info.size) != 0)) {
                    continue;
                }
                std::memcpy(current + info.offset, new_bytes + info.offset, info.size);
            }
        });
    }

    // Puts new_stage into world. Without an old scene (a load, Reload
    // false, old_stage and old_scene null), every entity is spawned. With
    // one (a reload), an entity of the same name and prefab or archetype is
    // kept and updated in place, one the new file lacks is destroyed, and
    // one it adds is spawned. A template on Reload so that a unit that only
    // loads compiles none of a reload's updates, per prefab and archetype.
    template <bool Reload>
    static void apply(world_type& world, const stage_type* old_stage, const loaded_scene<Schema>* old_scene,
                      stage_type& new_stage, loaded_scene<Schema>& result) {
        std::vector<entity> made(new_stage.part_names.size());
        std::vector<std::uint32_t> kept(new_stage.entities.size(), scene_none); // the old entity each keeps
        std::vector<bool> old_kept(old_stage != nullptr ? old_stage->entities.size() : 0);
        if constexpr (Reload) {
            std::unordered_map<std::string_view, std::uint32_t> old_by_name;
            for (std::uint32_t e = 0; e < old_stage->entities.size(); ++e) {
                old_by_name.emplace(old_stage->entities[e].name, e);
            }
            for (std::uint32_t e = 0; e < new_stage.entities.size(); ++e) {
                const auto found = old_by_name.find(new_stage.entities[e].name);
                if (found != old_by_name.end() && old_stage->entities[found->second].kind == new_stage.entities[e].kind) {
                    kept[e] = found->second;
                    old_kept[found->second] = true;
                    const staged_entity& old_entity = old_stage->entities[found->second];
                    for (std::uint32_t p = 0; p < new_stage.entities[e].parts; ++p) {
                        made[new_stage.entities[e].first_part + p] =
                            old_scene->find(old_stage->part_names[old_entity.first_part + p]);
                    }
                }
            }
        }
        for (std::uint32_t e = 0; e < new_stage.entities.size(); ++e) {
            if (kept[e] == scene_none) {
                spawn(world, new_stage, new_stage.entities[e], made);
            }
        }
        auto tree = world.hierarchy();
        for (std::uint32_t e = 0; e < new_stage.entities.size(); ++e) {
            const staged_entity& one = new_stage.entities[e];
            const entity root = made[one.first_part];
            const std::uint32_t old_parent = kept[e] != scene_none ? old_stage->entities[kept[e]].parent : scene_none;
            // The same parent: none before and now, or the same entity, kept.
            const bool same_parent = kept[e] != scene_none &&
                                     (old_parent == scene_none ? one.parent == scene_none
                                                               : one.parent != scene_none &&
                                                                     kept[one.parent] == old_parent);
            if (same_parent || !world.alive(root)) {
                continue;
            }
            if (one.parent == scene_none) {
                static_cast<void>(tree.remove_parent(root));
            } else {
                static_cast<void>(tree.set_parent(root, made[new_stage.entities[one.parent].first_part]));
            }
        }
        if constexpr (Reload) {
            for (std::uint32_t e = 0; e < old_stage->entities.size(); ++e) {
                if (old_kept[e]) {
                    continue;
                }
                const staged_entity& gone = old_stage->entities[e];
                for (std::uint32_t p = 0; p < gone.parts; ++p) {
                    static_cast<void>(world.destroy(old_scene->find(old_stage->part_names[gone.first_part + p])));
                }
            }
            for (std::uint32_t e = 0; e < new_stage.entities.size(); ++e) {
                if (kept[e] != scene_none) {
                    update(world, *old_stage, old_stage->entities[kept[e]], new_stage, new_stage.entities[e], made);
                }
            }
        }
        // Links: each the new file writes, but one a kept entity's old file wrote alike.
        std::unordered_map<std::string, std::string_view> old_links; // "owner/component/offset" -> target's name
        if constexpr (Reload) {
            for (const staged_link& link : old_stage->links) {
                old_links.emplace(link_key(old_stage->part_names[link.owner], link),
                                  old_stage->part_names[link.target]);
            }
        }
        std::vector<bool> part_kept(made.size());
        for (std::uint32_t e = 0; e < new_stage.entities.size(); ++e) {
            for (std::uint32_t p = 0; p < new_stage.entities[e].parts; ++p) {
                part_kept[new_stage.entities[e].first_part + p] = kept[e] != scene_none;
            }
        }
        for (const staged_link& link : new_stage.links) {
            const std::string& owner_name = new_stage.part_names[link.owner];
            if (part_kept[link.owner] && part_kept[link.target]) {
                const auto old = old_links.find(link_key(owner_name, link));
                if (old != old_links.end() && old->second == new_stage.part_names[link.target]) {
                    continue;
                }
            }
            if (world.alive(made[link.owner])) {
                write_link(world, link, made[link.owner], made[link.target]);
            }
        }
        if constexpr (Reload) {
            restore_removed_links(world, *old_stage, new_stage, kept, made);
        }
        update_resources(world, old_stage, new_stage);
        result.entities_.clear();
        result.entities_.reserve(made.size());
        for (std::size_t p = 0; p < made.size(); ++p) {
            result.entities_.emplace_back(std::move(new_stage.part_names[p]), made[p]);
        }
        result.reindex();
    }

    // An entity field the old file named an entity for and the new one
    // does not, of a kept entity: back to what a spawn writes, the prefab's
    // own link or null.
    static void restore_removed_links(world_type& world, const stage_type& old_stage, const stage_type& new_stage,
                                      const std::vector<std::uint32_t>& kept, const std::vector<entity>& made) {
        std::unordered_map<std::string, std::uint32_t> new_links;
        for (const staged_link& link : new_stage.links) {
            new_links.emplace(link_key(new_stage.part_names[link.owner], link), link.target);
        }
        for (std::uint32_t e = 0; e < new_stage.entities.size(); ++e) {
            if (kept[e] == scene_none) {
                continue;
            }
            const staged_entity& now = new_stage.entities[e];
            const staged_entity& before = old_stage.entities[kept[e]];
            for (const staged_link& link : old_stage.links) {
                if (link.owner < before.first_part || link.owner >= before.first_part + before.parts) {
                    continue;
                }
                const std::uint32_t part = link.owner - before.first_part;
                const entity owner = made[now.first_part + part];
                if (new_links.count(link_key(new_stage.part_names[now.first_part + part], link)) != 0 ||
                    !world.alive(owner)) {
                    continue;
                }
                entity target{};
                with_type_at<kinds>(now.kind, [&]<class Kind, std::size_t>() {
                    if constexpr (prefab<Kind>) {
                        for_each_type(typename Kind::links{}, [&]<class L>() {
                            using C = typename L::component;
                            const C probe{};
                            const auto offset = reinterpret_cast<const std::byte*>(&(probe.*L::field)) -
                                                reinterpret_cast<const std::byte*>(&probe);
                            if (L::owner == part && index_of_v<C, components> == link.component &&
                                static_cast<std::uint32_t>(offset) == link.offset) {
                                target = made[now.first_part + L::target];
                            }
                        });
                    }
                });
                write_link(world, link, owner, target);
            }
        }
    }

    static std::string link_key(const std::string& owner, const staged_link& link) {
        return owner + '/' + std::to_string(link.component) + '/' + std::to_string(link.offset);
    }

    static void set_entities(loaded_scene<Schema>& scene, loaded_scene<Schema>&& from) {
        scene.entities_ = std::move(from.entities_);
        scene.index_ = std::move(from.index_);
    }
};

// The whole of the file at path, or why it could not be read.
inline scene_error read_scene_file(const std::string& path, std::string& text) {
    std::FILE* file = std::fopen(path.c_str(), "rb");
    if (file == nullptr) {
        return {path, {{0, 0, std::string("cannot open the file: ") + std::strerror(errno)}}};
    }
    char buffer[65536];
    std::size_t read = 0;
    while ((read = std::fread(buffer, 1, sizeof buffer, file)) != 0) {
        text.append(buffer, read);
    }
    const bool failed = std::ferror(file) != 0;
    std::fclose(file);
    if (failed) {
        return {path, {{0, 0, "cannot read the file"}}};
    }
    return {};
}

} // namespace internal

// Loads the scene written in text (file names it in errors) into world: its
// entities spawned (prefab instances with their overrides, archetypes'
// entities with their values) in the file's order, parented, their entity
// fields naming each other written, and the resources' values it gives set.
// scene gets each entity by name. The file is checked first, all of it:
// a mistake anywhere gives an error naming file, line and key, and leaves
// world and scene as they were. Precondition: no each() or system runs on
// world.
template <class Schema>
[[nodiscard]] scene_error load_scene_text(basic_world<Schema>& world, std::string_view text, std::string_view file,
                                          loaded_scene<Schema>& scene) {
    using access = internal::scene_access<Schema>;
    auto document = std::make_unique<internal::scene_document>();
    if (scene_error error = internal::parse_scene(text, file, *document)) {
        return error;
    }
    auto stage = std::make_unique<internal::scene_stage<Schema>>();
    if (scene_error error = access::stage(*document, *stage)) {
        return error;
    }
    loaded_scene<Schema> made;
    access::template apply<false>(world, nullptr, nullptr, *stage, made);
    access::set_entities(scene, std::move(made));
    access::document(scene) = std::move(*document);
    return {};
}

// The same, from the file at path.
template <class Schema>
[[nodiscard]] scene_error load_scene(basic_world<Schema>& world, const std::string& path, loaded_scene<Schema>& scene) {
    std::string text;
    if (scene_error error = internal::read_scene_file(path, text)) {
        return error;
    }
    return load_scene_text(world, text, path, scene);
}

// Reloads scene into the running world it was loaded into, from text (the
// file changed): an entity the file still names, with the same prefab or
// archetype, is updated in place, each field the file changed written
// unless the game changed it since the last load (its value is no longer the
// file's: kept); a parent the file changed is changed; an entity the file no
// longer names is destroyed (with its descendants), one it adds is spawned
// (as is one whose prefab or archetype changed, the old one destroyed); an
// entity the game destroyed stays destroyed. Resources: as fields. Checked
// first as load_scene_text is: on a mistake, world and scene are unchanged.
template <class Schema>
[[nodiscard]] scene_error reload_scene_text(basic_world<Schema>& world, std::string_view text,
                                            loaded_scene<Schema>& scene) {
    using access = internal::scene_access<Schema>;
    auto document = std::make_unique<internal::scene_document>();
    if (scene_error error = internal::parse_scene(text, scene.file(), *document)) {
        return error;
    }
    auto stage = std::make_unique<internal::scene_stage<Schema>>();
    if (scene_error error = access::stage(*document, *stage)) {
        return error;
    }
    auto old_stage = std::make_unique<internal::scene_stage<Schema>>();
    const scene_error old_error = access::stage(access::document(scene), *old_stage);
    KILN_ASSERT(!old_error, "kiln::reload_scene: the scene's last load no longer reads: %s", old_error.text().c_str());
    static_cast<void>(old_error);
    loaded_scene<Schema> made;
    access::template apply<true>(world, old_stage.get(), &scene, *stage, made);
    access::set_entities(scene, std::move(made));
    access::document(scene) = std::move(*document);
    return {};
}

// The same, reading the file the scene was loaded from again.
template <class Schema>
[[nodiscard]] scene_error reload_scene(basic_world<Schema>& world, loaded_scene<Schema>& scene) {
    std::string text;
    if (scene_error error = internal::read_scene_file(scene.file(), text)) {
        return error;
    }
    return reload_scene_text(world, text, scene);
}

// Reloads the values of the prefabs declared in text, a schema file of the
// world's (file names it in errors), into the running program: every
// prefab's values are resolved from the file as kilnc resolves them (its
// base's patched field by field, the schema's defaults for the rest), and
// each entity of world a spawn made from a prefab whose values changed (a
// prefab's instance, or a scene's) is updated in place, field by field: a
// field is written where the entity still holds the prefab's old value, and
// kept where it does not (an override at spawn, a scene's value, or the
// game's change). Later spawns, in every world, take the new values, as do
// scenes loaded or reloaded after.
//
// A reload changes values only: a prefab the program lacks, or one whose
// archetype, children or links (entity fields naming its parts) differ from
// the program's, is an error that asks for a rebuild, as is a component's
// default (the program's defaults are used). The file is checked first, all
// of it: a mistake anywhere gives an error naming file, line and key, and
// changes neither world nor the program's prefabs. Tables other than
// [prefab.NAME] are not read. Needs KILN_RELOAD_PREFABS (kiln/config.hpp:
// on in debug builds); without it, the error says so. Precondition: no
// each(), system or spawn runs, in world or in any world of the schema.
template <class Schema>
[[nodiscard]] scene_error reload_prefabs_text(basic_world<Schema>& world, std::string_view text,
                                              std::string_view file) {
    if constexpr (!KILN_RELOAD_PREFABS) {
        static_cast<void>(world);
        static_cast<void>(text);
        return {std::string(file),
                {{0, 0, "this build spawns prefabs from the program's constants (KILN_RELOAD_PREFABS is 0, as when "
                        "NDEBUG is defined); build with it 1 to reload prefabs"}}};
    } else {
        using archetypes = typename Schema::archetypes;
        using prefabs = typename internal::prefabs_of<Schema>::type;
        auto document = std::make_unique<internal::scene_document>();
        if (scene_error error = internal::parse_scene(text, file, *document)) {
            return error;
        }
        const std::vector<internal::prefab_values> before = internal::live_values<Schema>();
        std::vector<internal::prefab_values> after;
        internal::prefab_reader<Schema> reader{*document, before};
        if (!reader.read(after)) {
            return std::move(reader.error);
        }
        internal::world_access<basic_world<Schema>>::prefab_records(world).for_each(
            [&](entity e, internal::prefab_records::found made) {
                if (made.prefab >= after.size() || after[made.prefab].parts.empty() || !world.alive(e)) {
                    return;
                }
                const internal::prefab_part_values& old_part = before[made.prefab].parts[made.part];
                const internal::prefab_part_values& new_part = after[made.prefab].parts[made.part];
                internal::with_type_at<archetypes>(new_part.archetype, [&]<class A, std::size_t>() {
                    std::size_t c = 0;
                    for_each_type(typename A::components{}, [&]<class C>() {
                        internal::update_fields<C>(world, e, old_part.components[c].data(),
                                                   new_part.components[c].data());
                        ++c;
                    });
                });
            });
        std::size_t position = 0;
        for_each_type(prefabs{}, [&]<class P>() {
            if (!after[position].parts.empty()) {
                internal::set_live_rows<P>(after[position]);
            }
            ++position;
        });
        return {};
    }
}

// The same, from the schema file at path (the one the world's code was
// generated from, edited).
template <class Schema>
[[nodiscard]] scene_error reload_prefabs(basic_world<Schema>& world, const std::string& path) {
    std::string text;
    if (scene_error error = internal::read_scene_file(path, text)) {
        return error;
    }
    return reload_prefabs_text(world, text, path);
}

// Puts back the values kilnc compiled for every prefab of Schema, for the
// spawns to come (entities already spawned keep theirs): what the program
// started with, before any reload_prefabs.
template <class Schema>
void restore_compiled_prefabs() {
    for_each_type(typename internal::prefabs_of<Schema>::type{}, [&]<class P>() {
        internal::live_rows<P> = internal::initial_rows<P>(internal::parts_t<P>{});
    });
}

} // namespace kiln
