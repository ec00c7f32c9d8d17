// Move plans and their cache (kiln/storage/move_plan.hpp), on archetypes
// written out as numbers: what a move copies, and that a plan whose slot
// another move took is made again, right.
#include <kiln/storage/move_plan.hpp>

#include <catch2/catch.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace {

using kiln::column_layout;
using kiln::internal::archetype_columns;
using kiln::internal::move_plan;
using kiln::internal::move_plan_cache;
using kiln::internal::no_component;
using kiln::internal::stamped_now;

// Components by id: 0 a packed 8-byte one, tracked; 1 split in a 4-byte and
// a 1-byte field; 2 a tag; 3 a packed 16-byte one, tracked.
constexpr std::array<column_layout, 1> packed8{{{8, 8}}};
constexpr std::array<column_layout, 2> split41{{{4, 4}, {1, 1}}};
constexpr std::array<column_layout, 1> packed16{{{16, 8}}};
constexpr std::array<std::span<const column_layout>, 4> layouts_by_id{
    std::span<const column_layout>{packed8}, std::span<const column_layout>{split41},
    std::span<const column_layout>{}, std::span<const column_layout>{packed16}};
constexpr std::array<bool, 4> tracked{true, false, false, true};

// Archetypes by id, as kilnc writes them: component ids, and where each
// one's columns start, then the column count.
constexpr std::array<std::uint32_t, 1> ids0{0};
constexpr std::array<std::uint32_t, 2> firsts0{0, 1};
constexpr std::array<std::uint32_t, 2> ids1{0, 1};
constexpr std::array<std::uint32_t, 3> firsts1{0, 1, 3};
constexpr std::array<std::uint32_t, 3> ids2{0, 1, 2};
constexpr std::array<std::uint32_t, 4> firsts2{0, 1, 3, 3};
constexpr std::array<std::uint32_t, 2> ids3{2, 0};
constexpr std::array<std::uint32_t, 3> firsts3{0, 0, 1};
constexpr std::array<std::uint32_t, 2> ids4{1, 3};
constexpr std::array<std::uint32_t, 3> firsts4{0, 2, 3};
constexpr std::array<std::uint32_t, 3> ids5{3, 1, 0};
constexpr std::array<std::uint32_t, 4> firsts5{0, 1, 3, 4};
constexpr std::array<archetype_columns, 6> archetypes{{{ids0.data(), firsts0.data(), 1},
                                                       {ids1.data(), firsts1.data(), 2},
                                                       {ids2.data(), firsts2.data(), 3},
                                                       {ids3.data(), firsts3.data(), 2},
                                                       {ids4.data(), firsts4.data(), 2},
                                                       {ids5.data(), firsts5.data(), 3}}};

// Each archetype's columns' layouts, as the archetype table lays them out.
struct archetype_layouts {
    std::array<std::vector<column_layout>, archetypes.size()> by_id;

    archetype_layouts() {
        for (std::size_t id = 0; id < archetypes.size(); ++id) {
            const archetype_columns& a = archetypes[id];
            by_id[id].resize(
                kiln::internal::write_columns(a.ids, a.count, layouts_by_id.data(), tracked.data(), nullptr));
            kiln::internal::write_columns(a.ids, a.count, layouts_by_id.data(), tracked.data(), by_id[id].data());
        }
    }

    std::span<const column_layout> operator()(std::uint32_t id) const { return by_id[id]; }
};

const move_plan& find(move_plan_cache& cache, const archetype_layouts& layouts, std::uint32_t from,
                      std::uint32_t lost, std::uint32_t gained) {
    return cache.find(archetypes, tracked.data(), from, lost, gained, layouts);
}

void check_same(const move_plan& plan, const move_plan& expected) {
    CHECK(plan.holds_lost == expected.holds_lost);
    CHECK(plan.holds_gained == expected.holds_gained);
    CHECK(plan.to == expected.to);
    CHECK(plan.carried == expected.carried);
    REQUIRE(plan.copies.size() == expected.copies.size());
    for (std::size_t i = 0; i < plan.copies.size(); ++i) {
        CHECK(plan.copies[i].column == expected.copies[i].column);
        CHECK(plan.copies[i].source == expected.copies[i].source);
        CHECK(plan.copies[i].size == expected.copies[i].size);
    }
    REQUIRE(plan.ticks.size() == expected.ticks.size());
    for (std::size_t i = 0; i < plan.ticks.size(); ++i) {
        CHECK(plan.ticks[i].column == expected.ticks[i].column);
        CHECK(plan.ticks[i].source == expected.ticks[i].source);
    }
}

} // namespace

TEST_CASE("a move plan copies each column the row keeps from its column of the archetype left") {
    const archetype_layouts layouts;
    move_plan_cache cache;
    // {2, 0} gaining 3: no archetype holds {2, 0, 3}.
    CHECK(find(cache, layouts, 3, no_component, 3).to == archetypes.size());
    // {3, 1, 0} losing 3: {0, 1}, whose columns are ordered otherwise.
    const move_plan& lose = find(cache, layouts, 5, 3, no_component);
    CHECK(lose.holds_lost);
    CHECK_FALSE(lose.holds_gained);
    REQUIRE(lose.to == 1);
    REQUIRE(lose.carried == 3);
    REQUIRE(lose.copies.size() == 3);
    CHECK(lose.copies[0].column == 0); // component 0: archetype 5's column 3
    CHECK(lose.copies[0].source == 3);
    CHECK(lose.copies[0].size == 8);
    CHECK(lose.copies[1].column == 1); // component 1's two fields: archetype 5's columns 1 and 2
    CHECK(lose.copies[1].source == 1);
    CHECK(lose.copies[1].size == 4);
    CHECK(lose.copies[2].column == 2);
    CHECK(lose.copies[2].source == 2);
    CHECK(lose.copies[2].size == 1);
    // Component 0's ticks, tracked: after archetype 1's 3 columns, from
    // after archetype 5's 4 columns and component 3's 4 tick columns.
    REQUIRE(lose.ticks.size() == 1);
    CHECK(lose.ticks[0].column == 3);
    CHECK(lose.ticks[0].source == 4 + 4);
}

TEST_CASE("a move plan copies the gained component's columns from the value's bytes, and stamps its ticks") {
    const archetype_layouts layouts;
    move_plan_cache cache;
    // {1, 3} gaining 0: {3, 1, 0}.
    const move_plan& gain = find(cache, layouts, 4, no_component, 0);
    REQUIRE(gain.to == 5);
    REQUIRE(gain.carried == 3);
    REQUIRE(gain.copies.size() == 4);
    CHECK(gain.copies[3].column == 3);
    CHECK(gain.copies[3].source == 0); // the value's first bytes
    CHECK(gain.copies[3].size == 8);
    REQUIRE(gain.ticks.size() == 2);
    CHECK(gain.ticks[0].column == 4); // component 3's, carried
    CHECK(gain.ticks[0].source == 3);
    CHECK(gain.ticks[1].column == 8); // component 0's, new
    CHECK(gain.ticks[1].source == stamped_now);
    // {0} gaining 1, split: its fields at their alignments in the value.
    const move_plan& split = find(cache, layouts, 0, no_component, 1);
    REQUIRE(split.to == 1);
    REQUIRE(split.carried == 1);
    REQUIRE(split.copies.size() == 3);
    CHECK(split.copies[1].source == 0);
    CHECK(split.copies[2].source == 4);
}

TEST_CASE("a move plan of a component held writes it in place, and of one lacking removes nothing") {
    const archetype_layouts layouts;
    move_plan_cache cache;
    // {0, 1} setting 0: in place, its ticks to mark.
    const move_plan& set = find(cache, layouts, 1, no_component, 0);
    CHECK(set.holds_gained);
    CHECK(set.to == archetypes.size());
    CHECK(set.carried == 0);
    REQUIRE(set.copies.size() == 1);
    CHECK(set.copies[0].column == 0);
    REQUIRE(set.ticks.size() == 1);
    CHECK(set.ticks[0].column == 3);
    // {0} losing 3, which it lacks: no move.
    const move_plan& lack = find(cache, layouts, 0, 3, no_component);
    CHECK_FALSE(lack.holds_lost);
    CHECK(lack.to == archetypes.size());
    CHECK(lack.copies.empty());
}

TEST_CASE("moves whose plans share a slot of the cache each get their own plan, however they alternate") {
    const archetype_layouts layouts;
    // Every move of every archetype, more than the cache's slots: some share one.
    struct key {
        std::uint32_t from;
        std::uint32_t lost;
        std::uint32_t gained;
    };
    std::vector<key> keys;
    for (std::uint32_t from = 0; from < archetypes.size(); ++from) {
        for (std::uint32_t lost = 0; lost <= layouts_by_id.size(); ++lost) {
            for (std::uint32_t gained = 0; gained <= layouts_by_id.size(); ++gained) {
                const auto id = [](std::uint32_t i) { return i == layouts_by_id.size() ? no_component : i; };
                keys.push_back({from, id(lost), id(gained)});
            }
        }
    }
    REQUIRE(keys.size() > 64);
    std::vector<move_plan> expected;
    for (const key k : keys) {
        move_plan_cache alone;
        expected.push_back(find(alone, layouts, k.from, k.lost, k.gained));
    }
    move_plan_cache shared;
    for (int round = 0; round < 2; ++round) {
        for (std::size_t i = 0; i < keys.size(); ++i) {
            const std::size_t k = round == 0 ? i : keys.size() - 1 - i;
            check_same(find(shared, layouts, keys[k].from, keys[k].lost, keys[k].gained), expected[k]);
        }
    }
}
