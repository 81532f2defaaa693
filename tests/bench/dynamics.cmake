# Step cost of the ALI3-P integrator for chains of 10, 100 and 1000 bodies, dense vs sparse LU.
add_executable(bench_dynamics ${CMAKE_CURRENT_LIST_DIR}/bench_dynamics.cpp)
target_link_libraries(bench_dynamics PRIVATE contactsim_core)
