#include <kiln/world/world_state.hpp>

#include <fixture/world.hpp>

#include <catch2/catch.hpp>

#include <cstddef>
#include <vector>

using fixture::World;
using state_type = World::state_type;

namespace {

// Whether every entity of live is where its slot says: the row of its
// archetype that the slot names holds it.
bool slots_name_rows(const state_type& state, const std::vector<kiln::entity>& live) {
    for (const kiln::entity e : live) {
        const kiln::entity_location at = state.entities.location(e);
        if (at.row >= state.storages[at.archetype].size() || state.storages[at.archetype].entities()[at.row] != e) {
            return false;
        }
    }
    return true;
}

} // namespace

// What a world keeps is its state's, where the world's parts are handed it:
// a member of basic_world beside state_ would be out of their reach.
static_assert(sizeof(World) == sizeof(state_type), "kiln::basic_world holds its world_state and nothing else");

TEST_CASE("world_state: world_state_of reaches the world's own state, const or not") {
    World world;
    const kiln::entity e = world.create<fixture::Particle>(fixture::Position{1.0f, 2.0f});
    state_type& state = world_state_of(world);
    CHECK(state.entities.alive(e));
    CHECK(state.storages[fixture::Particle::id].size() == 1);
    CHECK(state.view_of<fixture::Particle>().column<fixture::Position>()[0].y == 2.0f);
    const World& read = world;
    CHECK(&world_state_of(read) == &state);
}

TEST_CASE("world_state: settle fills the rows destroy left and moves each slot with its row") {
    World world;
    std::vector<kiln::entity> live;
    for (int i = 0; i < 8; ++i) {
        live.push_back(world.create<fixture::Particle>(fixture::Position{static_cast<float>(i), 0.0f}));
    }
    state_type& state = world_state_of(world);
    world.destroy(live[1]);
    world.destroy(live[2]);
    CHECK(state.unsettled);
    CHECK(state.storages[fixture::Particle::id].hole_count() == 2);
    live.erase(live.begin() + 1, live.begin() + 3);

    state.settle();
    CHECK_FALSE(state.unsettled);
    CHECK(state.storages[fixture::Particle::id].hole_count() == 0);
    CHECK(state.storages[fixture::Particle::id].size() == live.size());
    CHECK(slots_name_rows(state, live));
    for (std::size_t i = 0; i < live.size(); ++i) {
        CHECK(world.get<fixture::Position>(live[i]).x == static_cast<float>(i == 0 ? 0 : i + 2));
    }
}

TEST_CASE("world_state: remove_row_as_bytes fills the row with its archetype's last and tells the entity table") {
    World world;
    const kiln::entity first = world.create<fixture::Particle>(fixture::Position{1.0f, 0.0f});
    const kiln::entity middle = world.create<fixture::Particle>(fixture::Position{2.0f, 0.0f});
    const kiln::entity last = world.create<fixture::Particle>(fixture::Position{3.0f, 0.0f});
    state_type& state = world_state_of(world);

    state.remove_row_as_bytes(state.entities.location(first));
    state.entities.destroy(first);
    CHECK(state.storages[fixture::Particle::id].size() == 2);
    CHECK(state.entities.location(last).row == 0);
    CHECK(slots_name_rows(state, {middle, last}));
    CHECK(world.get<fixture::Position>(last).x == 3.0f);
    CHECK_FALSE(world.alive(first));
}

TEST_CASE("world_state: a system's command buffer is made on first use, once, and applies to its world") {
    World world;
    const kiln::entity doomed = world.create<fixture::Ship>();
    state_type& state = world_state_of(world);
    constexpr std::size_t reap = kiln::index_of_v<fixture::Reap, state_type::systems>;
    CHECK(state.system_commands[reap] == nullptr);

    auto& buffer = state.commands_of<fixture::Reap>(world);
    CHECK(state.system_commands[reap] != nullptr);
    CHECK(&state.commands_of<fixture::Reap>(world) == &buffer);
    buffer.destroy(doomed);
    buffer.apply();
    CHECK_FALSE(world.alive(doomed));
}
