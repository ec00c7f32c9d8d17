# Fails when a file below DIRECTORIES uses typeid, dynamic_cast, virtual or
# std::type_index: run as cmake "-DDIRECTORIES=a;b" -P check_no_rtti_constructs.cmake.
set(found "")
foreach(directory IN LISTS DIRECTORIES)
    file(GLOB_RECURSE files LIST_DIRECTORIES false "${directory}/*.hpp" "${directory}/*.j2")
    foreach(file IN LISTS files)
        file(STRINGS "${file}" lines REGEX "(typeid|dynamic_cast|virtual|type_index)")
        foreach(line IN LISTS lines)
            # Comments may name the constructs, to say why they are absent.
            if(NOT line MATCHES "^[ \t]*//")
                list(APPEND found "${file}: ${line}")
            endif()
        endforeach()
    endforeach()
endforeach()
if(found)
    list(JOIN found "\n  " listing)
    message(FATAL_ERROR "RTTI or virtual dispatch in kiln's runtime or generated code:\n  ${listing}")
endif()
