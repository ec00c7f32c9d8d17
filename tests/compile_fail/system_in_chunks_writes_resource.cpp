// A system type written by hand, not by kilnc, that is parallel and writes a
// resource: every chunk of its rows would get the same Score&. The world
// refuses to run it, as kilnc refuses to declare it.
#include <fixture/world.hpp>

namespace {

struct CountInChunks {
    static constexpr std::string_view name = "CountInChunks";
    using access = kiln::type_list<const fixture::Position>;
    using with = kiln::type_list<>;
    using without = kiln::type_list<>;
    using resources = kiln::type_list<fixture::Score>;
    static constexpr bool commands = false;
    static constexpr bool parallel = true;
    static constexpr bool columns = false;

    static void run(const fixture::Position&, fixture::Score& score) { ++score.points; }
};

struct counting_schema : fixture::schema {
    using systems = kiln::type_list<CountInChunks>;
    using observers = kiln::type_list<>;
    using schedule = kiln::type_list<kiln::stage_plan<fixture::stage::update,
                                                      kiln::type_list<kiln::batch<CountInChunks>>>>;
};

} // namespace

void count(kiln::basic_world<counting_schema>& world) {
    world.run(fixture::stage::update);
}
