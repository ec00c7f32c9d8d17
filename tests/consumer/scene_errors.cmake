# kiln_generate's SCENES, as a user builds it: a scene with a mistake fails
# the build with kilnc's line (file:line:col and the fix), once; fixed, the
# game builds; broken again, the build fails again. Run as
#   cmake -DKILN_SOURCE_DIR=<kiln> -DWORK=<scratch dir> -P scene_errors.cmake
cmake_minimum_required(VERSION 3.25)
include("${CMAKE_CURRENT_LIST_DIR}/wait_for_clock_tick.cmake")

file(REMOVE_RECURSE "${WORK}")
file(COPY "${CMAKE_CURRENT_LIST_DIR}/project/" DESTINATION "${WORK}/source")
set(source "${WORK}/source")
set(build "${WORK}/build")
file(READ "${source}/CMakeLists.txt" project)
string(REPLACE "kiln_generate(consumer_ecs SCHEMAS schema.toml)"
    "kiln_generate(consumer_ecs SCHEMAS schema.toml SCENES level.toml)" project "${project}")
file(WRITE "${source}/CMakeLists.txt" "${project}")
set(good_scene "[scene]\nschema = \"consumer\"\n\n[entity.hero]\narchetype = \"Runner\"\nSpeed = { value = 3.0 }\n")
string(REPLACE "value = 3.0" "valu = 3.0" bad_scene "${good_scene}")
set(expected "${source}/level.toml:6:11: error: entity 'hero': component 'Speed' has no field 'valu'; did you mean 'value'?")

function(build expect)
    execute_process(COMMAND ${ARGN} RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
    if((expect STREQUAL "fail" AND result EQUAL 0) OR (NOT expect STREQUAL "fail" AND NOT result EQUAL 0))
        message(FATAL_ERROR "${ARGN} ended with ${result}, expected ${expect}:\n${output}")
    endif()
    if(expect STREQUAL "fail")
        string(REPLACE ";" "<semicolon>" lines "${output}")
        string(REPLACE "\n" ";" lines "${lines}")
        list(FILTER lines INCLUDE REGEX "^${source}/level.toml")
        string(REPLACE ";" "<semicolon>" expected_line "${expected}")
        if(NOT lines STREQUAL expected_line)
            message(FATAL_ERROR "the failed build did not print, once, the line\n${expected}\nIt printed:\n${output}")
        endif()
    endif()
endfunction()

file(WRITE "${source}/level.toml" "${bad_scene}")
build(0 ${CMAKE_COMMAND} -S "${source}" -B "${build}" -G Ninja -DCMAKE_BUILD_TYPE=Debug
    "-DKILN_SOURCE_DIR=${KILN_SOURCE_DIR}")
build(fail ${CMAKE_COMMAND} --build "${build}" --target consumer_ecs_generate)
wait_for_clock_tick()
file(WRITE "${source}/level.toml" "${good_scene}")
build(0 ${CMAKE_COMMAND} --build "${build}" --target consumer_ecs_generate)
wait_for_clock_tick()
file(WRITE "${source}/level.toml" "${bad_scene}")
build(fail ${CMAKE_COMMAND} --build "${build}" --target consumer_ecs_generate)
message(STATUS "a scene's mistake failed the build with kilnc's line, and its fix let it pass")
