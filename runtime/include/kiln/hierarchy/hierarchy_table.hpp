// hierarchy_table: who is whose parent, kept beside the entity table.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include <kiln/config.hpp>
#include <kiln/entity/entity.hpp>

namespace kiln {

// The links of one entity in a hierarchy: its parent, its children as an
// intrusive list (first, last, and each child's neighbours), and its depth
// (0 for a root), cached so that ordering work by depth needs no walk to the
// root. Walking children or a subtree follows these links and allocates
// nothing.
struct hierarchy_links {
    entity parent;
    entity first_child;
    entity last_child;
    entity next_sibling;
    entity prev_sibling;
    std::uint32_t depth = 0;
    std::uint32_t child_count = 0;
};

// One hierarchy_links per entity index, for a world's entities. The table
// holds handles and trusts them: the world calls it only with live entities
// and erases an entity's links when the entity dies, so a link never names
// a dead entity. Cycles are the caller's to refuse (is_ancestor) before
// attach.
class hierarchy_table {
public:
    // e's links; no parent and no children for an entity never linked.
    [[nodiscard]] const hierarchy_links& links(entity e) const noexcept {
        return e.index() < links_.size() ? links_[e.index()] : unlinked;
    }

    // Whether e has a parent or a child.
    [[nodiscard]] bool linked(entity e) const noexcept {
        const hierarchy_links& l = links(e);
        return !l.parent.is_null() || !l.first_child.is_null();
    }

    // The number of child-to-parent links: 0 when no entity has a parent.
    [[nodiscard]] std::size_t link_count() const noexcept { return link_count_; }

    // Changes with every attach, detach and erase, and with rows_moved: what
    // caches of the hierarchy's shape and of its rows compare to know they
    // are stale.
    [[nodiscard]] std::uint64_t version() const noexcept { return version_; }

    // The world tells it, while link_count() != 0, that rows moved (a row
    // filled by another entity, rows sorted): a cache of the places of
    // linked entities is stale too (kiln/hierarchy/hierarchy_order.hpp). It tells it
    // of every move between archetypes, links or not: what the entity holds
    // changed, which a dirty propagation must see.
    void rows_moved() noexcept { ++version_; }

    // Whether ancestor is e's parent, or its parent's parent, and so on.
    [[nodiscard]] bool is_ancestor(entity ancestor, entity e) const noexcept {
        for (entity up = links(e).parent; !up.is_null(); up = links(up).parent) {
            if (up == ancestor) {
                return true;
            }
        }
        return false;
    }

    // The entity after e in a depth-first walk of root's subtree (e first
    // visited, then its children, then its next sibling), or the null entity
    // after the last. Needs no stack: the links lead back up.
    [[nodiscard]] entity next_in_subtree(entity e, entity root) const noexcept {
        if (const entity child = links(e).first_child; !child.is_null()) {
            return child;
        }
        for (entity at = e; at != root; at = links(at).parent) {
            if (const entity next = links(at).next_sibling; !next.is_null()) {
                return next;
            }
        }
        return null_entity;
    }

    // Calls function(child, parent) for every link, tree by tree in the
    // order of their roots' indices, each tree depth-first: a parent's own
    // link comes before its children's, and siblings come in order, so that
    // attaching the links in this order builds the same table.
    template <class Function>
    void for_each_link(Function&& function) const {
        for (const hierarchy_links& root : links_) {
            if (!root.parent.is_null() || root.first_child.is_null()) {
                continue;
            }
            const entity root_entity = links_[root.first_child.index()].parent;
            for (entity e = root.first_child; !e.is_null(); e = next_in_subtree(e, root_entity)) {
                function(e, links_[e.index()].parent);
            }
        }
    }

    // Makes parent the parent of child, child its last child; child leaves
    // its former parent first. Preconditions: both alive, parent is not
    // child and not one of its descendants.
    void attach(entity child, entity parent) {
        KILN_ASSERT(parent != child && !is_ancestor(child, parent),
                    "hierarchy_table::attach: entity %u:%u would be its own ancestor", child.index(),
                    child.generation());
        grow_to(std::max(child.index(), parent.index()));
        detach(child);
        hierarchy_links& p = links_[parent.index()];
        hierarchy_links& c = links_[child.index()];
        c.parent = parent;
        c.prev_sibling = p.last_child;
        if (p.last_child.is_null()) {
            p.first_child = child;
        } else {
            links_[p.last_child.index()].next_sibling = child;
        }
        p.last_child = child;
        ++p.child_count;
        ++link_count_;
        set_depths(child, p.depth + 1);
        ++version_;
    }

    // Makes parent the parent of each of children, in order, after its own
    // children: what attach of each does, for children that have neither a
    // parent nor children (new entities, as a spawn's), without attach's
    // walk up from parent, its detach and its walk of a subtree. Each
    // child's links are written whole, the table grows once, and the
    // version changes once. Preconditions: parent and children alive and
    // distinct, each child unlinked (checked in debug builds).
    void attach_new(std::span<const entity> children, entity parent) {
        if (children.empty()) {
            return;
        }
        entity::index_type last = parent.index();
        for (const entity child : children) {
            last = std::max(last, child.index());
        }
        grow_to(last);
        hierarchy_links* const links = links_.data();
        hierarchy_links& p = links[parent.index()];
        const std::uint32_t depth = p.depth + 1;
        entity previous = p.last_child;
        if (previous.is_null()) {
            p.first_child = children.front();
        } else {
            links[previous.index()].next_sibling = children.front();
        }
        for (std::size_t i = 0; i < children.size(); ++i) {
            const entity child = children[i];
            KILN_ASSERT(child != parent && !linked(child),
                        "hierarchy_table::attach_new: entity %u:%u is linked already, or the parent", child.index(),
                        child.generation());
            links[child.index()] = {parent, null_entity, null_entity,
                                    i + 1 < children.size() ? children[i + 1] : null_entity, previous, depth, 0};
            previous = child;
        }
        p.last_child = previous;
        p.child_count += static_cast<std::uint32_t>(children.size());
        link_count_ += children.size();
        ++version_;
    }

    // Room for the links of entities up to index last, for whoever is about
    // to link many (a spawn of many): the table then grows once.
    void reserve(entity::index_type last) {
        if (last >= links_.capacity()) {
            links_.reserve(std::size_t{last} + 1);
        }
    }

    // Takes child from its parent's children: child's subtree becomes a tree
    // of its own. Does nothing when child has no parent.
    void detach(entity child) noexcept {
        if (child.index() >= links_.size() || links_[child.index()].parent.is_null()) {
            return;
        }
        hierarchy_links& c = links_[child.index()];
        hierarchy_links& p = links_[c.parent.index()];
        (c.prev_sibling.is_null() ? p.first_child : links_[c.prev_sibling.index()].next_sibling) = c.next_sibling;
        (c.next_sibling.is_null() ? p.last_child : links_[c.next_sibling.index()].prev_sibling) = c.prev_sibling;
        --p.child_count;
        --link_count_;
        c.parent = c.next_sibling = c.prev_sibling = null_entity;
        set_depths(child, 0);
        ++version_;
    }

    // Forgets e, which is dying: it leaves its parent, and its children
    // become roots, each keeping its own subtree.
    void erase(entity e) noexcept {
        if (!linked(e)) {
            return;
        }
        detach(e);
        while (!links_[e.index()].first_child.is_null()) {
            detach(links_[e.index()].first_child);
        }
    }

    // Forgets every link.
    void clear() noexcept {
        links_.clear();
        link_count_ = 0;
        ++version_;
    }

    void swap(hierarchy_table& other) noexcept {
        std::swap(links_, other.links_);
        std::swap(link_count_, other.link_count_);
        // Both change, so that no cache of either shape survives the swap.
        version_ = other.version_ = std::max(version_, other.version_) + 1;
    }

private:
    static constexpr hierarchy_links unlinked{};

    void grow_to(entity::index_type index) {
        if (index >= links_.size()) {
            links_.resize(std::size_t{index} + 1);
        }
    }

    // Sets the depth of root to depth, and of its descendants to match.
    void set_depths(entity root, std::uint32_t depth) noexcept {
        if (links_[root.index()].depth == depth) {
            return; // so are its descendants'
        }
        for (entity e = root; !e.is_null(); e = next_in_subtree(e, root)) {
            hierarchy_links& l = links_[e.index()];
            l.depth = e == root ? depth : links_[l.parent.index()].depth + 1;
        }
    }

    std::vector<hierarchy_links> links_;
    std::size_t link_count_ = 0;
    std::uint64_t version_ = 0;
};

} // namespace kiln
