// kiln_bench_hierarchy: transform propagation down a hierarchy (issue #18).
//
// Every case runs on one tree of N nodes, fan-out 4 (node i's parent is
// node (i - 1) / 4, so the depth is at most 10 at a million nodes), each a
// 2D affine transform; global = parent's global composed with local.
//
// - propagate_full: every global recomputed. kiln: kiln::propagate over the
//   world; baseline: a flat array of nodes sorted by depth, a parent index
//   per node, one pass. The nodes are created parents first (breadth-first),
//   as the baseline's array is; propagate_full_dfs creates them depth-first
//   (a parent, then each child's subtree), the order a game that spawns a
//   ship then its turrets makes, against the same baseline;
//   propagate_full_dfs_sorted creates them so, then calls
//   world.hierarchy().sort_rows() once before timing;
// - propagate_dirty: 1% of the nodes, picked at random (MovingNodes, the
//   others Nodes, created in the same order), have their locals changed
//   since the last pass, by a loop over their archetype, then
//   kiln::propagate_dirty recomputes below the changed locals (kiln);
//   kiln_schedule runs the same loop, then the schema's
//   [propagate.transforms] as the world runs it, world.run(stage::update):
//   the generated propagation, dirty-only as its local part is tracked;
//   kiln_listed writes the same locals through get, then
//   kiln::propagate_changed on the list of them; floor_ranges, hand-written,
//   the least a pass over subtrees stored in pre-order can do (see
//   preorder_tree). Baseline: the full pass,
//   to which the target compares them. The counters say how much
//   of the tree lies below the picked nodes: `covered`, the fraction of the
//   nodes in their subtrees, each once, which any pass that recomputes what
//   changed must recompute (the floor of the ratio to a full pass at the
//   same cost per node); `visits`, the nodes propagate_changed recomputes
//   per node of the tree (a node below two picked ones is recomputed twice).
// - reparent: 1% of the nodes moved to new parents (each to a node of
//   lower number, so that no move makes a cycle); ns per moved node. kiln
//   only.
// - reparent_propagate: the same moves, then a full kiln::propagate, which
//   rebuilds the order first (kiln); kiln_dirty: then kiln::propagate_dirty,
//   whose rebuild also lays the order out for dirty passes, and whose pass
//   is a full one when the moved subtrees hold more than a quarter of the
//   tree. Baseline: the full pass.
//
// Run: kiln_bench_hierarchy [Google Benchmark flags]
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <benchmark/benchmark.h>

#include <kiln/propagation.hpp>
#include <tree/world.hpp>
#include <tree_math/compose.hpp>

namespace {

constexpr std::size_t sizes[] = {10'000, 100'000, 1'000'000};
constexpr std::uint32_t no_parent = ~std::uint32_t{0};

struct affine {
    float a, b, c, d, tx, ty;
};

using tree_math::compose;

struct transform {
    using local = tree::LocalTransform;
    using global = tree::GlobalTransform;
    static tree::GlobalTransform combine(const tree::GlobalTransform& parent, const tree::LocalTransform& local) {
        return compose<tree::GlobalTransform>(parent, local);
    }
};

// Node i's local: a small turn and an offset, different per node.
template <class Local>
Local local_of(std::size_t i) {
    const float k = static_cast<float>(i % 13) * 0.01f;
    return {1 - k * k / 2, k, -k, 1 - k * k / 2, static_cast<float>(i % 7), static_cast<float>(i % 5)};
}

std::size_t parent_of(std::size_t i) { return (i - 1) / 4; }

// The numbers of the nodes in depth-first order: a node, then each child's
// subtree.
std::vector<std::size_t> depth_first(std::size_t n) {
    std::vector<std::size_t> order;
    std::vector<std::size_t> stack{0};
    while (!stack.empty()) {
        const std::size_t node = stack.back();
        stack.pop_back();
        order.push_back(node);
        for (std::size_t child = 4 * node + 4; child >= 4 * node + 1; --child) {
            if (child < n) {
                stack.push_back(child);
            }
        }
    }
    return order;
}

// The world of N nodes, created in the order given (node numbers), and
// their handles by node number; the nodes numbered in moving are
// MovingNodes.
struct kiln_tree {
    kiln_tree(std::size_t n, const std::vector<std::size_t>& creation, const std::vector<std::size_t>& moving = {})
        : nodes(n) {
        std::vector<bool> moves(n, false);
        for (const std::size_t i : moving) {
            moves[i] = true;
        }
        for (const std::size_t i : creation) {
            if (moves[i]) {
                nodes[i] = world.create<tree::MovingNode>(local_of<tree::LocalTransform>(i));
            } else {
                nodes[i] = world.create<tree::Node>(local_of<tree::LocalTransform>(i));
            }
        }
        auto links = world.hierarchy();
        for (const std::size_t i : creation) {
            if (i > 0) {
                links.set_parent(nodes[i], nodes[parent_of(i)]);
            }
        }
        kiln::propagate<transform>(world); // builds the order
    }
    tree::World world;
    std::vector<kiln::entity> nodes;
};

std::vector<std::size_t> breadth_first(std::size_t n) {
    std::vector<std::size_t> order(n);
    for (std::size_t i = 0; i < n; ++i) {
        order[i] = i;
    }
    return order;
}

// The hand-written baseline: nodes sorted by depth, a parent index each.
struct flat_tree {
    explicit flat_tree(std::size_t n) : local(n), global(n), parent(n) {
        for (std::size_t i = 0; i < n; ++i) {
            local[i] = local_of<affine>(i);
            parent[i] = i == 0 ? no_parent : static_cast<std::uint32_t>(parent_of(i));
        }
    }
    void propagate() {
        const affine root{1, 0, 0, 1, 0, 0};
        for (std::size_t i = 0; i < local.size(); ++i) {
            global[i] = compose<affine>(parent[i] == no_parent ? root : global[parent[i]], local[i]);
        }
    }
    std::vector<affine> local, global;
    std::vector<std::uint32_t> parent;
};

// One node in a hundred, the same ones every run.
std::vector<std::size_t> one_percent(std::size_t n) {
    std::mt19937 random{12345};
    std::vector<std::size_t> picked(n / 100);
    for (std::size_t& i : picked) {
        i = random() % n;
    }
    return picked;
}

// The wall-clock time per node, `s_per_node`, in seconds (per moved node
// for reparent).
void publish(benchmark::State& state, std::size_t per_iteration) {
    state.counters["s_per_node"] = benchmark::Counter(static_cast<double>(per_iteration),
                                                      benchmark::Counter::kIsIterationInvariantRate |
                                                          benchmark::Counter::kInvert);
}

void propagate_full_kiln(benchmark::State& state, std::size_t n, bool depth_first_creation, bool sorted) {
    kiln_tree t{n, depth_first_creation ? depth_first(n) : breadth_first(n)};
    if (sorted) {
        t.world.hierarchy().sort_rows();
        kiln::propagate<transform>(t.world); // rebuilds the order, untimed as for the others
    }
    for (auto _ : state) {
        kiln::propagate<transform>(t.world);
        benchmark::ClobberMemory();
    }
    publish(state, n);
}

void propagate_full_baseline(benchmark::State& state, std::size_t n) {
    flat_tree t{n};
    for (auto _ : state) {
        t.propagate();
        benchmark::DoNotOptimize(t.global.data());
        benchmark::ClobberMemory();
    }
    publish(state, n);
}

// How much of the tree of n nodes lies below `picked`: the fraction of its
// nodes in their subtrees, and the nodes in their subtrees counted once per
// picked ancestor, per node of the tree.
std::pair<double, double> below(std::size_t n, const std::vector<std::size_t>& picked) {
    std::vector<std::uint32_t> picks(n, 0);
    for (const std::size_t i : picked) {
        ++picks[i];
    }
    std::vector<std::uint32_t> above(n, 0); // picked nodes on the way to the root, the node included
    std::size_t covered = 0;
    std::size_t visits = 0;
    for (std::size_t i = 0; i < n; ++i) { // a parent's number is below its children's
        above[i] = picks[i] + (i == 0 ? 0 : above[parent_of(i)]);
        covered += above[i] > 0 ? 1 : 0;
        visits += above[i];
    }
    const auto per_node = [n](std::size_t count) { return static_cast<double>(count) / static_cast<double>(n); };
    return {per_node(covered), per_node(visits)};
}

// The floor of a dirty pass over subtrees, hand-written: the nodes of
// flat_tree stored in depth-first pre-order (each subtree one run of
// places), a parent's place and where its subtree ends per place, and the
// places of the picked nodes found and sorted before timing, so that a pass
// pays for nothing but writing the picked locals and one straight loop per
// subtree that lies in no other picked one (the same 1% every pass, as for
// kiln, so the runs stay in the cache).
struct preorder_tree {
    preorder_tree(std::size_t n, const std::vector<std::size_t>& picked)
        : local(n), global(n), parent(n), subtree_end(n) {
        const std::vector<std::size_t> order = depth_first(n);
        std::vector<std::uint32_t> place(n);
        for (std::size_t at = 0; at < n; ++at) {
            place[order[at]] = static_cast<std::uint32_t>(at);
        }
        std::vector<std::uint32_t> size(n, 1);
        for (std::size_t i = n; i-- > 1;) {
            size[parent_of(i)] += size[i];
        }
        for (std::size_t i = 0; i < n; ++i) {
            local[place[i]] = local_of<affine>(i);
            parent[place[i]] = i == 0 ? no_parent : place[parent_of(i)];
            subtree_end[place[i]] = place[i] + size[i];
        }
        for (const std::size_t i : picked) {
            starts.push_back(place[i]);
        }
        std::sort(starts.begin(), starts.end());
    }
    void propagate_changed() {
        for (const std::uint32_t at : starts) {
            local[at].tx += 1;
        }
        const affine root{1, 0, 0, 1, 0, 0};
        std::uint32_t covered = 0;
        for (const std::uint32_t begin : starts) {
            if (begin < covered) {
                continue;
            }
            covered = subtree_end[begin];
            for (std::uint32_t i = begin; i < covered; ++i) {
                global[i] = compose<affine>(parent[i] == no_parent ? root : global[parent[i]], local[i]);
            }
        }
    }
    std::vector<affine> local, global;
    std::vector<std::uint32_t> parent, subtree_end, starts;
};

void propagate_dirty_floor(benchmark::State& state, std::size_t n) {
    const std::vector<std::size_t> picked = one_percent(n);
    preorder_tree t{n, picked};
    state.counters["covered"] = below(n, picked).first;
    for (auto _ : state) {
        t.propagate_changed();
        benchmark::DoNotOptimize(t.global.data());
        benchmark::ClobberMemory();
    }
    publish(state, n);
}

enum class dirty_pass { propagate_dirty, schedule, listed };

void propagate_dirty_kiln(benchmark::State& state, std::size_t n, dirty_pass pass) {
    const std::vector<std::size_t> picked = one_percent(n);
    kiln_tree t{n, breadth_first(n), picked};
    std::vector<kiln::entity> changed;
    for (const std::size_t i : picked) {
        changed.push_back(t.nodes[i]);
    }
    const auto [covered, visits] = below(n, picked);
    state.counters["covered"] = covered;
    state.counters["visits"] = visits;
    kiln::propagation_state since_last;
    kiln::propagate_dirty<transform>(t.world, since_last); // the first pass is a full one
    t.world.run(tree::stage::update);
    const auto nudge = [](tree::LocalTransform& local) { local.tx += 1; };
    for (auto _ : state) {
        switch (pass) {
        case dirty_pass::propagate_dirty:
            t.world.each<tree::LocalTransform>(kiln::with<tree::Moving>, nudge);
            kiln::propagate_dirty<transform>(t.world, since_last);
            break;
        case dirty_pass::schedule:
            t.world.each<tree::LocalTransform>(kiln::with<tree::Moving>, nudge);
            t.world.run(tree::stage::update);
            break;
        case dirty_pass::listed:
            for (const kiln::entity e : changed) {
                nudge(t.world.get<tree::LocalTransform>(e));
            }
            kiln::propagate_changed<transform>(t.world, changed);
            break;
        }
        benchmark::ClobberMemory();
    }
    publish(state, n);
}

enum class after_reparent { nothing, propagate, propagate_dirty };

// Each iteration moves the same 1% of nodes, each to a parent of lower
// number chosen anew (so the tree stays acyclic and keeps changing).
template <after_reparent Then>
void reparent_kiln(benchmark::State& state, std::size_t n) {
    kiln_tree t{n, breadth_first(n)};
    std::vector<std::size_t> moved;
    for (const std::size_t i : one_percent(n)) {
        if (i > 0) {
            moved.push_back(i);
        }
    }
    std::mt19937 random{99};
    auto links = t.world.hierarchy();
    kiln::propagation_state since_last;
    if constexpr (Then == after_reparent::propagate_dirty) {
        kiln::propagate_dirty<transform>(t.world, since_last); // links the order, for every rebuild after
    }
    for (auto _ : state) {
        for (const std::size_t i : moved) {
            links.set_parent(t.nodes[i], t.nodes[random() % i]);
        }
        if constexpr (Then == after_reparent::propagate) {
            kiln::propagate<transform>(t.world);
        } else if constexpr (Then == after_reparent::propagate_dirty) {
            kiln::propagate_dirty<transform>(t.world, since_last);
        }
        benchmark::ClobberMemory();
    }
    publish(state, Then == after_reparent::nothing ? moved.size() : n);
}

void add(const std::string& name, void (*run)(benchmark::State&, std::size_t), std::size_t n) {
    benchmark::RegisterBenchmark((name + "/" + std::to_string(n)).c_str(), run, n)->UseRealTime();
}

} // namespace

int main(int argc, char** argv) {
    for (const std::size_t n : sizes) {
        add("propagate_full/kiln", [](benchmark::State& s, std::size_t n) { propagate_full_kiln(s, n, false, false); }, n);
        add("propagate_full/baseline", propagate_full_baseline, n);
        add("propagate_full_dfs/kiln", [](benchmark::State& s, std::size_t n) { propagate_full_kiln(s, n, true, false); }, n);
        add("propagate_full_dfs_sorted/kiln",
            [](benchmark::State& s, std::size_t n) { propagate_full_kiln(s, n, true, true); }, n);
        add("propagate_dirty/kiln", [](benchmark::State& s, std::size_t n) {
            propagate_dirty_kiln(s, n, dirty_pass::propagate_dirty);
        }, n);
        add("propagate_dirty/kiln_schedule",
            [](benchmark::State& s, std::size_t n) { propagate_dirty_kiln(s, n, dirty_pass::schedule); }, n);
        add("propagate_dirty/kiln_listed",
            [](benchmark::State& s, std::size_t n) { propagate_dirty_kiln(s, n, dirty_pass::listed); }, n);
        add("propagate_dirty/floor_ranges", propagate_dirty_floor, n);
        add("reparent/kiln", reparent_kiln<after_reparent::nothing>, n);
        add("reparent_propagate/kiln", reparent_kiln<after_reparent::propagate>, n);
        add("reparent_propagate/kiln_dirty", reparent_kiln<after_reparent::propagate_dirty>, n);
    }
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) {
        return 1;
    }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
}
