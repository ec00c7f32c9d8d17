# Fails when a header under DIRECTORY includes Boost.Hana: only the generated
# <namespace>/hana.hpp may, so that a game without Hana builds as before.
# Run as cmake -DDIRECTORY=<dir> -P check_no_hana.cmake.
file(GLOB_RECURSE headers "${DIRECTORY}/*.hpp")
set(offenders "")
foreach(header IN LISTS headers)
    file(STRINGS "${header}" includes REGEX "#[ \t]*include[ \t]*[<\"]boost/hana")
    if(includes)
        list(APPEND offenders "${header}")
    endif()
endforeach()
if(offenders)
    list(JOIN offenders "\n  " listed)
    message(FATAL_ERROR "these headers include Boost.Hana, which only the generated hana.hpp may:\n  ${listed}")
endif()
list(LENGTH headers count)
message(STATUS "none of the ${count} headers under ${DIRECTORY} includes Boost.Hana")
