// A system type written by hand, not by kilnc, that writes scene::Global,
// which only the schema's propagation transforms writes: the world refuses
// to run it, as kilnc refuses to declare it.
#include <scene/world.hpp>

namespace {

struct Snap {
    static constexpr std::string_view name = "Snap";
    using access = kiln::type_list<scene::Global>;
    using with = kiln::type_list<>;
    using without = kiln::type_list<>;
    using resources = kiln::type_list<>;
    static constexpr bool commands = false;
    static constexpr bool parallel = false;
    static constexpr bool columns = false;

    static void run(scene::Global& global) { global.tx = 0; }
};

struct snapping_schema : scene::schema {
    using systems = kiln::type_list<scene::transforms, Snap>;
    using observers = kiln::type_list<>;
    using schedule = kiln::type_list<kiln::stage_plan<
        scene::stage::update, kiln::type_list<kiln::batch<scene::transforms>, kiln::batch<Snap>>>>;
};

} // namespace

void snap(kiln::basic_world<snapping_schema>& world) {
    world.run(scene::stage::update);
}
