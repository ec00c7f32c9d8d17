# Fails when the binary BINARY holds RTTI for kiln's runtime or generated
# types: run as cmake -DBINARY=<path> -P check_no_typeinfo.cmake.
find_program(NM nm REQUIRED)
execute_process(COMMAND ${NM} -C "${BINARY}" OUTPUT_VARIABLE symbols RESULT_VARIABLE result)
if(NOT result EQUAL 0)
    message(FATAL_ERROR "nm failed on ${BINARY}")
endif()
string(REGEX MATCHALL "typeinfo[^\n]*" typeinfo "${symbols}")
list(FILTER typeinfo INCLUDE REGEX "kiln|game::|quads::")
if(typeinfo)
    list(JOIN typeinfo "\n  " found)
    message(FATAL_ERROR "${BINARY} carries RTTI of kiln or generated types:\n  ${found}")
endif()
message(STATUS "no typeinfo of kiln or generated types in ${BINARY}")
