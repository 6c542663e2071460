# Helpers that give every module the same flags.
#
#   engram_add_library(NAME engram_base SOURCES a.cc b.cc DEPS ... [PRIVATE_DEPS ...])
#   engram_add_test(NAME base_test SOURCES a_test.cc DEPS engram_base [NO_DISCOVER])
#   (NO_DISCOVER: the caller registers the cases with gtest_discover_tests itself, e.g. with
#   ctest fixtures or once per database server.)

set(ENGRAM_WARNINGS -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wno-unused-parameter -Wno-missing-field-initializers)
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  # GCC 12 reports -Wrestrict false positives inside std::string at -O3 (GCC PR 105651).
  list(APPEND ENGRAM_WARNINGS -Wno-restrict)
endif()

function(engram_apply_flags target)
  target_compile_options(${target} PRIVATE ${ENGRAM_WARNINGS})
  if(ENGRAM_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
  if(ENGRAM_SANITIZE)
    target_compile_options(${target} PRIVATE -fsanitize=address,undefined -fno-omit-frame-pointer
                                             -fno-sanitize-recover=undefined)
    target_link_options(${target} PRIVATE -fsanitize=address,undefined)
    # Executables not position-independent: a PIE sanitizer test binary carries ~3 million
    # dynamic relocations (UBSan's check-site records, ASan's globals), applied at every
    # start, and the suite starts ~2,000 of them. Linked -no-pie, a test process starts
    # ~0.25 s sooner. The objects stay -fPIC.
    get_target_property(type ${target} TYPE)
    if(type STREQUAL "EXECUTABLE")
      target_link_options(${target} PRIVATE -no-pie)
    endif()
  endif()
endfunction()

function(engram_add_library)
  cmake_parse_arguments(ARG "" "NAME" "SOURCES;DEPS;PRIVATE_DEPS" ${ARGN})
  add_library(${ARG_NAME} STATIC ${ARG_SOURCES})
  target_include_directories(${ARG_NAME} PUBLIC ${PROJECT_SOURCE_DIR}/include ${PROJECT_SOURCE_DIR})
  target_link_libraries(${ARG_NAME} PUBLIC ${ARG_DEPS} PRIVATE ${ARG_PRIVATE_DEPS})
  engram_apply_flags(${ARG_NAME})
endfunction()

function(engram_add_executable)
  cmake_parse_arguments(ARG "" "NAME;OUTPUT_NAME" "SOURCES;DEPS" ${ARGN})
  add_executable(${ARG_NAME} ${ARG_SOURCES})
  target_include_directories(${ARG_NAME} PRIVATE ${PROJECT_SOURCE_DIR}/include ${PROJECT_SOURCE_DIR})
  target_link_libraries(${ARG_NAME} PRIVATE ${ARG_DEPS})
  if(ARG_OUTPUT_NAME)
    set_target_properties(${ARG_NAME} PROPERTIES OUTPUT_NAME ${ARG_OUTPUT_NAME})
  endif()
  engram_apply_flags(${ARG_NAME})
endfunction()

function(engram_add_test)
  if(NOT ENGRAM_BUILD_TESTS)
    return()
  endif()
  cmake_parse_arguments(ARG "NO_DISCOVER" "NAME" "SOURCES;DEPS" ${ARGN})
  add_executable(${ARG_NAME} ${ARG_SOURCES})
  target_include_directories(${ARG_NAME} PRIVATE ${PROJECT_SOURCE_DIR}/include ${PROJECT_SOURCE_DIR})
  target_link_libraries(${ARG_NAME} PRIVATE ${ARG_DEPS} GTest::gtest GTest::gmock GTest::gtest_main)
  engram_apply_flags(${ARG_NAME})
  if(ARG_NO_DISCOVER)
    return()
  endif()
  gtest_discover_tests(${ARG_NAME} DISCOVERY_TIMEOUT 60
                       PROPERTIES ENVIRONMENT "ENGRAM_SOURCE_DIR=${PROJECT_SOURCE_DIR}")
endfunction()

include(GoogleTest)
