// <fixture/hana.hpp> compiles as game code does: no RTTI, no exceptions,
// kiln's warnings as errors.
#include <fixture/hana.hpp>

#include <boost/hana/size.hpp>
#include <boost/hana/equal.hpp>

static_assert(boost::hana::size(fixture::hana_lists::archetypes) == boost::hana::size_c<fixture::schema::archetypes::size>);
