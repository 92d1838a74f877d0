# SPDX-License-Identifier: GPL-2.0-only
# CTest script: regenerate the constants header into SCRATCH and require it
# to be byte-for-byte identical to the committed HEADER.
# Inputs: GENERATOR, ARGS (;-list), HEADER, SCRATCH.
execute_process(COMMAND ${GENERATOR} ${ARGS} -o ${SCRATCH} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "crc-constgen failed (exit ${rc})")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${SCRATCH} ${HEADER}
                RESULT_VARIABLE differs)
if(differs)
  execute_process(COMMAND diff -u ${HEADER} ${SCRATCH})
  message(FATAL_ERROR "${HEADER} is not the generator's output (diff above). "
    "Regenerate it: cmake --build <build> --target regenerate-crc32c-vmx-consts")
endif()
message(STATUS "${HEADER} matches crc-constgen output")
