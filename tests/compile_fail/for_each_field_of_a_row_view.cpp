// A split component's C::ref is a view of a row, not a value with fields.
#include <fixture/reflection.hpp>
#include <kiln/schema/reflect.hpp>

#include <string_view>

void misuse(fixture::World& world, kiln::entity ship) {
    kiln::for_each_field(world.get<fixture::Color>(ship), [](std::string_view, auto&) {});
}
