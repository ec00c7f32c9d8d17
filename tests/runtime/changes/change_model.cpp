// Change tracking against a model: random creates, destroys, structural
// moves, writes through each(), filtered loops, system runs, rows reordered
// by hierarchy().sort_rows() and the clock moved on by more than
// kiln::max_change_age, with a reference that records every change; every
// filter must visit exactly the rows the reference says changed (or were
// added), and the observer on change Track exactly the rows changed since it
// last ran, under both executors, with clocks started at 1 and on either
// side of 2^31 and of 2^32.
#include <kiln/changes/change_tracking.hpp>

#include <changes/world.hpp>

#include <catch2/catch.hpp>

#include "../every_executor.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <span>
#include <tuple>
#include <utility>
#include <vector>

using namespace changes;

extern std::multiset<float> watched;
extern std::multiset<std::uint32_t> healed;
extern std::multiset<float> tracked;

namespace {

using kiln_test::every_executor;

// Under ThreadSanitizer, which runs this some 20 times slower, shorter runs
// over as many seeds: what it is there for, the parallel executor's races,
// needs many runs of the stages, not a large world, and each step costs time
// in proportion to the world (the reference is a std::map). A bulk create
// still grows an archetype past a chunk now and then.
#if defined(__SANITIZE_THREAD__)
constexpr int steps = 300;
constexpr std::size_t largest_bulk = 2500;
#else
constexpr int steps = 1500;
constexpr std::size_t largest_bulk = 1500;
#endif
constexpr std::uint32_t seeds = 4;

// Where each seed's clock starts: ticks compare modulo 2^32, and the runs
// cross 2^31 and 2^32.
constexpr kiln::change_tick starts[seeds] = {1, (kiln::change_tick{1} << 31) - 300, ~kiln::change_tick{0} - 300,
                                             (kiln::change_tick{1} << 31) + 5};

using clock_access = kiln::internal::change_tracking<World>;

// What the reference knows of one tracked component of one entity.
struct ticks {
    kiln::change_tick added;
    kiln::change_tick changed;
};

// Entity ids in ascending order, each once: what the reference expects a
// loop to visit and what it visited. Sorted vectors, not std::set, which
// took most of the model's time in debug and sanitizer builds (a node per
// id, thousands of ids a step); a row visited twice makes two entries,
// which fail the comparison.
using ids = std::vector<std::uint32_t>;

ids sorted(ids values) {
    std::sort(values.begin(), values.end());
    return values;
}

bool holds(const ids& sorted_ids, std::uint32_t id) { return std::binary_search(sorted_ids.begin(), sorted_ids.end(), id); }

// What the reference knows of one entity: its id (Position::x and
// Health::id hold it), and the ticks of the tracked components it has.
struct entity_record {
    std::uint32_t id;
    std::optional<ticks> position;
    std::optional<ticks> health;
};

template <class Executor>
class model {
public:
    model(std::uint32_t seed, kiln::change_tick start) : random_{seed} {
        clock_access::advance_clock(world_, start - world_.current_tick());
        base_ = world_.advance_tick();
    }

    void step() {
        switch (pick(15)) {
        case 0: create(); break;
        case 1: destroy(); break;
        case 2: add_health(); break;
        case 3: remove_health(); break;
        case 4: freeze(); break;
        case 5: pick(2) == 0 ? write_positions_filtered() : write_particle_positions(); break;
        case 6: write_healths(); break;
        case 7: run_update(); break;
        case 8: run_render(); break;
        case 9: destroy_some(); break;
        case 10: set_position(); break;
        case 11: get_health(); break;
        case 12: sort_rows(); break;
        case 13: pick(8) == 0 ? age() : checkpoint(); break;
        default: checkpoint(); break;
        }
    }

    // Every filter, from the latest checkpoints and every 16th older one,
    // against the reference (every checkpoint, each time, made the test
    // quadratic: minutes in a debug build).
    void check_all() {
        for (std::size_t i = 0; i < checkpoints_.size(); ++i) {
            if (i + 8 < checkpoints_.size() && i % 16 != 0) {
                continue;
            }
            const kiln::change_tick since = checkpoints_[i];
            INFO("since " << since);
            ids positions, added_positions, healths, added_healths;
            world_.template each<const Position>(kiln::changed<Position>(since), [&](const Position& p) {
                positions.push_back(static_cast<std::uint32_t>(p.x));
            });
            world_.template each<const Position>(kiln::added<Position>(since), [&](const Position& p) {
                added_positions.push_back(static_cast<std::uint32_t>(p.x));
            });
            world_.template each<const Health>(kiln::changed<Health>(since),
                                               [&](Health::cref h) { healths.push_back(h.id); });
            world_.template each<const Health>(kiln::added<Health>(since),
                                               [&](Health::cref h) { added_healths.push_back(h.id); });
            CHECK(sorted(positions) == expected(&entity_record::position, &ticks::changed, since));
            CHECK(sorted(added_positions) == expected(&entity_record::position, &ticks::added, since));
            CHECK(sorted(healths) == expected(&entity_record::health, &ticks::changed, since));
            CHECK(sorted(added_healths) == expected(&entity_record::health, &ticks::added, since));
        }
    }

    std::size_t size() const { return records_.size(); }

private:
    std::size_t pick(std::size_t count) { return std::uniform_int_distribution<std::size_t>{0, count - 1}(random_); }

    // The ids whose component (position or health) has a tick newer than
    // since; every one that has it when since is none (a first run).
    ids expected(std::optional<ticks> entity_record::*component, kiln::change_tick ticks::*which,
                 std::optional<kiln::change_tick> since) const {
        ids newer;
        for (const auto& [e, record] : records_) {
            if ((record.*component).has_value() && (!since || kiln::is_newer((*(record.*component)).*which, *since))) {
                newer.push_back(record.id);
            }
        }
        return sorted(std::move(newer));
    }

    std::optional<kiln::entity> any_entity() {
        if (records_.empty()) {
            return std::nullopt;
        }
        auto it = records_.begin();
        std::advance(it, static_cast<std::ptrdiff_t>(pick(records_.size())));
        return it->first;
    }

    void create() {
        const std::uint32_t id = next_id_++;
        const kiln::change_tick now = world_.current_tick();
        const Position position{static_cast<float>(id), 0.0f};
        const Health health{1, 0, id};
        // In bulk, now and then, in one archetype, so that it grows past a
        // chunk.
        const std::size_t count = pick(8) == 0 ? 1 + pick(largest_bulk) : 1;
        const std::size_t archetype = pick(3);
        for (std::size_t i = 0; i < count; ++i) {
            const std::uint32_t each_id = i == 0 ? id : next_id_++;
            const Position each_position{static_cast<float>(each_id), 0.0f};
            const Health each_health{1, 0, each_id};
            kiln::entity e;
            switch (archetype) {
            case 0:
                e = world_.template create<Particle>(each_position, Velocity{0.0f});
                records_[e] = {each_id, ticks{now, now}, std::nullopt};
                break;
            case 1:
                e = world_.template create<Ship>(each_position, Velocity{0.0f}, each_health);
                records_[e] = {each_id, ticks{now, now}, ticks{now, now}};
                break;
            default:
                e = world_.template create<Wreck>(each_health);
                records_[e] = {each_id, std::nullopt, ticks{now, now}};
                break;
            }
        }
        (void)position;
        (void)health;
    }

    void destroy() {
        if (const auto e = any_entity()) {
            world_.destroy(*e);
            forget_dead();
        }
    }

    // The entities destroyed, with their descendants in the hierarchy.
    void forget_dead() {
        std::erase_if(records_, [&](const auto& entry) { return !world_.alive(entry.first); });
    }

    // Links a few entities to parents, then reorders every archetype's rows
    // by the hierarchy: the ticks go with the rows; the chunks' ticks belong
    // to the chunks.
    void sort_rows() {
        auto tree = world_.hierarchy();
        for (std::size_t i = pick(20); i > 0; --i) {
            const auto child = any_entity();
            const auto parent = any_entity();
            if (child && parent) {
                (void)tree.set_parent(*child, *parent); // a cycle is refused, and changes nothing
            }
        }
        if (pick(4) == 0) {
            if (const auto e = any_entity()) {
                tree.remove_parent(*e);
            }
        }
        tree.sort_rows();
    }

    // Moves the clock on by more than kiln::max_change_age and a check's
    // interval: every tick kept is raised, so that rows not written since
    // count as written max_change_age ago, older than every tick taken from
    // now on, and the systems and the observer see every row at their next
    // run, as at their first. Older checkpoints are no longer compared.
    void age() {
        clock_access::advance_clock(world_, kiln::max_change_age + kiln::tick_check_interval + 10);
        const kiln::change_tick raised = world_.current_tick() - kiln::max_change_age;
        for (auto& [e, record] : records_) {
            for (std::optional<ticks>* component : {&record.position, &record.health}) {
                if (component->has_value()) {
                    (*component)->added = raised;
                    (*component)->changed = raised;
                }
            }
        }
        checkpoints_.clear();
        last_render_.reset();
        last_track_.reset();
        base_ = world_.advance_tick();
    }

    // A batch destroy of up to 40 entities: its holes are filled from the
    // top rows down, each once, carrying their ticks.
    void destroy_some() {
        std::vector<kiln::entity> doomed;
        for (std::size_t i = pick(40); i > 0; --i) {
            if (const auto e = any_entity()) {
                doomed.push_back(*e);
            }
        }
        world_.destroy(std::span<const kiln::entity>{doomed});
        forget_dead();
    }

    // set marks Position changed; it keeps x, the id.
    void set_position() {
        const auto e = any_entity();
        if (e && records_[*e].position) {
            world_.template set<Position>(*e, Position{world_.template get<const Position>(*e).x, 2.0f});
            records_[*e].position->changed = world_.current_tick();
        }
    }

    // A writable get marks Health changed, written through or not; a get
    // of const Health does not.
    void get_health() {
        const auto e = any_entity();
        if (!e || !records_[*e].health) {
            return;
        }
        if (pick(2) == 0) {
            ++world_.template get<Health>(*e).hp;
            records_[*e].health->changed = world_.current_tick();
        } else {
            CHECK(world_.template get<const Health>(*e).id == records_[*e].id);
        }
    }

    void add_health() {
        const auto e = any_entity();
        if (e && world_.template has<Position>(*e) && !world_.template has<Health>(*e)) {
            entity_record& record = records_[*e];
            world_.template add<Health>(*e, Health{1, 0, record.id});
            record.health = ticks{world_.current_tick(), world_.current_tick()};
        }
    }

    void remove_health() {
        const auto e = any_entity();
        if (e && world_.template has<Position>(*e) && !world_.template has<Frozen>(*e) &&
            world_.template remove<Health>(*e)) {
            records_[*e].health.reset();
        }
    }

    void freeze() {
        const auto e = any_entity();
        if (!e || !world_.template has<Health>(*e) || !world_.template has<Position>(*e)) {
            return;
        }
        if (world_.template has<Frozen>(*e)) {
            world_.template remove<Frozen>(*e);
        } else {
            world_.template add<Frozen>(*e);
        }
    }

    void write_positions_filtered() {
        const kiln::change_tick since = checkpoints_.empty() ? base_ : checkpoints_[pick(checkpoints_.size())];
        const kiln::change_tick now = world_.current_tick();
        ids visited;
        world_.template each<Position>(kiln::changed<Position>(since), [&](Position& p) {
            visited.push_back(static_cast<std::uint32_t>(p.x));
            p.y += 1.0f;
        });
        visited = sorted(std::move(visited));
        CHECK(visited == expected(&entity_record::position, &ticks::changed, since));
        for (auto& [e, record] : records_) {
            if (record.position && holds(visited, record.id)) {
                record.position->changed = now;
            }
        }
    }

    // Writes every Health, or those of the frozen or the others only: the
    // chunks a loop writes whole are stamped whole, and the rows that move
    // into them later, written before, must keep their own ticks.
    void write_healths() {
        const kiln::change_tick now = world_.current_tick();
        const auto heal = [](Health::ref h) { ++h.hp; };
        const std::size_t which = pick(3);
        if (which == 0) {
            world_.template each<Health>(heal);
        } else if (which == 1) {
            world_.template each<Health>(kiln::with<Frozen>, heal);
        } else {
            world_.template each<Health>(kiln::without<Frozen>, heal);
        }
        for (auto& [e, record] : records_) {
            if (record.health && (which == 0 || world_.template has<Frozen>(e) == (which == 1))) {
                record.health->changed = now;
            }
        }
    }

    // Writes the Positions of the entities without Health.
    void write_particle_positions() {
        const kiln::change_tick now = world_.current_tick();
        world_.template each<Position>(kiln::without<Health>, [](Position& p) { p.y += 1.0f; });
        for (auto& [e, record] : records_) {
            if (record.position && !record.health) {
                record.position->changed = now;
            }
        }
    }

    // Move writes every Position. Its tick lies between the tick before the
    // stage and the one after: every since the model takes lies outside.
    void run_update() {
        const kiln::change_tick during = world_.current_tick() + 1;
        tracked.clear();
        world_.run(stage::update, executor_);
        for (auto& [e, record] : records_) {
            if (record.position) {
                record.position->changed = during;
            }
        }
        CHECK(kiln::is_newer(world_.current_tick(), during));
        check_tracked();
    }

    // Track ran after the stage, on the Positions changed since its run
    // after the stage before, at a tick of its own: the last one the stage
    // took, as the clock advances once more after it.
    void check_tracked() {
        // The multiset is in ascending order, and so are the ids it holds.
        const ids got(tracked.begin(), tracked.end());
        CHECK(got == expected(&entity_record::position, &ticks::changed, last_track_)); // each row once
        last_track_ = world_.current_tick() - 1;
    }

    // Watch runs on the Positions changed since its last run, Heal on the
    // Healths added since its last run, and writes them.
    void run_render() {
        const kiln::change_tick during = world_.current_tick() + 1;
        const ids want_watched = expected(&entity_record::position, &ticks::changed, last_render_);
        const ids want_healed = expected(&entity_record::health, &ticks::added, last_render_);
        watched.clear();
        healed.clear();
        tracked.clear();
        world_.run(stage::render, executor_);
        CHECK(ids(watched.begin(), watched.end()) == want_watched); // each row once
        CHECK(ids(healed.begin(), healed.end()) == want_healed);
        for (auto& [e, record] : records_) {
            if (record.health && holds(want_healed, record.id)) {
                record.health->changed = during;
            }
        }
        // The systems' ticks are all below the tick after the stage; the
        // next run looks past its own, which changes made now exceed.
        last_render_ = world_.current_tick() - 1;
        check_tracked();
    }

    void checkpoint() { checkpoints_.push_back(world_.advance_tick()); }

    World world_;
    Executor executor_{};
    std::mt19937 random_;
    std::map<kiln::entity, entity_record> records_;
    std::vector<kiln::change_tick> checkpoints_;
    std::uint32_t next_id_ = 0;
    kiln::change_tick base_ = 0; // a tick older than every row's, since the start or the clock's last jump
    std::optional<kiln::change_tick> last_render_; // none: the systems of render have not run
    std::optional<kiln::change_tick> last_track_;  // none: Track has not run
};

} // namespace

TEMPLATE_LIST_TEST_CASE("changed and added visit exactly the rows a reference recorded, through random operations",
                        "[change_model]", every_executor) {
    for (std::uint32_t seed = 1; seed <= seeds; ++seed) {
        INFO("seed " << seed);
        INFO("clock started at " << starts[seed - 1]);
        model<TestType> run{seed, starts[seed - 1]};
        for (int step = 0; step < steps; ++step) {
            run.step();
            if (step % 100 == 99) {
                run.check_all();
            }
        }
        run.check_all();
        CHECK(run.size() > 0);
    }
}
