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
//   world.hierarchy().sort_rows() once before timing.
// - propagate_dirty: 1% of the locals changed since the last pass, then
//   kiln::propagate_changed on those; baseline: the full pass, to which the
//   issue's target compares it.
// - reparent: 1% of the nodes moved to new parents (each to a node of
//   lower number, so that no move makes a cycle); ns per moved node. kiln
//   only.
// - reparent_propagate: the same moves, then a full kiln::propagate, which
//   rebuilds the order first; baseline: the full pass.
//
// Run: kiln_bench_hierarchy [Google Benchmark flags]
#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include <kiln/propagation.hpp>
#include <tree/world.hpp>

namespace {

constexpr std::size_t sizes[] = {10'000, 100'000, 1'000'000};
constexpr std::uint32_t no_parent = ~std::uint32_t{0};

struct affine {
    float a, b, c, d, tx, ty;
};

template <class Global, class Local>
inline Global compose(const Global& p, const Local& l) {
    return {p.a * l.a + p.c * l.b,           p.b * l.a + p.d * l.b,           p.a * l.c + p.c * l.d,
            p.b * l.c + p.d * l.d,           p.a * l.tx + p.c * l.ty + p.tx, p.b * l.tx + p.d * l.ty + p.ty};
}

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
// their handles by node number.
struct kiln_tree {
    kiln_tree(std::size_t n, const std::vector<std::size_t>& creation) : nodes(n) {
        for (const std::size_t i : creation) {
            nodes[i] = world.create<tree::Node>(local_of<tree::LocalTransform>(i));
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

void propagate_dirty_kiln(benchmark::State& state, std::size_t n) {
    kiln_tree t{n, breadth_first(n)};
    std::vector<kiln::entity> changed;
    for (const std::size_t i : one_percent(n)) {
        changed.push_back(t.nodes[i]);
    }
    for (auto _ : state) {
        for (const kiln::entity e : changed) {
            t.world.get<tree::LocalTransform>(e).tx += 1;
        }
        kiln::propagate_changed<transform>(t.world, changed);
        benchmark::ClobberMemory();
    }
    publish(state, n);
}

// Each iteration moves the same 1% of nodes, each to a parent of lower
// number chosen anew (so the tree stays acyclic and keeps changing).
template <bool ThenPropagate>
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
    for (auto _ : state) {
        for (const std::size_t i : moved) {
            links.set_parent(t.nodes[i], t.nodes[random() % i]);
        }
        if constexpr (ThenPropagate) {
            kiln::propagate<transform>(t.world);
        }
        benchmark::ClobberMemory();
    }
    publish(state, ThenPropagate ? n : moved.size());
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
        add("propagate_dirty/kiln", propagate_dirty_kiln, n);
        add("reparent/kiln", reparent_kiln<false>, n);
        add("reparent_propagate/kiln", reparent_kiln<true>, n);
    }
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) {
        return 1;
    }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
}
