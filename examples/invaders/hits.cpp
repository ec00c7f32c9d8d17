// What hits what. A system runs on one kind of entity and reaches the others
// through lookups: the aliens look at the bullet (there is one at most: a
// single lookup, and no bullet, no run), the shots at the bricks where they
// are (the Shields resource says which brick is in which cell), the bombs at
// the cannon. A shot that hits is marked spent, through the lookup or on its
// own row, and Spend destroys it; what the game must hear of, an alien shot
// or the cannon hit, is an event.
// It includes the headers of the systems it defines, not world.hpp (its commands (destroy) need no world),
// so that an edit of another system or archetype compiles it again no more
// (docs/compile_time.md, "The edit loop").
#include <invaders/systems/HitAliens.hpp>
#include <invaders/systems/Score.hpp>
#include <invaders/systems/HitShields.hpp>
#include <invaders/systems/Crush.hpp>
#include <invaders/systems/HitCannon.hpp>
#include <invaders/systems/Land.hpp>
#include <invaders/systems/Spend.hpp>

#include <algorithm>
#include <cmath>

#include "rules.hpp"

namespace {

bool overlap(const invaders::Position& a, const invaders::Box& a_box, const invaders::Position& b,
             const invaders::Box& b_box) {
    return invaders::rules::overlap(a.x, a.y, a_box.half_width, a_box.half_height, b.x, b.y, b_box.half_width,
                                    b_box.half_height);
}

// The cell of the shields' grid that holds the pixel coordinate v, counted
// from origin in cells of a brick's side (negative before it).
int cell_of(float v, float origin) { return static_cast<int>(std::floor((v - origin) / invaders::rules::brick)); }

} // namespace

// Aliens are 16 pixels apart and a bullet 6 tall, so it meets one at most.
void invaders::HitAliens::run(kiln::system_commands<World>& commands, kiln::entity entity, const Position& position,
                              const Box& box, const Alien& alien, const kiln::single<bullet_lookup>& bullet,
                              kiln::event_writer<AlienShot>& emit_alien_shot) {
    Missile& missile = bullet.get<Missile>();
    if (!missile.spent && overlap(bullet.get<Position>(), bullet.get<Box>(), position, box)) {
        missile.spent = true;
        commands.destroy(entity);
        emit_alien_shot(AlienShot{alien.kind});
    }
}

void invaders::Score::run(Game& game, kiln::event_reader<AlienShot> alien_shot_events) {
    for (const AlienShot& shot : alien_shot_events) {
        game.score += rules::points[shot.kind % 3];
        game.high_score = std::max(game.high_score, game.score);
    }
}

// A shot (not spent on an alien) wears down the first brick it meets on its
// way: the cells its box touches are looked at row by row, from the bottom
// for a bullet (it rises) and from the top for a bomb, each row from the
// left; a brick of 2 hp takes two hits. The cells are those of the Shields
// grid; shields stand rules::shield_pitch apart, so the columns between
// them hold no cell.
void invaders::HitShields::run(kiln::system_commands<World>& commands, kiln::entity, Missile& missile,
                               const Position& position, const Box& box, const Velocity& velocity,
                               const kiln::lookup<bricks_lookup>& bricks, const Shields& shields) {
    if (missile.spent) {
        return;
    }
    constexpr int strip = static_cast<int>(rules::shield_pitch / rules::brick); // cells from one shield to the next
    const int top = std::max(0, cell_of(position.y - box.half_height, rules::shield_y));
    const int bottom = std::min(rules::shield_rows - 1, cell_of(position.y + box.half_height, rules::shield_y));
    const int first_column = std::max(0, cell_of(position.x - box.half_width, rules::shield_left));
    const int last_column = std::min(rules::shields * strip - 1, cell_of(position.x + box.half_width, rules::shield_left));
    const bool rising = velocity.y < 0;
    for (int i = 0; i <= bottom - top; ++i) {
        const int row = rising ? bottom - i : top + i;
        for (int column = first_column; column <= last_column; ++column) {
            const int shield = column / strip;
            if (column % strip >= rules::shield_columns) {
                continue;
            }
            const kiln::entity cell = shields.bricks[static_cast<std::size_t>(
                (shield * rules::shield_rows + row) * rules::shield_columns + column % strip)];
            Brick* brick = bricks.get<Brick>(cell); // null: no brick there, or destroyed
            if (brick == nullptr || !overlap(position, box, *bricks.get<Position>(cell), *bricks.get<Box>(cell))) {
                continue;
            }
            missile.spent = true;
            if (brick->hp > 0 && --brick->hp == 0) {
                commands.destroy(cell);
            }
            return;
        }
    }
}

void invaders::Crush::run(kiln::system_commands<World>& commands, kiln::entity entity, const Position& position,
                          const Box& box, const kiln::single<formation_lookup>& formation) {
    const Formation& survey = formation.get();
    if (survey.alive > 0 && survey.bottom >= position.y - box.half_height) {
        commands.destroy(entity);
    }
}

void invaders::HitCannon::run(Missile& missile, const Position& position, const Box& box,
                              const kiln::single<cannon_lookup>& cannon, kiln::event_writer<CannonHit>& emit_cannon_hit) {
    if (!missile.spent && overlap(position, box, cannon.get<Position>(), cannon.get<Box>())) {
        missile.spent = true;
        emit_cannon_hit(CannonHit{});
    }
}

void invaders::Land::run(const Formation& formation, const kiln::single<cannon_lookup>& cannon,
                         kiln::state<Phase>& phase) {
    if (formation.alive > 0 && formation.bottom >= cannon.get<Position>().y - cannon.get<Box>().half_height) {
        phase.request(Phase::game_over);
    }
}

void invaders::Spend::run(kiln::system_commands<World>& commands, kiln::entity entity, const Missile& missile,
                          const Position& position) {
    if (missile.spent || position.y < rules::top_margin || position.y > rules::ground) {
        commands.destroy(entity);
    }
}
