# Returns once a file written now would be dated later than anything written
# before the call. Build tools rebuild what is older than its inputs, and
# Linux dates files from a clock that ticks every few milliseconds: an edit
# made right after a build could share the build's last timestamp and look
# up to date (consume.cmake failed that way in most runs on a warm build
# tree). The probe file goes into WORK, the caller's scratch directory.
function(wait_for_clock_tick)
    set(probe "${WORK}/clock_probe")
    file(TOUCH "${probe}")
    file(TIMESTAMP "${probe}" start "%s%f" UTC)
    set(now "${start}")
    while(NOT now GREATER start)
        execute_process(COMMAND ${CMAKE_COMMAND} -E sleep 0.001)
        file(TOUCH "${probe}")
        file(TIMESTAMP "${probe}" now "%s%f" UTC)
    endwhile()
endfunction()
