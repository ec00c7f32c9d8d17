# Installs kiln as a CMake package: find_package(kiln) then gives kiln::runtime,
# kiln::game_flags and kiln_generate(), with kilnc and its templates; kiln::parallel
# and kiln::json too when they were built, and kiln::inspector.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(KILN_INSTALL_CMAKEDIR "${CMAKE_INSTALL_DATADIR}/kiln/cmake")

set(KILN_INSTALLED_TARGETS kiln_runtime kiln_game_flags)
set(KILN_PACKAGE_NEEDS_TBB OFF)
if(TARGET kiln_parallel)
    list(APPEND KILN_INSTALLED_TARGETS kiln_parallel)
    set(KILN_PACKAGE_NEEDS_TBB ON)
endif()
set(KILN_PACKAGE_NEEDS_NLOHMANN_JSON OFF)
if(TARGET kiln_json)
    list(APPEND KILN_INSTALLED_TARGETS kiln_json)
    set(KILN_PACKAGE_NEEDS_NLOHMANN_JSON ON)
endif()
install(TARGETS ${KILN_INSTALLED_TARGETS} EXPORT kilnTargets)
install(DIRECTORY runtime/include/kiln DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
install(EXPORT kilnTargets NAMESPACE kiln:: DESTINATION "${KILN_INSTALL_CMAKEDIR}")
install(PROGRAMS codegen/kilnc DESTINATION "${CMAKE_INSTALL_DATADIR}/kiln/codegen")

# The inspector (docs/inspector.md) is installed as its headers and its three
# sources, the server, the core and the page CMake wrote at configure time,
# which the package's kiln::inspector compiles into the game that links it: so that
# installing still builds nothing. The package defines it when it finds
# cpp-httplib (pkg-config) and threads where the game is built.
set(KILN_PACKAGE_HAS_INSPECTOR OFF)
if(TARGET kiln_inspector)
    set(KILN_PACKAGE_HAS_INSPECTOR ON)
    install(DIRECTORY inspector/include/kiln DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
    install(FILES inspector/src/server.cpp inspector/src/core.cpp "${PROJECT_BINARY_DIR}/inspector/page.cpp"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/kiln/inspector")
endif()
install(DIRECTORY codegen/kiln_codegen DESTINATION "${CMAKE_INSTALL_DATADIR}/kiln/codegen"
    PATTERN "__pycache__" EXCLUDE)

configure_package_config_file(cmake/kilnConfig.cmake.in "${PROJECT_BINARY_DIR}/kilnConfig.cmake"
    INSTALL_DESTINATION "${KILN_INSTALL_CMAKEDIR}")
write_basic_package_version_file("${PROJECT_BINARY_DIR}/kilnConfigVersion.cmake"
    COMPATIBILITY SameMajorVersion ARCH_INDEPENDENT)
install(FILES
    "${PROJECT_BINARY_DIR}/kilnConfig.cmake"
    "${PROJECT_BINARY_DIR}/kilnConfigVersion.cmake"
    cmake/KilnGenerate.cmake
    cmake/KilnFindXxhash.cmake
    DESTINATION "${KILN_INSTALL_CMAKEDIR}")
