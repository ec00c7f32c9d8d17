# A game's schema with mistakes, built as a user builds it: kilnc's messages
# reach the build's output as kilnc prints them, one line each in the
# compiler's format (which editors jump to), once, and not inside a CMake
# error block. Run as
#   cmake -DKILN_SOURCE_DIR=<kiln> -DWORK=<scratch dir> -P schema_errors.cmake
cmake_minimum_required(VERSION 3.25)
include("${CMAKE_CURRENT_LIST_DIR}/wait_for_clock_tick.cmake")

file(REMOVE_RECURSE "${WORK}")
file(COPY "${CMAKE_CURRENT_LIST_DIR}/project/" DESTINATION "${WORK}/source")
set(source "${WORK}/source")
set(build "${WORK}/build")
file(READ "${source}/schema.toml" good_schema)
string(REPLACE [["f32"]] [["f23"]] bad_schema "${good_schema}")
string(REPLACE [["Speed"]] [["Sped"]] bad_schema "${bad_schema}")
# Lines as lists hold them: a semicolon, which kilnc's messages use, would split them.
set(expected_output
"${source}/schema.toml:5:1: error: component 'Position': field 'x' has unknown type 'f23'; use one of bool, i8, i16, i32, i64, u8, u16, u32, u64, f32, f64, entity, a fixed array like 'f32[4]', or a type declared in [extern]
${source}/schema.toml:6:1: error: component 'Position': field 'y' has unknown type 'f23'; use one of bool, i8, i16, i32, i64, u8, u16, u32, u64, f32, f64, entity, a fixed array like 'f32[4]', or a type declared in [extern]
${source}/schema.toml:9:11: error: component 'Speed': field 'value' has unknown type 'f23'; use one of bool, i8, i16, i32, i64, u8, u16, u32, u64, f32, f64, entity, a fixed array like 'f32[4]', or a type declared in [extern]
${source}/schema.toml:12:27: error: archetype 'Runner': unknown component 'Sped'; did you mean 'Speed'?")
string(REPLACE ";" "<semicolon>" expected_lines "${expected_output}")
string(REPLACE "\n" ";" expected_lines "${expected_lines}")

# Runs a command that must end as `expect` says (0 or "fail"); leaves its
# stdout and stderr, together, in `output` and as a list of lines in `lines`.
function(run expect)
    execute_process(COMMAND ${ARGN} RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
    if((expect STREQUAL "fail" AND result EQUAL 0) OR (NOT expect STREQUAL "fail" AND NOT result EQUAL 0))
        message(FATAL_ERROR "${ARGN} ended with ${result}, expected ${expect}:\n${output}")
    endif()
    string(REPLACE ";" "<semicolon>" lines "${output}")
    string(REPLACE "\n" ";" lines "${lines}")
    set(output "${output}" PARENT_SCOPE)
    set(lines "${lines}" PARENT_SCOPE)
endfunction()

# The build failed with each expected line once, whole, and none of CMake's
# error blocks or ninja's reconfigure failure.
function(check_failed_build what)
    foreach(line IN LISTS expected_lines)
        set(count 0)
        foreach(printed IN LISTS lines)
            if(printed STREQUAL line)
                math(EXPR count "${count} + 1")
            endif()
        endforeach()
        if(NOT count EQUAL 1)
            string(REPLACE "<semicolon>" ";" line "${line}")
            message(FATAL_ERROR "${what}: the build printed this line of kilnc's ${count} times, not once:\n"
                "${line}\nThe build's output:\n${output}")
        endif()
    endforeach()
    foreach(noise IN ITEMS "CMake Error" "Call Stack" "rebuilding 'build.ninja'")
        string(FIND "${output}" "${noise}" at)
        if(NOT at EQUAL -1)
            message(FATAL_ERROR "${what}: the build's output holds \"${noise}\":\n${output}")
        endif()
    endforeach()
endfunction()

# A schema with mistakes from the start: configuring succeeds and says so in
# one line; the build stops at generating, with kilnc's lines.
file(WRITE "${source}/schema.toml" "${bad_schema}")
run(0 ${CMAKE_COMMAND} -S "${source}" -B "${build}" -G Ninja -DCMAKE_BUILD_TYPE=Debug
    "-DKILN_SOURCE_DIR=${KILN_SOURCE_DIR}")
if(NOT output MATCHES "kiln_generate\\(consumer_ecs\\): the schema has mistakes; building consumer_ecs lists them")
    message(FATAL_ERROR "configuring with a bad schema did not say so:\n${output}")
endif()
run(fail ${CMAKE_COMMAND} --build "${build}" --target consumer)
check_failed_build("a bad schema at the first build")

# Fixed, the game builds (configuring again, as the schema changed while it
# had mistakes); broken again, the build stops at generating, with kilnc's
# lines once. Only the game's target is built: the consumer tests build its
# inspector and the library under it, and here they would cost 20 s of CPU
# and say nothing about kilnc's lines.
wait_for_clock_tick()
file(WRITE "${source}/schema.toml" "${good_schema}")
run(0 ${CMAKE_COMMAND} --build "${build}" --target consumer)
wait_for_clock_tick()
file(WRITE "${source}/schema.toml" "${bad_schema}")
run(fail ${CMAKE_COMMAND} --build "${build}" --target consumer)
check_failed_build("a schema broken after a good build")
message(STATUS "kilnc's errors reached the build's output one line each, once, with no CMake error block")
