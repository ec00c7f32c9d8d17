// Move plans: what a move by component id copies, worked out the first time
// a world makes the move and kept, so that the next ones only copy.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include <kiln/storage/column.hpp>
#include <kiln/storage/transition.hpp>

namespace kiln::internal {

// One column of the row a move writes: size bytes into element row of the
// written archetype's column `column`, from the same row's element of the
// left archetype's column `source`, or from the value's bytes at offset
// `source` (write_value_bytes's layout).
struct column_copy {
    std::uint32_t column;
    std::uint32_t source;
    std::uint32_t size;
};

// The change ticks of one tracked component of the written row: the four
// tick columns from `column` on, carried from the left archetype's from
// `source`, or, when source is stamped_now (the component is the one
// gained), stamped now.
struct tick_copy {
    std::uint32_t column;
    std::uint32_t source;
};

inline constexpr std::uint32_t stamped_now = ~std::uint32_t{0};

// What a row of archetype `from` losing component `lost` and gaining
// `gained` (either may be no_component) becomes, by column numbers only:
// no address, so a plan stays right when storages grow, move or swap.
struct move_plan {
    // Whether from holds lost, and gained: what decides, by the change's
    // kind, whether it moves, is skipped, writes in place or is an error.
    bool holds_lost = false;
    bool holds_gained = false;
    // The archetype the row lands in, from holding lost and not gained
    // (transition_by_id); the archetype count when none is declared or the
    // move is not one (from holds gained, or lacks lost).
    std::uint32_t to = 0;
    // When from does not hold gained: copies[0, carried) from the row left,
    // then the value's, into a new row of `to`; ticks, each of to's tracked
    // components. When it does (a set in place): the value's copies into
    // from's own columns, and gained's ticks alone, to mark as changed.
    std::uint32_t carried = 0;
    std::vector<column_copy> copies;
    std::vector<tick_copy> ticks;
};

// Where the ticks of the component at position of archetype start: after
// the components' columns, in the order of the tracked ones (tracked by id).
inline std::uint32_t first_tick_of(const archetype_columns& archetype, std::uint32_t position,
                                   const bool* tracked) noexcept {
    std::uint32_t first = archetype.firsts[archetype.count];
    for (std::uint32_t i = 0; i < position; ++i) {
        first += tracked[archetype.ids[i]] ? static_cast<std::uint32_t>(tick_columns_per_component) : 0;
    }
    return first;
}

// Fills plan's copies and ticks for a row of in written as a row of out
// (out is in for a write in place), whose columns' layouts are
// out_layouts; tracked by component id.
inline void plan_copies(move_plan& plan, const archetype_columns& in, const archetype_columns& out,
                        std::span<const column_layout> out_layouts, std::uint32_t gained, const bool* tracked) {
    const bool in_place = plan.holds_gained;
    plan.copies.clear();
    plan.ticks.clear();
    if (!in_place) {
        for (std::uint32_t i = 0; i < out.count; ++i) {
            if (out.ids[i] == gained) {
                continue;
            }
            const std::uint32_t source = in.firsts[in.position_of(out.ids[i])];
            for (std::uint32_t column = out.firsts[i]; column < out.firsts[i + 1]; ++column) {
                plan.copies.push_back({column, source + (column - out.firsts[i]), out_layouts[column].size});
            }
        }
    }
    plan.carried = static_cast<std::uint32_t>(plan.copies.size());
    std::uint32_t tick = out.firsts[out.count];
    for (std::uint32_t i = 0; i < out.count; ++i) {
        const std::uint32_t component = out.ids[i];
        if (component == gained) {
            std::size_t value_end = 0;
            for (std::uint32_t column = out.firsts[i]; column < out.firsts[i + 1]; ++column) {
                value_end = column_start(value_end, out_layouts[column]);
                plan.copies.push_back({column, static_cast<std::uint32_t>(value_end), out_layouts[column].size});
                value_end += out_layouts[column].size;
            }
        }
        if (!tracked[component]) {
            continue;
        }
        if (component == gained) {
            plan.ticks.push_back({tick, stamped_now});
        } else if (!in_place) {
            plan.ticks.push_back({tick, first_tick_of(in, in.position_of(component), tracked)});
        }
        tick += static_cast<std::uint32_t>(tick_columns_per_component);
    }
}

// The move plans a world has made for commands recorded as data, by the
// archetype left and the two component ids: a game's commands make the same
// few moves again and again. Direct-mapped: a move whose slot another took
// since is planned again, into the same slot's memory.
class move_plan_cache {
public:
    // The plan of a row of archetypes[from] losing lost and gaining gained,
    // made only the first time it is asked, or when another move took its
    // slot since. tracked holds whether each component (by id) is tracked;
    // layouts_of(id) is archetype id's columns' layouts. The reference holds
    // until the next find.
    template <class LayoutsOf>
    const move_plan& find(std::span<const archetype_columns> archetypes, const bool* tracked, std::uint32_t from,
                          std::uint32_t lost, std::uint32_t gained, const LayoutsOf& layouts_of) {
        const std::uint64_t key = (std::uint64_t{from} << 42) ^ (std::uint64_t{lost} << 21) ^ gained;
        entry& slot = entries_[(key * 0x9E3779B97F4A7C15ull) >> (64 - size_bits)];
        if (!slot.used || slot.from != from || slot.lost != lost || slot.gained != gained) [[unlikely]] {
            slot.from = from;
            slot.lost = lost;
            slot.gained = gained;
            slot.used = true;
            plan(slot.plan, archetypes, from, lost, gained);
            const std::uint32_t written = slot.plan.holds_gained ? from : slot.plan.to;
            if (written < archetypes.size()) {
                plan_copies(slot.plan, archetypes[from], archetypes[written], layouts_of(written), gained, tracked);
            }
        }
        return slot.plan;
    }

private:
    // What plan_copies does not: whether from holds lost and gained, and where the row lands.
    static void plan(move_plan& plan, std::span<const archetype_columns> archetypes, std::uint32_t from,
                     std::uint32_t lost, std::uint32_t gained) noexcept {
        const archetype_columns& held = archetypes[from];
        plan.holds_lost = lost != no_component && held.holds(lost);
        plan.holds_gained = gained != no_component && held.holds(gained);
        const bool moves = !plan.holds_gained && (lost == no_component || plan.holds_lost);
        plan.to = moves ? transition_by_id(archetypes, held, lost, gained) : static_cast<std::uint32_t>(archetypes.size());
        plan.carried = 0;
        plan.copies.clear(); // a move that is none copies nothing
        plan.ticks.clear();
    }

    static constexpr unsigned size_bits = 6;

    struct entry {
        std::uint32_t from = 0;
        std::uint32_t lost = 0;
        std::uint32_t gained = 0;
        bool used = false;
        move_plan plan;
    };

    std::array<entry, std::size_t{1} << size_bits> entries_{};
};

} // namespace kiln::internal
