#include <kiln/system/system.hpp>

#include <fixture/world.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <string_view>
#include <type_traits>
#include <vector>

TEST_CASE("the generated systems are systems, and observers, components and archetypes are not") {
    STATIC_REQUIRE(kiln::system<fixture::Integrate>);
    STATIC_REQUIRE(kiln::system<fixture::Reap>);
    STATIC_REQUIRE(kiln::system<fixture::Tally>);
    // An observer has a query but no stage: no commands, parallel or columns.
    STATIC_REQUIRE_FALSE(kiln::system<fixture::MarkFrozen>);
    STATIC_REQUIRE_FALSE(kiln::system<fixture::Position>);
    STATIC_REQUIRE_FALSE(kiln::system<fixture::Particle>);
}

TEST_CASE("a batch lists its systems, and a stage_plan its stage, role and batches") {
    using first = kiln::batch<fixture::Integrate, fixture::Decay>;
    STATIC_REQUIRE(std::is_same_v<first::systems, kiln::type_list<fixture::Integrate, fixture::Decay>>);

    using plan = kiln::stage_plan<fixture::stage::update, kiln::type_list<first>>;
    STATIC_REQUIRE(plan::stage == fixture::stage::update);
    STATIC_REQUIRE(plan::role == kiln::stage_role::frame); // the default
    STATIC_REQUIRE(std::is_same_v<plan::batches, kiln::type_list<first>>);
    STATIC_REQUIRE(kiln::stage_plan<fixture::stage::init, kiln::type_list<>, kiln::stage_role::init>::role ==
                   kiln::stage_role::init);
}

TEST_CASE("every system of a schema's schedule is a system and appears in exactly one batch") {
    std::vector<std::string_view> scheduled;
    kiln::for_each_type(fixture::schema::schedule{}, [&scheduled]<class Plan>() {
        kiln::for_each_type(typename Plan::batches{}, [&scheduled]<class Batch>() {
            kiln::for_each_type(typename Batch::systems{}, [&scheduled]<class S>() {
                STATIC_REQUIRE(kiln::system<S>);
                scheduled.push_back(S::name);
            });
        });
    });
    std::vector<std::string_view> declared;
    kiln::for_each_type(fixture::schema::systems{}, [&declared]<class S>() { declared.push_back(S::name); });
    std::sort(scheduled.begin(), scheduled.end());
    std::sort(declared.begin(), declared.end());
    CHECK(scheduled == declared);
    CHECK(declared == std::vector<std::string_view>{"CountTicks", "Decay", "Integrate", "Paint", "Reap", "Survey", "Tally"});
}
