# The IFToMM benchmark problems A01–A05: error of each problem's reference quantity against wall
# time over Δt = 5 … 0.1 ms; the references are the tests' (tests/dynamics/iftomm_reference.cpp).
add_executable(bench_iftomm ${CMAKE_CURRENT_LIST_DIR}/bench_iftomm.cpp
  ${PROJECT_SOURCE_DIR}/tests/dynamics/iftomm_reference.cpp)
target_link_libraries(bench_iftomm PRIVATE contactsim_core)
target_compile_definitions(bench_iftomm PRIVATE CONTACTSIM_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
