# bench_broad_phase: sort and sweep against the naive N(N−1)/2 box tests (core only, no peers).
add_executable(bench_broad_phase ${CMAKE_CURRENT_LIST_DIR}/bench_broad_phase.cpp)
target_link_libraries(bench_broad_phase PRIVATE contactsim_core)
