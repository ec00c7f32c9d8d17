#include <kiln/io/save_hierarchy.hpp>
#include <kiln/save.hpp>

#include <fixture/reflection.hpp>

#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <vector>

using fixture::World;

namespace {

using bytes = std::vector<std::byte>;

std::uint32_t format_of(const bytes& save) {
    std::uint32_t format = 0;
    std::memcpy(&format, save.data() + 8, 4);
    return format;
}

template <class Range>
std::vector<kiln::entity> listed(const Range& range) {
    return {range.begin(), range.end()};
}

std::vector<kiln::entity> children_of(const World& world, kiln::entity e) {
    std::vector<kiln::entity> found;
    for (const kiln::entity child : world.hierarchy().children(e)) {
        found.push_back(child);
    }
    return found;
}

// A tree whose sibling order is not the order of creation nor of indices.
struct forest {
    explicit forest(World& world) {
        for (int i = 0; i < 8; ++i) {
            made.push_back(i % 2 == 0 ? kiln::entity{world.create<fixture::Ship>()}
                                      : kiln::entity{world.create<fixture::Particle>()});
        }
        auto tree = world.hierarchy();
        tree.set_parent(made[5], made[0]);
        tree.set_parent(made[2], made[0]);
        tree.set_parent(made[7], made[0]);
        tree.set_parent(made[3], made[2]);
        tree.set_parent(made[1], made[6]);
        tree.set_parent(made[4], made[1]);
    }
    std::vector<kiln::entity> made;
};

} // namespace

TEST_CASE("a save keeps every parent and each parent's children in order") {
    World world;
    const forest f{world};
    bytes save;
    REQUIRE_FALSE(kiln::save(world, save));
    CHECK(format_of(save) == kiln::internal::hierarchy_format_version);

    World loaded;
    REQUIRE_FALSE(kiln::load(loaded, save));
    const auto& m = f.made;
    CHECK(children_of(loaded, m[0]) == std::vector{m[5], m[2], m[7]});
    CHECK(children_of(loaded, m[2]) == std::vector{m[3]});
    CHECK(loaded.hierarchy().parent(m[4]) == m[1]);
    CHECK(loaded.hierarchy().depth(m[4]) == 2);
    CHECK(loaded.hierarchy().parent(m[6]).is_null());

    bytes again;
    REQUIRE_FALSE(kiln::save(loaded, again));
    CHECK(again == save);
}

TEST_CASE("a world without links saves as format 2, which runtimes from before hierarchies read") {
    World world;
    world.create<fixture::Ship>();
    bytes save;
    REQUIRE_FALSE(kiln::save(world, save));
    CHECK(format_of(save) == 2);
}

TEST_CASE("loading a save replaces the hierarchy of the world loaded over") {
    World world;
    const forest f{world};
    World plain;
    plain.create<fixture::Ship>();
    bytes save;
    REQUIRE_FALSE(kiln::save(plain, save));
    REQUIRE_FALSE(kiln::load(world, save));
    CHECK(world.hierarchy().parent(kiln::entity{0, 0}).is_null());
    CHECK(world.hierarchy().children(kiln::entity{0, 0}).empty());
}

TEST_CASE("a link that would make a cycle is refused, and the world loaded over is unchanged") {
    World world;
    const forest f{world};
    bytes save;
    REQUIRE_FALSE(kiln::save(world, save));
    // The last link (made[4] to made[1]) made to name its child as parent, the checksum made to match.
    const std::size_t last_link = save.size() - kiln::internal::save_checksum_size - 16;
    std::memcpy(save.data() + last_link + 8, save.data() + last_link, 8);
    const std::uint64_t checksum = kiln::internal::save_checksum(std::span{save}.first(save.size() - 8));
    std::memcpy(save.data() + save.size() - 8, &checksum, 8);

    const kiln::save_error error = kiln::load(world, save);
    CHECK(error.code == kiln::save_errc::corrupt);
    CHECK_THAT(error.message, Catch::Contains("makes its child its own ancestor"));
    CHECK(world.hierarchy().parent(f.made[4]) == f.made[1]);
    CHECK(world.size() == 8);
}

TEST_CASE("a link naming an entity the save lacks is refused") {
    World world;
    const forest f{world};
    world.hierarchy().remove_parent(f.made[4]);
    bytes save;
    REQUIRE_FALSE(kiln::save(world, save));
    const std::size_t last_link = save.size() - kiln::internal::save_checksum_size - 16;
    const std::uint64_t stranger = kiln::entity{77, 0}.to_bits();
    std::memcpy(save.data() + last_link, &stranger, 8);
    const std::uint64_t checksum = kiln::internal::save_checksum(std::span{save}.first(save.size() - 8));
    std::memcpy(save.data() + save.size() - 8, &checksum, 8);

    World loaded;
    const kiln::save_error error = kiln::load(loaded, save);
    CHECK(error.code == kiln::save_errc::corrupt);
    CHECK_THAT(error.message, Catch::Contains("names an entity the save does not hold"));
    CHECK(loaded.size() == 0);
}
