# kiln_generate(<target> SCHEMAS <file>... [SCENES <file>...] [OUTPUT_DIR <dir>] [LOCK <file>])
#
# Makes <target>, an INTERFACE library whose include directory holds the C++
# headers that kilnc generates from the schema files: <namespace>/components.hpp,
# <namespace>/systems.hpp, <namespace>/world.hpp and, for the files that save,
# load, dump or reflect, <namespace>/reflection.hpp, where namespace a::b maps
# to a/b/; and a header per component, system and observer
# (<namespace>/components/<name>.hpp, systems/<name>.hpp, observers/<name>.hpp),
# which the first two list, for the files that use only a few. Linking
# <target> also links kiln::runtime and regenerates the headers, before
# anything that includes them compiles, whenever a schema, kilnc or one of its
# templates changes. kilnc rewrites a header only when its bytes change, so an
# edit that does not change a header recompiles nothing that includes it.
#
# The stable ids that save files name things by are kept in a lock file,
# LOCK, by default beside the first schema and named after it
# (game.toml's is game.kiln.lock): check it in. Generating
# records new ids in it; with KILN_LOCKED on, a schema that needs new ids
# fails the build instead, as CI wants. Editing the lock regenerates.
#
# Schema errors, and edits that would break old saves, stop the build at
# generating <target>, with kilnc's messages as it prints them: one line each,
# in the compiler's file:line:col format, so that editors jump to them.
# Configuring only says, in one line, that the schema has mistakes.
#
# SCENES lists scene files (levels, docs/content.md): building <target>
# checks each against the schema with `kilnc scene`, again whenever the
# scene, a schema or the lock changes, and a mistake fails the build with
# kilnc's file:line:col sentence and its fix. The files are not copied or
# embedded: the game loads them at run time (kiln::load_scene).
include_guard(GLOBAL)

option(KILN_LOCKED "kiln_generate fails, rather than updating a lock file, when a schema needs new stable ids" OFF)

# Sets KILN_PYTHON_EXECUTABLE to an interpreter that can import tomllib and
# jinja2. The python3 found first on PATH may be a shim (pyenv) whose packages
# differ from the system's, so each candidate is probed, and the interpreter
# it resolves to (sys.executable) is kept.
function(_kiln_find_python)
    if(KILN_PYTHON_EXECUTABLE AND EXISTS "${KILN_PYTHON_EXECUTABLE}")
        return()
    endif()
    find_program(_kiln_path_python3 NAMES python3 NO_CACHE)
    set(candidates ${KILN_PYTHON} ${Python3_EXECUTABLE} ${_kiln_path_python3} /usr/bin/python3)
    list(REMOVE_DUPLICATES candidates)
    foreach(candidate IN LISTS candidates)
        execute_process(
            COMMAND "${candidate}" -c "import sys, tomllib, jinja2; print(sys.executable)"
            RESULT_VARIABLE probe_result
            OUTPUT_VARIABLE resolved
            OUTPUT_STRIP_TRAILING_WHITESPACE
            ERROR_QUIET)
        if(probe_result EQUAL 0 AND EXISTS "${resolved}")
            set(KILN_PYTHON_EXECUTABLE "${resolved}" CACHE INTERNAL "The Python that runs kilnc")
            message(STATUS "kiln: running kilnc with ${resolved}")
            return()
        endif()
    endforeach()
    list(JOIN candidates ", " tried)
    message(FATAL_ERROR
        "kiln: kilnc needs Python 3.11 or newer with Jinja2, and none of the interpreters tried "
        "(${tried}) can import both tomllib and jinja2.\n"
        "On Debian 12: sudo apt-get install python3 python3-jinja2\n"
        "Elsewhere: install Jinja2 for a Python 3.11+ and pass -DKILN_PYTHON=/path/to/that/python3")
endfunction()

function(kiln_generate target)
    cmake_parse_arguments(PARSE_ARGV 1 arg "" "OUTPUT_DIR;LOCK" "SCHEMAS;SCENES")
    if(arg_UNPARSED_ARGUMENTS)
        message(FATAL_ERROR "kiln_generate(${target}): unknown arguments: ${arg_UNPARSED_ARGUMENTS}")
    endif()
    if(NOT arg_SCHEMAS)
        message(FATAL_ERROR "kiln_generate(${target}): name the schema files: SCHEMAS <file>...")
    endif()
    if(NOT arg_OUTPUT_DIR)
        set(arg_OUTPUT_DIR "${CMAKE_CURRENT_BINARY_DIR}/${target}")
    endif()
    cmake_path(ABSOLUTE_PATH arg_OUTPUT_DIR BASE_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}")

    set(schemas "")
    foreach(schema IN LISTS arg_SCHEMAS)
        cmake_path(ABSOLUTE_PATH schema BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" NORMALIZE)
        list(APPEND schemas "${schema}")
    endforeach()

    if(arg_LOCK)
        cmake_path(ABSOLUTE_PATH arg_LOCK BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" NORMALIZE)
    else()
        # As kilnc's own default: game.toml's lock is game.kiln.lock, beside it.
        list(GET schemas 0 first_schema)
        cmake_path(REPLACE_EXTENSION first_schema LAST_ONLY ".kiln.lock" OUTPUT_VARIABLE arg_LOCK)
    endif()
    set(locked "")
    if(KILN_LOCKED)
        set(locked --locked)
    endif()
    # The lock is written by the command below, so until it exists only the
    # depfile names it: a missing DEPENDS would be an error to the build tool.
    set(lock_dependency "")
    if(EXISTS "${arg_LOCK}")
        set(lock_dependency "${arg_LOCK}")
    endif()

    _kiln_find_python()
    # codegen/ sits beside cmake/, in the source tree and in an installed kiln alike.
    cmake_path(SET codegen_dir NORMALIZE "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/../codegen")
    set(kilnc "${KILN_PYTHON_EXECUTABLE}" "${codegen_dir}/kilnc")

    # Which headers come out depends on the schema's namespace and on the
    # names of its components, systems and observers: ask kilnc now, which
    # writes their paths into outputs_file, and configure again when that file
    # changes. Generating rewrites it only when the paths change, so an edit
    # of what a schema declares configures nothing again; adding, removing or
    # renaming a component, system or observer does, since Ninja must know
    # each header as an output of generating, or it would compile a file
    # that includes one against the header as it was before the build
    # (docs/cmake.md). For a game's schema edit, configuring the project again
    # was most of the wait (docs/compile_time.md, "The edit loop").
    set(outputs_file "${arg_OUTPUT_DIR}/.kiln-${target}.outputs")
    execute_process(
        COMMAND ${kilnc} outputs --out "${arg_OUTPUT_DIR}" --lock "${arg_LOCK}" --write "${outputs_file}" ${schemas}
        RESULT_VARIABLE outputs_result
        ERROR_VARIABLE outputs_errors)
    set(outputs "")
    if(outputs_result EQUAL 0)
        file(STRINGS "${outputs_file}" outputs)
        set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${outputs_file}")
    elseif(outputs_result EQUAL 1)
        # Mistakes in the schema. A message(FATAL_ERROR) would wrap kilnc's lines
        # inside a CMake error block, and inside a build (which reconfigures when
        # the schema changes, until it is fixed) end in "rebuilding 'build.ninja':
        # subcommand failed". The command below runs kilnc again and fails with
        # its lines as they are, as a compiler would; until then the headers are
        # unknown, and none are declared.
        message(STATUS "kiln_generate(${target}): the schema has mistakes; building ${target} lists them")
        set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${schemas})
    else()
        message(FATAL_ERROR "kiln_generate(${target}): kilnc could not run:\n${outputs_errors}")
    endif()

    set(stamp "${arg_OUTPUT_DIR}/.kiln-${target}.stamp")
    add_custom_command(
        OUTPUT "${stamp}"
        BYPRODUCTS ${outputs}
        COMMAND ${kilnc} generate --out "${arg_OUTPUT_DIR}" --root "${CMAKE_SOURCE_DIR}" --lock "${arg_LOCK}"
                ${locked} --depfile "${stamp}.d" --depfile-target "${stamp}" --outputs-file "${outputs_file}" ${schemas}
        COMMAND "${CMAKE_COMMAND}" -E touch "${stamp}"
        DEPENDS ${schemas} ${lock_dependency} "${codegen_dir}/kilnc"
        DEPFILE "${stamp}.d"
        COMMENT "kiln: generating ${target} from ${arg_SCHEMAS}"
        VERBATIM)
    # Each scene checked against the schema, once generating has written
    # the lock: a stamp each, touched when the scene is right.
    set(scene_stamps "")
    foreach(scene IN LISTS arg_SCENES)
        cmake_path(ABSOLUTE_PATH scene BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" NORMALIZE)
        cmake_path(GET scene STEM scene_name)
        string(MD5 scene_hash "${scene}")
        string(SUBSTRING "${scene_hash}" 0 8 scene_hash)
        set(scene_stamp "${arg_OUTPUT_DIR}/.kiln-${target}-scene-${scene_name}-${scene_hash}.stamp")
        add_custom_command(
            OUTPUT "${scene_stamp}"
            COMMAND ${kilnc} scene --lock "${arg_LOCK}" "${scene}" ${schemas}
            COMMAND "${CMAKE_COMMAND}" -E touch "${scene_stamp}"
            DEPENDS "${scene}" "${stamp}" ${schemas} "${codegen_dir}/kilnc"
            COMMENT "kiln: checking scene ${scene_name} against ${target}'s schema"
            VERBATIM)
        list(APPEND scene_stamps "${scene_stamp}")
    endforeach()
    add_custom_target(${target}_generate DEPENDS "${stamp}" ${scene_stamps})

    add_library(${target} INTERFACE)
    target_include_directories(${target} INTERFACE "${arg_OUTPUT_DIR}")
    target_link_libraries(${target} INTERFACE kiln::runtime)
    add_dependencies(${target} ${target}_generate)
    # A schema whose schedule compiles apart ([kiln] schedule_unit) has sources
    # too: the schedule's unit and the components' tables, compiled in each
    # target that links this library, with its flags (docs/cmake.md).
    set(sources "")
    foreach(output IN LISTS outputs)
        if(output MATCHES "\\.cpp$")
            list(APPEND sources "${output}")
        endif()
    endforeach()
    if(sources)
        set_source_files_properties(${sources} PROPERTIES GENERATED TRUE)
        target_sources(${target} INTERFACE ${sources})
    endif()
endfunction()
