// The states in a save (docs/states.md, docs/saves.md): each state's value
// and pending request, after the hierarchy's links. A state is saved by its
// name and its values' names, as the schema spells them, so that a later
// schema that reorders or adds values, or adds or drops states, still reads
// the save. The format, byte by byte, is in docs/saves.md.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string_view>
#include <utility>

#include <kiln/io/save_error.hpp>
#include <kiln/io/save_format.hpp>
#include <kiln/io/save_hierarchy.hpp>
#include <kiln/io/save_reader.hpp>

namespace kiln::internal {

// The format of a save of a world that has states: format 3 whose links are
// always there (a count of 0 where there are none), followed by whether the
// world has started (entered its states' initial values) and each state's
// value and request. A world without states is saved as format 2 or 3,
// which runtimes from before states read too.
inline constexpr std::uint32_t states_format_version = 4;

// The newest format this runtime reads.
inline constexpr std::uint32_t newest_save_format_version = states_format_version;

inline std::uint32_t save_format_for(const world_description& world, const hierarchy_table& links) noexcept {
    return !world.states.empty() ? states_format_version
           : links.link_count() == 0 ? save_format_version
                                     : hierarchy_format_version;
}

// The bytes write_states writes: a bound, for sinks that reserve.
inline std::size_t states_size_bound(const world_description& world) noexcept {
    if (world.states.empty()) {
        return 0;
    }
    std::size_t total = 1 + 4;
    for (const state_description& state : world.states) {
        std::size_t longest = 0;
        for (const std::string_view value : state.values) {
            longest = longest < value.size() ? value.size() : longest;
        }
        total += 12 + state.name.size() + 2 * longest;
    }
    return total;
}

// Writes the states of a world that has any: u8 started, u32 count, then per
// state its name, its value's name and the requested value's name (empty:
// none requested).
template <class Writer>
void write_states(Writer& out, const world_description& world, const schedule_position& position) {
    if (world.states.empty()) {
        return;
    }
    out.u8(position.started ? 1 : 0);
    out.u32(static_cast<std::uint32_t>(world.states.size()));
    for (std::size_t s = 0; s < world.states.size(); ++s) {
        const state_description& state = world.states[s];
        const state_position& at = position.states[s];
        out.text(state.name);
        out.text(state.values[at.current]);
        out.text(at.requested ? state.values[at.next] : std::string_view{});
    }
}

// Reads the states of a save of format 4, checking them: a state this schema
// no longer declares is skipped, one the save lacks (the schema declared it
// since) is in its initial value with nothing requested, and a value this
// schema's state does not have fails the load (incompatible), naming the
// state and the value. Fills position when it is not null (the apply pass).
inline bool read_states(save_reader& in, const world_description& world, schedule_position* position) {
    if (position != nullptr) {
        for (std::size_t s = 0; s < world.states.size(); ++s) {
            position->states[s] = {world.states[s].initial, world.states[s].initial, false};
        }
    }
    const std::size_t started_at = in.offset();
    std::uint8_t started = 0;
    if (!in.number(started, "whether the world has started")) {
        return false;
    }
    if (started > 1) {
        in.error = make_save_error(save_errc::corrupt, started_at,
                                   "corrupt save: the byte at %zu says whether the world has started, and holds "
                                   "%u; it can only be 0 or 1",
                                   started_at, static_cast<unsigned>(started));
        return false;
    }
    std::uint32_t count = 0;
    // A state takes at least its three lengths.
    if (!in.count(count, 12, "the state count")) {
        return false;
    }
    std::uint64_t seen = 0; // the schema's states already read, by position (at most 64 checked for twice)
    for (std::uint32_t i = 0; i < count; ++i) {
        const std::size_t at = in.offset();
        std::string_view name;
        std::string_view value;
        std::string_view requested;
        if (!in.text(name, "a state's name") || !in.text(value, "a state's value") ||
            !in.text(requested, "a state's requested value")) {
            return false;
        }
        std::size_t s = 0;
        while (s < world.states.size() && world.states[s].name != name) {
            ++s;
        }
        if (s == world.states.size()) {
            continue; // a state this schema no longer declares
        }
        const std::uint64_t bit = s < 64 ? std::uint64_t{1} << s : 0;
        if ((seen & bit) != 0) {
            in.error = make_save_error(save_errc::corrupt, at,
                                       "corrupt save: the state \"%.*s\" at byte %zu is saved twice",
                                       static_cast<int>(name.size()), name.data(), at);
            return false;
        }
        seen |= bit;
        const state_description& state = world.states[s];
        const auto find = [&state](std::string_view spelled) {
            std::uint32_t v = 0;
            while (v < state.values.size() && state.values[v] != spelled) {
                ++v;
            }
            return v;
        };
        const std::uint32_t current = find(value);
        const std::uint32_t next = requested.empty() ? current : find(requested);
        for (const auto& [index, spelled] : {std::pair{current, value}, std::pair{next, requested}}) {
            if (index == state.values.size()) {
                in.error = make_save_error(
                    save_errc::incompatible, at,
                    "incompatible save: the state \"%.*s\" at byte %zu is saved %s \"%.*s\", which this schema's "
                    "[state.%.*s] does not have among its values: add the value back, or load the save with the "
                    "program that wrote it and move the state elsewhere first",
                    static_cast<int>(name.size()), name.data(), at, index == current ? "in" : "requesting",
                    static_cast<int>(spelled.size()), spelled.data(), static_cast<int>(name.size()), name.data());
                return false;
            }
        }
        if (position != nullptr) {
            position->states[s] = {current, next, !requested.empty()};
        }
    }
    if (position != nullptr) {
        position->started = started == 1;
    }
    return true;
}

} // namespace kiln::internal
