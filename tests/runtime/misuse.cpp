// Misuse of the world, one case per run, for tests that read the message it
// stops with: misuse <case>.
#include <fixture/world.hpp>
#include <kiln/entity/entity_table.hpp>
#include <kiln/storage/archetype_storage.hpp>

#include <cstdio>
#include <cstring>
#include <utility>

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s get-stale|get-missing|gather-stale|gather-missing|create-in-each|destroy-in-each|add-in-each|impossible-add|impossible-remove|add-held|moved-handle|row-past-max|rows-past-max|swap-reserved|const-storage-unsettled\n", argv[0]);
        return 2;
    }
    const char* misuse = argv[1];
    if (std::strcmp(misuse, "row-past-max") == 0) {
        kiln::entity_table table{256};
        table.create({255, table.max_rows()});
        return 0;
    }
    if (std::strcmp(misuse, "rows-past-max") == 0) {
        kiln::archetype_storage storage{kiln::column_layouts<fixture::Position>, 4};
        for (int row = 0; row < 5; ++row) {
            storage.grow_by(1);
        }
        return 0;
    }
    fixture::World world;
    const kiln::entity particle = world.create<fixture::Particle>();
    if (std::strcmp(misuse, "get-stale") == 0) {
        world.destroy(particle);
        return static_cast<int>(world.get<fixture::Position>(particle).x);
    }
    if (std::strcmp(misuse, "get-missing") == 0) {
        return world.get<fixture::Health>(particle).hp;
    }
    if (std::strcmp(misuse, "gather-stale") == 0) {
        const kiln::entity other = world.create<fixture::Particle>();
        world.destroy(particle);
        const kiln::entity batch[] = {other, particle};
        fixture::Position out[2];
        return static_cast<int>(world.gather<fixture::Position>(batch, out));
    }
    if (std::strcmp(misuse, "gather-missing") == 0) {
        const kiln::entity batch[] = {world.create<fixture::Particle>()};
        fixture::Health out[1];
        return static_cast<int>(world.gather<fixture::Health>(batch, out));
    }
    if (std::strcmp(misuse, "create-in-each") == 0) {
        world.each<fixture::Position>([&](fixture::Position&) { world.create<fixture::Particle>(); });
        return 0;
    }
    if (std::strcmp(misuse, "destroy-in-each") == 0) {
        world.each<fixture::Position>([&](kiln::entity e, fixture::Position&) { world.destroy(e); });
        return 0;
    }
    if (std::strcmp(misuse, "add-in-each") == 0) {
        const kiln::entity ship = world.create<fixture::Ship>();
        world.each<fixture::Position>([&](fixture::Position&) { world.add<fixture::Frozen>(ship); });
        return 0;
    }
    if (std::strcmp(misuse, "impossible-add") == 0) {
        world.add<fixture::Frozen>(particle);
        return 0;
    }
    if (std::strcmp(misuse, "impossible-remove") == 0) {
        world.remove<fixture::Position>(particle);
        return 0;
    }
    if (std::strcmp(misuse, "add-held") == 0) {
        const kiln::handle<fixture::Ship> ship = world.create<fixture::Ship>();
        world.add<fixture::Frozen>(kiln::entity{ship});
        world.add<fixture::Frozen>(kiln::entity{ship});
        return 0;
    }
    if (std::strcmp(misuse, "moved-handle") == 0) {
        const kiln::handle<fixture::Ship> ship = world.create<fixture::Ship>();
        world.add<fixture::Frozen>(kiln::entity{ship});
        return world.get<fixture::Health>(ship).hp;
    }
    if (std::strcmp(misuse, "dead-handle") == 0) {
        const kiln::handle<fixture::Ship> ship = world.create<fixture::Ship>();
        world.destroy(ship);
        return world.get<fixture::Health>(ship).hp;
    }
    if (std::strcmp(misuse, "swap-reserved") == 0) {
        fixture::World other;
        world.commands().create<fixture::Particle>();
        world.swap(other);
        return 0;
    }
    if (std::strcmp(misuse, "const-storage-unsettled") == 0) {
        world.create<fixture::Particle>();
        world.destroy(particle); // its row is a hole until the world settles
        return static_cast<int>(std::as_const(world).storage<fixture::Particle>().size());
    }
    std::fprintf(stderr, "unknown case %s\n", misuse);
    return 2;
}
