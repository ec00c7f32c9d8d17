// Decay writes Health, so kilnc declared run(Health&): a body that takes it
// by const reference defines a function the schema never declared.
#include <fixture/systems.hpp>

void fixture::Decay::run(const Health&) {}
