# Runs COMMAND with OUTPUT as its argument and fails unless OUTPUT then holds
# the same bytes as EXPECTED.
execute_process(COMMAND ${COMMAND} ${OUTPUT} RESULT_VARIABLE result)
if(NOT result EQUAL 0)
    message(FATAL_ERROR "${COMMAND} ${OUTPUT} failed (${result})")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${OUTPUT} ${EXPECTED} RESULT_VARIABLE different)
if(different)
    message(FATAL_ERROR "${OUTPUT} differs from ${EXPECTED}: the save format or the writer changed")
endif()
