# Runs COMMAND (a list) and passes when it stops abnormally with output that
# matches EXPECTED: run as cmake "-DCOMMAND=a;b" "-DEXPECTED=regex" -P expect_abort.cmake.
# ctest itself counts an aborted test as failed whatever it printed.
execute_process(COMMAND ${COMMAND} RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(result EQUAL 0)
    message(FATAL_ERROR "expected ${COMMAND} to stop with an error; it succeeded:\n${output}")
endif()
if(NOT output MATCHES "${EXPECTED}")
    message(FATAL_ERROR "${COMMAND} stopped (${result}) without the expected message\n  ${EXPECTED}\nit printed:\n${output}")
endif()
message(STATUS "${COMMAND} stopped as expected: ${output}")
