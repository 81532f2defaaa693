# The collision query along a motion: from the roots every step against from the kept cut
# (CollisionFront). Core only, no peers.
add_executable(bench_collision_front ${CMAKE_CURRENT_LIST_DIR}/bench_collision_front.cpp)
target_link_libraries(bench_collision_front PRIVATE contactsim_core)
