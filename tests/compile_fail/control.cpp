// The correct twin of every compile_fail case: this must compile.
#include <fixture/reflection.hpp>
#include <kiln/hierarchy/propagation.hpp>
#include <scene/world.hpp>
#include <kiln/schema/reflect.hpp>
#include <reach/systems.hpp>
#include <content/world.hpp>

#include <string_view>

namespace {

// A hand-written parallel system that only reads its resource.
struct ReadInChunks {
    static constexpr std::string_view name = "ReadInChunks";
    using access = kiln::type_list<const fixture::Position>;
    using with = kiln::type_list<>;
    using without = kiln::type_list<>;
    using resources = kiln::type_list<const fixture::Score>;
    static constexpr bool commands = false;
    static constexpr bool parallel = true;
    static constexpr bool columns = false;

    static void run(const fixture::Position&, const fixture::Score&) {}
};

struct reading_schema : fixture::schema {
    using systems = kiln::type_list<ReadInChunks>;
    using observers = kiln::type_list<>;
    using schedule = kiln::type_list<kiln::stage_plan<fixture::stage::update,
                                                      kiln::type_list<kiln::batch<ReadInChunks>>>>;
};

// A propagation the compile_fail propagate_* cases each break one rule of.
struct drifting {
    using local = fixture::Velocity;
    using global = fixture::Position;
    static fixture::Position combine(const fixture::Position& parent, const fixture::Velocity& local) {
        return {parent.x + local.x, parent.y + local.y};
    }
};

// A hand-written system that reads the global part of the scene's
// propagation transforms, run after it (system_writes_propagated_global
// writes it).
struct Look {
    static constexpr std::string_view name = "Look";
    using access = kiln::type_list<const scene::Global>;
    using with = kiln::type_list<>;
    using without = kiln::type_list<>;
    using resources = kiln::type_list<>;
    static constexpr bool commands = false;
    static constexpr bool parallel = false;
    static constexpr bool columns = false;

    static void run(const scene::Global&) {}
};

struct looking_schema : scene::schema {
    using systems = kiln::type_list<scene::transforms, Look>;
    using observers = kiln::type_list<>;
    using schedule = kiln::type_list<kiln::stage_plan<
        scene::stage::update, kiln::type_list<kiln::batch<scene::transforms>, kiln::batch<Look>>>>;
};

} // namespace

void look(kiln::basic_world<looking_schema>& world) {
    world.run(scene::stage::update);
}

void propagate_drift(fixture::World& world) {
    kiln::propagate<drifting>(world);
}

// propagate_dirty_untracked_local's twin: a local part that is tracked.
void propagate_dirty_transforms(scene::World& world, kiln::propagation_state& state) {
    kiln::propagate_dirty<scene::transforms>(world, state);
}

void read_in_chunks(kiln::basic_world<reading_schema>& world) {
    world.run(fixture::stage::update);
}

void control(fixture::World& world) {
    world.each<fixture::Position, const fixture::Velocity>([](fixture::Position&, const fixture::Velocity&) {});
    world.create<fixture::Particle>(fixture::Velocity{});
    static_cast<void>(world.get<fixture::Position>(kiln::null_entity));
    world.each<fixture::Position>([](fixture::World::deferred_type& deferred, kiln::entity e, fixture::Position&) {
        deferred.destroy(e);
    });
    const kiln::handle<fixture::Ship> ship = world.create<fixture::Ship>();
    const kiln::handle<fixture::FrozenShip> frozen = world.add<fixture::Frozen>(ship);
    static_cast<void>(world.remove<fixture::Frozen>(frozen));
    static_cast<void>(world.get<fixture::Health>(ship).hp);
    fixture::Color color = world.get<fixture::Color>(ship);
    kiln::for_each_field(color, [](std::string_view, auto&) {});
}

// The correct twins of the system cases: the declared signature, reading
// what is read, and commands that record. (This object is compiled, never
// linked, so it does not clash with tests/runtime/fixture_logic.cpp.)
void fixture::Decay::run(Health& health) {
    health.hp -= 1;
}

void fixture::Paint::run(Color::ref color, const Health& health) {
    color.r = static_cast<std::uint8_t>(health.hp);
}

void fixture::Reap::run(kiln::system_commands<World>& commands, kiln::entity entity, const Health&) {
    if (commands.has<Velocity>(entity)) {
        commands.destroy(entity);
    }
}

// Lookups read what they list, a write lookup writes, and an optional
// component is a pointer (tests/schema/reach.toml).
void reach::Hurt::run(const Target& target, const kiln::lookup<walls_lookup>& walls) {
    if (Health* health = walls.get(target.id)) {
        health->hp -= 1;
    }
}

void reach::Note::run(kiln::entity entity, Seen& seen, const Shield* shield, bool has_frozen) {
    seen = {entity, shield != nullptr ? shield->hp : -1, has_frozen};
}

// each on a const world reads.
float read_positions(const fixture::World& world) {
    float sum = 0;
    world.each<const fixture::Position>([&](kiln::entity, const fixture::Position& p) { sum += p.x; });
    return sum;
}

// spawn_override_of_other_archetype, spawn_child_of_other_prefab: overrides
// of the root's components and of the prefab's own child.
void spawn_fighter(content::World& world) {
    world.spawn<content::Fighter>(content::Armor{}, kiln::child<content::Fighter::gun>(content::Aim{}));
}
