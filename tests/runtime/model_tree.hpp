// The model test's reference hierarchy: each entity's parent and its
// children in order, in std::maps, changed by the rules kiln::hierarchy
// documents, written as plainly as they read.
#pragma once

#include <kiln/entity/entity.hpp>
#include <kiln/hierarchy/hierarchy.hpp>

#include <algorithm>
#include <cstdint>
#include <map>
#include <vector>

class reference_tree {
public:
    [[nodiscard]] kiln::entity parent(kiln::entity e) const {
        const auto found = parent_.find(e.to_bits());
        return found == parent_.end() ? kiln::null_entity : found->second;
    }

    [[nodiscard]] std::vector<kiln::entity> children(kiln::entity e) const {
        const auto found = children_.find(e.to_bits());
        return found == children_.end() ? std::vector<kiln::entity>{} : found->second;
    }

    [[nodiscard]] bool is_ancestor(kiln::entity ancestor, kiln::entity e) const {
        for (kiln::entity up = parent(e); !up.is_null(); up = parent(up)) {
            if (up == ancestor) {
                return true;
            }
        }
        return false;
    }

    [[nodiscard]] std::uint32_t depth(kiln::entity e) const {
        std::uint32_t depth = 0;
        for (kiln::entity up = parent(e); !up.is_null(); up = parent(up)) {
            ++depth;
        }
        return depth;
    }

    // set_parent's rule, given whether both entities are alive.
    kiln::set_parent_result set_parent(kiln::entity child, kiln::entity new_parent, bool both_alive) {
        if (!both_alive) {
            return kiln::set_parent_result::not_alive;
        }
        if (child == new_parent || is_ancestor(child, new_parent)) {
            return kiln::set_parent_result::cycle;
        }
        if (parent(child) != new_parent) {
            remove_parent(child);
            parent_[child.to_bits()] = new_parent;
            children_[new_parent.to_bits()].push_back(child);
        }
        return kiln::set_parent_result::done;
    }

    bool remove_parent(kiln::entity child) {
        const kiln::entity old = parent(child);
        if (old.is_null()) {
            return false;
        }
        auto& siblings = children_[old.to_bits()];
        siblings.erase(std::find(siblings.begin(), siblings.end(), child));
        if (siblings.empty()) {
            children_.erase(old.to_bits());
        }
        parent_.erase(child.to_bits());
        return true;
    }

    // e and its descendants, each before its children.
    [[nodiscard]] std::vector<kiln::entity> subtree(kiln::entity e) const {
        std::vector<kiln::entity> found{e};
        for (const kiln::entity child : children(e)) {
            const auto below = subtree(child);
            found.insert(found.end(), below.begin(), below.end());
        }
        return found;
    }

    // Forgets e, which died: it leaves its parent, its children become roots.
    void erase(kiln::entity e) {
        remove_parent(e);
        for (const kiln::entity child : children(e)) {
            parent_.erase(child.to_bits());
        }
        children_.erase(e.to_bits());
    }

    [[nodiscard]] std::size_t link_count() const { return parent_.size(); }

private:
    std::map<std::uint64_t, kiln::entity> parent_;
    std::map<std::uint64_t, std::vector<kiln::entity>> children_;
};
