#include <kiln/hierarchy/hierarchy_table.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

namespace {

kiln::entity node(kiln::entity::index_type i) { return kiln::entity{i, 7}; }

std::vector<kiln::entity> children_of(const kiln::hierarchy_table& table, kiln::entity e) {
    std::vector<kiln::entity> found;
    for (kiln::entity c = table.links(e).first_child; !c.is_null(); c = table.links(c).next_sibling) {
        found.push_back(c);
    }
    return found;
}

std::vector<kiln::entity> children_backwards(const kiln::hierarchy_table& table, kiln::entity e) {
    std::vector<kiln::entity> found;
    for (kiln::entity c = table.links(e).last_child; !c.is_null(); c = table.links(c).prev_sibling) {
        found.insert(found.begin(), c);
    }
    return found;
}

} // namespace

TEST_CASE("attach appends a child and keeps both directions of the sibling list") {
    kiln::hierarchy_table table;
    table.attach(node(1), node(0));
    table.attach(node(2), node(0));
    table.attach(node(3), node(0));
    CHECK(children_of(table, node(0)) == std::vector{node(1), node(2), node(3)});
    CHECK(children_backwards(table, node(0)) == std::vector{node(1), node(2), node(3)});
    CHECK(table.links(node(0)).child_count == 3);
    CHECK(table.links(node(2)).parent == node(0));
    CHECK(table.link_count() == 3);

    table.detach(node(2)); // the middle one
    CHECK(children_of(table, node(0)) == std::vector{node(1), node(3)});
    CHECK(children_backwards(table, node(0)) == std::vector{node(1), node(3)});
    CHECK(table.links(node(2)).parent.is_null());
    CHECK_FALSE(table.linked(node(2)));
    CHECK(table.link_count() == 2);
}

TEST_CASE("depths follow a subtree that moves") {
    kiln::hierarchy_table table;
    table.attach(node(1), node(0));
    table.attach(node(2), node(1));
    table.attach(node(3), node(2));
    CHECK(table.links(node(3)).depth == 3);
    table.attach(node(2), node(0)); // 2 and 3 move up a level
    CHECK(table.links(node(2)).depth == 1);
    CHECK(table.links(node(3)).depth == 2);
    table.detach(node(2));
    CHECK(table.links(node(2)).depth == 0);
    CHECK(table.links(node(3)).depth == 1);
    CHECK(children_of(table, node(1)).empty());
}

TEST_CASE("next_in_subtree walks a subtree depth-first and stops at its root") {
    kiln::hierarchy_table table;
    //        0           9
    //      /   \         |
    //     1     4       10
    //    / \    |
    //   2   3   5
    table.attach(node(1), node(0));
    table.attach(node(2), node(1));
    table.attach(node(3), node(1));
    table.attach(node(4), node(0));
    table.attach(node(5), node(4));
    table.attach(node(10), node(9));
    std::vector<kiln::entity> walked;
    for (kiln::entity e = node(0); !e.is_null(); e = table.next_in_subtree(e, node(0))) {
        walked.push_back(e);
    }
    CHECK(walked == std::vector{node(0), node(1), node(2), node(3), node(4), node(5)});
    walked.clear();
    for (kiln::entity e = node(1); !e.is_null(); e = table.next_in_subtree(e, node(1))) {
        walked.push_back(e); // 4, 1's sibling, is not in 1's subtree
    }
    CHECK(walked == std::vector{node(1), node(2), node(3)});
}

TEST_CASE("erase frees the children of the erased entity, which keep their own subtrees") {
    kiln::hierarchy_table table;
    table.attach(node(1), node(0));
    table.attach(node(2), node(1));
    table.attach(node(3), node(1));
    table.attach(node(4), node(3));
    table.erase(node(1));
    CHECK(children_of(table, node(0)).empty());
    CHECK(table.links(node(2)).parent.is_null());
    CHECK(table.links(node(3)).parent.is_null());
    CHECK(table.links(node(4)).parent == node(3));
    CHECK(table.links(node(4)).depth == 1);
    CHECK(table.link_count() == 1);
}

namespace {

// Every link of entities 0 to last, for comparing two tables.
std::vector<kiln::hierarchy_links> all_links(const kiln::hierarchy_table& table, kiln::entity::index_type last) {
    std::vector<kiln::hierarchy_links> found;
    for (kiln::entity::index_type i = 0; i <= last; ++i) {
        found.push_back(table.links(node(i)));
    }
    return found;
}

bool same_links(const std::vector<kiln::hierarchy_links>& a, const std::vector<kiln::hierarchy_links>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const auto& x, const auto& y) {
        return x.parent == y.parent && x.first_child == y.first_child && x.last_child == y.last_child &&
               x.next_sibling == y.next_sibling && x.prev_sibling == y.prev_sibling && x.depth == y.depth &&
               x.child_count == y.child_count;
    });
}

} // namespace

TEST_CASE("attach_new links new children as attach of each in turn would, and moves the version on") {
    // A parent with a child already, a level down: the new ones come after
    // it, a level below the parent; then a parent of none, with one child,
    // with several (the parent's index above its children's), and none.
    kiln::hierarchy_table by_one;
    kiln::hierarchy_table at_once;
    for (kiln::hierarchy_table* table : {&by_one, &at_once}) {
        table->attach(node(1), node(0));
        table->attach(node(2), node(1));
    }
    const auto before = at_once.version();
    for (const auto i : {3u, 7u, 5u}) {
        by_one.attach(node(i), node(1));
    }
    const std::vector<kiln::entity> new_children{node(3), node(7), node(5)};
    at_once.attach_new(new_children, node(1));
    CHECK(at_once.version() != before);
    by_one.attach(node(8), node(4));
    at_once.attach_new(std::vector{node(8)}, node(4));
    for (const auto i : {9u, 10u, 11u}) {
        by_one.attach(node(i), node(12));
    }
    at_once.attach_new(std::vector{node(9), node(10), node(11)}, node(12));
    const auto unchanged = at_once.version();
    at_once.attach_new({}, node(6));
    CHECK(at_once.version() == unchanged);
    CHECK(same_links(all_links(at_once, 12), all_links(by_one, 12)));
    CHECK(at_once.link_count() == by_one.link_count());
    CHECK(children_of(at_once, node(1)) == std::vector{node(2), node(3), node(7), node(5)});
    CHECK(children_backwards(at_once, node(1)) == std::vector{node(2), node(3), node(7), node(5)});
    CHECK(at_once.links(node(7)).depth == 2);
    CHECK(at_once.links(node(10)).depth == 1);
}

TEST_CASE("is_ancestor follows parents only") {
    kiln::hierarchy_table table;
    table.attach(node(1), node(0));
    table.attach(node(2), node(1));
    table.attach(node(3), node(0));
    CHECK(table.is_ancestor(node(0), node(2)));
    CHECK(table.is_ancestor(node(1), node(2)));
    CHECK_FALSE(table.is_ancestor(node(2), node(1)));
    CHECK_FALSE(table.is_ancestor(node(3), node(2)));
    CHECK_FALSE(table.is_ancestor(node(2), node(2)));
}

TEST_CASE("every change moves the version on, and swap moves both") {
    kiln::hierarchy_table table;
    const auto start = table.version();
    table.attach(node(1), node(0));
    const auto attached = table.version();
    CHECK(attached != start);
    table.detach(node(1));
    CHECK(table.version() != attached);
    const auto detached = table.version();
    table.rows_moved(); // what a world with links says when rows move
    CHECK(table.version() != detached);

    kiln::hierarchy_table other;
    const auto before = table.version();
    const auto other_before = other.version();
    table.swap(other);
    CHECK(table.version() != before);
    CHECK(table.version() != other_before);
    CHECK(other.version() != before);
}
