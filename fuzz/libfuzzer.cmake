# The libFuzzer entry (fuzz/libfuzzer_entry.cpp), included from the top-level CMakeLists.txt.
# libFuzzer ships with clang, so the target exists only in a clang build:
#   CXX=clang++ cmake -S . -B build-libfuzzer -G Ninja -DPARITY_LIBFUZZER=ON
#   cmake --build build-libfuzzer --target parity_libfuzzer
# PARITY_LIBFUZZER=ON also instruments the engine, the database and the fuzzer core for coverage
# (-fsanitize=fuzzer-no-link), so libFuzzer is guided by the engine's branches, not only the entry's.
# The default g++ build is untouched.
option(PARITY_LIBFUZZER "Build the libFuzzer entry with coverage-instrumented libraries (clang only)" OFF)
if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  if(PARITY_LIBFUZZER)
    foreach(t parity_engine parity_opinfo parity_oracle parity_fuzz)
      target_compile_options(${t} PRIVATE -fsanitize=fuzzer-no-link)
    endforeach()
  endif()
  add_executable(parity_libfuzzer ${CMAKE_CURRENT_LIST_DIR}/libfuzzer_entry.cpp)
  target_compile_options(parity_libfuzzer PRIVATE -fsanitize=fuzzer)
  target_link_options(parity_libfuzzer PRIVATE -fsanitize=fuzzer)
  target_link_libraries(parity_libfuzzer PRIVATE parity_fuzz)
  set_target_properties(parity_libfuzzer PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})
  if(NOT PARITY_LIBFUZZER)
    set_target_properties(parity_libfuzzer PROPERTIES EXCLUDE_FROM_ALL ON)
  endif()
elseif(PARITY_LIBFUZZER)
  message(FATAL_ERROR "PARITY_LIBFUZZER needs clang (libFuzzer ships with it): "
                      "CXX=clang++ cmake -S . -B build-libfuzzer -DPARITY_LIBFUZZER=ON")
else()
  message(STATUS "libFuzzer entry: not built (needs clang; see fuzz/README.md)")
endif()
