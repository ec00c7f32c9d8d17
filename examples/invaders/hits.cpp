// What hits what. A system sees one entity at a time, so shots and their
// targets meet in the Shots resource: the Gather systems write where this
// step's shots are, the Hit systems test their own entities against them and
// mark the shots that hit, and the Spend systems destroy those shots.
#include <invaders/world.hpp>

#include <algorithm>

#include "rules.hpp"

void invaders::ResetShots::run(Shots& shots) { shots = Shots{}; }

void invaders::GatherBullet::run(const Position& position, Shots& shots) {
    shots.bullet = true;
    shots.bullet_x = position.x;
    shots.bullet_y = position.y;
}

void invaders::GatherBombs::run(Bomb& bomb, const Position& position, Shots& shots) {
    if (shots.bombs == rules::max_bombs) {
        bomb.slot = 255; // AlienFire keeps to max_bombs; this keeps the arrays safe regardless
        return;
    }
    bomb.slot = shots.bombs++;
    shots.bomb_x[bomb.slot] = position.x;
    shots.bomb_y[bomb.slot] = position.y;
}

namespace {

bool bullet_hits(const invaders::Shots& shots, const invaders::Position& at, const invaders::Box& box) {
    return shots.bullet && !shots.bullet_spent &&
           invaders::rules::overlap(shots.bullet_x, shots.bullet_y, 0.5f, 3, at.x, at.y, box.half_width,
                                    box.half_height);
}

bool bomb_hits(const invaders::Shots& shots, int i, const invaders::Position& at, const invaders::Box& box) {
    return !shots.bomb_spent[i] &&
           invaders::rules::overlap(shots.bomb_x[i], shots.bomb_y[i], 1, 3, at.x, at.y, box.half_width, box.half_height);
}

} // namespace

void invaders::HitAliens::run(kiln::system_commands<World>& commands, kiln::entity entity, const Position& position,
                              const Box& box, const Alien& alien, Shots& shots, Game& game) {
    if (bullet_hits(shots, position, box)) {
        shots.bullet_spent = true;
        commands.destroy(entity);
        game.score += rules::points[alien.kind % 3];
        game.high_score = std::max(game.high_score, game.score);
    }
}

// Each shot that hits a brick wears it down a step and is spent; aliens that
// have come down to a brick crush it.
void invaders::HitBricks::run(kiln::system_commands<World>& commands, kiln::entity entity, Brick& brick,
                              const Position& position, const Box& box, Shots& shots, const Formation& formation) {
    int hits = 0;
    if (bullet_hits(shots, position, box)) {
        shots.bullet_spent = true;
        ++hits;
    }
    for (int i = 0; i < shots.bombs; ++i) {
        if (bomb_hits(shots, i, position, box)) {
            shots.bomb_spent[i] = true;
            ++hits;
        }
    }
    const bool crushed = formation.alive > 0 && formation.bottom >= position.y - box.half_height;
    if (crushed || hits >= brick.hp) {
        brick.hp = 0;
        commands.destroy(entity);
    } else {
        brick.hp = static_cast<std::uint8_t>(brick.hp - hits);
    }
}

void invaders::HitCannon::run(const Position& position, const Box& box, Shots& shots, Game& game,
                              const Formation& formation) {
    if (game.over) {
        return;
    }
    if (formation.alive > 0 && formation.bottom >= position.y - box.half_height) {
        game.over = true; // landed
        return;
    }
    if (game.respawn > 0) {
        return; // a cannon that was hit is out of play for a while
    }
    for (int i = 0; i < shots.bombs; ++i) {
        if (bomb_hits(shots, i, position, box)) {
            shots.bomb_spent[i] = true;
            --game.lives;
            game.respawn = rules::respawn_steps;
            game.over = game.lives == 0;
            return;
        }
    }
}

void invaders::SpendBullet::run(kiln::system_commands<World>& commands, kiln::entity entity, const Position& position,
                                const Shots& shots) {
    if (shots.bullet_spent || position.y < rules::top_margin) {
        commands.destroy(entity);
    }
}

void invaders::SpendBombs::run(kiln::system_commands<World>& commands, kiln::entity entity, const Bomb& bomb,
                               const Position& position, const Shots& shots) {
    if (bomb.slot >= rules::max_bombs || shots.bomb_spent[bomb.slot] || position.y > rules::ground) {
        commands.destroy(entity);
    }
}
