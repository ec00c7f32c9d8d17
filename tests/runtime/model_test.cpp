// The randomized model test: a long run of random operations on a world,
// each checked against a plain reference model built on std::map, its
// hierarchy against reference_tree (model_tree.hpp). Every
// 1,000 operations the world is saved and loaded back (kiln/save.hpp),
// and must still match the model; where kiln::json exists, every 10,000
// operations (JSON is slower) it is also written as JSON and read back into
// a second world, which must be the same.
//
// The run alternates phases of 4,096 operations: in one, entities are
// linked in the hierarchy, and destroy(e) of a linked entity (a parent or
// children) settles the world and fills its subtree's rows at once, while
// destroy(e) of an unlinked one leaves a hole, so that the hierarchy's
// operations (set_parent, sort_rows, a subtree's destroy) meet holes; in the
// other, no entity is linked, and every destroy(e) leaves a hole, filled
// when the world settles. There the hierarchy's operations give way to bulk
// ones (destroy of a batch, create_n, a stage run, destroy_all, clear, a
// const world's reads and saves), so that each meets rows left by
// destroy(e). Each destroy(e) is checked to leave the rows its rule says.
//
// Run: kiln_model_test [--operations N] [--seed S]
// A failure prints the operation number and the seed; the same seed replays
// the same run.
#include <kiln/save.hpp>
#if KILN_MODEL_TEST_JSON
#    include <kiln/json.hpp>
#endif

#include <fixture/reflection.hpp>

#include "model_tree.hpp"

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string_view>
#include <utility>
#include <vector>

namespace {

// What the model knows of one entity: its archetype and the values of the
// components the test follows.
struct record {
    std::uint32_t archetype;
    std::optional<fixture::Position> position;
    std::optional<fixture::Velocity> velocity;
    std::optional<fixture::Health> health;
    std::optional<fixture::Color> color;
    bool frozen = false;
};

bool same(const fixture::Position& a, const fixture::Position& b) { return a.x == b.x && a.y == b.y; }
bool same(const fixture::Velocity& a, const fixture::Velocity& b) { return a.x == b.x && a.y == b.y; }
bool same(const fixture::Health& a, const fixture::Health& b) { return a.hp == b.hp && a.regen == b.regen; }
bool same(const fixture::Color& a, const fixture::Color& b) { return a.r == b.r && a.g == b.g && a.b == b.b; }

class model_test {
public:
    explicit model_test(std::uint64_t seed) : seed_{seed}, random_{seed} {}

    bool run(long operations) {
        for (operation_ = 0; operation_ < operations; ++operation_) {
            step();
            check_totals();
            if (operation_ % 512 == 0) {
                check_everything();
            }
            if (operation_ % 1000 == 999) {
                reload();
            }
            if (failed_) {
                return false;
            }
        }
        check_everything();
        return !failed_;
    }

private:
    void step() {
        if (operation_ % 4096 == 0) {
            switch_phase();
        }
        const int dice = pick(100);
        const bool crowded = model_.size() > 2000;
        if (dice < (crowded ? 20 : 40)) {
            create();
        } else if (dice < 55) {
            destroy();
        } else if (dice < 67) {
            check_one();
        } else if (dice < 75) {
            set_position();
        } else if (dice < 78) {
            move_all();
        } else if (dice < 81) {
            wound_unfrozen();
        } else if (dice < 85) {
            check_stale();
        } else if (dice < 88) {
            toggle();
        } else if (dice < 90) {
            deferred_round();
        } else if (dice < 98) {
            if (flat_) {
                bulk_operation();
            } else {
                reparent();
            }
        } else if (dice < 99) {
            if (flat_) {
                deferred_destroy();
            } else {
                deferred_reparent();
            }
        } else {
            run_update();
        }
    }

    // Into the flat phase, every link is removed; out of it, linking starts again.
    void switch_phase() {
        flat_ = !flat_;
        if (flat_) {
            for (const auto& [bits, r] : model_) {
                const kiln::entity e = kiln::entity::from_bits(bits);
                const bool had_parent = tree_.remove_parent(e);
                expect(world_.hierarchy().remove_parent(e) == had_parent, "remove_parent returned the wrong answer");
            }
        }
    }

    void bulk_operation() {
        const int dice = pick(200);
        if (dice < 80) {
            destroy_batch();
        } else if (dice < 120) {
            create_many();
        } else if (dice < 180) {
            check_const_world();
        } else if (dice < 196) {
            storage_rows();
        } else if (dice < 199) {
            world_.destroy_all<fixture::Particle>();
            std::vector<kiln::entity> particles;
            for (const auto& [bits, r] : model_) {
                if (r.archetype == fixture::Particle::id) {
                    particles.push_back(kiln::entity::from_bits(bits));
                }
            }
            for (const kiln::entity e : particles) {
                destroy_in_model(e);
            }
            std::size_t positions = 0;
            for (const auto& [bits, r] : model_) {
                positions += r.position && !r.health;
            }
            expect(world_.count<fixture::Position>(kiln::without<fixture::Health>) == positions,
                   "destroy_all<Particle> left particles, or took others");
        } else {
            world_.clear();
            model_.clear();
            tree_ = reference_tree{};
            expect(world_.size() == 0, "clear left entities");
        }
    }

    std::size_t count_of(std::uint32_t archetype) const {
        std::size_t count = 0;
        for (const auto& [bits, r] : model_) {
            count += r.archetype == archetype;
        }
        return count;
    }

    // destroy(span): some live handles, some dead, one repeated.
    void destroy_batch() {
        std::vector<kiln::entity> doomed;
        for (int i = 0, count = 1 + pick(12); i < count; ++i) {
            doomed.push_back(pick(4) == 0 ? any_issued() : any_alive().value_or(kiln::null_entity));
        }
        if (!doomed.empty()) {
            doomed.push_back(doomed.front());
        }
        std::size_t expected = 0;
        for (const kiln::entity e : doomed) {
            if (model_alive(e)) {
                destroy_in_model(e);
                ++expected;
            }
        }
        expect(world_.destroy(doomed) == expected, "destroy(span) destroyed another number of entities");
        for (const kiln::entity e : doomed) {
            expect(!world_.alive(e), "destroy(span) left an entity alive");
        }
        for (std::uint32_t id = 0; id <= fixture::Beacon::id; ++id) {
            expect(rows_of(id).holes == 0, "destroy(span) left a hole");
        }
    }

    // create_n: the handles it returns are the new entities', alive, with the values given.
    void create_many() {
        const fixture::Position position{static_cast<float>(pick(100)), 3};
        const auto created = world_.create_n<fixture::Particle>(static_cast<std::size_t>(1 + pick(20)), position);
        for (const kiln::entity e : created) {
            expect(!model_.contains(e.to_bits()), "create_n issued a handle that is already alive");
            model_[e.to_bits()] = {fixture::Particle::id, position, fixture::Velocity{}, {}, {}};
            issued_.push_back(e);
        }
        for (const kiln::entity e : created) {
            check_entity(e);
        }
    }

    // Through a const reference the world cannot settle: count leaves out the
    // rows destroy(e) left, and save writes the other rows as the settled
    // world holds them: the same bytes as a save after the world settles.
    void check_const_world() {
        const fixture::World& view = world_;
        std::size_t positions = 0;
        for (const auto& [bits, r] : model_) {
            positions += r.position.has_value();
        }
        expect(view.count<fixture::Position>() == positions, "count<Position> of a const world counted holes");
        std::vector<std::byte> unsettled;
        expect(!kiln::save(view, unsettled), "save of a const world failed");
        world_.settle();
        std::vector<std::byte> settled;
        expect(!kiln::save(view, settled) && settled == unsettled,
               "a const world's save differs from the save of the settled world");
    }

    // world.storage<A>() settles: its rows are exactly the model's entities of A.
    void storage_rows() {
        const auto ships = world_.storage<fixture::Ship>();
        std::size_t rows = 0;
        for (const kiln::entity e : ships.entities()) {
            const auto found = model_.find(e.to_bits());
            expect(found != model_.end() && found->second.archetype == fixture::Ship::id,
                   "storage<Ship>() holds a row the model does not have in Ship");
            if (found != model_.end() && found->second.health) {
                expect(same(ships.at<fixture::Health>(rows), *found->second.health),
                       "storage<Ship>()'s Health column differs from the model");
            }
            ++rows;
        }
        expect(rows == count_of(fixture::Ship::id), "storage<Ship>() has another number of rows than the model");
    }

    // destroys and adds recorded in the world's buffer, applied at flush.
    void deferred_destroy() {
        auto& commands = world_.commands();
        std::vector<kiln::entity> doomed;
        for (int i = 0, count = 1 + pick(6); i < count; ++i) {
            if (const auto e = any_alive()) {
                commands.destroy(*e);
                doomed.push_back(*e);
            }
        }
        world_.flush();
        for (const kiln::entity e : doomed) {
            if (model_alive(e)) {
                destroy_in_model(e);
            }
            expect(!world_.alive(e), "a deferred destroy left its entity alive");
        }
    }

    // The update stage (tests/runtime/fixture_logic.cpp): Integrate moves
    // what is not frozen, Decay wears every Health, Paint colours by it,
    // and Reap destroys the unfrozen ships out of health and freezes the
    // weak ones, applied after the stage.
    void run_update() {
        world_.run(fixture::stage::update);
        std::vector<kiln::entity> doomed;
        for (auto& [bits, r] : model_) {
            if (r.position && r.velocity && !r.frozen) {
                r.position->x += r.velocity->x;
                r.position->y += r.velocity->y;
            }
            if (r.health) {
                r.health->hp -= r.health->regen ? 1 : 3;
                if (r.color) {
                    r.color->r = static_cast<std::uint8_t>(r.health->hp);
                    r.color->g = static_cast<std::uint8_t>(r.color->g + 1);
                }
                if (!r.frozen && r.health->hp <= 0) {
                    doomed.push_back(kiln::entity::from_bits(bits));
                } else if (!r.frozen && r.health->hp < 20) {
                    r.archetype = fixture::FrozenShip::id;
                    r.frozen = true;
                }
            }
        }
        for (const kiln::entity e : doomed) {
            if (model_alive(e)) {
                destroy_in_model(e);
            }
        }
    }

    void create() {
        std::optional<fixture::Position> position;
        if (pick(2) == 0) {
            position = fixture::Position{static_cast<float>(pick(1000)), static_cast<float>(pick(1000))};
        }
        std::optional<fixture::Health> health;
        if (pick(2) == 0) {
            health = fixture::Health{pick(500), pick(2) == 0};
        }
        record r{};
        kiln::entity created;
        switch (pick(5)) {
        case 0:
            created = position ? world_.create<fixture::Particle>(*position) : world_.create<fixture::Particle>();
            r = {fixture::Particle::id, position.value_or(fixture::Position{}), fixture::Velocity{}, {}, {}};
            break;
        case 1:
            created = world_.create<fixture::Ship>(health.value_or(fixture::Health{}), fixture::Color{9, 8, 7});
            r = {fixture::Ship::id, fixture::Position{}, fixture::Velocity{}, health.value_or(fixture::Health{}),
                 fixture::Color{9, 8, 7}};
            break;
        case 2:
            created = world_.create<fixture::FrozenShip>(position.value_or(fixture::Position{}));
            r = {fixture::FrozenShip::id, position.value_or(fixture::Position{}), fixture::Velocity{},
                 fixture::Health{}, fixture::Color{}, true};
            break;
        case 3:
            created = world_.create<fixture::Marker>();
            r = {fixture::Marker::id, fixture::Position{}, {}, {}, {}};
            break;
        default:
            created = world_.create<fixture::Beacon>();
            r = {fixture::Beacon::id, {}, {}, {}, {}};
            break;
        }
        expect(!model_.contains(created.to_bits()), "create issued a handle that is already alive");
        model_[created.to_bits()] = r;
        issued_.push_back(created);
        check_entity(created);
    }

    void destroy() {
        if (issued_.empty()) {
            return;
        }
        const kiln::entity e = issued_[pick(static_cast<int>(issued_.size()))];
        const bool was_alive = model_.contains(e.to_bits());
        if (pick(4) == 0) {
            // Its children become roots first: e is linked only by a parent.
            const std::uint32_t archetype = was_alive ? model_.at(e.to_bits()).archetype : 0;
            const bool linked = !tree_.parent(e).is_null();
            const rows_held before = rows_of(archetype);
            expect(world_.hierarchy().destroy_keeping_children(e) == was_alive,
                   "destroy_keeping_children returned the wrong answer");
            if (was_alive) {
                tree_.erase(e);
                model_.erase(e.to_bits());
                check_destroyed_rows(archetype, linked, before);
            }
        } else {
            const std::uint32_t archetype = was_alive ? model_.at(e.to_bits()).archetype : 0;
            const bool linked = !tree_.parent(e).is_null() || !tree_.children(e).empty();
            const rows_held before = rows_of(archetype);
            expect(world_.destroy(e) == was_alive, "destroy returned the wrong answer");
            if (was_alive) {
                destroy_in_model(e);
                check_destroyed_rows(archetype, linked, before);
            }
            // Without links, e's row is a hole now, unless it was its archetype's last live row.
            // A const world's save leaves it out.
            if (was_alive && !linked && pick(16) == 0 && count_of(archetype) != 0) {
                std::vector<std::byte> bytes;
                expect(!kiln::save(std::as_const(world_), bytes), "save of a const world with a hole failed");
                const auto copy = std::make_unique<fixture::World>();
                expect(!kiln::load(*copy, bytes) && !copy->alive(e) && copy->size() == world_.size(),
                       "a const world's save held a row left by destroy(e)");
            }
        }
        expect(!world_.alive(e), "a destroyed entity is alive");
    }

    // An archetype's rows as they are, holes included (unsettled_storage),
    // and how many are holes.
    struct rows_held {
        std::size_t rows;
        std::size_t holes;
    };

    template <class A>
    rows_held rows_of() const {
        const auto rows = world_.unsettled_storage<A>();
        return {rows.size(), rows.storage().hole_count()};
    }

    rows_held rows_of(std::uint32_t archetype) const {
        switch (archetype) {
        case fixture::Particle::id:
            return rows_of<fixture::Particle>();
        case fixture::Ship::id:
            return rows_of<fixture::Ship>();
        case fixture::FrozenShip::id:
            return rows_of<fixture::FrozenShip>();
        case fixture::Marker::id:
            return rows_of<fixture::Marker>();
        case fixture::Probe::id:
            return rows_of<fixture::Probe>();
        default:
            static_assert(fixture::Beacon::id == 5);
            return rows_of<fixture::Beacon>();
        }
    }

    // destroy(e)'s rule for the rows (docs/world.md, When rows move): a
    // linked e's destroy settled the world and filled its subtree's rows at
    // once, so no archetype holds a hole; an unlinked e's left its row as a
    // hole (nothing moved), or emptied its archetype when that was its last
    // live row. before is e's archetype's rows before the destroy.
    void check_destroyed_rows(std::uint32_t archetype, bool linked, rows_held before) {
        if (linked) {
            for (std::uint32_t id = 0; id <= fixture::Beacon::id; ++id) {
                expect(rows_of(id).holes == 0, "destroy of a linked entity left a hole");
            }
            return;
        }
        const rows_held after = rows_of(archetype);
        if (count_of(archetype) == 0) {
            expect(after.rows == 0, "destroy of an archetype's last live entity left rows");
        } else {
            expect(after.rows == before.rows && after.holes == before.holes + 1,
                   "destroy of an unlinked entity did not leave its row as a hole");
        }
    }

    // e and its descendants die.
    void destroy_in_model(kiln::entity e) {
        for (const kiln::entity gone : tree_.subtree(e)) {
            tree_.erase(gone);
            model_.erase(gone.to_bits());
        }
    }

    // Any handle ever issued, alive or not, or now and then the null one.
    kiln::entity any_issued() {
        if (issued_.empty() || pick(50) == 0) {
            return kiln::null_entity;
        }
        return issued_[pick(static_cast<int>(issued_.size()))];
    }

    // A parent for child: mostly a live entity, sometimes one of child's
    // own descendants (a cycle, refused), sometimes any handle.
    kiln::entity parent_for(kiln::entity child) {
        const int dice = pick(10);
        if (dice < 2 && model_.contains(child.to_bits())) {
            const auto below = tree_.subtree(child);
            return below[pick(static_cast<int>(below.size()))];
        }
        if (dice < 9) {
            if (const auto e = any_alive()) {
                return *e;
            }
        }
        return any_issued();
    }

    bool model_alive(kiln::entity e) const { return model_.contains(e.to_bits()); }

    // set_parent or remove_parent on the world at once; now and then the
    // rows sorted by depth.
    void reparent() {
        const kiln::entity child = pick(5) == 0 ? any_issued() : any_alive().value_or(kiln::null_entity);
        auto tree = world_.hierarchy();
        if (pick(5) == 0) {
            const bool removed = model_alive(child) && tree_.remove_parent(child);
            expect(tree.remove_parent(child) == removed, "remove_parent returned the wrong answer");
        } else {
            const kiln::entity parent = parent_for(child);
            const auto expected = tree_.set_parent(child, parent, model_alive(child) && model_alive(parent));
            expect(tree.set_parent(child, parent) == expected, "set_parent returned the wrong answer");
        }
        if (model_alive(child)) {
            check_links(child);
        }
        if (pick(200) == 0) {
            world_.hierarchy().sort_rows(); // rows move, handles and values stay
            check_everything();
        }
    }

    // set_parent, remove_parent and destroy recorded in the world's command
    // buffer, some naming an entity created by the same buffer, applied in
    // order at flush; those refused by then are skipped.
    void deferred_reparent() {
        auto& commands = world_.commands();
        struct recorded {
            int kind; // 0 set_parent, 1 remove_parent, 2 destroy
            kiln::entity child, parent;
        };
        std::vector<recorded> steps;
        const kiln::entity born = commands.create<fixture::Particle>();
        for (int i = 0, count = 1 + pick(6); i < count; ++i) {
            const kiln::entity child = pick(4) == 0 ? born : any_alive().value_or(born);
            const int kind = pick(10) < 7 ? 0 : pick(2) + 1;
            const kiln::entity parent = kind != 0 ? kiln::null_entity : pick(4) == 0 ? born : parent_for(child);
            steps.push_back({kind, child, parent});
            if (kind == 0) {
                commands.set_parent(child, parent);
            } else if (kind == 1) {
                commands.remove_parent(child);
            } else {
                commands.destroy(child);
            }
        }
        expect(world_.hierarchy().parent(born).is_null(), "a reserved entity has a parent before the flush");
        world_.flush();
        model_[born.to_bits()] = {fixture::Particle::id, fixture::Position{}, fixture::Velocity{}, {}, {}};
        issued_.push_back(born);
        for (const recorded& step : steps) {
            if (step.kind == 0) {
                tree_.set_parent(step.child, step.parent, model_alive(step.child) && model_alive(step.parent));
            } else if (step.kind == 1) {
                if (model_alive(step.child)) {
                    tree_.remove_parent(step.child);
                }
            } else if (model_alive(step.child)) {
                destroy_in_model(step.child);
            }
        }
        check_totals();
        for (const recorded& step : steps) {
            for (const kiln::entity e : {step.child, step.parent}) {
                if (model_alive(e)) {
                    check_links(e);
                }
            }
        }
    }

    void check_one() {
        if (const auto e = any_alive()) {
            check_entity(*e);
        }
    }

    void set_position() {
        const auto e = any_alive();
        if (!e || !model_[e->to_bits()].position) {
            return;
        }
        const fixture::Position value{static_cast<float>(pick(100)), static_cast<float>(pick(100))};
        world_.get<fixture::Position>(*e) = value;
        model_[e->to_bits()].position = value;
        check_entity(*e);
    }

    void move_all() {
        world_.each<fixture::Position, const fixture::Velocity>([](fixture::Position& p, const fixture::Velocity& v) {
            p.x += v.x;
            p.y += v.y;
        });
        for (auto& [bits, r] : model_) {
            if (r.position && r.velocity) {
                r.position->x += r.velocity->x;
                r.position->y += r.velocity->y;
            }
        }
    }

    void wound_unfrozen() {
        long visited = 0;
        world_.each<fixture::Health>(kiln::without<fixture::Frozen>, [&](kiln::entity e, fixture::Health& h) {
            expect(world_.alive(e), "each passed a dead entity");
            h.hp -= 1;
            ++visited;
        });
        long expected = 0;
        for (auto& [bits, r] : model_) {
            if (r.health && !r.frozen) {
                r.health->hp -= 1;
                ++expected;
            }
        }
        expect(visited == expected, "each<Health>(without<Frozen>) visited the wrong number of entities");
    }

    // Moves an entity across a transition: Ship <-> FrozenShip by Frozen,
    // Marker <-> Beacon by Position; half the time through a typed handle.
    void toggle() {
        const auto e = any_alive();
        if (!e) {
            return;
        }
        record& r = model_[e->to_bits()];
        const bool typed = pick(2) == 0;
        if (r.archetype == fixture::Ship::id) {
            if (typed) {
                world_.add<fixture::Frozen>(*world_.handle_of<fixture::Ship>(*e));
            } else {
                world_.add<fixture::Frozen>(*e);
            }
            r.archetype = fixture::FrozenShip::id;
            r.frozen = true;
        } else if (r.archetype == fixture::FrozenShip::id) {
            if (typed) {
                world_.remove<fixture::Frozen>(*world_.handle_of<fixture::FrozenShip>(*e));
            } else {
                expect(world_.remove<fixture::Frozen>(*e), "remove<Frozen> of a frozen ship did nothing");
            }
            r.archetype = fixture::Ship::id;
            r.frozen = false;
        } else if (r.archetype == fixture::Beacon::id) {
            const fixture::Position value{static_cast<float>(pick(50)), 1};
            world_.add<fixture::Position>(*e, value);
            r.archetype = fixture::Marker::id;
            r.position = value;
        } else if (r.archetype == fixture::Marker::id) {
            world_.remove<fixture::Position>(*e);
            r.archetype = fixture::Beacon::id;
            r.position.reset();
        } else {
            expect(!world_.remove<fixture::Frozen>(*e), "remove<Frozen> of an entity without it did something");
        }
        check_entity(*e);
    }

    // A loop that records structural changes: every unfrozen ship whose hp
    // is a multiple of 3 freezes, one whose hp is a multiple of 5 dies
    // (after freezing), and each spawns a particle. Applied when the loop
    // ends; the model does the same, in the same order.
    void deferred_round() {
        std::vector<kiln::entity> spawned;
        world_.each<const fixture::Health>(kiln::without<fixture::Frozen>,
                                           [&](fixture::World::deferred_type& deferred, kiln::entity e,
                                               const fixture::Health& h) {
                                               if (h.hp % 3 == 0) {
                                                   deferred.add<fixture::Frozen>(e);
                                               }
                                               if (h.hp % 5 == 0) {
                                                   deferred.destroy(e);
                                               }
                                               spawned.push_back(deferred.create<fixture::Particle>());
                                               expect(!world_.alive(spawned.back()), "a deferred create is alive early");
                                           });
        std::vector<kiln::entity> doomed;
        for (auto& [bits, r] : model_) {
            const bool affected = r.health && !r.frozen;
            if (affected && r.health->hp % 3 == 0) {
                r.archetype = fixture::FrozenShip::id;
                r.frozen = true;
            }
            if (affected && r.health->hp % 5 == 0) {
                doomed.push_back(kiln::entity::from_bits(bits));
            }
        }
        for (const kiln::entity e : doomed) {
            if (model_alive(e)) { // not gone with an ancestor's subtree
                destroy_in_model(e);
            }
        }
        for (const kiln::entity e : spawned) {
            model_[e.to_bits()] = {fixture::Particle::id, fixture::Position{}, fixture::Velocity{}, {}, {}};
            issued_.push_back(e);
            check_entity(e);
        }
    }

    // A world loaded from a save must issue the handle the saved world
    // issues next; then the world is saved and loaded in its own place, and
    // every entity, value, handle and resource must survive.
    void reload() {
        std::vector<std::byte> bytes;
        expect(!kiln::save(world_, bytes), "save failed");
        const auto copy = std::make_unique<fixture::World>();
        expect(!kiln::load(*copy, bytes), "loading a save into a second world failed");
#if KILN_MODEL_TEST_JSON
        const bool via_json = operation_ % 10000 == 9999;
        const auto from_document = std::make_unique<fixture::World>();
        if (via_json) {
            const auto document = kiln::to_json(world_);
            expect(!kiln::from_json(*from_document, document), "reading a world's JSON failed");
            expect(kiln::to_json(*from_document) == document, "a world read from JSON writes another document");
            std::vector<std::byte> resaved;
            expect(!kiln::save(*from_document, resaved) && resaved == bytes,
                   "a world read from JSON saves other bytes than the world it was written from");
        }
#endif
        const kiln::entity created = world_.create<fixture::Beacon>();
        expect(kiln::entity{copy->create<fixture::Beacon>()} == created,
               "a loaded world issued another handle than the world it was saved from");
#if KILN_MODEL_TEST_JSON
        expect(!via_json || kiln::entity{from_document->create<fixture::Beacon>()} == created,
               "a world read from JSON issued another handle than the world it was written from");
#endif
        model_[created.to_bits()] = {fixture::Beacon::id, {}, {}, {}, {}};
        issued_.push_back(created);

        const auto ticks = static_cast<std::uint64_t>(operation_);
        world_.resource<fixture::Clock>().ticks = ticks;
        world_.resource<fixture::Score>().points = -operation_;
        bytes.clear();
        expect(!kiln::save(world_, bytes), "save failed");
        expect(!kiln::load(world_, bytes), "loading a save failed");
        expect(world_.resource<fixture::Clock>().ticks == ticks && world_.resource<fixture::Score>().points == -operation_,
               "resources differ after a reload");
        check_everything();
    }

    void check_stale() {
        if (issued_.empty()) {
            return;
        }
        const kiln::entity e = issued_[pick(static_cast<int>(issued_.size()))];
        if (model_.contains(e.to_bits())) {
            return;
        }
        expect(!world_.alive(e), "a destroyed handle is alive");
        expect(!world_.has<fixture::Position>(e), "a destroyed handle has a component");
        expect(world_.try_get<fixture::Position>(e) == nullptr, "try_get through a destroyed handle gave a value");
    }

    void check_entity(kiln::entity e) {
        const record& r = model_.at(e.to_bits());
        expect(world_.alive(e), "a live entity is not alive");
        expect(world_.archetype_name(e) == archetype_name(r.archetype), "an entity is in the wrong archetype");
        expect(world_.has<fixture::Position>(e) == r.position.has_value(), "has<Position> is wrong");
        expect(world_.has<fixture::Health>(e) == r.health.has_value(), "has<Health> is wrong");
        expect(world_.has<fixture::Frozen>(e) == r.frozen, "has<Frozen> is wrong");
        if (r.position) {
            expect(same(world_.get<fixture::Position>(e), *r.position), "Position differs from the model");
        }
        if (r.velocity) {
            expect(same(world_.get<fixture::Velocity>(e), *r.velocity), "Velocity differs from the model");
        }
        if (r.health) {
            expect(same(world_.get<fixture::Health>(e), *r.health), "Health differs from the model");
        }
        if (r.color) {
            expect(same(world_.get<fixture::Color>(e), *r.color), "Color differs from the model");
        }
    }

    void check_totals() {
        expect(world_.size() == model_.size(), "size differs from the model");
    }

    // e's parent, children in order and depth.
    void check_links(kiln::entity e) {
        const auto tree = world_.hierarchy();
        expect(tree.parent(e) == tree_.parent(e), "an entity's parent differs from the reference tree");
        expect(tree.depth(e) == tree_.depth(e), "an entity's depth differs from the reference tree");
        std::vector<kiln::entity> children;
        for (const kiln::entity child : tree.children(e)) {
            children.push_back(child);
        }
        expect(children == tree_.children(e), "an entity's children differ from the reference tree, or their order");
        expect(tree.child_count(e) == children.size(), "child_count differs from the children listed");
    }

    void check_hierarchy() {
        for (const auto& [bits, r] : model_) {
            check_links(kiln::entity::from_bits(bits));
        }
    }

    void check_everything() {
        for (const auto& [bits, r] : model_) {
            check_entity(kiln::entity::from_bits(bits));
        }
        check_hierarchy();
        std::size_t expected = 0;
        for (const auto& [bits, r] : model_) {
            expected += r.position.has_value();
        }
        // Before each settles the world, and through a const reference, count must see past the holes.
        expect(std::as_const(world_).count<fixture::Position>() == expected, "count<Position> differs from the model");
        std::size_t positions = 0;
        world_.each<const fixture::Position>([&](kiln::entity e, const fixture::Position& p) {
            const auto found = model_.find(e.to_bits());
            expect(found != model_.end() && found->second.position && same(*found->second.position, p),
                   "each<Position> visited an entity the model does not know, or with another value");
            ++positions;
        });
        expect(positions == expected, "each<Position> missed entities");
        expect(world_.count<fixture::Position>() == expected, "count<Position> differs from the model");
    }

    std::optional<kiln::entity> any_alive() {
        if (model_.empty()) {
            return std::nullopt;
        }
        auto it = model_.lower_bound(random_());
        if (it == model_.end()) {
            it = model_.begin();
        }
        return kiln::entity::from_bits(it->first);
    }

    static std::string_view archetype_name(std::uint32_t id) {
        constexpr std::string_view names[] = {fixture::Particle::name, fixture::Ship::name, fixture::FrozenShip::name,
                                              fixture::Marker::name,   fixture::Probe::name, fixture::Beacon::name};
        static_assert(fixture::Beacon::id == 5);
        return names[id];
    }

    int pick(int bound) { return std::uniform_int_distribution<int>{0, bound - 1}(random_); }

    void expect(bool condition, const char* what) {
        if (!condition && !failed_) {
            failed_ = true;
            std::fprintf(stderr, "model test failed at operation %ld (seed %" PRIu64 "): %s\n", operation_, seed_, what);
        }
    }

    std::uint64_t seed_;
    std::mt19937_64 random_;
    fixture::World world_;
    std::map<std::uint64_t, record> model_;
    std::vector<kiln::entity> issued_;
    reference_tree tree_;
    long operation_ = 0;
    bool flat_ = false; // whether this phase links no entity (see switch_phase)
    bool failed_ = false;
};

} // namespace

int main(int argc, char** argv) {
    long operations = 100'000;
    std::uint64_t seed = 12345;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (std::strcmp(argv[i], "--operations") == 0) {
            operations = std::atol(argv[i + 1]);
        } else if (std::strcmp(argv[i], "--seed") == 0) {
            seed = std::strtoull(argv[i + 1], nullptr, 10);
        } else {
            std::fprintf(stderr, "usage: %s [--operations N] [--seed S]\n", argv[0]);
            return 2;
        }
    }
    model_test test{seed};
    if (!test.run(operations)) {
        return 1;
    }
    std::printf("model test: %ld operations, seed %" PRIu64 ": the world matched the model at every step\n",
                operations, seed);
}
