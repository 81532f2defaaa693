# Patch extraction (contours, plane, centroid, indentation) against the collision query it follows.
add_executable(bench_contact ${CMAKE_CURRENT_LIST_DIR}/bench_contact.cpp
                             ${CMAKE_CURRENT_LIST_DIR}/bench_cases.cpp)
target_link_libraries(bench_contact PRIVATE contactsim_core)

# The inside test after a release: ray crossings through the tree against the solid-angle sum.
add_executable(bench_containment ${CMAKE_CURRENT_LIST_DIR}/bench_containment.cpp
                                 ${CMAKE_CURRENT_LIST_DIR}/bench_cases.cpp)
target_link_libraries(bench_containment PRIVATE contactsim_core)
