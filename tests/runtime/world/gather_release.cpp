// gather's rule where assertions are off, as in release builds: this program
// is compiled with KILN_ENABLE_ASSERT=0 in every preset (the misuse tests
// check the message that stops debug builds). A handle that is dead, never
// issued, or lacks the component gives the component's default value, and is
// not counted.
#include <kiln/world/gather.hpp>

#include <scene/world.hpp>

#include <catch2/catch.hpp>

#include <cstddef>
#include <vector>

static_assert(!KILN_ENABLE_ASSERT, "gather_release.cpp tests the rule of builds without assertions");

TEST_CASE("gather without assertions gives the default for a handle it cannot find, and does not count it") {
    scene::World world;
    const kiln::entity body = world.create<scene::Body>(scene::Local{2, 0, 0, 2, 5, 6});
    const kiln::entity dead = world.create<scene::Mount>(scene::Local{3, 0, 0, 3, 7, 8});
    world.destroy(dead);
    const kiln::entity badge = world.create<scene::Badge>(); // no Local; takes dead's slot
    const kiln::entity mount = world.create<scene::Mount>(scene::Local{4, 0, 0, 4, 9, 10});
    const std::vector<kiln::entity> handles{body, dead, badge, kiln::null_entity, kiln::entity{1000, 0}, mount};
    std::vector<scene::Local> out(handles.size(), scene::Local{9, 9, 9, 9, 9, 9});
    CHECK(world.gather<scene::Local>(handles, out) == 2);
    CHECK(out[0].tx == 5);
    CHECK(out[5].tx == 9);
    for (std::size_t i = 1; i < 5; ++i) {
        CHECK(out[i].a == 1); // Local's defaults: the identity
        CHECK(out[i].d == 1);
        CHECK(out[i].tx == 0);
    }
}

TEST_CASE("gather without assertions gives the default for a handle it cannot find, in its pipeline too") {
    scene::World world;
    const std::size_t count = kiln::internal::gather_pipeline_slots + 10;
    std::vector<kiln::entity> handles;
    for (std::size_t i = 0; i < count; ++i) {
        handles.push_back(world.create<scene::Mount>(scene::Local{1, 0, 0, 1, static_cast<float>(i), 0}));
    }
    // Every hundredth destroyed, and one badge, with no Local.
    std::size_t expected = count;
    for (std::size_t i = 0; i < count; i += 100) {
        world.destroy(handles[i]);
        --expected;
    }
    handles.push_back(world.create<scene::Badge>());
    std::vector<scene::Local> out(handles.size());
    CHECK(world.gather<scene::Local>(handles, out) == expected);
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < count; ++i) {
        const float tx = i % 100 == 0 ? 0.0f : static_cast<float>(i);
        wrong += out[i].tx == tx ? 0 : 1;
    }
    CHECK(wrong == 0);
    CHECK(out.back().a == 1);
}
