// The hierarchy in a save: the links of a world's parents and children,
// after its archetypes' rows. The format, byte by byte, is in docs/saves.md.
#pragma once

#include <cstdint>

#include <kiln/entity/entity.hpp>
#include <kiln/entity/entity_table.hpp>
#include <kiln/hierarchy/hierarchy_table.hpp>
#include <kiln/io/save_error.hpp>
#include <kiln/io/save_format.hpp>
#include <kiln/io/save_reader.hpp>

namespace kiln::internal {

// The format of a save that holds a hierarchy: format 2 followed, after the
// last archetype's blocks, by the links. A world without links is saved as
// format 2, which runtimes from before hierarchies read too; they refuse a
// format 3 save, whose links they would drop.
inline constexpr std::uint32_t hierarchy_format_version = 3;

// The bytes write_links writes, at most.
inline std::size_t links_size(const hierarchy_table& links) noexcept {
    return 4 + 16 * links.link_count();
}

// Writes the links in a save of format 3 or later (a save of format 2 has
// none): a u32 count, then per link the child's handle and the parent's, as
// u64s, in hierarchy_table's for_each_link order, which rebuilds each
// parent's children in order.
template <class Writer>
void write_links(Writer& out, const hierarchy_table& links) {
    out.u32(static_cast<std::uint32_t>(links.link_count()));
    links.for_each_link([&](entity child, entity parent) {
        out.u64(child.to_bits());
        out.u64(parent.to_bits());
    });
}

// One saved link.
struct saved_link {
    entity child;
    entity parent;
    std::size_t offset; // where it starts, for messages
};

inline bool read_link(save_reader& in, saved_link& link) {
    std::uint64_t child = 0;
    std::uint64_t parent = 0;
    link.offset = in.offset();
    if (!in.number(child, "a link's child") || !in.number(parent, "a link's parent")) {
        return false;
    }
    link.child = entity::from_bits(child);
    link.parent = entity::from_bits(parent);
    return true;
}

// Reads the links and checks them, changing nothing: each must join two
// entities the save holds (saved(e) says whether it does), give a child its
// first parent, and make no entity its own ancestor.
template <class Saved>
bool check_links(save_reader& in, Saved saved) {
    std::uint32_t count = 0;
    if (!in.count(count, 16, "the hierarchy's link count")) {
        return false;
    }
    hierarchy_table seen;
    for (std::uint32_t i = 0; i < count; ++i) {
        saved_link link{};
        if (!read_link(in, link)) {
            return false;
        }
        const char* problem = !saved(link.child) || !saved(link.parent) ? "names an entity the save does not hold"
                              : !seen.links(link.child).parent.is_null() ? "gives its child a second parent"
                              : link.child == link.parent || seen.is_ancestor(link.child, link.parent)
                                  ? "makes its child its own ancestor"
                                  : nullptr;
        if (problem != nullptr) {
            in.error = make_save_error(save_errc::corrupt, link.offset,
                                       "corrupt save: the link at byte %zu, of entity %u:%u to parent %u:%u, %s",
                                       link.offset, link.child.index(), link.child.generation(),
                                       link.parent.index(), link.parent.generation(), problem);
            return false;
        }
        seen.attach(link.child, link.parent);
    }
    return true;
}

// Reads the links that check_links accepted into links, but those with an
// end that no longer lives (its archetype left the schema): a child whose
// parent went becomes a root.
inline bool apply_links(save_reader& in, const entity_table& entities, hierarchy_table& links) {
    std::uint32_t count = 0;
    if (!in.number(count, "the hierarchy's link count")) {
        return false;
    }
    for (std::uint32_t i = 0; i < count; ++i) {
        saved_link link{};
        if (!read_link(in, link)) {
            return false;
        }
        if (entities.alive(link.child) && entities.alive(link.parent)) {
            links.attach(link.child, link.parent);
        }
    }
    return true;
}

} // namespace kiln::internal
