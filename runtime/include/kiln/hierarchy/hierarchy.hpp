// kiln::hierarchy: the parents and children of a world's entities.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string_view>
#include <type_traits>
#include <vector>

#include <kiln/changes/change_tracking.hpp>
#include <kiln/entity/entity.hpp>
#include <kiln/entity/entity_table.hpp>
#include <kiln/events/observer_dispatch.hpp>
#include <kiln/hierarchy/hierarchy_order.hpp>
#include <kiln/hierarchy/hierarchy_sort.hpp>
#include <kiln/hierarchy/hierarchy_table.hpp>
#include <kiln/system/system.hpp>

namespace kiln {

// What set_parent did.
enum class set_parent_result : std::uint8_t {
    done,      // child's parent is parent (it may have been already)
    not_alive, // child or parent is not alive: nothing changed
    cycle,     // parent is child or one of child's descendants: nothing changed
};

// A sentence for a set_parent_result, for messages.
[[nodiscard]] constexpr std::string_view describe(set_parent_result result) noexcept {
    switch (result) {
    case set_parent_result::done:
        return "done";
    case set_parent_result::not_alive:
        return "refused: the child or the parent is not alive";
    case set_parent_result::cycle:
        return "refused: the parent is the child or one of its descendants, which would make a cycle";
    }
    return "?";
}

namespace internal {

// How a link_range steps: to the next sibling, or on through a subtree.
struct sibling_step {
    static entity next(const hierarchy_table& table, entity e, entity) noexcept { return table.links(e).next_sibling; }
};

struct depth_first_step {
    static entity next(const hierarchy_table& table, entity e, entity root) noexcept {
        return table.next_in_subtree(e, root);
    }
};

// The entities reached from first by Step, in a range-for; nothing is
// allocated. Valid while the hierarchy does not change. Its iterator says it
// is an input iterator, so that std::next and std::distance step it (without
// the category, std::iterator_traits takes it for an output iterator).
template <class Step>
class link_range {
public:
    class iterator {
    public:
        using iterator_category = std::input_iterator_tag;
        using value_type = entity;
        using difference_type = std::ptrdiff_t;
        using reference = entity;
        using pointer = void;

        iterator() = default;
        iterator(const hierarchy_table* table, entity at, entity root) noexcept
            : table_{table}, at_{at}, root_{root} {}

        entity operator*() const noexcept { return at_; }
        iterator& operator++() noexcept {
            at_ = Step::next(*table_, at_, root_);
            return *this;
        }
        iterator operator++(int) noexcept {
            iterator before = *this;
            ++*this;
            return before;
        }
        friend bool operator==(const iterator& i, std::default_sentinel_t) noexcept { return i.at_.is_null(); }

    private:
        const hierarchy_table* table_ = nullptr;
        entity at_;
        entity root_;
    };

    link_range(const hierarchy_table& table, entity first, entity root) noexcept
        : table_{&table}, first_{first}, root_{root} {}

    [[nodiscard]] iterator begin() const noexcept { return {table_, first_, root_}; }
    [[nodiscard]] std::default_sentinel_t end() const noexcept { return {}; }
    [[nodiscard]] bool empty() const noexcept { return first_.is_null(); }

private:
    const hierarchy_table* table_;
    entity first_;
    entity root_;
};

// What the hierarchy does to a world's state (kiln/world/world_state.hpp)
// beyond its links: destroying subtrees, and keeping the order propagation
// visits rows in. World is the basic_world that owns the state, handed to the
// observers told of a destroy.
template <class World>
struct hierarchy_moves {
    using state_type = typename World::state_type;
    using dispatch = observer_dispatch<World, change_tracking<World>>;

    // The links of world's entities, for the functions that take a whole
    // world: kiln::hierarchy's view, dump.
    static hierarchy_table& table(World& world) noexcept { return world_state_of(world).hierarchy; }
    static const hierarchy_table& table(const World& world) noexcept { return world_state_of(world).hierarchy; }

    // The world's rows, parents before children, rebuilt first if the
    // hierarchy or the rows changed since it was last built.
    static const hierarchy_order& order(state_type& state) { return refreshed(state); }

    // The same, linked for dirty passes (kiln::propagate_dirty): from now
    // on every rebuild links it, and it is rebuilt now if it was not.
    static hierarchy_order& linked_order(state_type& state) {
        state.hierarchy_order.keep_links();
        return refreshed(state);
    }

    // world.destroy(e) in a world where some entity is linked. A linked e
    // (a parent or children) goes with its descendants, children before
    // their parent (the reverse of the subtree's depth-first order), so
    // that an observer told of an entity's end finds its parent alive and
    // still its parent, and none of its children; their rows are removed
    // at once, after the world settles. An e without links leaves a hole,
    // as world.destroy does in a world without links: no link names it,
    // and what reads rows by position settles first (sort_rows, and
    // refreshed, before the order propagation reads). Then applies what
    // observers recorded. Returns true, as destroy does. Out of line and cold, and
    // the world's only test before it one load: with the hierarchy's work
    // inlined, or a second test, world.destroy lost the registers of a loop
    // of destroys (bench/ destroy 1.07 -> 2.5x soa, then 1.2-1.3x).
    [[gnu::cold, gnu::noinline]] static bool destroy(World& world, state_type& state, entity e) {
        if (state.hierarchy.linked(e)) {
            state.settle(); // a row removed at once takes its archetype's last, which must not be a hole
            destroy_subtree_unapplied(world, state, e);
        } else {
            const entity_location where = state.entities.location(e);
            dispatch::template notify<observer_event::leave>(world, state, e, where.archetype, where.row);
            state.leave_hole(e, where);
        }
        dispatch::apply_commands(state);
        return true;
    }

    static void sort_rows(state_type& state) {
        state.assert_not_iterating("hierarchy().sort_rows");
        state.settle();
        std::array<archetype_storage*, state_type::archetypes::size> storages{};
        std::array<std::uint32_t, state_type::archetypes::size> first_ticks{};
        for (std::size_t a = 0; a < storages.size(); ++a) {
            storages[a] = &state.storages[a];
            first_ticks[a] = state.storages.first_tick_column(a);
        }
        sort_rows_by_depth(storages, first_ticks, state.hierarchy, state.entities);
        state.hierarchy.rows_moved();
    }

    // Destroys the subtrees of archetype id's linked entities, for
    // destroy_all and clear, which then destroy the rest of its rows: each
    // entity while its parent lives, as destroy does.
    static void destroy_linked_rows(World& world, state_type& state, std::uint32_t id) {
        if (state.hierarchy.link_count() == 0) {
            return;
        }
        std::vector<entity> linked;
        for (const entity e : state.storages[id].entities()) {
            if (state.hierarchy.linked(e)) {
                linked.push_back(e);
            }
        }
        for (const entity e : linked) {
            if (state.entities.alive(e)) { // not gone with an earlier one's subtree
                destroy_subtree_unapplied(world, state, e);
            }
        }
    }

private:
    static hierarchy_order& refreshed(state_type& state) {
        state.settle(); // the order holds rows
        std::array<const archetype_storage*, state_type::archetypes::size> storages{};
        for (std::size_t a = 0; a < storages.size(); ++a) {
            storages[a] = &state.storages[a];
        }
        hierarchy_order& order = state.hierarchy_order;
        if (!order.current(storages, state.hierarchy) || (order.keeps_links() && !order.linked())) {
            order.rebuild(storages, state.hierarchy, state.entities, static_cast<std::uint32_t>(storages.size()));
        }
        return order;
    }

    static void destroy_subtree_unapplied(World& world, state_type& state, entity root) {
        std::vector<entity> doomed;
        for (entity e = root; !e.is_null(); e = state.hierarchy.next_in_subtree(e, root)) {
            doomed.push_back(e);
        }
        for (auto e = doomed.rbegin(); e != doomed.rend(); ++e) {
            const entity_location where = state.entities.location(*e);
            dispatch::template notify<observer_event::leave>(world, state, *e, where.archetype, where.row);
            state.remove_row_as_bytes(where);
            state.hierarchy.erase(*e);
            state.entities.destroy(*e);
        }
        state.hierarchy.rows_moved(); // rows of entities out of the subtree filled the holes
    }
};

} // namespace kiln::internal

// The parents and children of World's entities: world.hierarchy() returns
// one. World may be const, for reading only.
//
// Every entity may have one parent and any number of children, kept in the
// order they were given their parent. The hierarchy lives beside the
// entities' rows, not in them: changing it moves no row, so it may change
// while each() runs (but not while a range it returned is walked).
//
// Destroying an entity destroys its descendants too, children before their
// parent (see world.destroy); destroy_keeping_children is the way to let
// them live. An observer told of an entity's end, whichever destroy it was
// (destroy, destroy_keeping_children, destroy_all, clear), finds the
// entity's parent alive and still its parent, and no child: its children
// went before it, or are roots already.
//
// Stale handles follow the rule of destroy and has: every function accepts
// a dead or null handle, and reads it as an entity with no parent and no
// children; set_parent and remove_parent then change nothing.
template <class World>
class hierarchy {
    using moves = internal::hierarchy_moves<std::remove_const_t<World>>;
    static constexpr bool writable = !std::is_const_v<World>;

public:
    // What children returns: e's children for a range-for, oldest first,
    // valid while the hierarchy does not change.
    using children_range = internal::link_range<internal::sibling_step>;
    // What descendants returns: e's descendants for a range-for,
    // depth-first, valid while the hierarchy does not change.
    using descendants_range = internal::link_range<internal::depth_first_step>;

    // The hierarchy of world's entities; world.hierarchy() makes one.
    // Precondition: world outlives it.
    explicit hierarchy(World& world) noexcept : world_{&world} {}

    // e's parent; the null entity when e has none or is not alive.
    [[nodiscard]] entity parent(entity e) const noexcept { return links(e).parent; }

    // e's children, oldest first.
    [[nodiscard]] children_range children(entity e) const noexcept {
        return {table(), links(e).first_child, null_entity};
    }

    // How many children e has: 0 for a leaf (and for an entity not alive).
    [[nodiscard]] std::size_t child_count(entity e) const noexcept { return links(e).child_count; }

    // e's descendants, depth-first: each entity before its children, a
    // child's whole subtree before the child's next sibling. e not included.
    [[nodiscard]] descendants_range descendants(entity e) const noexcept {
        return {table(), links(e).first_child, e};
    }

    // e's descendants, breadth-first: e's children, then theirs, and so on,
    // each generation in the order of its parents and then of siblings.
    [[nodiscard]] std::vector<entity> descendants_breadth_first(entity e) const {
        std::vector<entity> found;
        for (const entity child : children(e)) {
            found.push_back(child);
        }
        for (std::size_t next = 0; next < found.size(); ++next) {
            for (const entity child : children(found[next])) {
                found.push_back(child);
            }
        }
        return found;
    }

    // The root of e's tree: e when it has no parent; the null entity when e
    // is not alive.
    [[nodiscard]] entity root_of(entity e) const noexcept {
        if (!world_->alive(e)) {
            return null_entity;
        }
        entity root = e;
        for (entity up = parent(e); !up.is_null(); up = parent(up)) {
            root = up;
        }
        return root;
    }

    // How many ancestors e has: 0 for a root (and for an entity not alive).
    [[nodiscard]] std::uint32_t depth(entity e) const noexcept { return links(e).depth; }

    // Whether ancestor is e's parent, or its parent's parent, and so on.
    [[nodiscard]] bool is_ancestor(entity ancestor, entity e) const noexcept {
        return world_->alive(e) && table().is_ancestor(ancestor, e);
    }

    // Makes parent the parent of child, which becomes parent's last child,
    // leaving its former parent; its descendants come along. Refused, with
    // nothing changed, when either is not alive, or when parent is child or
    // one of its descendants. Giving child the parent it has already changes
    // nothing (child keeps its place among its siblings).
    set_parent_result set_parent(entity child, entity parent)
        requires writable
    {
        if (!world_->alive(child) || !world_->alive(parent)) {
            return set_parent_result::not_alive;
        }
        hierarchy_table& links = moves::table(*world_);
        if (parent == child || links.is_ancestor(child, parent)) {
            return set_parent_result::cycle;
        }
        if (links.links(child).parent != parent) {
            links.attach(child, parent);
        }
        return set_parent_result::done;
    }

    // Takes child from its parent: it becomes the root of its subtree.
    // Returns false, and does nothing, when child is not alive or has no
    // parent.
    bool remove_parent(entity child)
        requires writable
    {
        if (parent(child).is_null()) {
            return false;
        }
        moves::table(*world_).detach(child);
        return true;
    }

    // Reorders every archetype's rows as the hierarchy orders them: by depth,
    // children of one parent side by side, in the order of their parents.
    // kiln::propagate then reads each depth's rows in sequence, as it does
    // already when parents were created before children level by level;
    // after a tree was built depth-first (a ship, then its turrets, then the
    // next ship) it gathers them instead, twice as slowly at a million rows.
    // Handles stay valid; rows, and references into them, move. Time linear
    // in the rows (and a sort per depth); call it after spawning a level,
    // not every frame. Not while each() runs (debug builds stop).
    void sort_rows()
        requires writable
    {
        moves::sort_rows(world_state_of(*world_));
    }

    // Destroys e alone: its children become roots, each keeping its
    // subtree, before e's observers are told, who find e still a child of
    // its parent. Returns false, and does nothing, when e is not alive.
    bool destroy_keeping_children(entity e)
        requires writable
    {
        if (!world_->alive(e)) {
            return false;
        }
        hierarchy_table& links = moves::table(*world_);
        while (!links.links(e).first_child.is_null()) {
            links.detach(links.links(e).first_child);
        }
        return world_->destroy(e);
    }

private:
    const hierarchy_table& table() const noexcept { return moves::table(*world_); }

    const hierarchy_links& links(entity e) const noexcept {
        static constexpr hierarchy_links none{};
        return world_->alive(e) ? table().links(e) : none;
    }

    World* world_;
};

} // namespace kiln
