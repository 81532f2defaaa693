# Step cost of the ALI3-P integrator for chains of 10, 100 and 1000 bodies, dense vs sparse LU.
add_executable(bench_dynamics ${CMAKE_CURRENT_LIST_DIR}/bench_dynamics.cpp)
target_link_libraries(bench_dynamics PRIVATE contactsim_core)
# One A02 Newton iteration against the bare sparse LU of its tangent, and the 10 s run's wall time.
add_executable(bench_a02_step ${CMAKE_CURRENT_LIST_DIR}/bench_a02_step.cpp)
target_link_libraries(bench_a02_step PRIVATE contactsim_core)
target_compile_definitions(bench_a02_step PRIVATE CONTACTSIM_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
