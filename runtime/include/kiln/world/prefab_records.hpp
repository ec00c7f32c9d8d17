// prefab_records: which prefab, and which part of it, each spawned entity
// came from, for dump, JSON and tools (docs/content.md).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include <kiln/core/type_list.hpp>
#include <kiln/entity/entity.hpp>
#include <kiln/schema/prefab.hpp>

namespace kiln {

namespace internal {

// Per slot of the entity table, the generation of the entity a spawn made
// there and its prefab and part: 8 bytes a slot, up to the highest slot a
// spawn used (up to twice that, as it grows by doubling), and nothing for a
// world that never spawns. A record names its entity only while the slot's
// generation is the record's, so destroying an entity needs no word here;
// clear, load and swap, which renumber the table, clear or swap the records
// with it.
class prefab_records {
public:
    struct found {
        std::uint16_t prefab; // the prefab's position in the schema's prefabs
        std::uint16_t part;   // 0 the root, then each child in order
    };

    void record(entity e, std::uint16_t prefab, std::uint16_t part) {
        if (e.index() >= records_.size()) [[unlikely]] {
            grow_to(e.index());
        }
        records_[e.index()] = {e.generation(), static_cast<std::uint16_t>(prefab + 1), part};
    }

    // record for each of made, all parts `part` of prefab `prefab` (a spawn
    // of many's): the table grows once.
    void record(std::span<const entity> made, std::uint16_t prefab, std::uint16_t part) {
        entity::index_type last = 0;
        for (const entity e : made) {
            last = std::max(last, e.index());
        }
        if (!made.empty() && last >= records_.size()) {
            records_.resize(std::size_t{last} + 1); // within what reserve made room for, when it did
        }
        slot* const records = records_.data();
        for (const entity e : made) {
            records[e.index()] = {e.generation(), static_cast<std::uint16_t>(prefab + 1), part};
        }
    }

    // Room for the records of entities up to index last, for a spawn of many.
    void reserve(entity::index_type last) {
        if (last >= records_.capacity()) {
            records_.reserve(std::size_t{last} + 1);
        }
    }

    // The prefab and part of e, if a spawn made e; e must be alive.
    [[nodiscard]] std::optional<found> find(entity e) const noexcept {
        if (e.index() >= records_.size()) {
            return std::nullopt;
        }
        const slot& at = records_[e.index()];
        if (at.prefab == 0 || at.generation != e.generation()) {
            return std::nullopt;
        }
        return found{static_cast<std::uint16_t>(at.prefab - 1), at.part};
    }

    // Calls f(e, found) for each record: e the entity a spawn made in the
    // slot, which may have died since (ask the world whether it is alive).
    template <class F>
    void for_each(F&& f) const {
        for (std::size_t i = 0; i < records_.size(); ++i) {
            const slot& at = records_[i];
            if (at.prefab != 0) {
                f(entity{static_cast<entity::index_type>(i), at.generation},
                  found{static_cast<std::uint16_t>(at.prefab - 1), at.part});
            }
        }
    }

    [[nodiscard]] bool empty() const noexcept { return records_.empty(); }
    void clear() noexcept { records_.clear(); }
    void swap(prefab_records& other) noexcept { records_.swap(other.records_); }

private:
    // Room for a record of index last, and as many again: spawns record
    // entities of new indices, one after another, and grew the table at
    // each. The records past the highest slot a spawn used are empty. Out
    // of line: the rare path, kept out of the code of every spawn.
    [[gnu::noinline]] void grow_to(entity::index_type last) {
        records_.resize(std::max({std::size_t{last} + 1, 2 * records_.size(), std::size_t{64}}));
    }

    struct slot {
        entity::generation_type generation = 0;
        std::uint16_t prefab = 0; // 1 + the prefab's position; 0: no spawn made the entity
        std::uint16_t part = 0;
    };
    std::vector<slot> records_;
};

template <class Prefabs>
struct prefab_names;

template <class... Prefabs>
struct prefab_names<type_list<Prefabs...>> {
    // The names of prefab `prefab`'s part `part`: the prefab's, and the
    // child's (empty for the root).
    static constexpr prefab_part of([[maybe_unused]] std::uint16_t prefab, [[maybe_unused]] std::uint16_t part) noexcept {
        prefab_part named{};
        [[maybe_unused]] std::size_t position = 0;
        in_order({(position++ == prefab ? (named = part_named<Prefabs>(part), 0) : 0)...});
        return named;
    }

    // The prefab and part named "Prefab" or "Prefab.child", if the schema has it.
    static constexpr std::optional<prefab_records::found> find(std::string_view name) noexcept {
        const std::size_t dot = name.find('.');
        [[maybe_unused]] const std::string_view prefab = name.substr(0, dot);
        [[maybe_unused]] const std::string_view child = dot == std::string_view::npos ? std::string_view{} : name.substr(dot + 1);
        std::optional<prefab_records::found> found;
        [[maybe_unused]] std::uint16_t position = 0;
        in_order({(Prefabs::name == prefab ? (found = find_part<Prefabs>(position, child), 0) : 0, ++position, 0)...});
        return found;
    }

private:
    template <class P>
    static constexpr prefab_part part_named(std::uint16_t part) noexcept {
        return part_named(P::name, part, typename P::children{});
    }
    template <class... Children>
    static constexpr prefab_part part_named(std::string_view prefab, [[maybe_unused]] std::uint16_t part,
                                           type_list<Children...>) {
        prefab_part named{prefab, {}};
        [[maybe_unused]] std::uint16_t position = 1;
        in_order({(position++ == part ? (named.part = Children::name, 0) : 0)...});
        return named;
    }

    template <class P>
    static constexpr std::optional<prefab_records::found> find_part(std::uint16_t prefab, std::string_view child) {
        return find_part(prefab, child, typename P::children{});
    }
    template <class... Children>
    static constexpr std::optional<prefab_records::found> find_part(std::uint16_t prefab, std::string_view child,
                                                                   type_list<Children...>) {
        static_cast<void>(prefab); // unread when the prefab has no children
        if (child.empty()) {
            return prefab_records::found{prefab, 0};
        }
        std::optional<prefab_records::found> found;
        [[maybe_unused]] std::uint16_t position = 1;
        in_order({(Children::name == child ? (found = prefab_records::found{prefab, position}, 0) : 0, ++position, 0)...});
        return found;
    }
};

} // namespace internal

} // namespace kiln
