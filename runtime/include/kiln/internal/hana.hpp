// The one place kiln includes Boost.Hana, and only the parts it uses.
#pragma once

#include <boost/hana/ext/std/tuple.hpp>
#include <boost/hana/for_each.hpp>
